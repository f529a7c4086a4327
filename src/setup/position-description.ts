/**
 * A position that need not be legal (the chessops `Setup`): hands, table sets, discard pile,
 * turn, out order and scores, with defaults for everything a snapshot of a table may not show.
 * Turned into a full {@link GameState} by `fromPosition`, and made from one by `toPosition`.
 */
import {
  STANDARD_DECK,
  type CardId,
  type DeckDefinition,
  type HeldCard,
  type GameEvent,
  isMove,
  type Move,
  type RngState,
  type Seed,
  type GameState,
  type GameStatus,
  type TableSet,
} from '../core/index.js';
import {
  idsInUse,
  ownDeck,
  defaultNames,
  fewestMoves,
  scoringFor,
  describeValue,
  isRngState,
  seedRng,
  setupProblems,
  winningScore,
  type ProblemList,
} from '../core/internal.js';

/** A set on the table as described: `area` defaults to 0. */
export interface TableSetDescription {
  readonly seat: number;
  readonly area?: number;
  /** The value every card of the set shows. */
  readonly value: number;
  readonly cards: readonly CardId[];
}

/**
 * A position as a person would describe it, legal or not (`validatePosition` says). Only
 * `players`, `hands` and `turn` are required.
 *
 * Defaults: `deck` the standard deck; `table` empty; `discard` every card in use that is
 * neither in a hand nor on the table (when given, it must list exactly those cards; the state
 * keeps only their count, `discardCount`); `out` empty; `status` `"playing"`; `scores` zeros;
 * `round` the one the scores imply; `winner` the seat with a winning score when the game is
 * over; `starter` the seat to play; `seed` `"position"` and `rng` that seed's stream (they only
 * decide the next rounds' deals); `turn.area` 0; `turn.number` 1; `moveCount` the fewest moves
 * that reach this turn and round; `lastMove` null; `events` none.
 *
 * `toPosition(state)` gives every field that state needs, so `fromPosition(toPosition(state))`
 * equals `state`, history (`lastMove`, `events`) included.
 */
export interface PositionDescription {
  /** A seat count (names become "Player 1"…) or 2 to 5 names. */
  readonly players: number | readonly string[];
  /** Each seat's hand: card ids with the value that is up. */
  readonly hands: readonly (readonly HeldCard[])[];
  /** Per seat, the ids of cards in that hand everyone saw arrive from the table; default none. */
  readonly known?: readonly (readonly CardId[])[];
  readonly table?: readonly TableSetDescription[];
  readonly discard?: readonly CardId[];
  readonly turn: { readonly seat: number; readonly area?: number; readonly number?: number };
  readonly out?: readonly number[];
  readonly scores?: readonly number[];
  readonly round?: number;
  readonly status?: GameStatus;
  readonly winner?: number | null;
  readonly starter?: number;
  readonly deck?: DeckDefinition;
  readonly seed?: Seed;
  readonly rng?: RngState;
  /** Moves applied since the game was created (all rounds). */
  readonly moveCount?: number;
  /** The move that led to this position (history: it does not change what comes next). */
  readonly lastMove?: Move | null;
  /** What happened during that move (history, as in {@link GameState}). */
  readonly events?: readonly GameEvent[];
}

/** The fields of a {@link PositionDescription}, in the order `toPosition` writes them. */
const DESCRIPTION_KEYS = [
  'players',
  'hands',
  'known',
  'table',
  'discard',
  'turn',
  'out',
  'scores',
  'round',
  'status',
  'winner',
  'starter',
  'deck',
  'seed',
  'rng',
  'moveCount',
  'lastMove',
  'events',
] as const;

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const isInt = (x: unknown): x is number => Number.isInteger(x);
const isIntArray = (x: unknown): x is number[] => Array.isArray(x) && x.every(isInt);

/** A seat count stands for default names; anything else is checked as names. */
function namesOf(players: unknown): unknown {
  return isInt(players) && players >= 2 && players <= 5 ? defaultNames(players) : players;
}

function handsOf(raw: unknown, n: number, problems: ProblemList): HeldCard[][] | undefined {
  if (!Array.isArray(raw) || raw.length !== n) {
    problems.add('BAD_SHAPE', 'hands', '§8', `"hands" must list one hand per seat (${n}).`);
    return undefined;
  }
  let ok = true;
  const hands = raw.map((hand: unknown, s) => {
    if (!Array.isArray(hand)) {
      problems.add('BAD_SHAPE', `hands[${s}]`, '§8', `hands[${s}] must be an array of cards { id, active }.`);
      ok = false;
      return [];
    }
    return hand.map((c: unknown, i) => {
      if (!isObject(c) || !isInt(c.id) || !isInt(c.active) || Object.keys(c).length !== 2) {
        problems.add(
          'BAD_SHAPE',
          `hands[${s}][${i}]`,
          '§1',
          `hands[${s}][${i}] must be a card { id, active }: its id and the value that is up.`,
        );
        ok = false;
      }
      return c as HeldCard;
    });
  });
  return ok ? hands : undefined;
}

function tableOf(raw: unknown, problems: ProblemList): TableSet[] | undefined {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.add('BAD_SHAPE', 'table', '§1', '"table" must be an array of sets { seat, area, value, cards }.');
    return undefined;
  }
  let ok = true;
  const sets = raw.map((t: unknown, i) => {
    const extra = isObject(t) ? Object.keys(t).filter((k) => !['seat', 'area', 'value', 'cards'].includes(k)) : [];
    if (
      !isObject(t) ||
      !isInt(t.seat) ||
      !(t.area === undefined || isInt(t.area)) ||
      !isInt(t.value) ||
      !isIntArray(t.cards) ||
      extra.length > 0
    ) {
      problems.add(
        'BAD_SHAPE',
        `table[${i}]`,
        '§1',
        `table[${i}] must be a set { seat, area, value, cards } with integer seat, area and value and an array of card ids.`,
      );
      ok = false;
      return undefined;
    }
    return { seat: t.seat, area: t.area ?? 0, value: t.value, cards: t.cards.slice() } as TableSet;
  });
  if (!ok) return undefined;
  // the state keeps the table ordered by seat then area
  return (sets as TableSet[]).slice().sort((a, b) => a.seat - b.seat || a.area - b.area);
}

/** The round the scores imply when none is given (each finished round hands out a fixed amount). */
function impliedRound(scores: readonly number[], out: readonly number[], status: GameStatus, duel: boolean): number {
  const total = scores.reduce((a, b) => a + b, 0);
  if (duel) return Math.max(1, total - (status === 'playing' ? 0 : 1) + 1);
  const thisRound = out.length === 0 ? 0 : out.length === 1 ? 2 : 3;
  return Math.max(1, Math.floor((total - thisRound) / 3) + 1);
}

/**
 * True when a description's listed discard pile holds exactly the cards in use that are nowhere
 * else (`rest`, rules §3.1); else each card out of place is a problem.
 */
function discardIsRest(discard: readonly number[], rest: readonly number[], n: number, problems: ProblemList): boolean {
  const before = problems.count;
  // a listed discard pile must hold exactly the cards that are nowhere else (rules §3.1)
  const listed = new Set(discard);
  for (const id of rest) {
    if (!listed.has(id))
      problems.add(
        'MISSING_CARD',
        'discard',
        '§3',
        `Card ${id} is in play with ${n} players but is nowhere: not in a hand, on the table or in the discard pile.`,
      );
  }
  const restSet = new Set(rest);
  const seen = new Set<number>();
  discard.forEach((id, i) => {
    const twice = seen.has(id);
    seen.add(id);
    if (!restSet.has(id) || twice) {
      problems.add(
        'DUPLICATE_CARD',
        `discard[${i}]`,
        '§2',
        `Card ${id} of the discard pile is also elsewhere, listed twice, or not a card in use.`,
      );
    }
  });
  return problems.count === before;
}

/**
 * Builds the state a description stands for, filling in defaults, or undefined when its shape is
 * too broken to build one (the problems say why). The result is not yet checked for invariants.
 */
export function stateFromDescription(raw: unknown, problems: ProblemList): GameState | undefined {
  if (!isObject(raw)) {
    problems.add('BAD_SHAPE', '', '§8', 'A position must be an object { players, hands, turn, … }.');
    return undefined;
  }
  const d = raw as Record<string, unknown>;
  for (const k of Object.keys(d).filter((key) => !(DESCRIPTION_KEYS as readonly string[]).includes(key))) {
    problems.add('BAD_SHAPE', k, '§8', `A position has no field ${describeValue(k)}.`);
  }
  // players, seed and deck: the same check as createGame, the records reader and every state
  const setup = setupProblems(namesOf(d.players), d.seed ?? 'position', d.deck);
  for (const p of setup)
    problems.add(
      p.code === 'BAD_SEED' ? 'BAD_SHAPE' : p.code,
      p.path,
      p.code === 'BAD_DECK' ? '§2' : p.code === 'BAD_SEED' ? '§3' : '§1',
      p.message,
    );
  if (setup.some((p) => p.code === 'BAD_PLAYERS')) return undefined;
  const players = (namesOf(d.players) as string[]).slice();
  const n = players.length;
  const duel = n === 2;
  const deck = (d.deck ?? STANDARD_DECK) as DeckDefinition;
  const deckTrouble = setup.filter((p) => p.code === 'BAD_DECK');
  const hands = handsOf(d.hands, n, problems);
  const table = tableOf(d.table, problems);
  const turn = d.turn;
  if (
    !isObject(turn) ||
    !isInt(turn.seat) ||
    !(turn.area === undefined || isInt(turn.area)) ||
    !(turn.number === undefined || isInt(turn.number))
  ) {
    problems.add('BAD_SHAPE', 'turn', '§4', '"turn" must be { seat, area?, number? } with integers.');
  }
  const check = <T>(key: string, ok: (x: unknown) => boolean, what: string, rule: string): T | undefined => {
    if (d[key] === undefined || ok(d[key])) return d[key] as T | undefined;
    problems.add('BAD_SHAPE', key, rule, `"${key}" must be ${what}.`);
    return undefined;
  };
  const out = check<number[]>('out', isIntArray, 'an array of seats', '§6') ?? [];
  const scores =
    check<number[]>('scores', (x) => isIntArray(x) && x.length === n, `an array of ${n} integers`, '§6') ??
    players.map(() => 0);
  const status =
    check<GameStatus>(
      'status',
      (x) => x === 'playing' || x === 'roundOver' || x === 'gameOver',
      '"playing", "roundOver" or "gameOver"',
      '§8',
    ) ?? 'playing';
  const round = check<number>('round', isInt, 'an integer', '§6') ?? impliedRound(scores, out, status, duel);
  const winner = check<number | null>('winner', (x) => x === null || isInt(x), 'a seat or null', '§6');
  const starter = check<number>('starter', isInt, 'a seat', '§3');
  const discard = check<number[]>('discard', isIntArray, 'an array of card ids', '§4');
  const known = check<number[][]>(
    'known',
    (x) => Array.isArray(x) && x.length === n && x.every(isIntArray),
    `one array of card ids per seat (${n})`,
    '§5',
  );
  const seed = (d.seed ?? 'position') as Seed;
  const rng = check<RngState>('rng', isRngState, 'four 32-bit unsigned integers', '§3');
  const moveCount = check<number>('moveCount', (x) => isInt(x) && x >= 0, 'a whole number', '§8');
  const lastMove = check<Move | null>('lastMove', (x) => x === null || isMove(x), 'null or a move', '§8') ?? null;
  // each event's fields are checked with the invariants, as for a full state
  const events = check<GameEvent[]>('events', Array.isArray, 'an array of events', '§8') ?? [];
  if (!hands || !table || deckTrouble.length > 0 || problems.count > 0) return undefined;
  const t = turn as { seat: number; area?: number; number?: number };
  const number = t.number ?? 1;
  const placed = new Set<number>([...hands.flat().map((c) => c.id), ...table.flatMap((s) => s.cards)]);
  const rest = idsInUse(deck, n).filter((id) => !placed.has(id));
  if (discard !== undefined && !discardIsRest(discard, rest, n, problems)) return undefined;
  const target = winningScore(n);
  const winnerSeat = status === 'gameOver' ? scores.findIndex((s) => s >= target) : -1;
  return {
    format: 1,
    players,
    deck: ownDeck(deck),
    seed,
    rng: rng ?? seedRng(seed),
    scoring: scoringFor(n),
    round,
    status,
    hands,
    known: known ?? players.map(() => []),
    table,
    discardCount: rest.length,
    starter: starter ?? t.seat,
    turn: { seat: t.seat, area: t.area ?? 0, number },
    out,
    scores,
    winner: winner !== undefined ? winner : winnerSeat >= 0 ? winnerSeat : null,
    moveCount: moveCount ?? fewestMoves(number, round),
    lastMove,
    events,
  } as GameState; // status and winner as described; validatePosition judges whether they agree
}
