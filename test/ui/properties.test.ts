/**
 * Property tests of the UI kit over random games (fast-check prints the seed of any failure):
 * steps end at apply's result and conserve the cards, each step differs from the one before
 * exactly as its event says; moveFromSelection and cardHints agree with legalMoves and checkMove,
 * on the standard deck and on random custom decks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  applySteps,
  cardHints,
  checkMove,
  legalMoves,
  moveFromSelection,
  playerView,
  STANDARD_DECK,
  viewSteps,
  type GameEvent,
  type GameState,
  type Move,
  type PlayerView,
  type ViewEvent,
} from '../../src/index.js';
import { gameScript, playScript, type Step } from '../helpers/random-games.js';
import { deckScript, playDeckScript } from '../helpers/custom-decks.js';
import { buildState } from '../helpers/positions.js';

const RUNS = 12;
const key = (m: Move): string => JSON.stringify(m);

/** The fields of a position that differ between two positions (deep), besides the move's own. */
function changed(a: object, b: object): string[] {
  const own = new Set(['moveCount', 'lastMove', 'events']);
  return Object.keys(b)
    .filter(
      (k) =>
        !own.has(k) &&
        JSON.stringify((a as Record<string, unknown>)[k]) !== JSON.stringify((b as Record<string, unknown>)[k]),
    )
    .sort();
}

/** The fields each event may change, in a state and in a view (a subset may not change, e.g. an empty known list). */
const MAY_CHANGE: Record<GameEvent['type'], readonly string[]> = {
  roundDealt: [
    'discardCount',
    'discard',
    'handSizes',
    'hand',
    'hands',
    'known',
    'out',
    'round',
    'rng',
    'starter',
    'status',
    'table',
    'winner',
  ],
  setDiscarded: ['discard', 'discardCount', 'table'],
  setPlayed: ['hand', 'handSizes', 'hands', 'known', 'table'],
  cardAdded: ['hand', 'handSizes', 'hands', 'known', 'table'],
  setBeaten: ['discard', 'discardCount', 'hand', 'handSizes', 'hands', 'known', 'table'],
  setTaken: ['hand', 'handSizes', 'hands', 'known', 'table'],
  handRotated: ['hand', 'hands', 'known'],
  playerOut: ['out'],
  tokensGained: ['scores'],
  roundWon: ['scores'],
  roundEnded: ['status'],
  gameWon: ['status', 'winner'],
  turnStarted: ['turn'],
};

const ids = (cards: readonly { id: number }[]): number[] => cards.map((c) => c.id);
const minus = (list: readonly number[], gone: readonly number[]): number[] => list.filter((x) => !gone.includes(x));
const otherFace = (id: number, active: number): number => {
  const faces = STANDARD_DECK.cards.find((c) => c.id === id)?.faces;
  return faces ? (faces[0] === active ? faces[1] : faces[0]) : NaN;
};

/** Checks that `next` is `prev` with exactly what `e` says done to it (full states). */
function checkStateStep(prev: GameState, next: GameState, e: GameEvent, standard: boolean): void {
  const diff = changed(prev, next);
  for (const field of diff) expect(MAY_CHANGE[e.type], `${e.type} changed ${field}`).toContain(field);
  const setAt = (s: GameState, seat: number, area: number) => s.table.find((t) => t.seat === seat && t.area === area);
  switch (e.type) {
    case 'setDiscarded':
      expect(setAt(prev, e.seat, e.area)).toEqual({ seat: e.seat, area: e.area, value: e.value, cards: e.cards });
      expect(setAt(next, e.seat, e.area)).toBeUndefined();
      expect(next.discardCount).toBe(prev.discardCount + e.cards.length);
      break;
    case 'setPlayed':
      expect(ids(next.hands[e.seat]!)).toEqual(minus(ids(prev.hands[e.seat]!), e.cards));
      expect(setAt(prev, e.seat, e.area)).toBeUndefined();
      expect(setAt(next, e.seat, e.area)).toEqual({ seat: e.seat, area: e.area, value: e.value, cards: e.cards });
      for (const id of e.cards) expect(prev.hands[e.seat]!.find((c) => c.id === id)?.active).toBe(e.value);
      break;
    case 'cardAdded':
      expect(ids(next.hands[e.seat]!)).toEqual(minus(ids(prev.hands[e.seat]!), [e.card]));
      expect(setAt(next, e.target.seat, e.target.area)!.cards).toEqual([
        ...setAt(prev, e.target.seat, e.target.area)!.cards,
        e.card,
      ]);
      expect(setAt(next, e.target.seat, e.target.area)!.cards.length).toBe(e.size);
      break;
    case 'setBeaten':
    case 'setTaken': {
      const from = e.type === 'setBeaten' ? { seat: e.seat, area: e.area } : e.from;
      const owner = e.seat;
      const arrived = e.type === 'setBeaten' ? e.returned : e.cards;
      const set = setAt(prev, from.seat, from.area)!;
      expect(set.value).toBe(e.value);
      expect(setAt(next, from.seat, from.area)).toBeUndefined();
      if (e.type === 'setBeaten' && e.fate === 'discarded') {
        expect(next.discardCount).toBe(prev.discardCount + set.cards.length);
        expect(next.out).toContain(owner);
      } else {
        expect(next.hands[owner]).toEqual([...prev.hands[owner]!, ...arrived]);
        expect(ids(arrived)).toEqual(set.cards);
        if (standard) for (const c of arrived) expect(c.active).toBe(otherFace(c.id, e.value)); // rotated (golden rule)
        expect(next.known[owner]).toEqual([...prev.known[owner]!, ...set.cards]);
      }
      break;
    }
    case 'handRotated':
      expect(ids(next.hands[e.seat]!)).toEqual(ids(prev.hands[e.seat]!));
      if (standard)
        next.hands[e.seat]!.forEach((c, i) => expect(c.active).toBe(otherFace(c.id, prev.hands[e.seat]![i]!.active)));
      break;
    case 'playerOut':
      expect(next.out).toEqual([...prev.out, e.seat]);
      expect(next.hands[e.seat]).toEqual([]);
      break;
    case 'tokensGained':
      expect(next.scores[e.seat]).toBe(prev.scores[e.seat]! + e.tokens);
      break;
    case 'roundWon':
      expect(next.scores[e.seat]).toBe(prev.scores[e.seat]! + 1);
      break;
    case 'roundEnded':
      expect([prev.status, next.status]).toEqual(['playing', 'roundOver']);
      break;
    case 'gameWon':
      expect([next.status, next.winner]).toEqual(['gameOver', e.seat]);
      break;
    case 'turnStarted':
      expect(next.turn).toEqual({ seat: e.seat, area: e.area, number: e.number });
      break;
    case 'roundDealt':
      expect([next.round, next.starter, next.table, next.out, next.discardCount]).toEqual([
        prev.round + 1,
        e.starter,
        [],
        [],
        0,
      ]);
      break;
  }
}

/** Cards in hands, on the table and in the discard pile: each card in use exactly once. */
function checkConserved(s: GameState, total: number): void {
  const placed = [...s.hands.flatMap(ids), ...s.table.flatMap((t) => t.cards)];
  expect(new Set(placed).size).toBe(placed.length);
  expect(placed.length + s.discardCount).toBe(total);
}

function checkViewConserved(v: PlayerView, total: number): void {
  const sizes = v.handSizes.reduce((a, b) => a + b, 0);
  expect(sizes + v.table.reduce((n, t) => n + t.cards.length, 0) + v.discardCount).toBe(total);
  expect(v.discard.length).toBe(v.discardCount);
  expect(v.hand.length).toBe(v.handSizes[v.seat]);
}

const cardsInPlay = (s: GameState): number =>
  s.hands.reduce((n, h) => n + h.length, 0) + s.table.reduce((n, t) => n + t.cards.length, 0) + s.discardCount;

function checkSteps({ before, move, after }: Step, standard: boolean): void {
  const steps = applySteps(before, move);
  expect(steps.at(-1)!.state).toEqual(after);
  expect(steps.map((x) => x.event)).toEqual(after.events);
  const total = cardsInPlay(before);
  let prev = before;
  steps.forEach(({ event, state }, i) => {
    checkConserved(state, move.type === 'nextRound' ? cardsInPlay(after) : total);
    checkStateStep(prev, state, event, standard);
    expect(state.events).toEqual(after.events.slice(0, i + 1));
    prev = state;
  });
}

function checkViewSteps({ before, after }: Step, seat: number): void {
  const b = playerView(before, seat);
  const a = playerView(after, seat);
  const steps = viewSteps(b, a);
  expect(steps.at(-1)!.view).toBe(a);
  const total = cardsInPlay(after.lastMove?.type === 'nextRound' ? after : before);
  let prev = b;
  for (const { event, view } of steps) {
    checkViewConserved(view, event.type === 'roundDealt' || prev.round !== b.round ? total : cardsInPlay(before));
    for (const field of changed(prev, view))
      expect(MAY_CHANGE[(event as ViewEvent).type], `${event.type} changed ${field}`).toContain(field);
    prev = view;
  }
}

/** The selection a UI would make for a legal move, without naming the action. */
function selectionOf(m: Move) {
  switch (m.type) {
    case 'play':
      return { cards: [...m.cards].reverse() };
    case 'add':
      return { cards: [m.card], target: m.target };
    case 'take':
      return { target: m.target };
    default:
      return { action: m.type };
  }
}

function checkSelections({ before, moves }: Step): void {
  const legal = new Set(moves.map(key));
  for (const m of moves.slice(0, 60)) {
    expect(moveFromSelection(before, { ...selectionOf(m), action: m.type })).toEqual({ ok: true, move: m });
    const v = moveFromSelection(before, selectionOf(m));
    if (v.ok) expect(v.move).toEqual(m);
    else {
      expect(v.code).toBe('AMBIGUOUS_SELECTION');
      expect(v.params.candidates!.map(key)).toContain(key(m));
      for (const c of v.params.candidates!) expect(legal.has(key(c))).toBe(true);
    }
  }
  // every card alone: a legal move, an ambiguity between legal moves, or checkMove's refusal of its play
  const hand = before.hands[before.turn.seat]!;
  for (const c of hand) {
    const v = moveFromSelection(before, { cards: [c.id] });
    if (v.ok) expect(legal.has(key(v.move))).toBe(true);
    else if (v.code === 'AMBIGUOUS_SELECTION') expect(v.params.candidates!.every((x) => legal.has(key(x)))).toBe(true);
    else
      expect({ ...v, kind: undefined }).toEqual({
        ...checkMove(before, { type: 'play', cards: [c.id] }),
        kind: undefined,
      });
  }
  // a pair of cards: legal exactly when the play is listed
  if (hand.length >= 2) {
    const v = moveFromSelection(before, { cards: [hand[0]!.id, hand[1]!.id] });
    const play = { type: 'play', cards: [hand[0]!.id, hand[1]!.id].sort((a, b) => a - b) };
    expect(v.ok).toBe(legal.has(key(play as Move)));
  }
}

/** Hints agree with the legal moves both ways: sizes per card, adds, takes, rotate. */
function checkHints({ before, moves }: Step): void {
  const h = cardHints(before);
  const sizes = new Set<string>();
  const adds = new Set<string>();
  const takes = new Set<string>();
  for (const m of moves) {
    if (m.type === 'play') for (const id of m.cards) sizes.add(`${id}/${m.cards.length}`);
    if (m.type === 'add') adds.add(`${m.card}>${m.target.seat}.${m.target.area}`);
    if (m.type === 'take') takes.add(`${m.target.seat}.${m.target.area}`);
  }
  expect(new Set(h.cards.flatMap((c) => c.playSizes.map((s) => `${c.card}/${s}`)))).toEqual(sizes);
  expect(new Set(h.cards.flatMap((c) => c.addTo.map((t) => `${c.card}>${t.seat}.${t.area}`)))).toEqual(adds);
  expect(new Set(h.sets.flatMap((s) => s.add.map((id) => `${id}>${s.target.seat}.${s.target.area}`)))).toEqual(adds);
  expect(new Set(h.sets.filter((s) => s.take).map((s) => `${s.target.seat}.${s.target.area}`))).toEqual(takes);
  expect(h.rotate).toBe(moves.some((m) => m.type === 'rotate'));
  expect(h.nextRound).toBe(moves.some((m) => m.type === 'nextRound'));
  expect(cardHints(playerView(before, before.turn.seat))).toEqual(h);
}

describe.each([2, 3, 5])('the UI kit over random games with %i players', (players) => {
  it("steps: the last is apply's result, cards are conserved, each differs as its event says", () => {
    fc.assert(
      fc.property(gameScript({ players, maxMoves: 150 }), (script) => {
        playScript(script, (step) => {
          checkSteps(step, true);
          checkViewSteps(
            step,
            step.move.type === 'nextRound' ? 0 : (step.before.turn.seat + step.before.moveCount) % players,
          );
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('moveFromSelection and cardHints agree with legalMoves and checkMove', () => {
    fc.assert(
      fc.property(gameScript({ players, maxMoves: 150 }), (script) => {
        playScript(script, (step) => {
          checkSelections(step);
          checkHints(step);
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe.each([2, 4])('the UI kit over random custom decks with %i players', (players) => {
  it('agrees with legalMoves, and its steps hold, whatever the deck', () => {
    fc.assert(
      fc.property(deckScript({ players, maxMoves: 80 }), (script) => {
        playDeckScript(script, (step) => {
          checkSteps(step, false);
          checkHints(step);
          checkSelections(step);
        });
      }),
      { numRuns: 8 },
    );
  });
});

it('gives a finished game no hints at all', () => {
  const s = apply(
    buildState({ players: 2, hands: [[[13, 9]], [[7, 1]]], turn: { seat: 0, area: 0 }, scores: [1, 1] }),
    { type: 'play', cards: [13] },
  );
  expect(s.status).toBe('gameOver');
  expect(legalMoves(s)).toEqual([]);
  const h = cardHints(s);
  expect([h.toPlay, h.rotate, h.nextRound, h.sets.some((x) => x.take || x.add.length > 0)]).toEqual([
    false,
    false,
    false,
    false,
  ]);
});
