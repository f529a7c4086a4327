/**
 * A small network that scores a position's legal moves: the input is the mover's observation
 * (src/encodings/observation.ts) followed by one move's features (move-features.ts); two hidden
 * layers of rectified units; the output is the move's expected reward (the tokens, or the duel's
 * round win, that the mover gets at the end of the round). Plain TypeScript on Float32Arrays.
 *
 * The first layer's weights are stored input by input (each input's `hidden1` weights together),
 * so that the observation's part is computed once per position from its non-zero inputs, and each
 * move then adds only its own few non-zero features.
 */

/** The sizes of a network's layers. */
export interface NetworkShape {
  /** Observation length (observationLength of the player count). */
  readonly observation: number;
  /** Move feature length (moveFeatureLength of the player count). */
  readonly features: number;
  /** Units of the first hidden layer. */
  readonly hidden1: number;
  /** Units of the second hidden layer. */
  readonly hidden2: number;
}

/** A trained network for one player count: its shape and its weights (`parameterLayout` order). */
export interface NeuralWeights {
  /** The player count it plays (2 to 5). */
  readonly players: number;
  /** Its layers' sizes. */
  readonly shape: NetworkShape;
  /** Its weights, `parameterLayout(shape).length` of them. */
  readonly params: Float32Array;
}

/** The offsets of each parameter block in a network's one Float32Array. */
export interface ParameterLayout {
  /** First layer, input by input: `w1[input * hidden1 + unit]`. */
  readonly w1: number;
  /** First layer's biases. */
  readonly b1: number;
  /** Second layer, first-layer unit by unit: `w2[unit1 * hidden2 + unit2]`. */
  readonly w2: number;
  /** Second layer's biases. */
  readonly b2: number;
  /** Output weights, one per second-layer unit. */
  readonly w3: number;
  /** Output bias. */
  readonly b3: number;
  /** The number of parameters. */
  readonly length: number;
}

/** Where each block of a network of `shape` lies in its parameters. */
export function parameterLayout(shape: NetworkShape): ParameterLayout {
  const inputs = shape.observation + shape.features;
  const w1 = 0;
  const b1 = w1 + inputs * shape.hidden1;
  const w2 = b1 + shape.hidden1;
  const b2 = w2 + shape.hidden1 * shape.hidden2;
  const w3 = b2 + shape.hidden2;
  const b3 = w3 + shape.hidden2;
  return { w1, b1, w2, b2, w3, b3, length: b3 + 1 };
}

/**
 * Adds to `z` (the first layer's sums) the contribution of `count` inputs of `x` from `at`, which
 * are inputs `first`… of the network: only the non-zero ones cost anything.
 */
function addInputs(
  params: Float32Array,
  hidden1: number,
  x: Float32Array,
  at: number,
  count: number,
  first: number,
  z: Float32Array,
): void {
  for (let j = 0; j < count; j++) {
    const xj = x[at + j]!;
    if (xj === 0) continue;
    const row = (first + j) * hidden1;
    for (let h = 0; h < hidden1; h++) z[h] = z[h]! + params[row + h]! * xj;
  }
}

/**
 * The rest of the forward pass from the first layer's sums `z1` (biases included): fills `a1`
 * and `a2` with the hidden activations and returns the score.
 */
export function scoreFrom(
  params: Float32Array,
  p: ParameterLayout,
  shape: NetworkShape,
  z1: Float32Array,
  a1: Float32Array,
  a2: Float32Array,
): number {
  const H1 = shape.hidden1;
  const H2 = shape.hidden2;
  for (let k = 0; k < H2; k++) a2[k] = params[p.b2 + k]!;
  for (let i = 0; i < H1; i++) {
    // biome-ignore lint/complexity/useMathMinMax: the rectifier maps a NaN to 0, where Math.max would keep it
    const a = z1[i]! > 0 ? z1[i]! : 0;
    a1[i] = a;
    if (a === 0) continue;
    const row = p.w2 + i * H2;
    for (let k = 0; k < H2; k++) a2[k] = a2[k]! + params[row + k]! * a;
  }
  let q = params[p.b3]!;
  for (let k = 0; k < H2; k++) {
    // biome-ignore lint/complexity/useMathMinMax: the rectifier maps a NaN to 0, where Math.max would keep it
    const a = a2[k]! > 0 ? a2[k]! : 0;
    a2[k] = a;
    q += params[p.w3 + k]! * a;
  }
  return q;
}

/** Scores moves with one network: the observation's part once per position, then each move. */
export class MoveScorer {
  readonly layout: ParameterLayout;
  private readonly base: Float32Array;
  private readonly z1: Float32Array;
  private readonly a1: Float32Array;
  private readonly a2: Float32Array;

  constructor(
    readonly shape: NetworkShape,
    readonly params: Float32Array,
  ) {
    this.layout = parameterLayout(shape);
    if (params.length !== this.layout.length)
      throw new RangeError(`A network of this shape has ${this.layout.length} parameters, not ${params.length}.`);
    this.base = new Float32Array(shape.hidden1);
    this.z1 = new Float32Array(shape.hidden1);
    this.a1 = new Float32Array(shape.hidden1);
    this.a2 = new Float32Array(shape.hidden2);
  }

  /** Takes the observation `obs` (from `at`) of the position whose moves are scored next. */
  setPosition(obs: Float32Array, at = 0): void {
    const H1 = this.shape.hidden1;
    for (let h = 0; h < H1; h++) this.base[h] = this.params[this.layout.b1 + h]!;
    addInputs(this.params, H1, obs, at, this.shape.observation, 0, this.base);
  }

  /** The score of the move whose features are `features` (from `at`), in the position set last. */
  score(features: Float32Array, at = 0): number {
    this.z1.set(this.base);
    addInputs(this.params, this.shape.hidden1, features, at, this.shape.features, this.shape.observation, this.z1);
    return scoreFrom(this.params, this.layout, this.shape, this.z1, this.a1, this.a2);
  }
}
