/**
 * The snapshot wrapper: the contract engine (contract-baseline.ts) made immutable the cheapest
 * way we know. The hand-tuned mutable engine does the rule work; after each move the wrapper
 * publishes the next state with copy-on-write: new arrays for exactly the hands, table and
 * knowledge lists that changed, a new set object only for a set that changed, a new turn and the
 * state record; everything else is shared with the previous state.
 *
 * snapshot / contract is the price of an immutable API on top of the best mutable engine we have,
 * and dnup / snapshot compares dnup's own design with that. run.ts checks, before timing, that
 * these states equal dnup's field by field at every step.
 */

import type { DeckDefinition, GameEvent, GameStatus, HeldCard, Move, ScoringMode, TableSet, Turn } from 'dnup';
import { ContractGame } from './contract-baseline.js';

/**
 * A state the wrapper publishes: the fields of the library's state that play changes, and its
 * fixed facts (players, deck, seed, rng), which the engine does not know, as placeholders.
 */
export interface SnapshotState {
  readonly format: 1;
  readonly players: readonly string[];
  readonly deck: null;
  readonly seed: null;
  readonly rng: null;
  readonly scoring: ScoringMode;
  readonly round: number;
  readonly status: GameStatus;
  readonly hands: readonly (readonly HeldCard[])[];
  readonly known: readonly (readonly number[])[];
  readonly table: readonly TableSet[];
  readonly discardCount: number;
  readonly starter: number;
  readonly turn: Turn;
  readonly out: readonly number[];
  readonly scores: readonly number[];
  readonly winner: number | null;
  readonly moveCount: number;
  readonly lastMove: Move | null;
  readonly events: readonly GameEvent[];
}

export class SnapshotGame {
  // declared, not defined: the constructor creates them, as in the JavaScript this was
  declare readonly game: ContractGame;
  /** The set object last published for each table slot, or null. */
  declare readonly setObjects: (TableSet | null)[];
  /** The last state published; null before `start`. */
  declare state: SnapshotState | null;

  /** @param deck the library's STANDARD_DECK; @param players 2–5. */
  constructor(deck: DeckDefinition, players: number) {
    this.game = new ContractGame(deck, players);
    this.setObjects = new Array<TableSet | null>(this.game.slots).fill(null);
    this.state = null;
  }

  /** Starts a game from `seed`; the first state is built whole. */
  start(seed: string | number): this {
    this.game.start(seed);
    this.state = this.whole(null, 0);
    return this;
  }

  legalMoves(): Move[] {
    return this.game.legalMoves();
  }

  /** Plays `move` (validated by the contract engine) and returns the next state. */
  apply(move: Move): SnapshotState {
    const g = this.game;
    const prev = this.state!;
    g.apply(move);
    if (move.type === 'nextRound') return (this.state = this.whole(prev, prev.moveCount + 1));
    const events = g.lastEvents;
    // which hands and knowledge lists changed: the mover's hand always; an owner's when a beaten
    // set came home; knowledge where cards arrived from the table, or a known card left
    const mover = prev.turn.seat;
    const hands = prev.hands.slice();
    hands[mover] = g.handOf(mover);
    let known = prev.known;
    let tableChanged = false;
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      switch (e.type) {
        case 'setBeaten':
          tableChanged = true;
          if (e.fate === 'returned') {
            hands[e.seat] = g.handOf(e.seat);
            known = withKnown(known, g, e.seat);
          }
          break;
        case 'setTaken':
          tableChanged = true;
          known = withKnown(known, g, e.seat);
          break;
        case 'setPlayed':
        case 'cardAdded':
        case 'setDiscarded':
          tableChanged = true;
          break;
        default:
          break;
      }
    }
    if (prev.known[mover]!.length > 0 && (move.type === 'play' || move.type === 'add')) {
      const was = prev.known[mover]!;
      const left = move.type === 'add' ? was.includes(move.card) : move.cards.some((id) => was.includes(id));
      if (left) known = withKnown(known, g, mover);
    }
    const out = g.out.length === prev.out.length ? prev.out : g.out.slice();
    const scores = out === prev.out ? prev.scores : g.scores.slice();
    return (this.state = {
      format: 1,
      players: prev.players,
      deck: prev.deck,
      seed: prev.seed,
      rng: prev.rng,
      scoring: prev.scoring,
      round: prev.round,
      status: g.status,
      hands,
      known,
      table: tableChanged ? this.tableOf() : prev.table,
      discardCount: g.discardCount,
      starter: prev.starter,
      turn: g.turnNumber === prev.turn.number ? prev.turn : { seat: g.seat, area: g.area, number: g.turnNumber },
      out,
      scores,
      winner: g.winner,
      moveCount: prev.moveCount + 1,
      lastMove: move,
      events,
    });
  }

  /** The table as set objects in seat, area order, reusing the object of every set that did not change (a single play shares its interned cards array, so the value is compared too). */
  tableOf(): TableSet[] {
    const g = this.game;
    let count = 0;
    for (let s = 0; s < g.slots; s++) if (g.slotSize[s] !== 0) count++;
    const table = new Array<TableSet>(count);
    for (let s = 0, k = 0; s < g.slots; s++) {
      if (g.slotSize[s] === 0) continue;
      let set = this.setObjects[s] as TableSet | null; // filled with null: never undefined
      if (set === null || set.cards !== g.slotCards[s] || set.value !== g.slotValue[s]) {
        set = { seat: g.slotSeat[s]!, area: g.slotArea[s]!, value: g.slotValue[s]!, cards: g.slotCards[s]! };
        this.setObjects[s] = set;
      }
      table[k++] = set;
    }
    return table;
  }

  /**
   * A state built whole: the first state of a round. The game's fixed facts (players, deck,
   * seed, rng) are not the engine's to know; the first state holds placeholders of the same
   * shape, later states share them, and run.ts compares only the fields play changes.
   */
  whole(prev: SnapshotState | null, moveCount: number): SnapshotState {
    const g = this.game;
    this.setObjects.fill(null);
    const hands: HeldCard[][] = [];
    const known: number[][] = [];
    for (let s = 0; s < g.n; s++) {
      hands.push(g.handOf(s));
      known.push(g.knownOf(s));
    }
    return {
      format: 1,
      players: prev?.players ?? [],
      deck: prev?.deck ?? null,
      seed: prev?.seed ?? null,
      rng: prev?.rng ?? null,
      scoring: g.n === 2 ? 'rounds' : 'tokens',
      round: g.round,
      status: g.status,
      hands,
      known,
      table: [],
      discardCount: 0,
      starter: g.starter,
      turn: { seat: g.seat, area: g.area, number: g.turnNumber },
      out: [],
      scores: g.scores.slice(),
      winner: g.winner,
      moveCount,
      lastMove: null,
      events: g.lastEvents,
    };
  }
}

function withKnown(known: readonly (readonly number[])[], g: ContractGame, seat: number): (readonly number[])[] {
  const next = known.slice();
  next[seat] = g.knownOf(seat);
  return next;
}
