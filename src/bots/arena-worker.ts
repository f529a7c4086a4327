/**
 * The arena's worker thread (built by tsup as dist/arena-worker.js): it plays the games the
 * main thread hands it, one at a time, with the built-in bots, and answers with each outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playArenaGame, type ArenaSpec, type ArenaWorkerReply, type ArenaWorkerRequest } from './arena.js';
import { botByName, type BotOptions } from './by-name.js';

const { spec, botOptions } = workerData as { spec: ArenaSpec; botOptions: Omit<BotOptions, 'seed'> };
const port = parentPort!;

port.on('message', (request: ArenaWorkerRequest) => {
  if ('stop' in request) {
    port.close();
    return;
  }
  playArenaGame(spec, request.game, (name, seed) => botByName(name, { ...botOptions, seed })).then(
    (result) => port.postMessage({ result } satisfies ArenaWorkerReply),
    (e: unknown) => port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies ArenaWorkerReply),
  );
});
