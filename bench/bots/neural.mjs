// A bot module for `dnup arena --bot net=bench/bots/neural.mjs`: `neuralBot` with one network that
// is not shipped, DNUP_NETWORK=path (a trainer's weights.json, its weights in base64), to screen
// a network alone before it is packed (the command line's own `neural` plays the shipped ones).
import { neuralBot } from 'dnup/neural';
import { networkOf } from './network-file.mjs';

const network = networkOf(process.env.DNUP_NETWORK ?? '');

export default function makeBot({ seed }) {
  return neuralBot({ networks: [network], seed });
}
