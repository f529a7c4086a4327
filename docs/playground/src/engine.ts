/**
 * The only module of the playground that talks to the dnup library. It plays the part a game
 * server would play: it keeps the full game state to itself and hands the page nothing but the
 * human seat's player view, the legal moves and verdicts computed from that view, and log lines
 * that reveal no hidden card.
 */
import {
  apply,
  botByName,
  checkMoveOfView,
  createGame,
  formatMove,
  inactiveValue,
  legalMoves,
  legalMovesOfView,
  playerView,
  recordOf,
  replay,
  type Bot,
  type CardId,
  type DeckDefinition,
  type GameRecord,
  type GameState,
  type HeldCard,
  type Move,
  type MoveVerdict,
  type PlayerView,
  type ViewMoveCheck,
} from 'dnup';
import { describeTurnStart } from './narrate';
import { discardSentence, hiddenRotation, moveSentence } from './language';

export type { PlayerView } from 'dnup';

/** The bots a seat can be given. */
export const BOT_KINDS = ['random', 'greedy', 'montecarlo', 'ismcts-quick', 'ismcts', 'ismcts-strong'] as const;
export type BotKind = (typeof BOT_KINDS)[number];
/** Who sits in a seat: the person at the page or a built-in bot. */
export type SeatKind = 'human' | BotKind;

export const BOT_LABELS: Readonly<Record<BotKind, string>> = {
  random: 'Random bot',
  greedy: 'Greedy bot',
  montecarlo: 'Monte-Carlo bot',
  'ismcts-quick': 'ISMCTS bot · quick (50 ms)',
  ismcts: 'ISMCTS bot · steady (200 ms)',
  'ismcts-strong': 'ISMCTS bot · strong (1 s)',
};

/** The ISMCTS bot's difficulty: its thinking time per move, in milliseconds. */
const ISMCTS_BUDGET_MS: Readonly<Record<'ismcts-quick' | 'ismcts' | 'ismcts-strong', number>> = { 'ismcts-quick': 50, ismcts: 200, 'ismcts-strong': 1000 };

/** Playouts per decision of the Monte-Carlo bot: the library's default, quick in a browser. */
const MONTE_CARLO_PLAYOUTS = 200;

/** What the page needs to start a game. */
export interface MatchConfig {
  /** One entry per seat (2–5); exactly one is `'human'`. */
  readonly seats: readonly SeatKind[];
  readonly seed: string;
  /** The human's name in the log and the record. */
  readonly name: string;
}

/** One line of the game log. */
export interface LogLine {
  readonly text: string;
  /** The move in the library's notation (docs/notation.md), when the line is a move. */
  readonly notation?: string;
  /** The seat whose move it was, or null (a deal, a turn-start discard). */
  readonly seat: number | null;
}

/** What one move did, as the human seat may learn it. */
export interface StepResult {
  readonly lines: readonly LogLine[];
  /** Cards that just came from the table into the human's hand, rotated (golden rule, §5). */
  readonly arrivedRotated: readonly CardId[];
  /** True when the human's whole hand was just rotated (action D). */
  readonly handRotated: boolean;
}

/** Play areas per seat: two in the duel (rules §6), one otherwise. */
export function areasOf(view: Pick<PlayerView, 'players'>): 1 | 2 {
  return view.players.length === 2 ? 2 : 1;
}

/** The two faces of a card, for drawing it: `[active, inactive]`. */
export function facesOf(card: HeldCard, deck: DeckDefinition): readonly [number, number] {
  return [card.active, inactiveValue({ deck }, card)];
}

/** True when `id` is the ★ card of the deck. */
export function isStar(id: CardId, deck: DeckDefinition): boolean {
  return deck.cards.some((c) => c.id === id && c.star === true);
}

/** The player names a seating gives, in the log and the record. */
export function seatNames(seats: readonly SeatKind[], name: string): string[] {
  return seats.map((kind, i) => (kind === 'human' ? name : `${BOT_LABELS[kind].replace(' bot', '')} ${i + 1}`));
}

function makeBot(kind: BotKind, seed: string): Bot {
  if (kind === 'ismcts-quick' || kind === 'ismcts' || kind === 'ismcts-strong') return botByName('ismcts', { seed, timeMs: ISMCTS_BUDGET_MS[kind] });
  return kind === 'montecarlo' ? botByName(kind, { seed, playouts: MONTE_CARLO_PLAYOUTS }) : botByName(kind, { seed });
}

/**
 * The log lines of one move, read by `viewer`: its notation and the library's sentence. The
 * sentence of another seat's hand rotation would list that hand, so it is replaced by one that
 * says only how many cards turned (what the player view shows).
 */
function moveLines(before: GameState, move: Move, after: GameState, viewer: number | null): LogLine[] {
  const seat = before.status === 'playing' ? before.turn.seat : null;
  const hidden = move.type === 'rotate' && viewer !== null && seat !== viewer;
  const text = hidden
    ? (hiddenRotation(before.players, seat!, before.hands[seat!]!.length) ?? `${before.players[seat!]} rotates their hand (${before.hands[seat!]!.length} cards).`)
    : moveSentence(before, move);
  const lines: LogLine[] = [{ text, notation: formatMove(before, move), seat }];
  for (const e of after.events) {
    if (e.type === 'setDiscarded') lines.push({ text: discardSentence(e, after.players) ?? describeTurnStart(e, after.players), seat: null });
  }
  return lines;
}

/** A running game between the human seat and bots. The full state never leaves this object. */
export interface Match {
  readonly config: MatchConfig;
  readonly humanSeat: number;
  /** The human seat's player view. */
  view(): PlayerView;
  /** The human's legal moves, from their view (empty when it is not their turn). */
  legalMoves(): readonly Move[];
  /** The library's verdict on a move the human tries, judged on their view. */
  check(move: Move): ViewMoveCheck;
  /** Plays a move of the human (or `nextRound`); throws the library's error if it is illegal. */
  play(move: Move): StepResult;
  /** True when a bot is to move. */
  botToMove(): boolean;
  /** Lets the bot to move choose and play, seeing only its own view. */
  stepBot(): Promise<StepResult>;
  /** The game record so far (rules §3: seed and moves replay the game exactly). */
  record(): GameRecord;
  /** The opening line of the log. */
  dealLine(): LogLine;
}

/** Starts a game. Throws the library's `GameSetupError` when the setup is refused. */
export function startMatch(config: MatchConfig): Match {
  const humanSeat = config.seats.indexOf('human');
  if (humanSeat < 0) throw new Error('One seat must be yours.');
  let state = createGame(seatNames(config.seats, config.name), config.seed);
  const moves: Move[] = [];
  const bots = config.seats.map((kind, seat) => (kind === 'human' ? null : makeBot(kind, `${config.seed}/${seat}`)));
  const view = (): PlayerView => playerView(state, humanSeat);

  const commit = (move: Move): StepResult => {
    const before = state;
    state = apply(state, move);
    moves.push(move);
    // what the human learns comes from their own view's (redacted) events
    const events = view().events;
    const arrived: CardId[] = [];
    let handRotated = false;
    for (const e of events) {
      if (e.type === 'setTaken' && e.seat === humanSeat) arrived.push(...e.cards.map((c) => c.id));
      if (e.type === 'setBeaten' && e.seat === humanSeat) arrived.push(...e.returned.map((c) => c.id));
      if (e.type === 'handRotated' && e.seat === humanSeat) handRotated = true;
    }
    return { lines: moveLines(before, move, state, humanSeat), arrivedRotated: arrived, handRotated };
  };

  return {
    config,
    humanSeat,
    view,
    legalMoves: () => legalMovesOfView(view()),
    check: (move) => checkMoveOfView(view(), move),
    play: (move) => commit(move),
    botToMove: () => state.status === 'playing' && bots[state.turn.seat] !== null,
    stepBot: async () => {
      const seat = state.turn.seat;
      const bot = bots[seat];
      if (!bot) throw new Error('It is not a bot’s turn.');
      const move = await bot.chooseMove(playerView(state, seat), legalMoves(state));
      return commit(move);
    },
    record: () => recordOf(state, moves, { event: 'dnup playground', date: new Date().toISOString().slice(0, 10) }),
    dealLine: () => ({ text: `Round 1 is dealt and ${state.players[state.starter]} holds the ★, so they start.`, seat: null }),
  };
}

/** One position of a replay: the state after `index` moves, and the verdict on the move that led there. */
export interface ReplayFrame {
  readonly index: number;
  /** The verdict on move `index - 1` (absent for the deal). */
  readonly verdict: MoveVerdict | null;
  /** The position, as the seat that moved saw it (a record carries the seed, so a replay hides nothing). */
  readonly view: PlayerView;
  /** Every hand, shown face up in the replay. */
  readonly hands: readonly (readonly HeldCard[])[];
  readonly lines: readonly LogLine[];
}

/** A replayed record: one frame per legal move, then the first refused move if any. */
export interface Replay {
  readonly players: readonly string[];
  readonly seed: string;
  readonly frames: readonly ReplayFrame[];
  /** Every move's verdict, in order (legal, illegal, or never reached). */
  readonly verdicts: readonly MoveVerdict[];
}

/**
 * Replays a record (JSON text) with the library's `replay`, which judges every move.
 *
 * @throws the library's `RecordError`, whose message lists what is wrong with the record.
 */
export function replayRecord(json: string): Replay {
  const states: { state: GameState; lines: LogLine[] }[] = [];
  const result = replay(json, {
    onMove: (before, move, after) => {
      states.push({ state: after, lines: moveLines(before, move, after, null) });
    },
  });
  const frameOf = (state: GameState, index: number, lines: LogLine[]): ReplayFrame => ({
    index,
    verdict: index === 0 ? null : result.verdicts[index - 1]!,
    view: playerView(state, state.turn.seat),
    hands: state.hands,
    lines,
  });
  const frames = [frameOf(result.initial, 0, [])];
  states.forEach((s, i) => frames.push(frameOf(s.state, i + 1, s.lines)));
  if (!result.ok) frames.push({ ...frameOf(result.state, result.error.index + 1, []), verdict: result.error });
  return { players: result.record.players, seed: String(result.record.seed), frames, verdicts: result.verdicts };
}
