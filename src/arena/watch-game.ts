/** One game between bots watched move by move (`dnup play`), judged as the arena judges. */
import type { Move } from '../core/index.js';
import type { Bot, RefereeHooks, SeatFault } from '../bots/bot.js';
import { refereeGame } from './referee.js';
import { inWorkers, workerScriptOf } from './worker-pool.js';
import type { PlayedGame, PlaySpec } from './arena-types.js';

/** Plays the watched game in this thread or a worker: seat i's bot is seeded `${seed}/${i}`. */
export function playWatched(spec: PlaySpec, makeBot: (name: string, seed: string) => Bot, hooks: RefereeHooks) {
  return refereeGame(
    spec.bots.map((name, i) => () => makeBot(name, `${spec.seed}/${i}`)),
    { seed: spec.seed, names: spec.names, maxMoves: spec.maxMoves, limitMs: spec.limitMs, hooks },
  );
}

/**
 * Plays one game between bots as a referee, move by move, for `dnup play`: in a worker thread, so
 * that a bot stuck past the limit (in a loop too) is stopped, or in this thread when the worker
 * script is missing (the sources run without a build). `onMove` gets each move as it is played.
 *
 * @returns the seat that failed, if one did; the moves were handed to `onMove`.
 */
export async function watchGame(
  spec: PlaySpec,
  modules: Readonly<Record<string, string>>,
  makeBot: (name: string, seed: string) => Bot,
  onMove: (move: Move) => void,
  workerScript?: string,
): Promise<SeatFault | null> {
  const script = await workerScriptOf(workerScript, 1);
  if (script === undefined) return (await playWatched(spec, makeBot, { moved: onMove })).fault;
  let seen = 0;
  let fault: SeatFault | null = null;
  await inWorkers<PlayedGame>({ play: spec, botOptions: {}, modules }, spec.limitMs, spec.maxMoves, 1, script, {
    count: 1,
    request: () => ({ playGame: 0 }),
    moved: (move) => {
      seen++;
      onMove(move);
    },
    hung: (_, hung) => {
      // the moves the shared memory holds and no message brought yet
      for (const move of (hung.moves ?? []).slice(seen)) onMove(move);
      const { seat, kind, message, error, elapsedMs } = hung;
      return { fault: { seat, kind, message, error, refusal: null, elapsedMs } };
    },
    finish: (r) => {
      fault = r.fault;
    },
    fresh: () => false,
  });
  return fault;
}
