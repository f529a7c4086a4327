/**
 * Position validity (python-chess `status()`, chessops setup → position): every broken
 * invariant of a state or a description, as a list, and the one way from a description to a
 * playable state.
 */
import { deckIndex, deckProblems, type DeckIndex } from '../core/cards.js';
import { isMove } from '../core/moves.js';
import { ROUNDS_TO_WIN, TOKENS_TO_WIN } from '../core/scoring.js';
import type { GameState } from '../core/state.js';
import { stateFromDescription, type PositionDescription } from './position-description.js';
import { PositionError, ProblemList, type PositionProblem } from './position-error.js';

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
const isInt = (x: unknown): x is number => Number.isInteger(x);
const isIntArray = (x: unknown): boolean => Array.isArray(x) && x.every(isInt);

/** A state (rather than a description) is recognised by its `format` field. */
function looksLikeState(x: unknown): boolean {
  return isObject(x) && 'format' in x;
}

/** Checks the field types of a full state, so that the invariant checks can read it safely. */
function stateShape(s: Record<string, unknown>, problems: ProblemList): boolean {
  const before = problems.list.length;
  const bad = (path: string, what: string): void => problems.add('BAD_SHAPE', path, '§8', `"${path}" must be ${what}.`);
  if (s.format !== 1) bad('format', '1 (the state format this library reads)');
  const players = s.players;
  if (!Array.isArray(players) || players.length < 2 || players.length > 5 || !players.every((p) => typeof p === 'string' && p.trim() !== '')) {
    problems.add('BAD_PLAYERS', 'players', '§2', '"players" must list 2 to 5 non-empty names.');
    return false;
  }
  const n = players.length;
  for (const p of deckProblems(s.deck, n)) problems.add('BAD_DECK', 'deck', '§2', p);
  if (!(typeof s.seed === 'string' || (typeof s.seed === 'number' && Number.isSafeInteger(s.seed)))) bad('seed', 'a string or a safe integer');
  if (!Array.isArray(s.rng) || s.rng.length !== 4 || !s.rng.every((w) => isInt(w) && w >= 0 && w <= 0xffffffff)) bad('rng', 'four 32-bit unsigned integers');
  if (!isInt(s.round)) bad('round', 'an integer');
  if (s.status !== 'playing' && s.status !== 'roundOver' && s.status !== 'gameOver') bad('status', '"playing", "roundOver" or "gameOver"');
  if (!Array.isArray(s.hands) || s.hands.length !== n || !s.hands.every((h) => Array.isArray(h) && h.every((c) => isObject(c) && isInt(c.id) && isInt(c.active)))) {
    bad('hands', `one array of cards { id, active } per seat (${n})`);
  }
  if (!Array.isArray(s.table) || !s.table.every((t) => isObject(t) && isInt(t.seat) && isInt(t.area) && isInt(t.value) && isIntArray(t.cards))) {
    bad('table', 'an array of sets { seat, area, value, cards }');
  }
  if (!isInt(s.discardCount) || (s.discardCount as number) < 0) bad('discardCount', 'a whole number of at least 0');
  if (!Array.isArray(s.known) || s.known.length !== n || !s.known.every(isIntArray)) bad('known', `one array of card ids per seat (${n})`);
  if (!isInt(s.starter)) bad('starter', 'a seat');
  if (!isObject(s.turn) || !isInt(s.turn.seat) || !isInt(s.turn.area) || !isInt(s.turn.number)) bad('turn', '{ seat, area, number } with integers');
  if (!isIntArray(s.out)) bad('out', 'an array of seats');
  if (!isIntArray(s.scores) || (s.scores as unknown[]).length !== n) bad('scores', `an array of ${n} integers`);
  if (!(s.winner === null || isInt(s.winner))) bad('winner', 'a seat or null');
  if (!isInt(s.moveCount)) bad('moveCount', 'an integer');
  if (!(s.lastMove === null || isMove(s.lastMove))) bad('lastMove', 'null or a move');
  if (!Array.isArray(s.events)) bad('events', 'an array of events');
  if (s.scoring !== (n === 2 ? 'rounds' : 'tokens')) {
    problems.add('BAD_SCORING', 'scoring', '§6', `With ${n} players the game is scored by ${n === 2 ? 'round wins ("rounds")' : 'tokens ("tokens")'}.`);
  }
  return problems.list.length === before;
}

/** Every card in use exactly once, nowhere a card of another deck or player count (rules §2, §3). */
function checkCards(s: GameState, index: DeckIndex, problems: ProblemList): void {
  const n = s.players.length;
  const places = new Map<number, string[]>();
  const see = (id: number, path: string): void => {
    const list = places.get(id);
    if (list) list.push(path);
    else places.set(id, [path]);
    if (index.faces[id] === undefined) problems.add('UNKNOWN_CARD', path, '§2', `There is no card ${id} in this game's deck (${path}).`);
    else if (index.minPlayers[id]! > n) problems.add('CARD_NOT_IN_USE', path, '§3', `Card ${id} is used only with ${index.minPlayers[id]} or more players, not ${n} (${path}; rules §3.1).`);
  };
  s.hands.forEach((hand, seat) => hand.forEach((c, i) => {
    const path = `hands[${seat}][${i}]`;
    see(c.id, path);
    const faces = index.faces[c.id];
    if (faces && c.active !== faces[0] && c.active !== faces[1]) {
      problems.add('BAD_ORIENTATION', path, '§1', `Card ${c.id} shows ${faces[0]} and ${faces[1]}, so it cannot show ${c.active} (${path}).`);
    }
  }));
  s.table.forEach((t, i) => t.cards.forEach((id, j) => see(id, `table[${i}].cards[${j}]`)));
  for (const [id, list] of places) {
    if (list.length > 1) problems.add('DUPLICATE_CARD', list[1]!, '§2', `Card ${id} is in ${list.length} places at once: ${list.join(', ')}.`);
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
    problems.add('BAD_DISCARD_COUNT', 'discardCount', '§8', `The discard pile holds ${s.discardCount} cards, but ${inUse - placed} of the ${inUse} cards in use are in no hand and on no set.`);
  }
}

/** Sets in real areas, one per area, one per size, every card showing the set value (rules §1, §5). */
function checkTable(s: GameState, index: DeckIndex, problems: ProblemList): void {
  const n = s.players.length;
  const areas = n === 2 ? 2 : 1;
  const bySize = new Map<number, number>();
  const byArea = new Map<string, number>();
  s.table.forEach((t, i) => {
    const path = `table[${i}]`;
    if (t.seat < 0 || t.seat >= n || t.area < 0 || t.area >= areas) {
      problems.add('NO_SUCH_AREA', path, '§1', `There is no play area ${t.area} at seat ${t.seat} with ${n} players (${path}).`);
    }
    const key = `${t.seat}.${t.area}`;
    const other = byArea.get(key);
    if (other !== undefined) problems.add('AREA_TAKEN', path, '§1', `table[${other}] and ${path} are both in play area ${t.area} of seat ${t.seat}; an area holds at most one set.`);
    else byArea.set(key, i);
    if (t.cards.length === 0) {
      problems.add('EMPTY_SET', path, '§1', `${path} has no cards; a set has at least one.`);
      return;
    }
    const sameSize = bySize.get(t.cards.length);
    if (sameSize !== undefined) {
      problems.add('SAME_SIZE_SETS', path, '§5', `table[${sameSize}] and ${path} are both sets of ${t.cards.length}; the table never holds two sets of one size.`);
    } else bySize.set(t.cards.length, i);
    for (const id of t.cards) {
      const faces = index.faces[id];
      if (faces && faces[0] !== t.value && faces[1] !== t.value) {
        problems.add('MIXED_SET', path, '§1', `Card ${id} (${faces[0]} · ${faces[1]}) cannot show ${t.value}, the value of the set in ${path}: all cards of a set show one value.`);
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
  const duel = n === 2;
  const { seat, area, number } = s.turn;
  if (seat < 0 || seat >= n || area < 0 || area >= (duel ? 2 : 1) || number < 1) {
    problems.add('BAD_TURN', 'turn', '§4', `The turn must name a seat (0–${n - 1}), one of its areas (${duel ? '0 or 1' : '0'}) and a turn number of at least 1.`);
  }
  s.known.forEach((ids, k) => {
    // a Set of the hand's ids, not a search per known id: O(n) rather than O(n²) on big hands
    const held = new Set((s.hands[k] ?? []).map((c) => c.id));
    ids.forEach((id, i) => {
      if (!held.has(id)) {
        problems.add('KNOWN_NOT_IN_HAND', `known[${k}][${i}]`, '§5', `Card ${id} is listed as publicly known in ${s.players[k]}'s hand, but it is not in that hand.`);
      }
    });
  });
  const seen = new Set<number>();
  s.out.forEach((o, i) => {
    if (o < 0 || o >= n || seen.has(o)) problems.add('BAD_OUT', `out[${i}]`, '§6', `out[${i}] is ${o}: the out order lists distinct seats from 0 to ${n - 1}.`);
    seen.add(o);
    if (s.hands[o] && s.hands[o]!.length > 0) problems.add('OUT_WITH_CARDS', `hands[${o}]`, '§6', `${s.players[o]} is out but holds ${s.hands[o]!.length} cards; a player is out once their hand is empty.`);
  });
  const playing = s.status === 'playing';
  if (playing) {
    if (seen.has(seat)) problems.add('TURN_AT_OUT_SEAT', 'turn', '§7', `It is ${s.players[seat]}'s turn, but they are out this round: a seat that is out is skipped.`);
    s.hands.forEach((h, i) => {
      if (h.length === 0 && !seen.has(i)) problems.add('EMPTY_HAND_NOT_OUT', `hands[${i}]`, '§6', `${s.players[i]} has no cards but is not out; emptying your hand puts you out at once.`);
    });
    if (s.table.some((t) => t.seat === seat && t.area === area)) {
      problems.add('OWN_SET_AT_TURN', 'turn', '§4', `${s.players[seat]}'s own set in area ${area} is still on the table, but it is discarded as soon as their turn in that area begins.`);
    }
  }
  const allowed = duel ? (playing ? [0] : [1]) : playing ? [0, 1] : s.status === 'roundOver' ? [2] : [1, 2];
  if (!allowed.includes(s.out.length)) {
    problems.add('BAD_STATUS', 'status', '§6', `With ${s.out.length} player(s) out, a ${duel ? 'duel' : `${n}-player`} round cannot be "${s.status}".`);
  }
}

/** Scores that the rounds played can produce, and a winner that fits them (rules §6). */
function checkScores(s: GameState, problems: ProblemList): void {
  const n = s.players.length;
  const duel = n === 2;
  if (s.round < 1) problems.add('BAD_ROUND', 'round', '§6', `The round number must be at least 1, not ${s.round}.`);
  const target = duel ? ROUNDS_TO_WIN : TOKENS_TO_WIN;
  const total = s.scores.reduce((a, b) => a + b, 0);
  const over = s.status !== 'playing';
  const thisRound = duel ? (over ? 1 : 0) : s.out.length === 0 ? 0 : s.out.length === 1 ? 2 : 3;
  const expected = (duel ? 1 : 3) * (s.round - 1) + thisRound;
  const unit = duel ? 'round wins' : 'tokens';
  if (s.scores.some((x) => x < 0)) problems.add('IMPOSSIBLE_SCORES', 'scores', '§6', 'Scores cannot be negative.');
  if (total !== expected) {
    problems.add('IMPOSSIBLE_SCORES', 'scores', '§6', `In round ${s.round} with ${s.out.length} out, the ${unit} must add up to ${expected}, not ${total}: every finished round gives ${duel ? '1 round win' : '3 tokens (2 and 1)'}.`);
  }
  s.out.forEach((o, i) => {
    const gained = duel ? 1 : i === 0 ? 2 : 1;
    if ((s.scores[o] ?? 0) < gained) problems.add('IMPOSSIBLE_SCORES', `scores[${o}]`, '§6', `${s.players[o]} went out ${i === 0 ? 'first' : 'second'} this round, so they have at least ${gained} ${unit}.`);
  });
  const winners = s.scores.flatMap((x, i) => (x >= target ? [i] : []));
  if (s.status === 'gameOver') {
    if (s.winner === null || s.winner !== winners[0] || winners.length !== 1) {
      problems.add('BAD_WINNER', 'winner', '§6', `When the game is over the winner is the one seat with ${target} or more ${unit}.`);
    }
  } else {
    if (s.winner !== null) problems.add('BAD_WINNER', 'winner', '§6', 'There is no winner while the game goes on.');
    if (winners.length > 0) problems.add('IMPOSSIBLE_SCORES', `scores[${winners[0]}]`, '§6', `${s.players[winners[0]!]} has ${s.scores[winners[0]!]} ${unit}, which ends the game at once, yet the game goes on.`);
  }
  if (s.moveCount < s.turn.number - 1 + (s.round - 1)) {
    problems.add('BAD_MOVE_COUNT', 'moveCount', '§8', `${s.moveCount} moves cannot reach turn ${s.turn.number} of round ${s.round}.`);
  }
}

function invariantProblems(s: GameState, problems: ProblemList): void {
  const index = deckIndex(s.deck);
  checkCards(s, index, problems);
  checkTable(s, index, problems);
  checkTurnAndOut(s, problems);
  checkScores(s, problems);
}

function examine(input: unknown): { state?: GameState; problems: PositionProblem[] } {
  const problems = new ProblemList();
  let state: GameState | undefined;
  if (looksLikeState(input)) {
    if (stateShape(input as Record<string, unknown>, problems)) state = input as GameState;
  } else {
    state = stateFromDescription(input, problems);
  }
  if (state) invariantProblems(state, problems);
  return state && problems.list.length === 0 ? { state, problems: [] } : { problems: problems.list };
}

/**
 * Every broken invariant of a position, not just the first: cards missing, twice present, from
 * another deck or not in use at this player count, impossible orientations, mixed sets, two sets
 * of one size, sets in areas that do not exist, a turn at a seat that is out, impossible scores…
 * Field types are checked first; the invariants are checked once the fields can be read.
 *
 * @param input - a {@link GameState} (recognised by its `format` field) or a {@link PositionDescription}.
 * @returns the problems, each with a code, a path, a sentence and its rules reference section; empty when valid.
 *
 * @example
 * ```ts
 * for (const p of validatePosition(JSON.parse(text))) console.log(p.code, p.path, p.message);
 * ```
 */
export function validatePosition(input: GameState | PositionDescription | unknown): PositionProblem[] {
  return examine(input).problems;
}

/**
 * Builds a playable state from a description of a table (or checks a full state), the only way
 * from a snapshot to a position that `legalMoves` and `apply` accept.
 *
 * @param description - a {@link PositionDescription} (defaults documented there) or a full state.
 * @returns the state; `legalMoves(fromPosition(d))` lists the moves of the seat to play.
 * @throws {@link PositionError} listing every problem (see {@link validatePosition}).
 *
 * @example
 * ```ts
 * const state = fromPosition({
 *   players: ['Ana', 'Ben'],
 *   hands: [[{ id: 17, active: 3 }], [{ id: 9, active: 5 }]],
 *   table: [{ seat: 1, area: 0, value: 3, cards: [15] }],
 *   turn: { seat: 0, area: 1 },
 * });
 * ```
 */
export function fromPosition(description: PositionDescription | GameState | unknown): GameState {
  const { state, problems } = examine(description);
  if (!state) throw new PositionError(problems);
  return state;
}
