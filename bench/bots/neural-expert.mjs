// A bot module for `dnup arena --bot guided=bench/bots/neural-expert.mjs`: `neuralExpertBot` with
// the arena's budget (--playouts as expert's iterations, as `botByName('expert')` reads them) and
// seed, as the command line's own `neural-expert`. DNUP_GUIDE_ALL=1 hands it the shipped networks,
// so that it uses the network's candidates at every player count (to measure where they pay);
// DNUP_NETWORK=path hands it one network not shipped (a trainer's weights.json, such as
// bench/results/neural-ppo/4p/weights.json), used at its player count, `expert` elsewhere.
import { neuralExpertBot, neuralNetworks } from 'dnup/neural';
import { networkOf } from './network-file.mjs';

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
