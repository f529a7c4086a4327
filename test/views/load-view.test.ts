/**
 * loadView on copies of views (a JSON text from another process, a structuredClone across a
 * worker): a sound copy loads to an equal view, and a copy changed in a way no game can show is
 * refused. Any faster check of copied views must keep these passing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  isViewError,
  legalMoves,
  loadView,
  playerView,
  seededRandom,
  STANDARD_DECK,
  type PlayerView,
} from '../../src/index.js';
import { invariantProblems, ProblemList, samePlainData } from '../../src/core/internal.js';
import { dealtViewAgrees } from '../../src/views/load-view.js';
import { viewOf } from '../../src/views/player-view.js';
import { sampleState } from '../../src/views/sample-state.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';

type Mutable = Record<string, unknown> & {
  seat: number;
  hand: { id: number; active: number }[];
  handSizes: number[];
  known: { id: number; active: number }[][];
  discard: number[];
  discardCount: number;
  table: { seat: number; area: number; cards: number[]; value: number }[];
  turn: { seat: number; area: number; number: number };
  status: string;
  winner: number | null;
  scores: number[];
  players: string[];
};

/**
 * Changes that no reachable state shows, each on the parts of `v` it needs (false when `v` lacks
 * them: no card in hand, an empty discard pile…).
 */
const CORRUPTIONS: readonly [string, (v: Mutable) => boolean][] = [
  ['own hand size off by one', (v) => ((v.handSizes[v.seat]! += 1), true)],
  ['another hand one card bigger', (v) => ((v.handSizes[(v.seat + 1) % v.handSizes.length]! += 1), true)],
  [
    'another hand one card smaller',
    (v) => {
      const other = (v.seat + 1) % v.handSizes.length;
      if (v.handSizes[other]! === 0) return false;
      v.handSizes[other]! -= 1;
      return true;
    },
  ],
  [
    'a card of the hand also in the discard pile',
    (v) => {
      if (v.hand.length === 0) return false;
      v.discard.push(v.hand[0]!.id);
      v.discard.sort((a, b) => a - b);
      v.discardCount += 1;
      return true;
    },
  ],
  [
    'a card of the discard pile gone',
    (v) => {
      if (v.discard.length === 0) return false;
      v.discard.pop();
      v.discardCount -= 1;
      return true;
    },
  ],
  [
    'a card of the hand showing a face it does not have',
    (v) => {
      if (v.hand.length === 0) return false;
      v.hand[0]!.active = 99;
      return true;
    },
  ],
  [
    'a card of the hand twice',
    (v) => {
      if (v.hand.length === 0) return false;
      v.hand.push({ ...v.hand[0]! });
      v.handSizes[v.seat]! += 1;
      return true;
    },
  ],
  [
    'a set showing a value its cards do not',
    (v) => {
      if (v.table.length === 0) return false;
      v.table[0]!.value = 99;
      return true;
    },
  ],
  ['the turn at a seat that does not exist', (v) => ((v.turn.seat = v.players.length), true)],
  ['a seat that does not exist', (v) => ((v.seat = v.players.length), true)],
  ['a field no view has', (v) => ((v.extra = 1), true)],
  [
    'a deck with one card id twice',
    (v) => {
      (v.deck as { cards: { id: number }[] }).cards[1]!.id = 0;
      return true;
    },
  ],
  ['an unknown status', (v) => ((v.status = 'paused'), true)],
  [
    'a game over without a winner',
    (v) => {
      if (v.status !== 'playing') return false;
      v.status = 'gameOver';
      return true;
    },
  ],
  [
    'a score that ends the game while it goes on',
    (v) => {
      if (v.status !== 'playing') return false;
      v.scores[0] = 99;
      return true;
    },
  ],
];

const copies: readonly [string, (v: PlayerView) => Mutable][] = [
  ['JSON', (v) => JSON.parse(JSON.stringify(v)) as Mutable],
  ['structuredClone', (v) => structuredClone(v) as unknown as Mutable],
];

function refusal(input: unknown): string | undefined {
  try {
    loadView(input);
    return undefined;
  } catch (e) {
    return isViewError(e) ? e.code : `not a ViewError: ${String(e)}`;
  }
}

describe('loadView of a copied view', () => {
  it('loads a sound copy to an equal view, and refuses a copy no game can show', () => {
    let refused = 0;
    fc.assert(
      fc.property(
        gameScript({ maxMoves: 150 }),
        fc.nat(),
        fc.nat(CORRUPTIONS.length - 1),
        fc.nat(copies.length - 1),
        (script, seatChoice, which, how) => {
          const state = playScript(script);
          const view = playerView(state, seatChoice % state.players.length);
          const [, copy] = copies[how]!;
          expect(JSON.stringify(loadView(copy(view)))).toBe(JSON.stringify(view));
          // the first corruption from `which` on that applies to this view
          for (let k = 0; k < CORRUPTIONS.length; k++) {
            const [name, corrupt] = CORRUPTIONS[(which + k) % CORRUPTIONS.length]!;
            const damaged = copy(view);
            if (!corrupt(damaged)) continue;
            expect([name, refusal(damaged)]).toEqual([name, expect.stringMatching(/^(BAD_VIEW|INCONSISTENT_VIEW)$/)]);
            expect([name, refusal(JSON.stringify(damaged))]).toEqual([
              name,
              expect.stringMatching(/^(BAD_VIEW|INCONSISTENT_VIEW)$/),
            ]);
            refused++;
            break;
          }
        },
      ),
      { numRuns: scaled(300) },
    );
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});

/** Changes to the parts of a view that a state dealt from it does not take as they are. */
const DERIVED: readonly ((v: Mutable & { events: Record<string, unknown>[] }) => boolean)[] = [
  (v) => {
    const k = v.known[v.seat]![0];
    if (!k) return false;
    k.active = v.hand.find((c) => c.id === k.id)?.active === k.active ? k.active + 1 : k.active;
    return true;
  },
  (v) => {
    const own = v.known[v.seat]!;
    if (own.length === 0 || v.hand.length < 2) return false;
    own[0] = { ...v.hand.find((c) => c.id !== own[0]!.id)! };
    return true;
  },
  (v) => (v.discard.length > 1 ? (v.discard.reverse(), true) : false),
  (v) => (v.discard.length > 0 ? ((v.discard[0] = v.discard[0]! + 1), true) : false),
  (v) => {
    const e = v.events.find((x) => x.type === 'handRotated');
    return e ? ((e.size = (e.size as number) + 1), true) : false;
  },
  (v) => {
    const e = v.events.find((x) => x.type === 'handRotated');
    if (!e) return false;
    e.cards = e.cards === null ? [] : null;
    return true;
  },
  (v) => {
    const e = v.events.find((x) => x.type === 'handRotated');
    return e ? ((e.extra = 1), true) : false;
  },
  (v) => {
    const e = v.events.find((x) => x.type === 'handRotated' && Array.isArray(x.cards));
    if (!e || (e.cards as unknown[]).length === 0) return false;
    (e.cards as { active: number }[])[0]!.active += 1;
    return true;
  },
];

describe('the check that a dealt state shows the view it was dealt from', () => {
  it('answers as making that state’s view and comparing it whole would', () => {
    let agreed = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        gameScript({ maxMoves: 150 }),
        fc.nat(),
        fc.boolean(),
        fc.nat(DERIVED.length + CORRUPTIONS.length),
        (script, seatChoice, rotate, which) => {
          let state = playScript(script);
          // a rotation just made: its event is in the view (the viewer's own, or another's)
          const turn = legalMoves(state).find((m) => m.type === 'rotate');
          if (rotate && turn) state = apply(state, turn);
          const view = playerView(state, seatChoice % state.players.length);
          const plain = JSON.parse(JSON.stringify(view)) as Mutable & { events: Record<string, unknown>[] };
          if (which > 0) {
            const change =
              which <= DERIVED.length
                ? DERIVED[which - 1]!
                : (v: Mutable) => CORRUPTIONS[which - 1 - DERIVED.length]![1](v);
            if (!change(plain)) return;
          }
          // a view whose fields are refused (BAD_VIEW) never reaches the comparison
          if (refusal(JSON.parse(JSON.stringify(plain))) === 'BAD_VIEW') return;
          const v = { ...plain, deck: STANDARD_DECK } as unknown as PlayerView;
          let sample;
          try {
            sample = sampleState(v, seededRandom(0));
          } catch {
            return; // refused before the comparison
          }
          const problems = new ProblemList();
          invariantProblems(sample, problems);
          if (problems.count > 0) return;
          const whole = samePlainData(viewOf(sample, v.seat), v);
          expect(dealtViewAgrees(sample, v)).toBe(whole);
          if (whole) agreed++;
          else refused++;
        },
      ),
      { numRuns: scaled(600) },
    );
    // both answers must have been seen for the equality to prove anything
    expect(agreed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});
