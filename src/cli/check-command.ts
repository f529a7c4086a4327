/** `dnup check <position.json>`: a position's validity report and, if valid, its legal moves. */
import { legalMoves } from '../core/apply.js';
import { describeMove } from '../notation/describe-move.js';
import { formatMove } from '../notation/format-move.js';
import { renderPosition } from '../notation/render-position.js';
import { fromPosition, validatePosition } from '../records/validate-position.js';
import { EXIT, indent, parseCommand, print, readJson } from './cli-support.js';

/** The help text of `dnup check`. */
export const CHECK_HELP = `Usage: dnup check <position.json> [--json]

Checks a position: a full game state, or a description of a table (players, hands with card
ids and the value that is up, table sets with owner and area, discard pile, turn, out order,
scores; see docs/guides/rules-checkers.md). Lists every broken rule; when there is none, shows the
position and the legal moves of the seat to play, in notation (docs/notation.md).
Use - to read the position from standard input.

Options:
      --json    print { valid, problems, moves } as JSON instead of text
  -h, --help    show this help

Exit status: 0 valid · 1 invalid (every problem is listed) · 2 missing file or bad JSON.`;

/** Runs `dnup check`; returns the exit code. */
export function checkCommand(args: readonly string[]): number {
  const parsed = parseCommand('check', CHECK_HELP, args, { json: { type: 'boolean' } }, 1);
  if (!parsed) return EXIT.ok;
  const { values } = parsed;
  const input = readJson(parsed.file('a position file'));
  const problems = validatePosition(input);
  if (problems.length > 0) {
    if (values.json) print(JSON.stringify({ valid: false, problems }, null, 2));
    else {
      print(`Invalid position: ${problems.length} problem${problems.length === 1 ? '' : 's'}.`);
      for (const p of problems) print(`  ${p.code}${p.path ? ` at ${p.path}` : ''} (rules ${p.rule}): ${p.message}`);
    }
    return EXIT.rejected;
  }
  const state = fromPosition(input);
  const moves = legalMoves(state);
  if (values.json) {
    print(JSON.stringify({ valid: true, problems: [], moves: moves.map((m) => ({ text: formatMove(state, m), move: m, sentence: describeMove(state, m) })) }, null, 2));
    return EXIT.ok;
  }
  print('Valid position.', indent(renderPosition(state)));
  const who = state.status === 'playing' ? `${state.players[state.turn.seat]} to play` : state.status === 'roundOver' ? 'round over' : 'game over';
  print(`Legal moves (${moves.length}, ${who}):`);
  for (const m of moves) print(`  ${formatMove(state, m).padEnd(14)} ${describeMove(state, m)}`);
  return EXIT.ok;
}
