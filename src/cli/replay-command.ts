/** `dnup replay <record.json>`: replay a game record, from a new game or its start position, and judge every move (exit 0 / 1 / 2). */
import { isRecordError } from '../records/record-error.js';
import { replay, type LegalVerdict, type ReplayResult } from '../records/replay.js';
import { describeApplied } from '../i18n/describe-move.js';
import { renderPosition } from '../i18n/render-position.js';
import { formatPosition } from '../setup/position-text.js';
import { clip, CliError, EXIT, indent, parseCommand, print, problemLine, readText } from './cli-support.js';
import { outcomeLine } from './outcome.js';

/** At most this many problems of a record that cannot be replayed are printed. */
const MAX_PROBLEMS_SHOWN = 100;
/** No printed problem line is longer than this (a message may quote the input). */
const MAX_LINE = 500;

/** The help text of `dnup replay`. */
const REPLAY_HELP = `Usage: dnup replay <record.json> [--quiet] [--json] [--positions]

Replays a game record (docs/record.schema.json) from its seed, or from its start position
("start": a position text, checked in full as dnup check does, whose players, seed and deck
must be the record's), and judges every move with the rules: each move is printed in
notation (docs/notation.md) with a sentence, then the verdict.
Use - to read the record from standard input. Reads at most 16 MiB.

Options:
  -q, --quiet       print only the verdict (and the positions, if asked)
      --json        print the verdicts as JSON instead of text
  -p, --positions   print the position text (dnup1 …, docs/notation.md) of the starting
                    position and after each legal move; with --json, as "positions"
  -h, --help    show this help

Exit status: 0 every move is legal · 1 a move is illegal (its index, round, turn, seat,
move, code and reason are printed) · 2 the file is missing, is not text, is more than
16 MiB or is not a valid game record (an invalid start position: BAD_START, each problem).`;

function moveLine(v: LegalVerdict, sentence: string): string {
  return `${String(v.index).padStart(4)}  r${v.round} t${String(v.turn).padEnd(3)} ${v.text.padEnd(14)} ${sentence}`;
}

function verdictJson(result: ReplayResult, positions: readonly string[] | undefined): string {
  const { ok, verdicts, state } = result;
  const summary = {
    ok,
    moves: verdicts.length,
    round: state.round,
    status: state.status,
    scores: state.scores,
    winner: state.winner,
  };
  return JSON.stringify(
    { ...summary, ...(result.ok ? {} : { error: result.error }), verdicts, ...(positions ? { positions } : {}) },
    null,
    2,
  );
}

/** The line that shows a position text under a move line. */
const positionLine = (text: string): string => `      ${text}`;

/** Runs `dnup replay`; returns the exit code. */
export async function replayCommand(args: readonly string[]): Promise<number> {
  const parsed = parseCommand(
    'replay',
    REPLAY_HELP,
    args,
    { quiet: { type: 'boolean', short: 'q' }, json: { type: 'boolean' }, positions: { type: 'boolean', short: 'p' } },
    1,
  );
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const path = parsed.file('a record file');
  const text = await readText(path);
  let result: ReplayResult;
  const positions: string[] | undefined = values.positions === true ? [] : undefined;
  try {
    const loud = values.quiet !== true && values.json !== true;
    const show = (position: string): void => {
      positions!.push(position);
      if (values.json !== true) print(positionLine(position));
    };
    let started = false;
    // the record is read once, by replay; each move is judged once, by its apply, and the
    // sentence is told from the events of the state that apply returned
    result = replay(
      text,
      loud || positions
        ? {
            onMove: (before, _move, after, v) => {
              if (positions && !started) show(formatPosition(before));
              started = true;
              if (loud) print(moveLine(v, describeApplied(before, after)));
              if (positions) show(formatPosition(after));
            },
          }
        : {},
    );
    // a record without moves: the starting position alone
    if (positions && !started) show(formatPosition(result.state));
  } catch (e) {
    if (!isRecordError(e)) throw e;
    const lines = e.problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => clip(`  ${problemLine(p)}`, MAX_LINE));
    if (e.problems.length > lines.length) lines.push(`  … and ${e.problems.length - lines.length} more.`);
    throw new CliError(
      `${path === '-' ? 'standard input' : path} is not a valid game record:\n${lines.join('\n')}`,
      EXIT.usage,
    );
  }
  if (values.json) {
    print(verdictJson(result, positions));
    return result.ok ? EXIT.ok : EXIT.rejected;
  }
  if (result.ok) {
    print(`Verdict: all ${result.verdicts.length} moves are legal.`, outcomeLine(result.state));
    return EXIT.ok;
  }
  const e = result.error;
  const who = e.seat === null ? 'no seat to play' : `seat ${e.seat} (${result.state.players[e.seat]})`;
  print(
    `Verdict: ILLEGAL move at index ${e.index} (round ${e.round}, turn ${e.turn}), ${who}: ${e.text}`,
    `  ${problemLine({ code: e.code, rule: e.rule, message: e.message })}`,
    `  ${result.verdicts.length - e.index - 1} later move(s) not judged. Position before the move:`,
    indent(renderPosition(result.state), '    '),
  );
  return EXIT.rejected;
}
