/**
 * The guided first game: a duel set up from a position (the library's `fromPosition`) in which
 * the person, seat 0, is shown each action once: play a set (§5 A), add a card to the Teacher's
 * set, beating their own set in their other area (§5 B, the duel's two areas of §6), take a set
 * (§5 C) and rotate their hand (§5 D). The Teacher's moves in between are scripted; after the
 * last lesson the Teacher is the greedy bot and the game goes on to its end. No DOM here.
 */
import { fromPosition, type GameState, type HeldCard, type Move } from 'dnup';

/** Which lesson a step teaches (its sentence is in the catalogues of words, `guide.steps`). */
export type LessonName = 'play' | 'add' | 'take' | 'rotate';

/** One scripted move: the person's, with its lesson, or the Teacher's. */
export type ScriptedMove =
  | { readonly by: 'you'; readonly lesson: LessonName; readonly move: Move }
  | { readonly by: 'teacher'; readonly move: Move };

const card = (id: number, active: number): HeldCard => ({ id, active });

/**
 * The position: the person's turn for area 1 in the first round, six cards each, the Teacher's
 * single 8 on the table, the other 13 cards of the duel's deck discarded. Its moves before are
 * those of the starter's single opening turn and two turns each (turn 6 is the person's).
 */
export function firstGameStart(you: string, teacher: string): GameState {
  return fromPosition({
    players: [you, teacher],
    hands: [
      [card(15, 3), card(17, 3), card(29, 8), card(9, 2), card(4, 6), card(37, 10)],
      [card(7, 9), card(27, 5), card(30, 5), card(3, 1), card(11, 2), card(24, 4)],
    ],
    table: [{ seat: 1, area: 0, value: 8, cards: [35] }],
    discard: [5, 6, 10, 13, 14, 18, 19, 21, 23, 25, 26, 33, 34],
    turn: { seat: 0, area: 0, number: 6 },
    starter: 1,
    round: 1,
    scores: [0, 0],
    moveCount: 5,
    seed: 'dnup first game',
  });
}

/** The lessons and the Teacher's answers, in order of play (each move legal there: tested). */
export const FIRST_GAME_SCRIPT: readonly ScriptedMove[] = [
  { by: 'you', lesson: 'play', move: { type: 'play', cards: [15, 17] } },
  { by: 'you', lesson: 'add', move: { type: 'add', card: 29, target: { seat: 1, area: 0 } } },
  { by: 'teacher', move: { type: 'play', cards: [7] } },
  { by: 'teacher', move: { type: 'play', cards: [27, 30] } },
  { by: 'you', lesson: 'take', move: { type: 'take', target: { seat: 1, area: 1 } } },
  { by: 'you', lesson: 'rotate', move: { type: 'rotate' } },
];
