/**
 * Golden game transcripts (test/fixtures/golden/): whole games kept as data, so that any change to
 * what a move does (rules §4–§7) shows as a readable diff. Each game is three files:
 * - `<name>.record.json`: the game record (docs/record.schema.json, written by formatRecord), the
 *   source of the game;
 * - `<name>.events.jsonl`: one JSON line for the new game's events, then one per move with its
 *   index, its notation and the events `apply` reported;
 * - `<name>.position.txt`: the final position as one line of position text (docs/notation.md §5).
 * This test replays every record through the public API (parseRecord, replay, formatMove,
 * formatPosition) and compares the events and the final position exactly.
 *
 * Regenerate deliberately, then review the diff and say in CHANGELOG.md why it changed:
 * - `npm run golden:update`: rewrites the events and positions from the records as they are;
 * - `GOLDEN_UPDATE=games npm run golden:update`: plays the games again with their bots or move
 *   lines below (new records too), for when a recorded move is no longer legal.
 * A game added to GAMES gets its files on the next `npm run golden:update`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  formatMove,
  formatPosition,
  formatRecord,
  greedyBot,
  legalMoves,
  parseRecord,
  playGame,
  randomBot,
  recordOf,
  replay,
  type Bot,
  type DeckDefinition,
  type GameEvent,
  type GameRecord,
  type Move,
} from '../../src/index.js';
import { schemaErrors } from './record-schema.js';

const DIR = new URL('../fixtures/golden/', import.meta.url);
const UPDATE = process.env.GOLDEN_UPDATE; // unset: compare; any value: rewrite; 'games': replay the bots too

/** A custom deck for 4 players: values 1–12, 32 cards in play (rules §2 allows any values). */
const TWELVE: DeckDefinition = {
  name: 'golden twelve',
  cards: Array.from({ length: 36 }, (_, id) => {
    const a = 1 + (id % 12);
    const b = 1 + ((id * 5 + 3) % 12);
    return {
      id,
      faces: [a, b === a ? 1 + ((id + 6) % 12) : b] as [number, number],
      minPlayers: id < 32 ? 2 : 5,
      ...(id === 7 ? { star: true } : {}),
    };
  }),
};

interface GoldenGame {
  readonly name: string;
  /** How the moves were chosen, kept in the record's metadata. */
  readonly how: string;
  readonly play: () => Promise<GameRecord>;
}

/** Plays legal move number (7k + 3) mod n at step k, for `length` moves: a line that needs no bot. */
function fixedLine(names: string[], seed: string, length: number): GameRecord {
  let state = createGame(names, seed);
  const moves: Move[] = [];
  for (let k = 0; k < length && state.status !== 'gameOver'; k++) {
    const legal = legalMoves(state);
    const move = legal[(7 * k + 3) % legal.length]!;
    moves.push(move);
    state = apply(state, move);
  }
  return recordOf(state, moves);
}

async function botGame(
  bots: Bot[],
  names: string[],
  seed: string,
  extra: { deck?: DeckDefinition; maxMoves?: number } = {},
): Promise<GameRecord> {
  const { record } = await playGame(bots, {
    seed,
    names,
    ...(extra.deck ? { gameOptions: { deck: extra.deck } } : {}),
    ...(extra.maxMoves ? { maxMoves: extra.maxMoves } : {}),
  });
  return record;
}

const GAMES: readonly GoldenGame[] = [
  {
    name: 'duel-greedy',
    how: 'two greedy bots (seeds g0, g1), to the end of the game',
    play: () => botGame([greedyBot('g0'), greedyBot('g1')], ['Ana', 'Ben'], 'golden-duel'),
  },
  {
    name: 'duel-random',
    how: 'two random bots (seeds r0, r1), stopped after 50 moves',
    play: () => botGame([randomBot('r0'), randomBot('r1')], ['Ana', 'Ben'], 'golden-duel-random', { maxMoves: 50 }),
  },
  {
    name: 'three-greedy',
    how: 'three greedy bots (seeds a, b, c), to the end of the game',
    play: () => botGame([greedyBot('a'), greedyBot('b'), greedyBot('c')], ['Ana', 'Ben', 'Cy'], 'golden-three'),
  },
  {
    name: 'four-custom-deck',
    how: 'greedy, random, greedy, random (seeds a, b, c, d) with the custom deck "golden twelve", to the end of the game',
    play: () =>
      botGame(
        [greedyBot('a'), randomBot('b'), greedyBot('c'), randomBot('d')],
        ['Ana', 'Ben', 'Cy', 'Dee'],
        'golden-four',
        { deck: TWELVE },
      ),
  },
  {
    name: 'five-fixed-line',
    how: 'legal move number (7k + 3) mod n at step k of the canonical legalMoves order, 60 moves',
    play: async () => fixedLine(['Ana', 'Ben', 'Cy', 'Dee', 'Eve'], 'golden-five', 60),
  },
];

/** One line of the event stream: the new game's events (move null), then each move's. */
interface EventLine {
  readonly index: number | null;
  readonly move: string | null;
  readonly events: readonly GameEvent[];
}

/** Replays a record through the public API: its event stream and its final position text. */
function transcript(recordText: string): { lines: EventLine[]; position: string } {
  const record = parseRecord(recordText);
  const lines: EventLine[] = [];
  let index = 0;
  const result = replay(record, {
    onMove: (before, move, after) => {
      lines.push({ index, move: formatMove(before, move), events: after.events });
      index++;
    },
  });
  if (!result.ok)
    throw new Error(
      `the record does not replay: move ${result.error.index} (${result.error.text}): ${result.error.code} ${result.error.message}`,
    );
  return {
    lines: [{ index: null, move: null, events: result.initial.events }, ...lines],
    position: formatPosition(result.state),
  };
}

const file = (name: string, kind: string): URL => new URL(`${name}.${kind}`, DIR);
const jsonLines = (lines: readonly EventLine[]): string => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;

async function update(game: GoldenGame): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  if (UPDATE === 'games' || !existsSync(file(game.name, 'record.json'))) {
    const played = await game.play();
    const record = { ...played, metadata: { event: `golden transcript ${game.name}`, how: game.how } };
    writeFileSync(file(game.name, 'record.json'), formatRecord(record));
  }
  const { lines, position } = transcript(readFileSync(file(game.name, 'record.json'), 'utf8'));
  writeFileSync(file(game.name, 'events.jsonl'), jsonLines(lines));
  writeFileSync(file(game.name, 'position.txt'), `${position}\n`);
}

describe('golden game transcripts (test/fixtures/golden; regenerate with npm run golden:update)', () => {
  it.each(GAMES.map((g) => [g.name, g] as const))(
    '%s replays to the same events and final position',
    async (_name, game) => {
      if (UPDATE) await update(game);
      const { lines, position } = transcript(readFileSync(file(game.name, 'record.json'), 'utf8'));
      const expected = readFileSync(file(game.name, 'events.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as EventLine);
      // move by move, so a failure shows the first move whose events changed and only its diff
      for (let i = 0; i < Math.max(lines.length, expected.length); i++) {
        const where = i === 0 ? 'the new game' : `move ${i - 1} (${expected[i]?.move ?? lines[i]?.move})`;
        expect(
          lines[i],
          `${game.name}: events of ${where} (run npm run golden:update if the change is deliberate)`,
        ).toEqual(expected[i]);
      }
      // field by field, so a failure names the fields of the position text that changed
      const want = readFileSync(file(game.name, 'position.txt'), 'utf8').trim();
      expect(position.split(' '), `${game.name}: final position text`).toEqual(want.split(' '));
    },
  );

  // after the games: in update mode they write the files this reads
  it('cover 2 to 5 players, a custom deck, games played to the end and games stopped midway; records follow the schema', () => {
    const records = GAMES.map((g) => parseRecord(readFileSync(file(g.name, 'record.json'), 'utf8')));
    expect(new Set(records.map((r) => r.players.length))).toEqual(new Set([2, 3, 4, 5]));
    expect(records.some((r) => r.options?.deck !== undefined)).toBe(true);
    const schema = JSON.parse(
      readFileSync(new URL('../../docs/record.schema.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    for (const g of GAMES)
      expect(schemaErrors(schema, JSON.parse(readFileSync(file(g.name, 'record.json'), 'utf8'))), g.name).toEqual([]);
    const finals = GAMES.map((g) => readFileSync(file(g.name, 'position.txt'), 'utf8'));
    expect(finals.some((p) => p.includes(' gameOver '))).toBe(true);
    expect(finals.some((p) => p.includes(' playing '))).toBe(true);
  });
});
