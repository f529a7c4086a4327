// A bot module for `dnup arena --bot guided=bench/bots/neural-expert.mjs`: `neuralExpertBot` with
// the arena's budget (--playouts as expert's iterations, as `botByName('expert')` reads them) and
// seed, as the command line's own `neural-expert`. DNUP_GUIDE_ALL=1 hands it the shipped networks,
// so that it uses the network's candidates at every player count (to measure where they pay);
// DNUP_NETWORK=path hands it one network not shipped (a trainer's weights.json, such as
// bench/results/neural-ppo/4p/weights.json), used at its player count, `expert` elsewhere.
import { readFileSync } from 'node:fs';
import { neuralExpertBot, neuralNetworks } from 'dnup/neural';

/** A trainer's weights.json (its weights in base64, as bench/neural-training.ts writes them) as a network. */
function networkOf(file) {
  const { players, shape, params } = JSON.parse(readFileSync(file, 'utf8'));
  const b = Buffer.from(params, 'base64');
  return { players, shape, params: new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)) };
}

const networks = process.env.DNUP_NETWORK
  ? [networkOf(process.env.DNUP_NETWORK)]
  : process.env.DNUP_GUIDE_ALL === '1'
    ? neuralNetworks()
    : undefined;

export default function makeBot({ playouts, ...options }) {
  return neuralExpertBot({
    ...options,
    ...(playouts === undefined ? {} : { iterations: playouts }),
    ...(networks === undefined ? {} : { networks }),
  });
}
