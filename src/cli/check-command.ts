/**
 * `dnup check <position>`: a position's validity report and, if valid, its legal moves; with
 * `--move` or `--moves`, whether moves written in notation are legal there. The position is JSON
 * or one line of position text (from a file, standard input or the argument itself).
 */
import { apply, type Move, type GameState, isPositionError } from '../core/index.js';
import { describeApplied, describeMove } from '../i18n/describe-move.js';
import { parseMove } from '../notation/parse-move.js';
import { formatMove } from '../notation/format-move.js';
import { renderPosition } from '../i18n/render-position.js';
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

/** At most this many moves are read from `--moves` (a whole game is a few hundred). */
const MAX_MOVES_ARG = 10_000;
/** What separates the moves of `--moves`: never part of a move's notation. */
const MOVE_SEPARATOR = ';';

/** The help text of `dnup check`. */
const CHECK_HELP = `Usage: dnup check <position> [--move <move> | --moves <moves>] [--json]

Checks a position: one line of position text (dnup1 …, see docs/notation.md), or JSON: a full
game state or a description of a table (players, hands with card ids and the value that is up,
table sets with owner and area, discard pile, turn, out order, scores; see
docs/guides/rules-checkers.md). A file whose text starts with dnup and a version number is read
as position text, anything else as JSON. Lists every broken rule (the first ${MAX_PROBLEMS_SHOWN}, and how
many in all); when there is none, shows the position and the legal moves of the seat to play, in
notation (docs/notation.md): the first ${MAX_MOVES_SHOWN} in canonical order, and how many of each kind there
are in all (a custom deck may give a hand millions of plays). Reads at most 16 MiB.
Use - to read the position from standard input; an argument that starts with dnup1 and a
space is the position text itself.

Options:
      --move <move>    judge one move of the seat to play, written in notation: P 30,31 ·
                       P 5|1,5|6 (cards by their faces) · A 12>1 · T 1.0 · R · N; says
                       whether it is legal and, if not, the rule's code and sentence
      --moves <moves>  judge moves played one after the other from the position, separated
                       by ${MOVE_SEPARATOR} ("P 30,31; R; T 1.0"; at most ${MAX_MOVES_ARG.toLocaleString('en-US')}); stops at the
                       first illegal one and says which (numbered from 1) and why
      --json    print { valid, problems, problemCount, position, moveCount, moveCounts,
                moves, truncated }
                as JSON instead of text (counts past 2^53 are approximate, null past 1.8e308);
                with --move { valid, position, legal, move }, with --moves { valid, position,
                legal, firstIllegal, moves, final }
  -h, --help    show this help

Exit status: 0 valid (with --move/--moves: every move legal) · 1 invalid (every problem is
counted), or a move is illegal · 2 missing file, bad JSON or position text, not text, more
than 16 MiB, or a move that is not notation or does not say which move it is.`;

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

/** True for an argument that is a position text itself, not the name of a file: `dnup1 …`. */
function isInlinePosition(arg: string): boolean {
  return /^dnup[0-9]+\s/.test(arg);
}

/** Runs `dnup check`; returns the exit code. */
export async function checkCommand(args: readonly string[]): Promise<number> {
  const parsed = parseCommand(
    'check',
    CHECK_HELP,
    args,
    { json: { type: 'boolean' }, move: { type: 'string' }, moves: { type: 'string' } },
    1,
  );
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const one = parsed.text('move');
  const several = parsed.text('moves');
  if (one !== undefined && several !== undefined)
    throw new CliError('give --move or --moves, not both (see dnup check --help)');
  const path = parsed.file('a position file');
  const inline = isInlinePosition(path);
  const name = path === '-' ? 'standard input' : inline ? 'the position text' : path;
  const text = inline ? path : await readText(path);
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
  if (one !== undefined) return judgeMove(state, one, values.json === true);
  if (several !== undefined) return judgeMoves(state, several, values.json === true);
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

/** A move text's verdict: the move and what it does, or the rules' refusal. */
type Verdict =
  | { readonly legal: true; readonly notation: string; readonly move: Move; readonly sentence: string }
  | { readonly legal: false; readonly code: string; readonly rule: string; readonly message: string };

/**
 * Judges one move text in `state`: legal (with the state after it) or illegal (with the rules'
 * code and sentence); a text that is not notation, or that fits several moves, is a usage error
 * whose message starts with `where`.
 */
function judge(state: GameState, text: string, where: string): { verdict: Verdict; after?: GameState } {
  let move: Move;
  try {
    move = parseMove(state, text);
  } catch (e) {
    if (!isNotationError(e)) throw e;
    if (e.code === 'ILLEGAL')
      return {
        verdict: {
          legal: false,
          code: e.details.moveCode ?? e.code,
          rule: e.details.rule ?? '§5',
          message: clip(e.message, MAX_MESSAGE),
        },
      };
    // not notation, or not one move: the input has to change, the position has no say
    throw new CliError(`${where}: ${clip(e.message, MAX_MESSAGE)}`, EXIT.usage);
  }
  const after = apply(state, move);
  const notation = formatMove(state, move);
  return { verdict: { legal: true, notation, move, sentence: describeApplied(state, after) }, after };
}

/** `dnup check --move`: exit 0 when the move is legal, 1 when the rules refuse it. */
function judgeMove(state: GameState, text: string, asJson: boolean): number {
  const { verdict } = judge(state, text, '--move');
  const who = whoPlays(state);
  if (asJson)
    print(
      JSON.stringify(
        { valid: true, position: formatPosition(state), legal: verdict.legal, move: { text, ...verdict } },
        null,
        2,
      ),
    );
  else if (verdict.legal) print(`Legal: ${verdict.notation} (${who}).`, `  ${verdict.sentence}`);
  else print(`Illegal: ${clip(text.trim(), 60)} (${who}).`, `  ${problemLine(verdict)}`);
  return verdict.legal ? EXIT.ok : EXIT.rejected;
}

/** `dnup check --moves`: the moves in order from the position, up to the first illegal one. */
function judgeMoves(state: GameState, list: string, asJson: boolean): number {
  const texts = list.split(MOVE_SEPARATOR).map((t) => t.trim());
  if (texts.length > MAX_MOVES_ARG)
    throw new CliError(`--moves holds ${texts.length} moves; dnup check judges at most ${MAX_MOVES_ARG} at a time.`);
  const judged: (Verdict & { readonly number: number; readonly text: string })[] = [];
  const lines: string[] = [];
  let current = state;
  let firstIllegal: number | null = null;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    const number = i + 1;
    const where = `--moves, move ${number} of ${texts.length}`;
    if (text === '')
      throw new CliError(
        `${where} is empty: write one move between each ${MOVE_SEPARATOR} and the next (see docs/notation.md).`,
      );
    const { verdict, after } = judge(current, text, where);
    judged.push({ number, text, ...verdict });
    if (!verdict.legal) {
      firstIllegal = number;
      lines.push(
        `${String(number).padStart(4)}  ${clip(text, 60).padEnd(14)} ILLEGAL (${whoPlays(current)})`,
        `      ${problemLine(verdict)}`,
      );
      break;
    }
    lines.push(`${String(number).padStart(4)}  ${verdict.notation.padEnd(14)} ${verdict.sentence}`);
    current = after!;
  }
  if (asJson) {
    print(
      JSON.stringify(
        {
          valid: true,
          position: formatPosition(state),
          legal: firstIllegal === null,
          firstIllegal,
          moves: judged,
          final: formatPosition(current),
        },
        null,
        2,
      ),
    );
  } else {
    print(...lines);
    if (firstIllegal === null)
      print(
        `Verdict: all ${texts.length} move${texts.length === 1 ? ' is' : 's are'} legal.`,
        `Position after them: ${formatPosition(current)}`,
      );
    else {
      const rest = texts.length - firstIllegal;
      print(
        `Verdict: move ${firstIllegal} of ${texts.length} is illegal${rest > 0 ? `; ${rest} later move${rest === 1 ? '' : 's'} not judged` : ''}.`,
        `Position before move ${firstIllegal}: ${formatPosition(current)}`,
      );
    }
  }
  return firstIllegal === null ? EXIT.ok : EXIT.rejected;
}

/** "Ana to play", or why nobody is. */
function whoPlays(state: GameState): string {
  if (state.status === 'playing') return `${clip(state.players[state.turn.seat]!, 40)} to play`;
  return state.status === 'roundOver' ? 'round over' : 'game over';
}
