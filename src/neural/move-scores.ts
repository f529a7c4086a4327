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

/** Checks a network against the player count's input sizes (`BAD_ARGUMENT` otherwise) and copies its weights. */
function scorerOf(w: NeuralWeights): MoveScorer {
  if (typeof w !== 'object' || w === null || typeof w.shape !== 'object' || w.shape === null)
    throw new ArgumentError('BAD_ARGUMENT', `A network is { players, shape, params }, not ${describeValue(w)}.`);
  const players = w.players;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5)
    throw new ArgumentError('BAD_ARGUMENT', `A network is for 2 to 5 players, not ${describeValue(players)}.`);
  const s = w.shape;
  const wanted = { observation: observationLength(players), features: moveFeatureLength(players) };
  const whole = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) > 0 && (x as number) <= 4096;
  if (s.observation !== wanted.observation || s.features !== wanted.features || !whole(s.hidden1) || !whole(s.hidden2))
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `A ${players}-player network takes ${wanted.observation} observation inputs and ${wanted.features} move features.`,
    );
  if (!(w.params instanceof Float32Array) || w.params.length !== parameterLayout(s).length)
    throw new ArgumentError('BAD_ARGUMENT', `This network's shape has ${parameterLayout(s).length} weights.`);
  const own = Float32Array.from(w.params); // read once: the caller's array can change nothing afterwards
  for (let i = 0; i < own.length; i++)
    if (!Number.isFinite(own[i]!)) throw new ArgumentError('BAD_ARGUMENT', 'A network weight is not a finite number.');
  return new MoveScorer(
    { observation: s.observation, features: s.features, hidden1: s.hidden1, hidden2: s.hidden2 },
    own,
  );
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
    for (const w of networks) {
      const s = scorerOf(w);
      if (this.scorers[w.players] !== undefined)
        throw new ArgumentError('BAD_ARGUMENT', `Two networks for ${w.players} players: give one per player count.`);
      this.scorers[w.players] = s;
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
