/**
 * `dnup play`: a whole game between bots (built in, or your modules, loaded as `dnup arena` loads
 * them), played in a worker thread by the arena's referee and printed move by move: a bot that
 * fails stops the game (exit 1) and is named with its seat, the move and its message. Can write
 * the game's record.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { botMaker, checkFactory, loadBotModules, moduleUrls } from '../arena/bot-modules.js';
import { failureLine } from '../arena/referee.js';
import { watchGame } from '../arena/watch-game.js';
import type { SeatFault } from '../bots/bot.js';
import { apply, recordOf, type Move, createGame } from '../core/index.js';
import { DEFAULT_MOVE_LIMIT_MS } from '../arena.js';
import { describeApplied } from '../i18n/describe-move.js';
import { formatRecord } from '../records/format-record.js';
import { formatMove } from '../notation/format-move.js';
import { usageError } from './arena-command.js';
import {
  clip,
  CliError,
  COMMON_EXITS,
  addNeural,
  COMMAND_LINE_BOTS,
  defineBot,
  EXIT,
  isModuleSpec,
  parseCommand,
  print,
  wholeNumber,
} from './cli-support.js';
import { outcomeLine } from './outcome.js';

const DEFAULT_NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli'];

/** The help text of `dnup play`. */
const PLAY_HELP = `Usage: dnup play [--players N] [--seed S] [--seats LIST] [--record out.json] [options]

Plays a whole game between bots and prints it move by move: the move in notation
(docs/notation.md) and a sentence saying what it did. The same seed and bots give the same
game. A bot is a built-in one or your module, given as in dnup arena: a path in the list
(--seats greedy,./mybot.js) or --bot NAME=PATH. Watch your bot play: a bot that throws,
returns something that is not a legal move, or takes longer than the move limit stops the
game, which is reported with the bot, its seat, the move number and its message (exit 1).

Options:
  -p, --players N        2 to 5 players (default 4, or as many as --names gives)
  -s, --seed S           the game's seed (default: a random one, printed)
  -r, --record FILE      write the game record (docs/record.schema.json) to FILE, up to the
                         move a bot failed at if one did
  -b, --seats LIST       bots, comma-separated, one per seat (--bots is the same): built-in
                         names, names given with --bot, or module paths such as ./mybot.js;
                         a shorter list is filled with its last bot (default greedy). The
                         built-in bots:
                         ${COMMAND_LINE_BOTS.join(', ')}
      --bot [NAME=]PATH  your bot: a module exporting a bot factory (see dnup arena --help)
  -n, --names LIST       player names, comma-separated (default Ana, Ben, Cy, Dee, Eli)
      --max-moves N      stop after N moves (default 10000)
      --move-limit MS    the most one move may take, in milliseconds (default 10000): the
                         game runs in a worker thread, stopped when a bot is still thinking
                         past the limit (in an endless loop too)
  -q, --quiet            print only the outcome
  -h, --help             show this help

Exit status: 0 the game was played · 1 a bot failed (threw, returned no legal move, or
ran past the move limit) · 2 bad arguments, an unknown option, a bot module that cannot
be loaded, or the record cannot be written ·
${COMMON_EXITS}.`;

function list(text: string | undefined): string[] | undefined {
  return text === undefined ? undefined : text.split(',').map((s) => s.trim());
}

/** The first place in a bot's stack that is not dnup's or Node's: where the author should look. */
function whereInStack(stack: string | null): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1, 12)) {
    const at = /\(?((?:file:\/\/|\/|[A-Za-z]:\\)[^()\s]+:\d+:\d+)\)?\s*$/.exec(line.trim())?.[1];
    if (at !== undefined && !/[\\/]dnup[\\/](dist|src)[\\/]|node:internal/.test(at)) return at;
  }
  return undefined;
}

/** A failed bot in one line: who, where, which move, and its own message. */
function failureSentence(fault: SeatFault, bot: string, player: string, moveNumber: number): string {
  const at = fault.error === null ? undefined : whereInStack(fault.error.stack);
  const message = fault.error === null ? fault.message : failureLine(fault.error);
  return `the bot ${bot} (seat ${fault.seat}, ${player}) failed at move ${moveNumber}: ${fault.kind}: ${clip(message, 400)}${at === undefined ? '' : ` (at ${clip(at, 200)})`}; the game stops there`;
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
      seats: { type: 'string', short: 'b' },
      bots: { type: 'string' },
      bot: { type: 'string', multiple: true },
      names: { type: 'string', short: 'n' },
      'max-moves': { type: 'string' },
      'move-limit': { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
    },
    0,
  );
  if (!parsed) return EXIT.ok;
  const { values, text } = parsed;
  const givenNames = list(text('names'));
  const players = wholeNumber('play', 'players', text('players'), givenNames?.length ?? 4);
  if (players < 2 || players > 5) throw new CliError(`--players must be from 2 to 5, not ${players} (rules §2)`);
  if (givenNames && (givenNames.length !== players || givenNames.some((n) => n === ''))) {
    throw new CliError(`--names must give ${players} non-empty names, comma-separated`);
  }
  const names = givenNames ?? DEFAULT_NAMES.slice(0, players);
  if (text('seats') !== undefined && text('bots') !== undefined)
    throw new CliError('give the bots once, with --seats or --bots (see dnup play --help)');
  const flag = text('bots') === undefined ? 'seats' : 'bots';
  const modules: Record<string, string> = {};
  for (const spec of (values.bot as string[] | undefined) ?? []) defineBot(modules, spec, '--bot');
  const botNames = (list(text(flag)) ?? ['greedy']).map((entry) =>
    isModuleSpec(entry) ? defineBot(modules, entry, `--${flag}`) : entry,
  );
  addNeural(modules, botNames);
  if (botNames.length > players)
    throw new CliError(
      `--${flag} gives ${botNames.length} bots for ${players} players; give 1 to ${players} (a shorter list is filled with its last bot)`,
    );
  const maxMoves = wholeNumber('play', 'max-moves', text('max-moves'), 10_000);
  const limitMs = wholeNumber('play', 'move-limit', text('move-limit'), DEFAULT_MOVE_LIMIT_MS);
  const seed = text('seed') ?? randomUUID().slice(0, 8);
  const seats = names.map((_, i) => botNames[Math.min(i, botNames.length - 1)]!); // filled with the last name, as the arena does
  // the arena's loading code: module paths from the working directory, factories checked once
  let makeBot: ReturnType<typeof botMaker>;
  let urls: Record<string, string>;
  try {
    urls = await moduleUrls(modules);
    makeBot = botMaker(await loadBotModules(urls, modules), {});
    for (const name of new Set(seats)) checkFactory(makeBot, name, urls);
  } catch (e) {
    throw usageError(e, 'play');
  }
  const quiet = values.quiet === true;
  if (!quiet)
    print(
      `dnup play: ${players} players (${names.map((n, i) => `${n}: ${seats[i]}`).join(', ')}), seed ${JSON.stringify(seed)}`,
    );
  // the game is played in a worker thread, which stops a bot stuck past the limit; its moves come
  // one by one and are played here again to be printed
  let state = createGame(names, seed);
  const moves: Move[] = [];
  const fault = await watchGame({ names, bots: seats, seed, maxMoves, limitMs }, urls, makeBot, (move) => {
    const after = apply(state, move);
    if (!quiet)
      print(
        `${String(moves.length).padStart(4)}  ${formatMove(state, move).padEnd(14)} ${describeApplied(state, after)}`,
      );
    moves.push(move);
    state = after;
  });
  const record = recordOf(state, moves);
  if (fault === null)
    print(outcomeLine(state) + (state.status === 'gameOver' ? '' : ` Stopped after ${record.moves.length} moves.`));
  const recordPath = text('record');
  if (recordPath !== undefined) {
    const withFacts = {
      ...record,
      metadata: {
        ...record.metadata,
        event: 'dnup play',
        bots: seats,
        ...(fault === null
          ? {}
          : { forfeit: { seat: fault.seat, kind: fault.kind, message: clip(fault.message, 300) } }),
      },
    };
    try {
      writeFileSync(recordPath, formatRecord(withFacts));
    } catch (e) {
      throw new CliError(`cannot write ${recordPath}: ${(e as Error).message}`);
    }
    if (!quiet) print(`Record written to ${recordPath} (${record.moves.length} moves).`);
  }
  if (fault !== null)
    throw new CliError(
      failureSentence(fault, seats[fault.seat]!, names[fault.seat]!, record.moves.length),
      EXIT.rejected,
    );
  return EXIT.ok;
}
