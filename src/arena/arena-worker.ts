/**
 * The arena's worker thread (built by tsup as dist/arena-worker.js): it loads the bot modules it
 * is given, then plays the games the main thread hands it, one at a time, as a referee, and
 * answers with each outcome (a bot's failure is a forfeit in it). At every decision and move it
 * writes its heartbeat, which the main thread watches to stop a bot stuck past the move limit.
 * It serves the arena (`{ game }`) and the ladder (`{ ladderGame }`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playArenaGame } from './arena.js';
import type { ArenaGame, PlayedGame } from './arena-types.js';
import { botMaker, loadBotModules } from './bot-modules.js';
import { Heartbeat } from './heartbeat.js';
import { failureOf } from './referee.js';
import { playWatched } from './watch-game.js';
import type { ArenaWorkerData, ArenaWorkerReply, ArenaWorkerRequest } from './worker-pool.js';
import { lineupsOf, playLadderGame } from './ladder-games.js';
import type { PlayedLadderGame } from './ladder-types.js';
import type { Move } from '../core/index.js';

const { spec, ladder, play, botOptions, modules, heartbeat } = workerData as ArenaWorkerData;
const port = parentPort!;
const beat = heartbeat === undefined ? undefined : new Heartbeat(heartbeat);
const hooks = beat?.hooks() ?? {};
// a watched game (dnup play) reports each move as it is played
const watched = {
  ...hooks,
  moved: (move: Move) => {
    hooks.moved?.(move);
    port.postMessage({ moved: move } satisfies ArenaWorkerReply);
  },
};
// the main thread loaded the same modules before starting any worker; a failure here still answers
const maker = loadBotModules(modules).then((factories) => botMaker(factories, botOptions));
const lineups = ladder ? lineupsOf(ladder.bots.length, ladder.players) : [];

port.on('message', (request: ArenaWorkerRequest) => {
  if ('stop' in request) {
    port.close();
    return;
  }
  const job = 'ladderGame' in request ? request.ladderGame : 'playGame' in request ? request.playGame : request.game;
  maker.then(
    (makeBot) => {
      beat?.begin(job);
      const game: Promise<ArenaGame | PlayedLadderGame | PlayedGame> =
        'ladderGame' in request
          ? playLadderGame(ladder!, lineups, request.ladderGame, makeBot, hooks)
          : 'playGame' in request
            ? playWatched(play!, makeBot, watched).then(({ fault }) => ({ fault }))
            : playArenaGame(spec!, request.game, makeBot, hooks);
      game.then(
        (result) => {
          beat?.end();
          port.postMessage({ result } satisfies ArenaWorkerReply);
        },
        (e: unknown) => port.postMessage({ error: failureOf(e) } satisfies ArenaWorkerReply),
      );
    },
    (e: unknown) => port.postMessage({ error: failureOf(e), loading: true } satisfies ArenaWorkerReply),
  );
});
