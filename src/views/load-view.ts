/**
 * The gateway for player views from outside (a network message to a bot, a saved view): read
 * once into a private copy and checked in full. A view is sound exactly when some full state
 * reachable by the rules shows it: the check deals one such state ({@link determinize}) from the
 * view's checked fields, checks every invariant of rules §1–§8 as for any outside state (without
 * the private copy and the seal an outside state gets: the sample is the library's own), and
 * compares the parts of its view that it derives with the ones given.
 */
import { isMove, type GameEvent, type GameState, type RngState } from '../core/index.js';
import {
  isRecord,
  samePlainData,
  ProblemList,
  summarize,
  scoringFor,
  invariantProblems,
  examineSeatView,
  isIntactView,
  isIssuedView,
  issueView,
  randomFrom,
  seedRng,
  discardPileOf,
} from '../core/internal.js';
import { ViewError } from './errors.js';
import { sampleState } from './sample-state.js';
import { readViewInput, VIEW_FIELDS } from './view-input.js';
import type { PlayerView } from './player-view.js';

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isIntList = (x: unknown, n?: number): boolean =>
  Array.isArray(x) && (n === undefined || x.length === n) && x.every(isInt);
const VIEW_KEYS: ReadonlySet<string> = new Set(VIEW_FIELDS);

/** The generator state of seed 0, which deals every sample: seeded once, not at each view. */
let sampleSeed: RngState | undefined;

function examineView(input: unknown, problems: ProblemList): PlayerView | undefined {
  if (isIssuedView(input) && (input as Partial<PlayerView>).handSizes !== undefined) {
    if (isIntactView(input)) return input as PlayerView;
    problems.add(
      'CORRUPT_VIEW',
      '',
      '§8',
      'This player view was changed in place after the library made it: views are read-only. Ask for a new one (playerView), or load its saved copy.',
    );
    return undefined;
  }
  // read once into a copy (a copy of the standard deck read as the library's own deck, checked
  // once for all, not 40 cards to copy and check)
  const read = readViewInput(input);
  if (!read.ok) {
    problems.add('UNREADABLE', read.problem.path, '§8', `The player view cannot be read: ${read.problem.message}`);
    return undefined;
  }
  const v = read.value;
  if (!isRecord(v) || v.format !== 'dnup-view') {
    problems.add('BAD_SHAPE', 'format', '§8', 'A player view is an object whose "format" is "dnup-view".');
    return undefined;
  }
  for (const key of Object.keys(v))
    if (!VIEW_KEYS.has(key))
      problems.add('BAD_SHAPE', key, '§8', `A player view has no field ${JSON.stringify(key.slice(0, 40))}.`);
  const part = examineSeatView(v, problems);
  if (!part) return undefined;
  const n = part.players.length;
  const bad = (path: string, what: string): void =>
    problems.add('BAD_SHAPE', path, '§8', `"${path}" of a player view must be ${what}.`);
  if (v.scoring !== scoringFor(n)) bad('scoring', n === 2 ? '"rounds"' : '"tokens"');
  if (!isInt(v.round) || v.round < 1) bad('round', 'a round number of at least 1');
  if (
    !isIntList(v.handSizes, n) ||
    !(v.handSizes as number[]).every((x) => x >= 0) ||
    (v.handSizes as number[])[part.seat] !== part.hand.length
  ) {
    bad('handSizes', `${n} hand sizes, the viewing seat's equal to its hand`);
  }
  const held = (c: unknown): boolean => isRecord(c) && isInt(c.id) && isInt(c.active) && Object.keys(c).length === 2;
  if (!Array.isArray(v.known) || v.known.length !== n || !v.known.every((k) => Array.isArray(k) && k.every(held)))
    bad('known', `one array of cards { id, active } per seat (${n})`);
  if (!isIntList(v.discard)) bad('discard', 'an array of card ids');
  if (!isInt(v.discardCount) || !Array.isArray(v.discard) || v.discardCount !== v.discard.length)
    bad('discardCount', 'the number of cards in "discard"');
  if (!isInt(v.starter)) bad('starter', 'a seat');
  if (!isIntList(v.out)) bad('out', 'an array of seats');
  if (!isIntList(v.scores, n)) bad('scores', `an array of ${n} integers`);
  if (!(v.winner === null || isInt(v.winner))) bad('winner', 'a seat or null');
  if (!isInt(v.moveCount) || v.moveCount < 0) bad('moveCount', 'a whole number');
  if (!(v.lastMove === null || isMove(v.lastMove))) bad('lastMove', 'null or a move');
  if (!Array.isArray(v.events) || !v.events.every((e) => isRecord(e))) bad('events', 'an array of events');
  if (problems.count > 0) return undefined;
  const view = viewRecord(v as unknown as PlayerView, part.deck);
  let sample;
  try {
    sample = sampleState(view, randomFrom((sampleSeed ??= seedRng(0))));
  } catch (e) {
    throw new ViewError('INCONSISTENT_VIEW', `No game state shows this view: ${(e as Error).message}`);
  }
  // the sample is the library's own plain data, built from the view's fields checked above, each
  // of the type a state's field needs (so a state's shape check would find nothing): it needs the
  // invariants of rules §1–§8, not a private copy or a seal
  const stateProblems = new ProblemList();
  invariantProblems(sample, stateProblems);
  const state = stateProblems.count === 0 ? sample : undefined;
  if (!state || !dealtViewAgrees(state, view)) {
    const why = state
      ? 'its parts contradict each other (known cards, events or the discard pile)'
      : summarize(stateProblems.list, stateProblems.count);
    throw new ViewError('INCONSISTENT_VIEW', `No game state shows this view: ${why}`, {}, stateProblems.list);
  }
  return issueView(view);
}

/**
 * The checked fields of a view as one record in {@link playerView}'s order: every loaded view has
 * the same shape, so the mark {@link issueView} adds is a step V8 has taken before (on a spread
 * copy, a new shape for each view, it cost 2 to 3 µs, a sixth of a load).
 */
function viewRecord(v: PlayerView, deck: PlayerView['deck']): PlayerView {
  return {
    format: 'dnup-view',
    seat: v.seat,
    players: v.players,
    deck,
    scoring: v.scoring,
    round: v.round,
    status: v.status,
    hand: v.hand,
    handSizes: v.handSizes,
    known: v.known,
    table: v.table,
    discard: v.discard,
    discardCount: v.discardCount,
    starter: v.starter,
    turn: v.turn,
    out: v.out,
    scores: v.scores,
    winner: v.winner,
    moveCount: v.moveCount,
    lastMove: v.lastMove,
    events: v.events,
  } as PlayerView; // status and winner checked together
}

/**
 * True when the view of `sample`, a sound state {@link sampleState} dealt from `view` (a view
 * whose fields examineView checked), is `view`: the same answer as
 * `samePlainData(viewOf(sample, view.seat), view)`, without making that view. Only three of its
 * parts are not taken from `view` as they are: the viewer's known cards (their faces are its
 * hand's), the discard pile (what no hand and no set holds) and the hands' rotations (their sizes
 * are the hands'). test/views/load-view.test.ts holds the two answers equal.
 */
export function dealtViewAgrees(sample: GameState, view: PlayerView): boolean {
  const seat = view.seat;
  const hand = view.hand;
  for (const c of view.known[seat]!) {
    const held = hand.find((h) => h.id === c.id);
    if (held === undefined || held.active !== c.active) return false;
  }
  const pile = discardPileOf(sample);
  if (pile.length !== view.discard.length) return false;
  for (let i = 0; i < pile.length; i++) if (pile[i] !== view.discard[i]) return false;
  for (let i = 0; i < view.events.length; i++) {
    const e = view.events[i]!;
    if (e.type !== 'handRotated') continue; // dealt as it is, seen as it is
    const cards = (sample.events[i] as Extract<GameEvent, { type: 'handRotated' }>).cards;
    const seen = { type: 'handRotated', seat: e.seat, size: cards.length, cards: e.seat === seat ? cards : null };
    if (!samePlainData(seen, e)) return false;
  }
  return true;
}

/**
 * The gateway for a player view from outside (JSON from a network message or a file): reads it
 * once into a private copy and checks it in full, so that bots and `determinize` can use it.
 * Views made by {@link playerView} are returned as they are.
 *
 * @param input - a player view as plain data, or its JSON text.
 * @returns the checked view, owned by the library.
 * @throws {@link ViewError} `BAD_VIEW` listing every problem of its fields (`problems`: `UNREADABLE`,
 *   `BAD_SHAPE`, `DUPLICATE_CARD`…), or `INCONSISTENT_VIEW` when no reachable state shows it.
 * @example
 * ```ts
 * const view = loadView(JSON.parse(message));
 * const move = bot.chooseMove(view);
 * ```
 */
export function loadView(input: unknown): PlayerView {
  const problems = new ProblemList();
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      problems.add('UNREADABLE', '', '§8', 'This text is not JSON, so it is not a player view.');
      throw new ViewError('BAD_VIEW', problems.list[0]!.message, {}, problems.list);
    }
  }
  const view = examineView(value, problems);
  if (!view)
    throw new ViewError(
      'BAD_VIEW',
      `This is not a player view: ${summarize(problems.list, problems.count)}`,
      {},
      problems.list,
    );
  return view;
}
