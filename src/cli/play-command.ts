/** `dnup play`: a whole game between built-in bots, printed move by move; can write its record. */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { botByName, playGame, type Bot } from '../bots/index.js';
import { describeApplied } from '../i18n/describe-move.js';
import { formatRecord } from '../records/format-record.js';
import { formatMove } from '../notation/format-move.js';
import { CliError, EXIT, parseCommand, print } from './cli-support.js';
import { outcomeLine } from './outcome.js';

const DEFAULT_NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli'];

/** The help text of `dnup play`. */
const PLAY_HELP = `Usage: dnup play [--players N] [--seed S] [--record out.json] [options]

Plays a whole game between built-in bots and prints it move by move: the move in notation
(docs/notation.md) and a sentence saying what it did. The same seed and bots give the same game.

Options:
  -p, --players N        2 to 5 players (default 4, or as many as --names gives)
  -s, --seed S           the game's seed (default: a random one, printed)
  -r, --record FILE      write the game record (docs/record.schema.json) to FILE
  -b, --bots LIST        bot names, comma-separated, one per seat; a shorter list is
                         filled with its last name, as in dnup arena (default greedy)
  -n, --names LIST       player names, comma-separated (default Ana, Ben, Cy, Dee, Eli)
      --max-moves N      stop after N moves (default 10000)
  -q, --quiet            print only the outcome
  -h, --help             show this help

Exit status: 0 the game was played · 2 bad arguments or the record cannot be written.`;

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text))
    throw new CliError(`${name} must be a whole number, not ${JSON.stringify(text)} (see dnup play --help)`);
  return Number(text);
}

function list(text: string | undefined): string[] | undefined {
  return text === undefined ? undefined : text.split(',').map((s) => s.trim());
}

/** Runs `dnup play`; returns the exit code. */
export async function playCommand(args: readonly string[]): Promise<number> {
  const parsed = parseCommand(
    'play',
    PLAY_HELP,
    args,
    {
      players: { type: 'string', short: 'p' },
      seed: { type: 'string', short: 's' },
      record: { type: 'string', short: 'r' },
      bots: { type: 'string', short: 'b' },
      names: { type: 'string', short: 'n' },
      'max-moves': { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
    },
    0,
  );
  if (!parsed) return EXIT.ok;
  const { values, text } = parsed;
  const givenNames = list(text('names'));
  const players = positiveInt('--players', text('players'), givenNames?.length ?? 4);
  if (players < 2 || players > 5) throw new CliError(`--players must be from 2 to 5, not ${players} (rules §2)`);
  if (givenNames && (givenNames.length !== players || givenNames.some((n) => n === ''))) {
    throw new CliError(`--names must give ${players} non-empty names, comma-separated`);
  }
  const names = givenNames ?? DEFAULT_NAMES.slice(0, players);
  const botNames = list(text('bots')) ?? ['greedy'];
  if (botNames.length > players)
    throw new CliError(
      `--bots gives ${botNames.length} names for ${players} players; give 1 to ${players} (a shorter list is filled with its last name)`,
    );
  const maxMoves = positiveInt('--max-moves', text('max-moves'), 10_000);
  const seed = text('seed') ?? randomUUID().slice(0, 8);
  const bots: Bot[] = names.map((_, i) => {
    const name = botNames[Math.min(i, botNames.length - 1)]!; // filled with the last name, as the arena does
    try {
      return botByName(name, { seed: `${seed}/${i}` });
    } catch (e) {
      throw new CliError(`unknown bot ${JSON.stringify(name)}: ${(e as Error).message}`);
    }
  });
  const quiet = values.quiet === true;
  if (!quiet)
    print(
      `dnup play: ${players} players (${names.map((n, i) => `${n}: ${bots[i]!.name}`).join(', ')}), seed ${JSON.stringify(seed)}`,
    );
  let count = 0;
  const { record, state } = await playGame(bots, {
    seed,
    names,
    maxMoves,
    onMove: (before, move, after) => {
      if (!quiet)
        print(`${String(count).padStart(4)}  ${formatMove(before, move).padEnd(14)} ${describeApplied(before, after)}`);
      count++;
    },
  });
  print(outcomeLine(state) + (state.status === 'gameOver' ? '' : ` Stopped after ${record.moves.length} moves.`));
  const recordPath = text('record');
  if (recordPath !== undefined) {
    const withFacts = {
      ...record,
      metadata: { ...record.metadata, event: 'dnup play', bots: bots.map((b) => b.name) },
    };
    try {
      writeFileSync(recordPath, formatRecord(withFacts));
    } catch (e) {
      throw new CliError(`cannot write ${recordPath}: ${(e as Error).message}`);
    }
    if (!quiet) print(`Record written to ${recordPath} (${record.moves.length} moves).`);
  }
  return EXIT.ok;
}
