/**
 * The only module of the playground that talks to the dnup library's game state. It plays the
 * part a game server would play: it keeps the full state and the seed to itself and hands the
 * page nothing but the human seat's player view, the legal moves and verdicts computed from that
 * view, log lines that reveal no hidden card, and — until the game is over — a record that is the
 * player's view of the game (the seed only as its SHA-256 commitment, see fairness.ts).
 */
import {
  apply,
  catalogueBot,
  checkMove,
  createGame,
  formatMove,
  inactiveValue,
  legalMoves,
  playerView,
  recordOf,
  type Bot,
  type BotId,
  type CardId,
  type DeckDefinition,
  type GameRecord,
  type GameState,
  type HeldCard,
  type Move,
  type PlayerView,
  type MoveCheck,
} from 'dnup';
import { describeTurnStart } from './narrate';
import { discardSentence, moveSentence } from './language';
import { t } from './i18n';
import { PLAYER_RECORD_FORMAT, type PlayerRecord, type ViewFrame } from './player-record';

/**
 * Who sits in a seat: the person at the page or a bot of the library's catalogue (`BOT_CATALOGUE`,
 * which the setup form lists; a new bot there needs one label in each catalogue of i18n/).
 */
export type SeatKind = 'human' | BotId;

/** What the page needs to start a game. */
export interface MatchConfig {
  /** One entry per seat (2–5); exactly one is `'human'`. */
  readonly seats: readonly SeatKind[];
  /** The deal's seed: a secret random one unless the person chose one (then they know the deal). */
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
interface StepResult {
  readonly lines: readonly LogLine[];
  /** Cards that just came from the table into the human's hand, rotated (golden rule, rules §5). */
  readonly arrivedRotated: readonly CardId[];
  /** True when the human's whole hand was just rotated (action D). */
  readonly handRotated: boolean;
}

/** The library's answers per deck, so a redraw does not ask it again for every card. */
const otherFaces = new WeakMap<DeckDefinition, Map<string, number>>();

/** The two faces of a card, for drawing it: `[active, inactive]`. */
export function facesOf(card: HeldCard, deck: DeckDefinition): readonly [number, number] {
  let known = otherFaces.get(deck);
  if (!known) otherFaces.set(deck, (known = new Map()));
  const key = `${card.id}:${card.active}`;
  let other = known.get(key);
  if (other === undefined) known.set(key, (other = inactiveValue({ deck }, card)));
  return [card.active, other];
}

/** True when `id` is the ★ card of the deck. */
export function isStar(id: CardId, deck: DeckDefinition): boolean {
  return deck.cards.some((c) => c.id === id && c.star === true);
}

/** The player names a seating gives, in the log and the record. */
function seatNames(seats: readonly SeatKind[], name: string): string[] {
  return seats.map((kind, i) => (kind === 'human' ? name : `${t().bots.short[kind]} ${i + 1}`));
}

/** The bot of one seat, seeded from the game's seed so a finished game can be played again exactly. */
function makeBot(kind: BotId, seed: string): Bot {
  return catalogueBot(kind, { seed });
}

/** The log lines of one move: its notation, the library's sentence, and any turn-start discard. */
export function moveLines(before: GameState, move: Move, after: GameState): LogLine[] {
  const seat = before.status === 'playing' ? before.turn.seat : null;
  // describeMove tells a rotated hand by its size only, in every language, so any seat may read the line
  const lines: LogLine[] = [{ text: moveSentence(before, move), notation: formatMove(before, move), seat }];
  for (const e of after.events) {
    if (e.type === 'setDiscarded')
      lines.push({ text: discardSentence(e, after.players) ?? describeTurnStart(e, after.players), seat: null });
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
  check(move: Move): MoveCheck;
  /** Plays a move of the human (or `nextRound`); throws the library's error if it is illegal. */
  play(move: Move): StepResult;
  /** True when a bot is to move. */
  botToMove(): boolean;
  /** Lets the bot to move choose and play, seeing only its own view. */
  stepBot(): Promise<StepResult>;
  /**
   * The record to offer: while the game runs, the player's view of it (public moves, the views
   * this seat saw, the seed's commitment); once it is over, the full replayable record.
   */
  recordToShare(): PlayerRecord | GameRecord;
  /** The seed, once the game is over (null before: it would reveal every hand). */
  revealedSeed(): string | null;
  /** Every hand, once the game is over (the seed reveals them anyway); null before. */
  revealedHands(): readonly (readonly HeldCard[])[] | null;
  /** The opening line of the log. */
  dealLine(): LogLine;
  /** The moves played so far (to keep the game on the device: saved-games.ts). */
  moves(): readonly Move[];
  /** The winner's seat once the game is over, else null. */
  winner(): number | null;
}

/**
 * Starts a game. `commitment` is the SHA-256 of the seed (hex), or null when the browser cannot
 * compute it; it is written into the player's record. `resume`: the moves of a game kept on the
 * device, played again first.
 *
 * @throws the library's `GameSetupError` when the setup is refused.
 */
export function startMatch(config: MatchConfig, commitment: string | null, resume: readonly Move[] = []): Match {
  const humanSeat = config.seats.indexOf('human');
  if (humanSeat < 0) throw new Error(t().errors.oneSeatYours);
  let state = createGame(seatNames(config.seats, config.name), config.seed);
  const moves: Move[] = [];
  const bots = config.seats.map((kind, seat) => (kind === 'human' ? null : makeBot(kind, `${config.seed}/${seat}`)));
  const view = (): PlayerView => playerView(state, humanSeat);
  const dealLine = (): LogLine => ({ text: t().log.dealt(1, state.players[state.starter]!), seat: null });
  /** What the human saw after each move: the replay of a running game shows only this. */
  const frames: ViewFrame[] = [frameOf(view(), [dealLine().text])];

  const commit = (move: Move): StepResult => {
    const before = state;
    state = apply(state, move);
    moves.push(move);
    const lines = moveLines(before, move, state);
    const seen = view();
    frames.push(
      frameOf(
        seen,
        lines.map((l) => l.text),
      ),
    );
    // what the human learns comes from their own view's (redacted) events
    const arrived: CardId[] = [];
    let handRotated = false;
    for (const e of seen.events) {
      if (e.type === 'setTaken' && e.seat === humanSeat) arrived.push(...e.cards.map((c) => c.id));
      if (e.type === 'setBeaten' && e.seat === humanSeat) arrived.push(...e.returned.map((c) => c.id));
      if (e.type === 'handRotated' && e.seat === humanSeat) handRotated = true;
    }
    return { lines, arrivedRotated: arrived, handRotated };
  };

  // a game kept on the device: its moves played again from the same seed (the library throws at
  // the first that is not legal, and the page then deals a new game)
  for (const move of resume) commit(move);

  const metadata = (): { event: string; date: string } => ({
    event: 'dnup playground',
    date: new Date().toISOString().slice(0, 10),
  });

  return {
    config,
    humanSeat,
    view,
    legalMoves: () => legalMoves(view()),
    check: (move) => checkMove(view(), move),
    play: (move) => commit(move),
    botToMove: () => state.status === 'playing' && bots[state.turn.seat] !== null,
    stepBot: async () => {
      const seat = state.turn.seat;
      const bot = bots[seat];
      if (!bot) throw new Error('It is not a bot’s turn.');
      const move = await bot.chooseMove(playerView(state, seat), legalMoves(state));
      return commit(move);
    },
    recordToShare: () =>
      state.status === 'gameOver'
        ? recordOf(state, moves, metadata())
        : {
            format: PLAYER_RECORD_FORMAT,
            version: 1,
            players: state.players.slice(),
            seat: humanSeat,
            deck: state.deck,
            seedSha256: commitment,
            moves: moves.slice(),
            frames: frames.slice(),
            metadata: metadata(),
          },
    revealedSeed: () => (state.status === 'gameOver' ? config.seed : null),
    revealedHands: () => (state.status === 'gameOver' ? state.hands : null),
    dealLine,
    moves: () => moves.slice(),
    winner: () => (state.status === 'gameOver' ? state.winner : null),
  };
}

/** A view as a record frame: the game's fixed facts (players, deck, seat) are kept once, in the record. */
function frameOf(view: PlayerView, lines: readonly string[]): ViewFrame {
  const { format: _f, players: _p, deck: _d, seat: _s, ...rest } = view;
  return { ...rest, lines: lines.slice() };
}
