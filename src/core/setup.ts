/** Creating a game and dealing the next round (rules §3, §6, §8). */
import { deckIndex, STANDARD_DECK, type DeckDefinition } from './cards.js';
import { dealRound } from './dealing.js';
import { GameSetupError } from './errors.js';
import type { GameEvent } from './events.js';
import type { Move } from './moves.js';
import { seedRng, seedText, type RngState, type Seed } from './random.js';
import type { GameOptions, GameState } from './state.js';
import { describeValue, isRecord, readInput } from './input.js';
import { issue, ownDeck } from './trust.js';
import { defaultNames, scoringFor } from './players.js';
import { setupProblems, type SetupProblem } from './state-problems.js';
import { openingArea } from './turn-order.js';

/** The names a seat count stands for, or the names given, read once (holes, getters and Proxies included). */
function namesOf(players: unknown): unknown {
  if (typeof players === 'number')
    return Number.isInteger(players) && players >= 2 && players <= 5 ? defaultNames(players) : players;
  if (!Array.isArray(players)) return players;
  const read = readInput(players, { depth: 2 });
  if (!read.ok)
    throw new GameSetupError('BAD_PLAYERS', `The names cannot be read: ${read.problem.message}`, undefined, {
      input: describeValue(players),
      path: read.problem.path,
    });
  return read.value;
}

/** The deck `options` asks for, read once; undefined for the standard deck. */
function deckOption(options: unknown): unknown {
  if (options === undefined) return undefined;
  const read = readInput(options, { depth: 5 });
  if (!read.ok || !isRecord(read.value)) {
    throw new GameSetupError(
      'BAD_OPTIONS',
      `Game options must be plain data such as { deck }${read.ok ? '' : `: ${read.problem.message}`}.`,
    );
  }
  const unknown = Object.keys(read.value).filter((k) => k !== 'deck');
  if (unknown.length > 0)
    throw new GameSetupError(
      'BAD_OPTIONS',
      `Unknown game option ${unknown.slice(0, 3).map(describeValue).join(', ')}; the only option is "deck".`,
      undefined,
      { name: unknown.slice(0, 3).join(', ') },
    );
  return read.value.deck;
}

/** Throws the first kind of setup problem found (players, then seed, then deck: every problem of the deck). */
function assertSetup(problems: readonly SetupProblem[], players: unknown, seed: unknown): void {
  const named = problems.find((p) => p.code === 'BAD_PLAYERS');
  if (named)
    throw new GameSetupError('BAD_PLAYERS', named.message, undefined, {
      input: describeValue(players),
      path: named.path,
    });
  const seeded = problems.find((p) => p.code === 'BAD_SEED');
  if (seeded) throw new GameSetupError('BAD_SEED', seeded.message, undefined, { input: describeValue(seed) });
  const deck = problems.map((p) => p.message);
  if (deck.length > 0)
    throw new GameSetupError('BAD_DECK', `This deck cannot be used: ${deck.join(' ')}`, deck, { count: deck.length });
}

/** The state at the start of a round: fresh deal, empty table, scores kept. */
function roundStart(
  base: Omit<
    GameState,
    'hands' | 'known' | 'table' | 'discardCount' | 'starter' | 'turn' | 'out' | 'rng' | 'events' | 'status' | 'lastMove'
  >,
  rng: RngState,
  lastMove: Move | null,
): GameState {
  const n = base.players.length;
  const deal = dealRound(deckIndex(base.deck), n, rng);
  const turn = { seat: deal.starter, area: openingArea(n), number: 1 };
  const events: GameEvent[] = [
    { type: 'roundDealt', round: base.round, starter: deal.starter },
    { type: 'turnStarted', seat: turn.seat, area: turn.area, number: 1 },
  ];
  return {
    format: 1,
    players: base.players,
    deck: base.deck,
    seed: base.seed,
    rng: deal.rng,
    scoring: base.scoring,
    round: base.round,
    status: 'playing',
    hands: deal.hands,
    known: deal.hands.map(() => []),
    table: [],
    discardCount: 0,
    starter: deal.starter,
    turn,
    out: [],
    scores: base.scores,
    winner: null,
    moveCount: base.moveCount,
    lastMove,
    events,
  };
}

/**
 * Creates a game and deals round 1 (rules §3).
 *
 * @param players - a seat count from 2 to 5, or 2 to 5 player names.
 * @param seed - a string, or a safe integer (read as its decimal string: 42 and "42" give the same game).
 * @param options - `{ deck }` to play with a custom deck definition (rules §2).
 * @returns the state of round 1, with the ★ holder to play.
 * @throws {@link GameSetupError} `BAD_PLAYERS`, `BAD_SEED`, `BAD_DECK` (listing every problem) or `BAD_OPTIONS`.
 *
 * @example
 * ```ts
 * import { createGame, legalMoves, apply } from 'dnup';
 * let state = createGame(['Ana', 'Ben', 'Cy'], 'friday night');
 * state = apply(state, legalMoves(state)[0]!);
 * ```
 */
export function createGame(players: number | readonly string[], seed: Seed, options?: GameOptions): GameState {
  const candidates = namesOf(players);
  const deckInput = deckOption(options);
  // the same check of players, seed and deck as records, positions and states from outside
  assertSetup(setupProblems(candidates, seed, deckInput), players, seed);
  const names = candidates as string[];
  const text = seedText(seed);
  // frozen and the library's own: later edits of the caller's object change nothing
  const deck = deckInput === undefined ? STANDARD_DECK : ownDeck(deckInput as DeckDefinition);
  return issue(
    roundStart(
      {
        format: 1,
        players: names,
        deck,
        seed: typeof seed === 'number' ? seed : text,
        scoring: scoringFor(names.length),
        round: 1,
        scores: names.map(() => 0),
        winner: null,
        moveCount: 0,
      },
      seedRng(text),
      null,
    ),
  );
}

/**
 * Deals the next round from the stored random stream; scores carry over (rules §6, §8). `scores`
 * and `moveCount` are the finished round's (a playout keeps them apart from its first state).
 */
export function dealNextRound(state: GameState, scores: readonly number[], moveCount: number, move: Move): GameState {
  // the fields roundStart reads, by name: a spread of the whole state is V8's slow generic clone
  const base = {
    format: 1,
    players: state.players,
    deck: state.deck,
    seed: state.seed,
    scoring: state.scoring,
    round: state.round + 1,
    scores,
    winner: state.winner,
    moveCount: moveCount + 1,
  } as const;
  return roundStart(base, state.rng, move);
}
