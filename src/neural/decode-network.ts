/** Networks shipped as text: base64 of little-endian float32 weights, decoded without Buffer (browsers too). */
import type { NetworkShape, NeuralWeights } from './network.js';

/** A network as src/neural/networks/ ships it. */
export interface PackedNetwork {
  readonly players: number;
  readonly shape: NetworkShape;
  /** Base64 of the weights, little-endian float32, in `parameterLayout` order. */
  readonly data: string;
}

/** The weights of a packed network. */
export function decodeNetwork(packed: PackedNetwork): NeuralWeights {
  const bytes = atob(packed.data);
  const view = new DataView(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) view.setUint8(i, bytes.charCodeAt(i));
  const params = new Float32Array(bytes.length / 4);
  for (let i = 0; i < params.length; i++) params[i] = view.getFloat32(4 * i, true);
  return { players: packed.players, shape: packed.shape, params };
}
