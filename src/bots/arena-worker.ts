/**
 * The arena's worker thread (built by tsup as dist/arena-worker.js): it loads the bot modules it
 * is given, then plays the games the main thread hands it, one at a time, and answers with each
 * outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { botMaker, loadBotModules, playArenaGame, type ArenaWorkerData, type ArenaWorkerReply, type ArenaWorkerRequest } from './arena.js';

const { spec, botOptions, modules } = workerData as ArenaWorkerData;
const port = parentPort!;
// the main thread loaded the same modules before starting any worker; a failure here still answers
const maker = loadBotModules(modules).then((factories) => botMaker(factories, botOptions));

port.on('message', (request: ArenaWorkerRequest) => {
  if ('stop' in request) {
    port.close();
    return;
  }
  maker
    .then((makeBot) => playArenaGame(spec, request.game, makeBot))
    .then(
      (result) => port.postMessage({ result } satisfies ArenaWorkerReply),
      (e: unknown) => port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies ArenaWorkerReply),
    );
});
