/**
 * The guided first game as a {@link GameSource} (guide/first-game.ts): the person's moves are
 * the script's while it lasts (another legal move is refused with the lesson's sentence), the
 * Teacher's come from the script, then from the greedy bot until the game ends. Like the offline
 * source, it keeps the full state to itself and hands the board the person's player view.
 */
import {
  apply,
  catalogueBot,
  checkMove,
  formatPosition,
  playerView,
  legalMoves,
  recordOf,
  type GameRecord,
  type GameState,
  type Move,
} from 'dnup';
import { FIRST_GAME_SCRIPT, firstGameStart, type LessonName } from '../guide/first-game';
import { sameMove } from '../same-move';
import { refusalOf, type GameSource, type SeatStatus, type SourceSnapshot, type SubmitResult } from './source';

/** What the guide says now: a lesson, the Teacher playing, or free play once the lessons are done. */
export type GuideStage = LessonName | 'teacher' | 'free' | 'over';

/** A guided game: its source for the board, and the stage for the guide beside it. */
export interface GuidedGame {
  readonly source: GameSource;
  stage(): GuideStage;
  /** Calls `listener` at every change of stage; returns the unsubscribe function. */
  onStage(listener: (stage: GuideStage) => void): () => void;
}

export interface GuidedOptions {
  readonly you: string;
  readonly teacher: string;
  /** Milliseconds the Teacher waits before moving (read before every move). */
  readonly botDelay: () => number;
  /** The sentence a move off the lesson is refused with. */
  readonly lessonSentence: (lesson: LessonName) => string;
}

const HUMAN = 0;
const TEACHER = 1;

export function guidedGame(options: GuidedOptions): GuidedGame {
  const start = firstGameStart(options.you, options.teacher);
  let state: GameState = start;
  const moves: Move[] = [];
  let step = 0; // the next move of the script
  const bot = catalogueBot('greedy', { seed: 'dnup first game/teacher' });
  const listeners = new Set<(s: SourceSnapshot) => void>();
  const stageListeners = new Set<(stage: GuideStage) => void>();
  const seats: SeatStatus[] = [
    { name: options.you, kind: 'person', connection: { state: 'connected' } },
    { name: options.teacher, kind: 'person', connection: { state: 'connected' } },
  ];
  let stopped = false;
  let running = false;

  const stage = (): GuideStage => {
    if (state.status === 'gameOver') return 'over';
    const next = FIRST_GAME_SCRIPT[step];
    if (next === undefined) return 'free';
    return next.by === 'you' ? next.lesson : 'teacher';
  };
  const record = (): GameRecord => ({
    ...recordOf(state, moves, { event: 'dnup first game', date: new Date().toISOString().slice(0, 10) }),
    start: formatPosition(start),
  });
  const snapshot = (): SourceSnapshot => ({
    view: playerView(state, HUMAN),
    seats,
    turnDeadline: null,
    over: state.status === 'gameOver' ? { record: record(), seed: String(state.seed), reason: 'won' } : null,
  });
  let last = snapshot();
  const play = (move: Move): void => {
    state = apply(state, move);
    moves.push(move);
    if (FIRST_GAME_SCRIPT[step] !== undefined) step++;
    last = snapshot();
    for (const l of listeners) l(last);
    const now = stage();
    for (const l of stageListeners) l(now);
  };
  const teacherToMove = (): boolean =>
    state.status === 'playing'
      ? state.turn.seat === TEACHER
      : state.status === 'roundOver' && state.turn.seat === TEACHER;

  async function runTeacher(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (!stopped && teacherToMove()) {
        await new Promise((resolve) => setTimeout(resolve, options.botDelay()));
        if (stopped) return;
        const scripted = FIRST_GAME_SCRIPT[step];
        const move =
          scripted?.by === 'teacher'
            ? scripted.move
            : await bot.chooseMove(playerView(state, TEACHER), legalMoves(state));
        if (stopped) return;
        play(move);
      }
    } finally {
      running = false;
    }
  }

  const source: GameSource = {
    viewer: HUMAN,
    commitment: null,
    current: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit(move): Promise<SubmitResult> {
      const verdict = checkMove(playerView(state, HUMAN), move);
      if (!verdict.ok) return Promise.resolve(refusalOf(verdict));
      const scripted = FIRST_GAME_SCRIPT[step];
      if (scripted?.by === 'you' && !sameMove(scripted.move, move))
        return Promise.resolve({ ok: false, code: 'LESSON', message: options.lessonSentence(scripted.lesson) });
      play(move);
      void runTeacher();
      return Promise.resolve({ ok: true });
    },
    close() {
      stopped = true;
      listeners.clear();
      stageListeners.clear();
    },
  };
  return {
    source,
    stage,
    onStage(listener) {
      stageListeners.add(listener);
      return () => stageListeners.delete(listener);
    },
  };
}
