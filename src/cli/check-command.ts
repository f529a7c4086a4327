/** `dnup check <position>`: a position's validity report and, if valid, its legal moves. The position is JSON or one line of position text. */
import type { Move } from '../core/moves.js';
import type { GameState } from '../core/state.js';
import { describeMove } from '../i18n/describe-move.js';
import { formatMove } from '../notation/format-move.js';
import { renderPosition } from '../i18n/render-position.js';
import { isPositionError } from '../core/position-error.js';
import { fromPosition } from '../setup/validate-position.js';
import { formatPosition, parsePosition } from '../setup/position-text.js';
import { isNotationError } from '../notation/notation-error.js';
import { iterateLegalMoves, legalMoveGroups } from '../views/move-groups.js';
import { clip, CliError, EXIT, indent, parseCommand, print, problemLine, readText } from './cli-support.js';

/**
 * At most this many legal moves are listed, in canonical order. A standard-deck position has
 * fewer (a value shows on 8 faces at most: 255 plays per value); a custom deck may give one hand
 * k cards of one value, hence 2^k − 1 plays, which are counted instead of listed.
 */
export const MAX_MOVES_SHOWN = 1000;
/** At most this many problems are printed; the count says how many there are in all. */
export const MAX_PROBLEMS_SHOWN = 100;
/** No printed message is longer than this (a message may quote the input). */
const MAX_MESSAGE = 500;

/** The help text of `dnup check`. */
const CHECK_HELP = `Usage: dnup check <position> [--json]

Checks a position: one line of position text (dnup1 …, see docs/notation.md), or JSON: a full
game state or a description of a table (players, hands with card ids and the value that is up,
table sets with owner and area, discard pile, turn, out order, scores; see
docs/guides/rules-checkers.md). A file whose text starts with dnup and a version number is read
as position text, anything else as JSON. Lists every broken rule (the first ${MAX_PROBLEMS_SHOWN}, and how
many in all); when there is none, shows the position and the legal moves of the seat to play, in
notation (docs/notation.md): the first ${MAX_MOVES_SHOWN} in canonical order, and how many of each kind there
are in all (a custom deck may give a hand millions of plays). Reads at most 16 MiB.
Use - to read the position from standard input.

Options:
      --json    print { valid, problems, problemCount, position, moveCount, moveCounts,
                moves, truncated }
                as JSON instead of text (counts past 2^53 are approximate, null past 1.8e308)
  -h, --help    show this help

Exit status: 0 valid · 1 invalid (every problem is counted) · 2 missing file, bad JSON or
position text, not text, or more than 16 MiB.`;

/** How many legal moves of each kind; plays past 2^53 are the nearest double (Infinity past 2^1024). */
interface MoveCounts {
  readonly play: number;
  readonly add: number;
  readonly take: number;
  readonly rotate: number;
  readonly nextRound: number;
}

/** Counts the legal moves per kind from the grouped moves, without listing them. */
function countMoves(state: GameState): { total: number; counts: MoveCounts } {
  const { plays, others } = legalMoveGroups(state);
  const counts = { play: 0, add: 0, take: 0, rotate: 0, nextRound: 0 };
  for (const g of plays) if (g.legal) counts.play += g.count;
  for (const m of others) counts[m.type]++;
  return { total: counts.play + counts.add + counts.take + counts.rotate + counts.nextRound, counts };
}

/** The first `max` legal moves, in canonical order, produced lazily. */
function firstMoves(state: GameState, max: number): Move[] {
  const out: Move[] = [];
  for (const m of iterateLegalMoves(state)) {
    if (out.length === max) break;
    out.push(m);
  }
  return out;
}

/** 1,048,575; or "about 1.2e+25" past 2^53; or "more than 1.8e+308". */
function amount(n: number): string {
  if (n === Infinity) return `more than ${Number.MAX_VALUE.toPrecision(2)}`;
  if (n > Number.MAX_SAFE_INTEGER) return `about ${n.toPrecision(2)}`;
  return n.toLocaleString('en-US');
}

function kinds(c: MoveCounts): string {
  const part = (n: number, one: string, many: string): string => `${amount(n)} ${n === 1 ? one : many}`;
  return [
    part(c.play, 'play', 'plays'),
    part(c.add, 'add', 'adds'),
    part(c.take, 'take', 'takes'),
    part(c.rotate, 'rotate', 'rotates'),
    part(c.nextRound, 'deal', 'deals'),
  ]
    .filter((p) => !p.startsWith('0 '))
    .join(', ');
}

/** True for a text that starts (after white space) with a version tag `dnup<digits>`: read as position text, not JSON. */
function isPositionText(text: string): boolean {
  return /^\s*dnup[0-9]/.test(text.slice(0, 64));
}

function json(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${name} is not valid JSON, nor position text (dnup1 …): ${clip((e as Error).message, 200)}`);
  }
}

/** Runs `dnup check`; returns the exit code. */
export async function checkCommand(args: readonly string[]): Promise<number> {
  const parsed = parseCommand('check', CHECK_HELP, args, { json: { type: 'boolean' } }, 1);
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const path = parsed.file('a position file');
  const name = path === '-' ? 'standard input' : path;
  const text = await readText(path);
  let state: GameState;
  try {
    state = isPositionText(text) ? parsePosition(text) : fromPosition(json(text, name));
  } catch (e) {
    if (isNotationError(e))
      throw new CliError(`${name} is not a valid position text: ${clip(e.message, MAX_MESSAGE)}`, EXIT.usage);
    if (!isPositionError(e)) throw e;
    // the library lists the first problems and counts them all
    const count = Math.max(e.problemCount, e.problems.length);
    const shown = e.problems
      .slice(0, MAX_PROBLEMS_SHOWN)
      .map((p) => ({ ...p, message: clip(p.message, MAX_MESSAGE), path: clip(p.path, MAX_MESSAGE) }));
    if (values.json) print(JSON.stringify({ valid: false, problems: shown, problemCount: count }, null, 2));
    else {
      print(`Invalid position: ${count} problem${count === 1 ? '' : 's'}.`);
      for (const p of shown) print(`  ${problemLine(p)}`);
      if (count > shown.length) print(`  … and ${count - shown.length} more.`);
    }
    return EXIT.rejected;
  }
  const { total, counts } = countMoves(state);
  const moves = firstMoves(state, MAX_MOVES_SHOWN);
  const truncated = total > moves.length;
  if (values.json) {
    const listed = moves.map((m) => ({ text: formatMove(state, m), move: m, sentence: describeMove(state, m) }));
    print(
      JSON.stringify(
        {
          valid: true,
          problems: [],
          problemCount: 0,
          position: formatPosition(state),
          moveCount: total,
          moveCounts: counts,
          moves: listed,
          truncated,
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  print('Valid position.', indent(renderPosition(state)), `Position text: ${formatPosition(state)}`);
  const who =
    state.status === 'playing'
      ? `${state.players[state.turn.seat]} to play`
      : state.status === 'roundOver'
        ? 'round over'
        : 'game over';
  print(`Legal moves (${amount(total)}, ${who}):`);
  for (const m of moves) print(`  ${formatMove(state, m).padEnd(14)} ${describeMove(state, m)}`);
  if (truncated) print(`  … the first ${moves.length} in canonical order; in all: ${kinds(counts)}.`);
  return EXIT.ok;
}
