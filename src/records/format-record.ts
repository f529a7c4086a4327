/**
 * The canonical text of a game record: the JSON the schema (docs/record.schema.json) describes,
 * with its fields in one order and one move per line, so that two writers of the same game write
 * the same bytes and a diff of two records shows the moves that differ.
 */
import type { GameRecord } from '../core/index.js';
import { parseRecord } from './parse-record.js';

const TOP = ['format', 'version', 'players', 'seed', 'options', 'start', 'moves', 'metadata'] as const;

/**
 * Writes a game record as canonical JSON text: fields in schema order, two-space indentation,
 * one move per line, a final newline; a start position (`start`) is written as given. `parseRecord(formatRecord(r))` equals `parseRecord(r)`, and
 * formatting the text again gives the same text.
 *
 * @param record - a {@link GameRecord}, or anything {@link parseRecord} reads (JSON text included);
 *   it is read once and checked in full first.
 * @returns the record's JSON text.
 * @throws {@link RecordError} when `record` is not a valid game record.
 *
 * @example
 * ```ts
 * fs.writeFileSync('game.json', formatRecord(recordOf(state, moves)));
 * ```
 */
export function formatRecord(record: GameRecord | unknown): string {
  const r = parseRecord(record) as unknown as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of TOP) {
    const value = r[key];
    if (value === undefined) continue;
    let text: string;
    if (key === 'moves') {
      const moves = value as readonly unknown[];
      text = moves.length === 0 ? '[]' : `[\n${moves.map((m) => `    ${JSON.stringify(m)}`).join(',\n')}\n  ]`;
    } else if (key === 'players') text = JSON.stringify(value);
    else text = JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
    parts.push(`  ${JSON.stringify(key)}: ${text}`);
  }
  return `{\n${parts.join(',\n')}\n}\n`;
}
