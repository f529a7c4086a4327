// A bot module for `dnup arena --bot guided=bench/bots/neural-expert.mjs`: `neuralExpertBot` with
// the arena's budget (--playouts as expert's iterations, as `botByName('expert')` reads them) and
// seed, as the command line's own `neural-expert`. DNUP_GUIDE_ALL=1 hands it the shipped networks,
// so that it uses the network's candidates at every player count (to measure where they pay).
import { neuralExpertBot, neuralNetworks } from 'dnup/neural';

const networks = process.env.DNUP_GUIDE_ALL === '1' ? neuralNetworks() : undefined;

export default function makeBot({ playouts, ...options }) {
  return neuralExpertBot({
    ...options,
    ...(playouts === undefined ? {} : { iterations: playouts }),
    ...(networks === undefined ? {} : { networks }),
  });
}
