// A bot module for `dnup arena --bot net=bench/bots/neural.mjs`: `neuralBot` with one network that
// is not shipped, DNUP_NETWORK=path (a trainer's weights.json, its weights in base64), to screen
// a network alone before it is packed (the command line's own `neural` plays the shipped ones).
import { readFileSync } from 'node:fs';
import { neuralBot } from 'dnup/neural';

const { players, shape, params } = JSON.parse(readFileSync(process.env.DNUP_NETWORK ?? '', 'utf8'));
const bytes = Buffer.from(params, 'base64');
const network = {
  players,
  shape,
  params: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
};

export default function makeBot({ seed }) {
  return neuralBot({ networks: [network], seed });
}
