/**
 * One ladder game, wherever it is played (this thread, a worker thread of this machine, or a
 * worker of a queue): who sits where, the refereed game, and the game stopped from outside.
 */
import { recordOf } from '../core/index.js';
import type { Bot, Forfeit, RefereeHooks } from '../bots/bot.js';
import { replayHung, type HungDecision } from './heartbeat.js';
import { forfeitOf, refereeGame } from './referee.js';
import { forfeitWinner } from './ladder-ratings.js';
import type { LadderForfeit, LadderSpec, PlayedLadderGame } from './ladder-types.js';

/** The labels of the entries: a repeated name gets `#2`, `#3`… */
export function labelsOf(bots: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return bots.map((b) => {
    const n = (seen.get(b) ?? 0) + 1;
    seen.set(b, n);
    return n === 1 ? b : `${b}#${n}`;
  });
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Every way to choose `k` of `n` entries, in lexicographic order. */
export function lineupsOf(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number): void => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** Who plays game `g`: its deal, and the entry at each seat (lineup ⌊g / players⌋ mod L, rotated by g mod players). */
export function ladderSeating(
  spec: LadderSpec,
  lineups: readonly (readonly number[])[],
  g: number,
): { deal: number; seats: number[] } {
  const p = spec.players;
  const perDeal = lineups.length * p;
  const lineup = lineups[Math.floor(g / p) % lineups.length]!;
  const r = g % p;
  return { deal: Math.floor(g / perDeal), seats: Array.from({ length: p }, (_, s) => lineup[(s + r) % p]!) };
}

/** The longest forfeit sentence a ladder game keeps (its resume file holds it). */
export const MAX_KEPT_MESSAGE = 300;

function keptForfeit(f: Forfeit): LadderForfeit {
  const message = f.message.length <= MAX_KEPT_MESSAGE ? f.message : `${f.message.slice(0, MAX_KEPT_MESSAGE - 1)}…`;
  return { seat: f.seat, kind: f.kind, message };
}

/**
 * Plays ladder game `g` as a referee: the deal of its deal number (the same cards to the same
 * seats in every game of that deal, rules §3: a game's deals follow from its seed alone), the
 * entries seated by {@link ladderSeating}, each bot seeded by the ladder's seed, `g` and its
 * entry. A seat whose bot fails loses the game by forfeit.
 */
export async function playLadderGame(
  spec: LadderSpec,
  lineups: readonly (readonly number[])[],
  g: number,
  makeBot: (name: string, seed: string) => Bot,
  hooks: RefereeHooks = {},
): Promise<PlayedLadderGame> {
  const { deal, seats } = ladderSeating(spec, lineups, g);
  const labels = labelsOf(spec.bots);
  const decisions = seats.map(() => 0);
  const ms = seats.map(() => 0);
  const maxMs = seats.map(() => 0);
  const seed = `${spec.seed}/deal/${deal}`;
  const { state, record, fault } = await refereeGame(
    seats.map((e) => () => makeBot(spec.bots[e]!, `${spec.seed}/${g}/${e}`)),
    {
      seed,
      names: seats.map((e) => labels[e]!),
      maxMoves: spec.maxMoves,
      limitMs: spec.limitMs,
      hooks: {
        ...hooks,
        decisionEnd: (seat, took) => {
          decisions[seat]!++;
          ms[seat]! += took;
          if (took > maxMs[seat]!) maxMs[seat] = took;
          hooks.decisionEnd?.(seat, took);
        },
      },
    },
  );
  const forfeit =
    fault === null
      ? null
      : forfeitOf(
          fault,
          { bot: labels[seats[fault.seat]!]!, game: g, seed, botSeed: `${spec.seed}/${g}/${seats[fault.seat]}` },
          spec.limitMs,
          record,
        );
  const winner = fault === null ? state.winner : forfeitWinner(state.scores, fault.seat);
  return playedGame(g, seats, state, winner, { decisions, ms, maxMs }, forfeit);
}

/** Ladder game `g` stopped from outside: the hung seat forfeits, the others keep their order by score. */
export function hungLadderGame(
  spec: LadderSpec,
  lineups: readonly (readonly number[])[],
  g: number,
  hung: HungDecision,
): PlayedLadderGame {
  const { deal, seats } = ladderSeating(spec, lineups, g);
  const labels = labelsOf(spec.bots);
  const seed = `${spec.seed}/deal/${deal}`;
  const state = replayHung(
    seats.map((e) => labels[e]!),
    seed,
    hung.moves,
  );
  const record = hung.moves === null ? null : recordOf(state, hung.moves);
  const forfeit = forfeitOf(
    { ...hung, refusal: null },
    { bot: labels[seats[hung.seat]!]!, game: g, seed, botSeed: `${spec.seed}/${g}/${seats[hung.seat]}` },
    spec.limitMs,
    record,
  );
  const stats = seats.map((_, s) => hung.stats[s]!);
  return playedGame(
    g,
    seats,
    state,
    forfeitWinner(state.scores, hung.seat),
    {
      decisions: stats.map((x, s) => x.decisions + (s === hung.seat ? 1 : 0)),
      ms: stats.map((x, s) => x.ms + (s === hung.seat ? hung.elapsedMs : 0)),
      maxMs: stats.map((x, s) => Math.max(x.max, s === hung.seat ? hung.elapsedMs : 0)),
    },
    forfeit,
  );
}

/**
 * A finished ladder game as it is kept: the winning seat given as its entry, times rounded to
 * 0.001 ms, the forfeit's sentence cut to {@link MAX_KEPT_MESSAGE}; the forfeit in full beside it.
 */
function playedGame(
  g: number,
  seats: readonly number[],
  state: { readonly scores: readonly number[]; readonly moveCount: number; readonly round: number },
  winner: number | null,
  stats: { readonly decisions: readonly number[]; readonly ms: readonly number[]; readonly maxMs: readonly number[] },
  forfeit: Forfeit | null,
): PlayedLadderGame {
  return {
    game: {
      g,
      seats: seats.slice(),
      winner: winner === null ? null : seats[winner]!,
      scores: state.scores.slice(),
      moves: state.moveCount,
      rounds: state.round,
      decisions: stats.decisions.slice(),
      ms: stats.ms.map(round3),
      maxMs: stats.maxMs.map(round3),
      ...(forfeit === null ? {} : { forfeit: keptForfeit(forfeit) }),
    },
    forfeit,
  };
}
