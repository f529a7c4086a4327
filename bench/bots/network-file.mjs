// A trainer's weights.json (bench/neural-training.ts: its weights in base64) as a network that
// neuralBot and neuralExpertBot take in their `networks`.
import { readFileSync } from 'node:fs';

export function networkOf(file) {
  const { players, shape, params } = JSON.parse(readFileSync(file, 'utf8'));
  const bytes = Buffer.from(params, 'base64');
  return {
    players,
    shape,
    params: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
  };
}
