/**
 * One sentence per move, in English, French or Dutch, built from the events the rules core reports (rules §8), so
 * the sentence says what the rules did: what was beaten, how returned cards came back, who went
 * out and what they scored.
 */
import { apply, type GameEvent, type SetBeatenEvent, type Move, ROUNDS_TO_WIN, type GameState } from '../core/index.js';
import { withState } from '../core/internal.js';
import { catalogue, tellingOf, type DescribeOptions } from './localize.js';
import type { Locale, MoveStory, SetRef } from './types.js';

type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

function find<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): EventOf<T> | undefined {
  return events.find((e) => e.type === type) as EventOf<T> | undefined;
}

function setRef(
  state: GameState,
  owner: number,
  mover: number,
  size: number,
  value: number,
  viewer: number | undefined,
): SetRef {
  return { owner: state.players[owner]!, own: owner === mover, yours: owner === viewer, size, value };
}

function beatenPart(state: GameState, e: SetBeatenEvent, viewer: number | undefined): NonNullable<MoveStory['beaten']> {
  return {
    set: setRef(state, e.seat, e.by, e.cards.length, e.value, viewer),
    fate: e.fate,
    returnedAs: e.returned.map((c) => c.active),
  };
}

function outPart(after: GameState): MoveStory['out'] {
  if (!find(after.events, 'playerOut')) return undefined;
  const game = find(after.events, 'gameWon') !== undefined;
  const roundWon = find(after.events, 'roundWon');
  if (roundWon) return { kind: 'round', total: roundWon.total, target: ROUNDS_TO_WIN, game };
  const out = find(after.events, 'playerOut')!;
  const tokens = find(after.events, 'tokensGained')!;
  return {
    kind: 'tokens',
    place: out.place,
    tokens: tokens.tokens,
    total: tokens.total,
    game,
    roundEnds: find(after.events, 'roundEnded') !== undefined,
  };
}

function actionPart(state: GameState, after: GameState, viewer: number | undefined): MoveStory['action'] {
  for (const e of after.events) {
    switch (e.type) {
      case 'setPlayed':
        return { kind: 'play', size: e.cards.length, value: e.value };
      case 'cardAdded':
        return {
          kind: 'add',
          value: e.value,
          target: setRef(state, e.target.seat, e.seat, e.size - 1, e.value, viewer),
          size: e.size,
        };
      case 'setTaken':
        return {
          kind: 'take',
          from: setRef(state, e.from.seat, e.seat, e.cards.length, e.value, viewer),
          shownAs: e.cards.map((c) => c.active),
        };
      case 'handRotated':
        // the new faces are hidden information: a sentence anyone may read names only the count
        return { kind: 'rotate', size: e.cards.length };
      case 'roundDealt':
        return { kind: 'deal', round: e.round, starter: state.players[e.starter]!, starterYou: e.starter === viewer };
      default:
        break;
    }
  }
  return { kind: 'other' };
}

/**
 * Says what a move does, in one sentence (English, French or Dutch): what is played, added or
 * taken, what is beaten and how its cards come back, who goes out and what they score. Players
 * are named; with a `viewer`, that seat is told in the second person, as the rulebook addresses
 * its reader ("You play…", « Vous jouez… », "Je speelt…").
 *
 * @param state - the position before the move.
 * @param move - a legal move of that position.
 * @param telling - a locale (`'en'` default, `'fr'`, `'nl'`, with each rulebook's words), or
 *   `{ locale, viewer }` where `viewer` is the seat of the reader.
 * @returns e.g. "Ana plays three 6s, beating Ben's three 4s, which return to Ben's hand as 5, 7 and 9."
 * @throws {@link IllegalMoveError} when the move is not legal in `state` (same code as `apply`);
 * {@link LocaleError} for a locale other than en, fr, nl; {@link ArgumentError} `BAD_ARGUMENT`
 * for a viewer that is not a seat of the game.
 *
 * @example
 * ```ts
 * describeMove(state, { type: 'take', target: { seat: 1, area: 0 } });
 * // "Cy takes Ben's three 2s, which join their hand as 5, 7 and 9."
 * describeMove(state, { type: 'take', target: { seat: 1, area: 0 } }, { locale: 'en', viewer: 1 });
 * // "Cy takes your three 2s, which join their hand as 5, 7 and 9."
 * ```
 */
export function describeMove(state: GameState, move: Move, telling?: Locale | DescribeOptions): string {
  return withState(state, (s) => {
    const { words, viewer } = tellingOf(telling, s.players.length);
    return tell(s, apply(s, move), words, viewer);
  });
}

/**
 * {@link describeMove} of a move already applied (internal): the sentence is told from the events
 * of `after`, so a caller that has both states (replay, play) does not judge the move again.
 */
export function describeApplied(before: GameState, after: GameState, locale?: Locale): string {
  return tell(before, after, catalogue(locale), undefined);
}

function tell(
  state: GameState,
  after: GameState,
  words: ReturnType<typeof catalogue>,
  viewer: number | undefined,
): string {
  const beaten = find(after.events, 'setBeaten');
  const out = outPart(after);
  const story: MoveStory = {
    who: state.players[state.turn.seat]!,
    you: state.turn.seat === viewer,
    action: actionPart(state, after, viewer),
    ...(beaten ? { beaten: beatenPart(state, beaten, viewer) } : {}),
    ...(out ? { out } : {}),
  };
  return words.move(story);
}
