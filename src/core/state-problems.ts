/**
 * Every broken invariant of a full game state (python-chess `status()`): field types first, then
 * the rules' invariants once the fields can be read (rules §1–§8). The core runs it on every state
 * it did not make itself before using it; `validatePosition` reports the same list.
 */
import { deckIndex, deckProblems, type DeckIndex } from './cards.js';
import { describeValue } from './input.js';
import { isMove } from './moves.js';
import { isRngState, isSeed } from './random.js';
import { winningScore } from './scoring.js';
import type { GameState } from './state.js';
import type { ProblemList } from './position-error.js';
import { areasPerSeat, fewestMoves, playerNamesProblem, scoringFor } from './players.js';
import { cardsTableAndTurnHold } from './quick-invariants.js';

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isIntArray = (x: unknown): boolean => Array.isArray(x) && x.every(isInt);

/** A problem with what a game is set up from: its players, seed or deck (rules §1–§3). */
export interface SetupProblem {
  readonly code: 'BAD_PLAYERS' | 'BAD_SEED' | 'BAD_DECK';
  /** `players`, `players[i]`, `seed` or `deck`. */
  readonly path: string;
  readonly message: string;
}

/**
 * The one check of what a game is set up from, shared by `createGame`, the records reader, the
 * setup layer and the state gateway: 2 to 5 player names, a seed, and a deck sound for that many
 * players (`undefined` for the standard deck). Values already read into plain data.
 */
export function setupProblems(players: unknown, seed: unknown, deck: unknown): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const named = playerNamesProblem(players);
  if (named) problems.push({ code: 'BAD_PLAYERS', ...named });
  if (!isSeed(seed))
    problems.push({
      code: 'BAD_SEED',
      path: 'seed',
      message: `A seed must be a string or a safe integer, not ${describeValue(seed)} (rules §3).`,
    });
  if (deck !== undefined) {
    for (const { message } of deckProblems(deck, named ? undefined : (players as unknown[]).length))
      problems.push({ code: 'BAD_DECK', path: 'deck', message });
  }
  return problems;
}

/** The fields of a {@link GameState}, in its documented order. */
const STATE_KEYS = [
  'format',
  'players',
  'deck',
  'seed',
  'rng',
  'scoring',
  'round',
  'status',
  'hands',
  'known',
  'table',
  'discardCount',
  'starter',
  'turn',
  'out',
  'scores',
  'winner',
  'moveCount',
  'lastMove',
  'events',
] as const;

/**
 * Checks the field types of a full state (already read into plain data), so that the invariant
 * checks can read it safely. True when every field has its type.
 */
export function stateShape(s: Record<string, unknown>, problems: ProblemList): boolean {
  const before = problems.count;
  const bad = (path: string, what: string): void => problems.add('BAD_SHAPE', path, '§8', `"${path}" must be ${what}.`);
  for (const key of Object.keys(s)) {
    if (!(STATE_KEYS as readonly string[]).includes(key))
      problems.add('BAD_SHAPE', key, '§8', `A game state has no field ${JSON.stringify(key.slice(0, 40))}.`);
  }
  if (s.format !== 1) bad('format', '1 (the state format this library reads)');
  const setup = setupProblems(s.players, s.seed, s.deck ?? null);
  for (const p of setup)
    problems.add(
      p.code === 'BAD_SEED' ? 'BAD_SHAPE' : p.code,
      p.path,
      p.code === 'BAD_DECK' ? '§2' : p.code === 'BAD_SEED' ? '§3' : '§1',
      p.message,
    );
  if (setup.some((p) => p.code === 'BAD_PLAYERS')) return false;
  const n = (s.players as unknown[]).length;
  if (!isRngState(s.rng)) bad('rng', 'four 32-bit unsigned integers');
  if (!isInt(s.round)) bad('round', 'an integer');
  if (s.status !== 'playing' && s.status !== 'roundOver' && s.status !== 'gameOver')
    bad('status', '"playing", "roundOver" or "gameOver"');
  const isCard = (c: unknown): boolean => isObject(c) && isInt(c.id) && isInt(c.active) && Object.keys(c).length === 2;
  if (!Array.isArray(s.hands) || s.hands.length !== n || !s.hands.every((h) => Array.isArray(h) && h.every(isCard))) {
    bad('hands', `one array of cards { id, active } per seat (${n})`);
  }
  const isSet = (t: unknown): boolean =>
    isObject(t) &&
    isInt(t.seat) &&
    isInt(t.area) &&
    isInt(t.value) &&
    isIntArray(t.cards) &&
    Object.keys(t).length === 4;
  if (!Array.isArray(s.table) || !s.table.every(isSet)) bad('table', 'an array of sets { seat, area, value, cards }');
  if (!isInt(s.discardCount) || (s.discardCount as number) < 0) bad('discardCount', 'a whole number of at least 0');
  if (!Array.isArray(s.known) || s.known.length !== n || !s.known.every(isIntArray))
    bad('known', `one array of card ids per seat (${n})`);
  if (!isInt(s.starter)) bad('starter', 'a seat');
  if (
    !isObject(s.turn) ||
    !isInt(s.turn.seat) ||
    !isInt(s.turn.area) ||
    !isInt(s.turn.number) ||
    Object.keys(s.turn).length !== 3
  ) {
    bad('turn', '{ seat, area, number } with integers');
  }
  if (!isIntArray(s.out)) bad('out', 'an array of seats');
  if (!isIntArray(s.scores) || (s.scores as unknown[]).length !== n) bad('scores', `an array of ${n} integers`);
  if (!(s.winner === null || isInt(s.winner))) bad('winner', 'a seat or null');
  if (!isInt(s.moveCount)) bad('moveCount', 'an integer');
  if (!(s.lastMove === null || isMove(s.lastMove))) bad('lastMove', 'null or a move');
  if (!Array.isArray(s.events)) bad('events', 'an array of events');
  if (s.scoring !== scoringFor(n)) {
    problems.add(
      'BAD_SCORING',
      'scoring',
      '§6',
      `With ${n} players the game is scored by ${n === 2 ? 'round wins ("rounds")' : 'tokens ("tokens")'}.`,
    );
  }
  return problems.count === before;
}

/** Every card in use exactly once, nowhere a card of another deck or player count (rules §2, §3). */
function checkCards(s: GameState, index: DeckIndex, problems: ProblemList): void {
  const n = s.players.length;
  const places = new Map<number, string[]>();
  const see = (id: number, path: string): void => {
    const list = places.get(id);
    if (list) list.push(path);
    else places.set(id, [path]);
    if (index.faces[id] === undefined)
      problems.add('UNKNOWN_CARD', path, '§2', `There is no card ${id} in this game's deck (${path}).`);
    else if (index.minPlayers[id]! > n)
      problems.add(
        'CARD_NOT_IN_USE',
        path,
        '§3.1',
        `Card ${id} is used only with ${index.minPlayers[id]} or more players, not ${n} (${path}).`,
      );
  };
  s.hands.forEach((hand, seat) =>
    hand.forEach((c, i) => {
      const path = `hands[${seat}][${i}]`;
      see(c.id, path);
      const faces = index.faces[c.id];
      if (faces && c.active !== faces[0] && c.active !== faces[1]) {
        problems.add(
          'BAD_ORIENTATION',
          path,
          '§1',
          `Card ${c.id} shows ${faces[0]} and ${faces[1]}, so it cannot show ${c.active} (${path}).`,
        );
      }
    }),
  );
  s.table.forEach((t, i) => t.cards.forEach((id, j) => see(id, `table[${i}].cards[${j}]`)));
  for (const [id, list] of places) {
    if (list.length > 1) {
      const shown = list.length > 4 ? `${list.slice(0, 4).join(', ')}…` : list.join(', ');
      problems.add('DUPLICATE_CARD', list[1]!, '§2', `Card ${id} is in ${list.length} places at once: ${shown}.`);
    }
  }
  // the discard pile holds exactly the cards in use that are nowhere else (rules §3.1, §4.1)
  let inUse = 0;
  let placed = 0;
  for (const c of s.deck.cards) {
    if (c.minPlayers > n) continue;
    inUse++;
    if (places.has(c.id)) placed++;
  }
  if (s.discardCount !== inUse - placed) {
    problems.add(
      'BAD_DISCARD_COUNT',
      'discardCount',
      '§8',
      `The discard pile holds ${s.discardCount} cards, but ${inUse - placed} of the ${inUse} cards in use are in no hand and on no set.`,
    );
  }
}

/** Sets in real areas, one per area, one per size, every card showing the set value (rules §1, §5). */
function checkTable(s: GameState, index: DeckIndex, problems: ProblemList): void {
  const n = s.players.length;
  const areas = areasPerSeat(n);
  const bySize = new Map<number, number>();
  const byArea = new Map<string, number>();
  s.table.forEach((t, i) => {
    const path = `table[${i}]`;
    if (t.seat < 0 || t.seat >= n || t.area < 0 || t.area >= areas) {
      problems.add(
        'NO_SUCH_AREA',
        path,
        '§1',
        `There is no play area at seat ${t.seat}, area ${t.area} with ${n} players (${path}).`,
      );
    }
    const key = `${t.seat}.${t.area}`;
    const other = byArea.get(key);
    if (other !== undefined)
      problems.add(
        'AREA_TAKEN',
        path,
        '§1',
        `table[${other}] and ${path} are both at seat ${t.seat}, area ${t.area}; an area holds at most one set.`,
      );
    else byArea.set(key, i);
    if (t.cards.length === 0) {
      problems.add('EMPTY_SET', path, '§1', `${path} has no cards; a set has at least one.`);
      return;
    }
    const sameSize = bySize.get(t.cards.length);
    if (sameSize !== undefined) {
      problems.add(
        'SAME_SIZE_SETS',
        path,
        '§5',
        `table[${sameSize}] and ${path} are both sets of ${t.cards.length}; the table never holds two sets of one size.`,
      );
    } else bySize.set(t.cards.length, i);
    for (const id of t.cards) {
      const faces = index.faces[id];
      if (faces && faces[0] !== t.value && faces[1] !== t.value) {
        problems.add(
          'MIXED_SET',
          path,
          '§1',
          `Card ${id} (${faces[0]} · ${faces[1]}) cannot show ${t.value}, the value of the set in ${path}: all cards of a set show one value.`,
        );
      }
    }
    const prev = s.table[i - 1];
    if (prev && (prev.seat > t.seat || (prev.seat === t.seat && prev.area >= t.area))) {
      problems.add('TABLE_ORDER', path, '§8', `The table must be ordered by seat, then area; ${path} comes too late.`);
    }
  });
}

/** Whose turn, who is out, and whether the status fits them (rules §4, §6, §7). */
function checkTurnAndOut(s: GameState, problems: ProblemList): void {
  const n = s.players.length;
  if (s.starter < 0 || s.starter >= n) {
    problems.add(
      'BAD_STARTER',
      'starter',
      '§3',
      `The round's starter must be one of the ${n} seats (0–${n - 1}), not ${s.starter}.`,
    );
  }
  const duel = n === 2;
  const { seat, area, number } = s.turn;
  if (seat < 0 || seat >= n || area < 0 || area >= areasPerSeat(n) || number < 1) {
    problems.add(
      'BAD_TURN',
      'turn',
      '§4',
      `The turn must name a seat (0–${n - 1}), one of its areas (${duel ? '0 or 1' : '0'}) and a turn number of at least 1.`,
    );
  }
  s.known.forEach((ids, k) => {
    const inHand = new Set(s.hands[k]!.map((c) => c.id));
    const listed = new Set<number>();
    ids.forEach((id, i) => {
      if (listed.has(id))
        problems.add(
          'BAD_KNOWN',
          `known[${k}][${i}]`,
          '§5',
          `Card ${id} is listed twice as publicly known in ${s.players[k]}'s hand.`,
        );
      listed.add(id);
      if (!inHand.has(id)) {
        problems.add(
          'KNOWN_NOT_IN_HAND',
          `known[${k}][${i}]`,
          '§5',
          `Card ${id} is listed as publicly known in ${s.players[k]}'s hand, but it is not in that hand.`,
        );
      }
    });
  });
  const seen = new Set<number>();
  s.out.forEach((o, i) => {
    if (o < 0 || o >= n || seen.has(o))
      problems.add(
        'BAD_OUT',
        `out[${i}]`,
        '§6',
        `out[${i}] is ${o}: the out order lists distinct seats from 0 to ${n - 1}.`,
      );
    seen.add(o);
    if (s.hands[o] && s.hands[o]!.length > 0)
      problems.add(
        'OUT_WITH_CARDS',
        `hands[${o}]`,
        '§6',
        `${s.players[o]} is out but holds ${s.hands[o]!.length} cards; a player is out once their hand is empty.`,
      );
  });
  const playing = s.status === 'playing';
  if (playing) {
    if (seen.has(seat))
      problems.add(
        'TURN_AT_OUT_SEAT',
        'turn',
        '§7',
        `It is ${s.players[seat]}'s turn, but they are out this round: a seat that is out is skipped.`,
      );
    s.hands.forEach((h, i) => {
      if (h.length === 0 && !seen.has(i))
        problems.add(
          'EMPTY_HAND_NOT_OUT',
          `hands[${i}]`,
          '§6',
          `${s.players[i]} has no cards but is not out; emptying your hand puts you out at once.`,
        );
    });
    if (s.table.some((t) => t.seat === seat && t.area === area)) {
      problems.add(
        'OWN_SET_AT_TURN',
        'turn',
        '§4',
        `${s.players[seat]}'s own set in area ${area + 1} is still on the table, but it is discarded as soon as their turn in that area begins.`,
      );
    }
  }
  const allowed = duel ? (playing ? [0] : [1]) : playing ? [0, 1] : s.status === 'roundOver' ? [2] : [1, 2];
  if (!allowed.includes(s.out.length)) {
    problems.add(
      'BAD_STATUS',
      'status',
      '§6',
      `With ${s.out.length} player(s) out, a ${duel ? 'duel' : `${n}-player`} round cannot be "${s.status}".`,
    );
  }
}

/** Scores that the rounds played can produce, and a winner that fits them (rules §6). */
function checkScores(s: GameState, problems: ProblemList): void {
  const start = problems.count;
  const n = s.players.length;
  const duel = n === 2;
  if (s.round < 1) problems.add('BAD_ROUND', 'round', '§6', `The round number must be at least 1, not ${s.round}.`);
  const target = winningScore(n);
  const total = s.scores.reduce((a, b) => a + b, 0);
  const over = s.status !== 'playing';
  const thisRound = duel ? (over ? 1 : 0) : s.out.length === 0 ? 0 : s.out.length === 1 ? 2 : 3;
  const expected = (duel ? 1 : 3) * (s.round - 1) + thisRound;
  const unit = duel ? 'round wins' : 'tokens';
  if (s.scores.some((x) => x < 0)) problems.add('IMPOSSIBLE_SCORES', 'scores', '§6', 'Scores cannot be negative.');
  if (total !== expected) {
    problems.add(
      'IMPOSSIBLE_SCORES',
      'scores',
      '§6',
      `In round ${s.round} with ${s.out.length} out, the ${unit} must add up to ${expected}, not ${total}: every finished round gives ${duel ? '1 round win' : '3 tokens (2 and 1)'}.`,
    );
  }
  s.out.forEach((o, i) => {
    const gained = duel ? 1 : i === 0 ? 2 : 1;
    if ((s.scores[o] ?? 0) < gained)
      problems.add(
        'IMPOSSIBLE_SCORES',
        `scores[${o}]`,
        '§6',
        `${s.players[o]} went out ${i === 0 ? 'first' : 'second'} this round, so they have at least ${gained} ${unit}.`,
      );
  });
  const winners = s.scores.flatMap((x, i) => (x >= target ? [i] : []));
  if (s.status === 'gameOver') {
    if (s.winner === null || s.winner !== winners[0] || winners.length !== 1) {
      problems.add(
        'BAD_WINNER',
        'winner',
        '§6',
        `When the game is over the winner is the one seat with ${target} or more ${unit}.`,
      );
    }
  } else {
    if (s.winner !== null) problems.add('BAD_WINNER', 'winner', '§6', 'There is no winner while the game goes on.');
    if (winners.length > 0)
      problems.add(
        'IMPOSSIBLE_SCORES',
        `scores[${winners[0]}]`,
        '§6',
        `${s.players[winners[0]!]} has ${s.scores[winners[0]!]} ${unit}, which ends the game at once, yet the game goes on.`,
      );
  }
  if (s.status === 'gameOver' && s.winner !== null && !s.out.includes(s.winner)) {
    problems.add(
      'BAD_WINNER',
      'winner',
      '§6',
      `${s.players[s.winner] ?? `Seat ${s.winner}`} won the game, so they went out in this last round; the out order does not list them.`,
    );
  }
  // only when the simpler score checks passed: one cause, one problem
  if (problems.count === start && !earlierRoundsPossible(s, target)) {
    problems.add(
      'IMPOSSIBLE_SCORES',
      'scores',
      '§6',
      `No sequence of ${s.round - 1} finished round(s) gives these ${unit}: each finished round gives ${duel ? '1 round win to one seat' : '2 tokens to one seat and 1 to another'}, and nobody reaches ${target} before the last round.`,
    );
  }
  if (s.moveCount < fewestMoves(s.turn.number, s.round)) {
    problems.add(
      'BAD_MOVE_COUNT',
      'moveCount',
      '§8',
      `${s.moveCount} moves cannot reach turn ${s.turn.number} of round ${s.round}: it takes at least ${fewestMoves(s.turn.number, s.round)}.`,
    );
  }
}

/**
 * True when the scores before this round's gains can come from `round - 1` finished rounds in
 * which nobody reached the winning score (rules §6). With tokens, seat i took the 2 in a_i rounds
 * and the 1 in b_i others (a_i + b_i ≤ rounds, Σa = Σb = rounds): a small search over the a_i.
 */
function earlierRoundsPossible(s: GameState, target: number): boolean {
  const duel = s.players.length === 2;
  const before = s.scores.slice();
  s.out.forEach((o, i) => {
    before[o] = before[o]! - (duel ? 1 : i === 0 ? 2 : 1);
  });
  if (before.some((x) => x < 0)) return true; // reported already: an out seat without its gain
  if (before.some((x) => x >= target)) return false;
  if (duel) return true; // one win per finished round, each seat below 2: the total check suffices
  const rounds = s.round - 1;
  // reachable[k]: some choice for the seats so far takes the 2 in k rounds in all
  let reachable = new Set<number>([0]);
  for (const p of before) {
    const next = new Set<number>();
    for (const k of reachable) {
      for (let a = 0; 2 * a <= p; a++) if (a + (p - 2 * a) <= rounds && k + a <= rounds) next.add(k + a);
    }
    reachable = next;
  }
  return reachable.has(rounds);
}

const EVENT_FIELDS: Readonly<
  Record<string, Readonly<Record<string, 'seat' | 'area' | 'int' | 'ids' | 'held' | 'ref' | 'fate'>>>
> = {
  roundDealt: { round: 'int', starter: 'seat' },
  setDiscarded: { seat: 'seat', area: 'area', value: 'int', cards: 'ids' },
  setPlayed: { seat: 'seat', area: 'area', value: 'int', cards: 'ids' },
  cardAdded: { seat: 'seat', card: 'int', target: 'ref', value: 'int', size: 'int' },
  setBeaten: { seat: 'seat', area: 'area', value: 'int', cards: 'ids', by: 'seat', fate: 'fate', returned: 'held' },
  setTaken: { seat: 'seat', from: 'ref', value: 'int', cards: 'held' },
  handRotated: { seat: 'seat', cards: 'held' },
  playerOut: { seat: 'seat', place: 'int' },
  tokensGained: { seat: 'seat', tokens: 'int', total: 'int' },
  roundWon: { seat: 'seat', total: 'int' },
  roundEnded: { round: 'int' },
  gameWon: { seat: 'seat' },
  turnStarted: { seat: 'seat', area: 'area', number: 'int' },
};

/** {@link EVENT_FIELDS} as lists of [field, kind], listed once. */
const EVENT_ENTRIES: Readonly<Record<string, readonly (readonly [string, string])[]>> = Object.fromEntries(
  Object.entries(EVENT_FIELDS).map(([type, fields]) => [type, Object.entries(fields)]),
);

/** Every event has one of the documented shapes, with real seats, areas and cards (rules §8). */
function checkEvents(s: GameState, index: DeckIndex, problems: ProblemList): void {
  const n = s.players.length;
  const areas = areasPerSeat(n);
  const seat = (x: unknown): boolean => isInt(x) && x >= 0 && x < n;
  const card = (x: unknown): boolean => isInt(x) && index.faces[x] !== undefined;
  const fits = (kind: string, x: unknown): boolean => {
    switch (kind) {
      case 'seat':
        return seat(x);
      case 'area':
        return isInt(x) && x >= 0 && x < areas;
      case 'int':
        return isInt(x);
      case 'ids':
        return Array.isArray(x) && x.every(card);
      case 'held':
        return (
          Array.isArray(x) &&
          x.every(
            (c) =>
              isObject(c) &&
              card(c.id) &&
              Object.keys(c).length === 2 &&
              index.faces[c.id as number]!.includes(c.active as number),
          )
        );
      case 'ref':
        return (
          isObject(x) && seat(x.seat) && isInt(x.area) && x.area >= 0 && x.area < areas && Object.keys(x).length === 2
        );
      default:
        return x === 'returned' || x === 'discarded';
    }
  };
  s.events.forEach((e: unknown, i) => {
    const path = `events[${i}]`;
    const fields =
      isObject(e) && typeof e.type === 'string' && Object.hasOwn(EVENT_ENTRIES, e.type)
        ? EVENT_ENTRIES[e.type]!
        : undefined;
    let ok = fields !== undefined && Object.keys(e as object).length === fields.length + 1;
    for (let k = 0; ok && k < fields!.length; k++)
      ok = fits(fields![k]![1], (e as Record<string, unknown>)[fields![k]![0]]);
    if (!ok)
      problems.add(
        'BAD_EVENTS',
        path,
        '§8',
        `${path} is not an event of this game: each event has one of the documented types and fields, with real seats, areas and cards.`,
      );
  });
}

/** The full checks of cards, table, turn and out, each problem worded (quick-invariants.ts answers the same yes or no). */
export function cardsTableAndTurnProblems(s: GameState, index: DeckIndex, problems: ProblemList): void {
  checkCards(s, index, problems);
  checkTable(s, index, problems);
  checkTurnAndOut(s, problems);
}

/** Every broken invariant of rules §1–§8 of a state whose fields have their types ({@link stateShape}). */
export function invariantProblems(s: GameState, problems: ProblemList): void {
  const index = deckIndex(s.deck);
  // a sound state passes in one pass; the full checks word each problem of the others
  if (!cardsTableAndTurnHold(s, index)) cardsTableAndTurnProblems(s, index, problems);
  checkScores(s, problems);
  checkEvents(s, index, problems);
}
