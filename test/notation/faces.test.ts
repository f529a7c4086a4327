/** Cards named by their faces in the move notation (docs/notation.md, "Cards by their faces"; rules §2, §5). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  formatMove,
  fromPosition,
  isArgumentError,
  isNotationError,
  legalMoves,
  parseMove,
  parsePosition,
  type DeckDefinition,
  type GameState,
  type Move,
  type NotationError,
} from '../../src/index.js';
import { deckScript, playDeckScript } from '../helpers/custom-decks.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';
import { thrown } from '../records/thrown.js';

/** The rulebook's example of rules §5: Ana holds 2·5 (card 9) showing 5 and 1·6 (card 4) showing 1. */
const rulebook = parsePosition('dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,3/6;2:5/6 t0');

/** The NotationError `parseMove` throws for `text`, or a failure when it reads a move. */
function refusal(state: GameState, text: string): NotationError {
  const e = thrown(() => parseMove(state, text));
  if (!isNotationError(e)) throw new Error(`${text}: expected a NotationError, got ${String(e)}`);
  return e;
}

/** A house deck with two cards 2·6 (ids 1 and 4) and three cards 3·7 (ids 2, 6 and 7). */
const house: DeckDefinition = {
  name: 'house',
  cards: [
    { id: 0, faces: [1, 5], minPlayers: 2, star: true },
    { id: 1, faces: [2, 6], minPlayers: 2 },
    { id: 2, faces: [3, 7], minPlayers: 2 },
    { id: 3, faces: [4, 8], minPlayers: 2 },
    { id: 4, faces: [2, 6], minPlayers: 2 },
    { id: 5, faces: [9, 1], minPlayers: 2 },
    { id: 6, faces: [7, 3], minPlayers: 2 },
    { id: 7, faces: [3, 7], minPlayers: 2 },
  ],
};

/** Ana (to play, area 2) holds both 2·6 showing 6, all three 3·7 showing 7, and 1·5 showing 1. */
const houseDuel = fromPosition({
  players: ['Ana', 'Ben'],
  deck: house,
  hands: [
    [
      { id: 1, active: 6 },
      { id: 4, active: 6 },
      { id: 0, active: 1 },
      { id: 2, active: 7 },
      { id: 6, active: 7 },
      { id: 7, active: 7 },
    ],
    [
      { id: 3, active: 4 },
      { id: 5, active: 9 },
    ],
  ],
  table: [],
  turn: { seat: 0, area: 1 },
});

describe('a card named by its faces, active|inactive (rules §2: in the standard deck a pair of values is on one card)', () => {
  it('reads the same move as the ids, for a play, an add with or without its target, and a mix of both forms', () => {
    expect(parseMove(rulebook, 'A 5|2>2')).toBe(parseMove(rulebook, 'A 9>2'));
    expect(parseMove(rulebook, 'a 5 | 2')).toBe(parseMove(rulebook, 'A 9>2'));
    expect(parseMove(rulebook, 'A 5/2>2')).toEqual({ type: 'add', card: 9, target: { seat: 2, area: 0 } });
    const state = createGame(['Ana', 'Ben', 'Cy'], 'faces');
    const hand = state.hands[state.turn.seat]!;
    const faces = (id: number): string => {
      const card = state.deck.cards.find((c) => c.id === id)!;
      const active = hand.find((c) => c.id === id)!.active;
      return `${active}|${card.faces[0] === active ? card.faces[1] : card.faces[0]}`;
    };
    const pairs = legalMoves(state).filter(
      (m): m is Extract<Move, { type: 'play' }> => m.type === 'play' && m.cards.length === 2,
    );
    expect(pairs.length).toBeGreaterThan(0);
    for (const m of pairs) {
      const [a, b] = m.cards as [number, number];
      expect(parseMove(state, `P ${faces(b)},${faces(a)}`)).toEqual(m);
      expect(parseMove(state, `P ${a} ${faces(b)}`)).toEqual(m);
    }
  });

  it('counts which face is up: the card the other way up is NOT_YOUR_CARD, saying how it lies', () => {
    const e = refusal(rulebook, 'P 2|5');
    expect(e.code).toBe('ILLEGAL');
    expect(e.details).toEqual({ moveCode: 'NOT_YOUR_CARD', rule: '§5 A' });
    expect(e.message).toMatch(/card 9 shows 5, with 2 underneath \(rules §5 A/);
    expect(e.params).toMatchObject({ card: 9, value: 2 });
  });

  it('a card of the deck that is not in the hand to play is NOT_YOUR_CARD; faces no card has are UNKNOWN_CARD (rules §2)', () => {
    const elsewhere = refusal(rulebook, 'P 7|1'); // card 5 (1·7), in Ben's hand
    expect(elsewhere.details).toEqual({ moveCode: 'NOT_YOUR_CARD', rule: '§5 A' });
    expect(elsewhere.params.card).toBe(5);
    expect(elsewhere.message).toMatch(/No card in your hand shows 7 with 1 on its other face/);
    const add = refusal(rulebook, 'A 8|1>2'); // Cy's card
    expect(add.details).toEqual({ moveCode: 'NOT_YOUR_CARD', rule: '§5 B' });
    const none = refusal(rulebook, 'P 2|3'); // the standard deck leaves the pair 2|3 out
    expect(none.details).toEqual({ moveCode: 'UNKNOWN_CARD', rule: '§2' });
    expect(none.message).toMatch(/No card of this deck has the faces 2 and 3 \(rules §2\)/);
  });

  it('a card named twice, by its faces and its id or twice by its faces, is DUPLICATE_CARD (rules §5 A)', () => {
    expect(refusal(rulebook, 'P 9,5|2').details).toEqual({ moveCode: 'DUPLICATE_CARD', rule: '§5 A' });
    const twice = refusal(rulebook, 'P 5|2,5|2');
    expect(twice.details.moveCode).toBe('DUPLICATE_CARD');
    expect(twice.message).toMatch(
      /your hand holds 1 card showing 5 with 2 on the other face, but the text names 5\|2 twice/i,
    );
  });

  it('a face form of a legal card in an illegal move is refused for the rule it breaks', () => {
    const e = refusal(rulebook, 'P 5|2'); // a single 5 does not beat Cy's single 5
    expect(e.details).toEqual({ moveCode: 'DOES_NOT_BEAT', rule: '§5 A' });
  });

  it('once the round is over, a face form is refused as every action is: ROUND_OVER (rules §8)', () => {
    let s = createGame(['Ana', 'Ben', 'Cy'], 'club');
    while (s.status === 'playing') {
      const moves = legalMoves(s);
      s = apply(s, moves.find((m) => m.type === 'play') ?? moves[0]!);
    }
    expect(s.status).toBe('roundOver');
    expect(refusal(s, 'P 5|2').details.moveCode).toBe('ROUND_OVER');
  });

  it('text that is not a face form is UNREADABLE: a bar without a second value, a bar in a take, ids past 6 digits', () => {
    for (const text of ['P 5|', 'P |2', 'T 1|2', 'A 5|2>', 'P 1234567', 'P 5||2'])
      expect(refusal(rulebook, text).code, text).toBe('UNREADABLE');
  });
});

describe('a face form that names several cards (a custom deck may repeat a pair, rules §2)', () => {
  it('is refused as AMBIGUOUS with every candidate card listed by id, never guessed', () => {
    const e = refusal(houseDuel, 'P 6|2');
    expect(e.code).toBe('AMBIGUOUS');
    expect(e.message).toMatch(/6\|2 names cards 1 and 4 in your hand/);
    expect(e.message).toMatch(/\(P 1, P 4\)/);
    expect(e.details.candidates).toEqual([
      { type: 'play', cards: [1] },
      { type: 'play', cards: [4] },
    ]);
    expect(e.params).toMatchObject({ count: 2, cards: [1, 4] });
  });

  it('counts every way of choosing: two of three 3·7s is 3 moves, one of each pair 2·3 = 6', () => {
    const two = refusal(houseDuel, 'P 7|3,7|3');
    expect(two.code).toBe('AMBIGUOUS');
    expect(two.params.count).toBe(3);
    expect(two.details.candidates).toEqual([
      { type: 'play', cards: [2, 6] },
      { type: 'play', cards: [2, 7] },
      { type: 'play', cards: [6, 7] },
    ]);
    expect(two.message).toMatch(/7\|3 names cards 2, 6 and 7 in your hand/);
  });

  it('is read when nothing is left to choose: the pair named as often as the hand holds it, or the others named by id', () => {
    expect(parseMove(houseDuel, 'P 6|2,6|2')).toEqual({ type: 'play', cards: [1, 4] });
    expect(parseMove(houseDuel, 'P 1,6|2')).toEqual({ type: 'play', cards: [1, 4] });
    expect(parseMove(houseDuel, 'P 7|3 2 6')).toEqual({ type: 'play', cards: [2, 6, 7] });
    expect(parseMove(houseDuel, 'P 1|5')).toBe(parseMove(houseDuel, 'P 0'));
    expect(refusal(houseDuel, 'P 6|2,6|2,6|2').details.moveCode).toBe('DUPLICATE_CARD');
  });

  it('stays fast and short on a hand of thousands of alike cards: a bounded list of candidates and ids', () => {
    const n = 3000;
    const cards = [
      { id: 0, faces: [1, 5] as [number, number], minPlayers: 2, star: true },
      ...Array.from({ length: 2 * n - 1 }, (_, i) => ({ id: i + 1, faces: [2, 6] as [number, number], minPlayers: 2 })),
    ];
    const ids = cards.map((c) => c.id);
    const state = fromPosition({
      players: ['Ana', 'Ben'],
      deck: { cards },
      hands: [
        ids.slice(0, n).map((id) => ({ id, active: id === 0 ? 1 : 6 })),
        ids.slice(n).map((id) => ({ id, active: 6 })),
      ],
      table: [],
      turn: { seat: 0, area: 1 },
    });
    const started = performance.now();
    const e = refusal(state, `P ${Array.from({ length: n / 2 }, () => '6|2').join(',')}`);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(e.code).toBe('AMBIGUOUS');
    expect(e.details.candidates).toHaveLength(20);
    expect(e.message.length).toBeLessThan(1000);
    expect(e.params.cards!.length).toBeLessThanOrEqual(20);
  });
});

describe('formatMove(state, move, { cards: "faces" })', () => {
  it('writes cards of the hand by their faces where they name one card, by id otherwise', () => {
    expect(formatMove(rulebook, { type: 'add', card: 9, target: { seat: 2, area: 0 } }, { cards: 'faces' })).toBe(
      'A 5|2>2',
    );
    expect(formatMove(rulebook, { type: 'play', cards: [4, 9] }, { cards: 'faces' })).toBe('P 1|6,5|2');
    expect(formatMove(rulebook, { type: 'play', cards: [5] }, { cards: 'faces' })).toBe('P 5'); // Ben's card
    expect(formatMove(houseDuel, { type: 'play', cards: [4, 0] }, { cards: 'faces' })).toBe('P 1|5,4');
    expect(formatMove(rulebook, { type: 'rotate' }, { cards: 'faces' })).toBe('R');
    expect(formatMove(rulebook, { type: 'play', cards: [9] }, { cards: 'ids' })).toBe('P 9');
  });

  it('refuses options it does not know with a coded ArgumentError', () => {
    for (const options of [{ cards: 'names' }, 'faces', null])
      expect(isArgumentError(thrown(() => formatMove(rulebook, { type: 'rotate' }, options as never)))).toBe(true);
  });

  /**
   * Formats every legal move with faces and reads it back. A card left as an id shares its faces
   * with another card of the hand, and writing it by its faces instead gives the same move when
   * the rest of the text leaves no choice, or AMBIGUOUS listing it: never another move.
   */
  function roundTrip(state: GameState, moves: readonly Move[]): void {
    const hand = state.hands[state.turn.seat]!;
    const facesOf = (id: number): string => {
      const active = hand.find((c) => c.id === id)!.active;
      const card = state.deck.cards.find((c) => c.id === id)!;
      return `${active}|${card.faces[0] === active ? card.faces[1] : card.faces[0]}`;
    };
    for (const move of moves) {
      const text = formatMove(state, move, { cards: 'faces' });
      expect(parseMove(state, text), text).toEqual(move);
      if (move.type !== 'play' && move.type !== 'add') continue;
      const [head, target = ''] = text.slice(2).split('>');
      const tokens = head!.split(',');
      tokens.forEach((token, i) => {
        if (token.includes('|')) return;
        const id = Number(token);
        const faces = facesOf(id);
        expect(hand.filter((c) => facesOf(c.id) === faces).length, `${text}: ${id}`).toBeGreaterThan(1);
        const swapped = `${text.slice(0, 2)}${tokens.map((t, j) => (j === i ? faces : t)).join(',')}${target ? `>${target}` : ''}`;
        const e = thrown(() => expect(parseMove(state, swapped)).toEqual(move));
        if (e === undefined) return;
        expect(isNotationError(e) && e.code, swapped).toBe('AMBIGUOUS');
        expect((e as NotationError).params.cards, swapped).toContain(id);
      });
    }
  }

  it('§5: parseMove reads every legal move written with faces back to the same move, at 2–5 players', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 80 }), (script) => {
        const last = playScript(script, ({ before, moves }) => roundTrip(before, moves));
        if (last.status === 'playing') roundTrip(last, legalMoves(last));
      }),
      { numRuns: scaled(30) },
    );
  });

  it('§2: with custom decks that repeat pairs of faces, faces where they name one card and ids elsewhere read back the same', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 5 })
          .chain((players) =>
            deckScript({ players, maxMoves: 40, maxHandSize: 8, values: fc.integer({ min: 1, max: 4 }) }),
          ),
        (script) => {
          playDeckScript(script, ({ before, moves }) => roundTrip(before, moves));
        },
      ),
      { numRuns: scaled(30) },
    );
  });
});
