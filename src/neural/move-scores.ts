/**
 * A network's scores for a position's legal moves: the one forward pass of the mover's
 * observation, then one small pass per move (network.ts). Shared by the `neural` bot, which plays
 * the best, and the network-guided `expert`, which lets the best race.
 */
import { ArgumentError, type Move } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import { observationLength, writeObservation } from '../encodings/observation.js';
import type { PlayerView } from '../views/player-view.js';
import { moveFeatureLength, writeMoveFeatures } from './move-features.js';
import { MoveScorer, parameterLayout, type NeuralWeights } from './network.js';

/**
 * A network read once (each field of the caller's object read one time), checked against its
 * player count's input sizes (`BAD_ARGUMENT` otherwise), with its own copy of the weights.
 */
function scorerOf(w: NeuralWeights): { readonly players: 2 | 3 | 4 | 5; readonly scorer: MoveScorer } {
  if (typeof w !== 'object' || w === null)
    throw new ArgumentError('BAD_ARGUMENT', `A network is { players, shape, params }, not ${describeValue(w)}.`);
  const { players, shape, params } = w;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5)
    throw new ArgumentError('BAD_ARGUMENT', `A network is for 2 to 5 players, not ${describeValue(players)}.`);
  if (typeof shape !== 'object' || shape === null)
    throw new ArgumentError('BAD_ARGUMENT', `A network's shape is an object, not ${describeValue(shape)}.`);
  const { observation, features, hidden1, hidden2 } = shape;
  const own = { observation, features, hidden1, hidden2 };
  const wanted = { observation: observationLength(players), features: moveFeatureLength(players) };
  const whole = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) > 0 && (x as number) <= 4096;
  if (observation !== wanted.observation || features !== wanted.features || !whole(hidden1) || !whole(hidden2))
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `A ${players}-player network takes ${wanted.observation} observation inputs and ${wanted.features} move features.`,
    );
  if (!(params instanceof Float32Array) || params.length !== parameterLayout(own).length)
    throw new ArgumentError('BAD_ARGUMENT', `This network's shape has ${parameterLayout(own).length} weights.`);
  const weights = Float32Array.from(params); // read once: the caller's array can change nothing afterwards
  for (let i = 0; i < weights.length; i++)
    if (!Number.isFinite(weights[i]!))
      throw new ArgumentError('BAD_ARGUMENT', 'A network weight is not a finite number.');
  return { players, scorer: new MoveScorer(own, weights) };
}

/**
 * Scores moves with the network of the view's player count. Built once per bot: it holds checked
 * copies of the networks and the buffers each scoring reuses.
 */
export class MoveScores {
  private readonly scorers: (MoveScorer | undefined)[] = [];
  private obs = new Float32Array(0);
  private feat = new Float32Array(0);

  /** @throws {@link ArgumentError} `BAD_ARGUMENT` for a list that is not one network per player count, each of its count's shape. */
  constructor(networks: readonly NeuralWeights[]) {
    if (!Array.isArray(networks))
      throw new ArgumentError('BAD_ARGUMENT', `networks is a list of networks, not ${describeValue(networks)}.`);
    try {
      for (const w of networks) {
        const { players, scorer } = scorerOf(w);
        if (this.scorers[players] !== undefined)
          throw new ArgumentError('BAD_ARGUMENT', `Two networks for ${players} players: give one per player count.`);
        this.scorers[players] = scorer;
      }
    } catch (e) {
      if (e instanceof ArgumentError) throw e;
      // a getter that throws, a proxy: the caller's objects are read once, and only through here
      throw new ArgumentError(
        'BAD_ARGUMENT',
        'A network could not be read: give plain { players, shape, params } objects.',
      );
    }
  }

  /** Whether a network for `players` players was given. */
  has(players: number): boolean {
    return this.scorers[players] !== undefined;
  }

  /** The score of each of `moves` (legal in `view`, whose player count has a network), in their order. */
  of(view: PlayerView, moves: readonly Move[]): Float64Array {
    const scorer = this.scorers[view.players.length]!;
    const { observation, features } = scorer.shape;
    if (this.obs.length !== observation) this.obs = new Float32Array(observation);
    if (this.feat.length < features) this.feat = new Float32Array(features);
    writeObservation(view, this.obs, 0);
    scorer.setPosition(this.obs);
    const out = new Float64Array(moves.length);
    for (let i = 0; i < moves.length; i++) {
      writeMoveFeatures(view, moves[i]!, this.feat, 0);
      out[i] = scorer.score(this.feat);
    }
    return out;
  }
}
