/**
 * The arena's worker thread (built by tsup as dist/arena-worker.js): it loads the bot modules it
 * is given, then plays the games the main thread hands it, one at a time, and answers with each
 * outcome. It serves the arena (`{ game }`) and the ladder (`{ ladderGame }`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  botMaker,
  loadBotModules,
  playArenaGame,
  type ArenaGame,
  type ArenaWorkerData,
  type ArenaWorkerReply,
  type ArenaWorkerRequest,
} from './arena.js';
import { lineupsOf, playLadderGame, type LadderGame } from './ladder.js';

const { spec, ladder, botOptions, modules } = workerData as ArenaWorkerData;
const port = parentPort!;
// the main thread loaded the same modules before starting any worker; a failure here still answers
const maker = loadBotModules(modules).then((factories) => botMaker(factories, botOptions));
const lineups = ladder ? lineupsOf(ladder.bots.length, ladder.players) : [];

port.on('message', (request: ArenaWorkerRequest) => {
  if ('stop' in request) {
    port.close();
    return;
  }
  maker
    .then(
      (makeBot): Promise<ArenaGame | LadderGame> =>
        'ladderGame' in request
          ? playLadderGame(ladder!, lineups, request.ladderGame, makeBot)
          : playArenaGame(spec!, request.game, makeBot),
    )
    .then(
      (result) => port.postMessage({ result } satisfies ArenaWorkerReply),
      (e: unknown) =>
        port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies ArenaWorkerReply),
    );
});
