/**
 * The wire protocol of the dnup room (docs/online.md): option and message shapes in both
 * directions, refusal codes, and the checks the server runs on everything a client sends.
 * Plain data only, so the playground and any other client can share these types.
 */
import type { BotId, DeckDefinition, GameRecord, Move, MoveErrorCode, PlayerView, PublicView } from 'dnup';

/** The room type clients create and join. */
export const ROOM_NAME = 'dnup';
/** The lobby room type (Colyseus' LobbyRoom): lists public dnup rooms as they change. */
export const LOBBY_NAME = 'lobby';

/**
 * The bots of the library's catalogue (`BOT_CATALOGUE`) a room may seat: those whose budget is a
 * count of playouts. A bot that thinks for a set time would hold the server's one thread that long
 * at every move of every room.
 */
export const ONLINE_BOTS = ['random', 'greedy', 'montecarlo'] as const satisfies readonly BotId[];
/** A bot a room may seat. */
export type OnlineBotId = (typeof ONLINE_BOTS)[number];
/** What may sit in a seat: a person, or one of {@link ONLINE_BOTS}. */
export const SEAT_KINDS = ['human', ...ONLINE_BOTS] as const;
/** A seat kind. */
export type SeatKind = (typeof SEAT_KINDS)[number];

/** Longest display name, in characters. */
export const MAX_NAME_LENGTH = 24;
/** Bounds of the `turnSeconds` room option. */
export const MIN_TURN_SECONDS = 1;
export const MAX_TURN_SECONDS = 3600;
/** Most spectators per room. */
export const MAX_SPECTATORS = 16;

/** Options of `client.create('dnup', options)`. */
export interface CreateOptions {
  /** One kind per seat, 2–5 seats; at least one `human` (the creator takes the first). */
  readonly seats: readonly SeatKind[];
  /** The creator's display name. */
  readonly name?: string;
  /** A private room is left out of the lobby and joined by its code or link only. */
  readonly private?: boolean;
  /**
   * The turn clock: seconds a seat played by a person has for each move, 1–3600 (fractions
   * allowed); when they run out the server plays a greedy bot's move for that seat. Off when absent.
   */
  readonly turnSeconds?: number;
  /**
   * True (the default): the game starts once every person's seat is taken. False: it waits for the
   * host's `start` message even then, so the host says when.
   */
  readonly startWhenFull?: boolean;
  /** Quick reactions (REACTIONS) between the room's people: on unless false. */
  readonly reactions?: boolean;
  /** Pages may offer a hint (a strong bot's move) to the seat to play: on unless false, and always off with a turn clock. */
  readonly hints?: boolean;
  /** The creator's own `deckOnce` ({@link JoinOptions}): Colyseus hands the create options to the creator's join. */
  readonly deckOnce?: boolean;
}

/** Options of `client.joinById(code, options)`. */
export interface JoinOptions {
  /** The display name shown to the others. */
  readonly name?: string;
  /** Join as a spectator: public information only. */
  readonly spectate?: boolean;
  /** The seat token a `welcome` message gave: takes that seat back (reload, crash, bot took over). */
  readonly seatToken?: string;
  /**
   * Send the deck once: each `state` message's view leaves out `deck` when an earlier one on this
   * connection carried the same deck (the first after joining or reconnecting always does). Most of
   * a view's bytes are its deck's 40 cards; a {@link DeckKeeper} puts it back. Off when absent.
   * Also read from the creator's create options.
   */
  readonly deckOnce?: boolean;
}

/** Who holds a seat, as everyone in the room sees it. */
export interface SeatInfo {
  readonly seat: number;
  readonly kind: SeatKind;
  /** Display name; empty while a human seat is free. */
  readonly name: string;
  /** For a human seat: someone has taken it. */
  readonly taken: boolean;
  /** For a human seat: its person is connected now. */
  readonly connected: boolean;
  /** Who plays it now: `bot` for bot seats, and for a human seat after its reconnection time ran out. */
  readonly playedBy: 'human' | 'bot';
  /**
   * While this seat's person dropped and may still come back: when their reconnection time runs
   * out (then a bot plays the seat, or before the game the seat is freed). Null otherwise: connected,
   * never taken, a bot seat, or a bot already playing for them.
   */
  readonly reconnectDeadline: ReconnectDeadline | null;
}

/** When a dropped person's reconnection time runs out (`reconnectSeconds` after the drop). */
export interface ReconnectDeadline {
  /** The server's clock, milliseconds since 1970 (`Date.now()`). */
  readonly at: number;
  /** Milliseconds left when the message was sent: count down from this, clocks differ. */
  readonly remainingMs: number;
}

/** Server → client: sent once to a client that joined. */
export interface WelcomeMessage {
  /** The room code (also the Colyseus room id): share it, or a link holding it. */
  readonly code: string;
  /** The seat this client plays, or null for a spectator. */
  readonly seat: number | null;
  /** Secret of this seat; join again with it to take the seat back. Null for spectators. */
  readonly seatToken: string | null;
  /** Seconds a dropped player has to come back before a bot plays for them. */
  readonly reconnectSeconds: number;
  /** The room's turn clock in seconds, or null when it has none. */
  readonly turnSeconds: number | null;
  /**
   * The game so far as anyone watching saw it, for the log of a client that joins or comes back
   * mid-game: the deal, then each move with the public view's events, at most the last
   * {@link MAX_HISTORY}; empty before the game starts.
   */
  readonly history: readonly HistoryEntry[];
}

/** How many moves a welcome's history holds at most (the last ones). */
export const MAX_HISTORY = 400;

/** One move of a welcome's history (or the deal, with `move` null). */
export interface HistoryEntry {
  /** The public view's events of that move (what anyone watching saw). */
  readonly events: PublicView['events'];
  readonly move: Move | null;
  /** The seat that moved, or null (a deal). */
  readonly seat: number | null;
  /** The move count after it. */
  readonly moveCount: number;
  /** True when the turn clock played it for its seat, whose time ran out (absent otherwise). */
  readonly byClock?: true;
}

/** Server → every client: the room's people and phase, after every change of them. */
export interface LobbyMessage {
  readonly code: string;
  readonly private: boolean;
  /** False when the room waits for the host's start even once every seat is taken (see CreateOptions). */
  readonly startWhenFull?: boolean;
  /** False when the room's quick reactions are off. */
  readonly reactions?: boolean;
  /** Whether pages may offer hints in this room (never in a room with a turn clock). */
  readonly hints?: boolean;
  /** After the game: the seats whose person asked for a rematch (it starts when every connected person has). */
  readonly rematch?: readonly number[];
  readonly seats: readonly SeatInfo[];
  /** The seat that may start the game early. */
  readonly host: number;
  readonly spectators: number;
  /** `waiting` for people, `playing`, or `over`. */
  readonly phase: 'waiting' | 'playing' | 'over';
}

/** When the turn clock of the seat to play runs out (room option `turnSeconds`). */
export interface TurnDeadline {
  /** The seat whose time runs. */
  readonly seat: number;
  /** When it runs out: the server's clock, milliseconds since 1970 (`Date.now()`). */
  readonly at: number;
  /** Milliseconds left when the message was sent: count down from this, clocks differ. */
  readonly remainingMs: number;
}

/** Server → client: after every change of the game. */
export interface StateMessage {
  /** `playerView(state, yourSeat)`, or for a spectator the library's `publicView(state)`. */
  readonly view: PlayerView | PublicView;
  /** Your legal moves (canonical order); empty when it is not your turn, or for spectators. */
  readonly moves: readonly Move[];
  /**
   * The turn clock of the seat to play, for every client (spectators too); null when the room
   * has no turn clock, at a round's end, when the game is over, or when a bot plays the seat.
   */
  readonly deadline: TurnDeadline | null;
  /** The seal of the deal: SHA-256 (hex) of the seed's UTF-8 bytes, to check against the seed revealed at game over. */
  readonly seal?: string;
  /**
   * True when the view's last move was played by the turn clock for its seat, whose time ran out
   * (a greedy bot's move); absent otherwise.
   */
  readonly byClock?: true;
}

/**
 * A `state` message as it travels to a connection that joined with `deckOnce`: its view may leave
 * out the deck, which an earlier message carried ({@link DeckKeeper} completes it).
 */
export interface WireStateMessage extends Omit<StateMessage, 'view'> {
  readonly view: Omit<PlayerView, 'deck'> | Omit<PublicView, 'deck'>;
}

/**
 * The client side of `deckOnce`: keeps the deck of the last state message that carried one and
 * puts it back into those that leave it out, so the page always gets whole views. One per
 * connection (it may outlive a reconnection: the server sends the deck again anyway).
 */
export class DeckKeeper {
  private deck: DeckDefinition | null = null;

  /**
   * The whole message: `m` itself when its view carries a deck (kept), else a copy with the kept deck.
   * @throws Error when the view leaves out the deck and none was kept (a server that does not keep
   *   the protocol).
   */
  complete(m: StateMessage | WireStateMessage): StateMessage {
    const deck = (m.view as { deck?: DeckDefinition }).deck;
    if (deck !== undefined) {
      this.deck = deck;
      return m as StateMessage;
    }
    if (this.deck === null) throw new Error('A state message left out the deck before any carried it (deckOnce).');
    return { ...m, view: { ...m.view, deck: this.deck } as StateMessage['view'] };
  }
}

/** Why the server refused a message. Library codes come with the library's sentence. */
export const SERVER_REFUSAL_CODES = [
  'MALFORMED_MESSAGE',
  'UNKNOWN_MESSAGE',
  'RATE_LIMITED',
  'NOT_STARTED',
  'ALREADY_STARTED',
  'NOT_A_PLAYER',
  'NOT_HOST',
  'STALE_MOVE',
  'REACTIONS_OFF',
  'NOT_OVER',
] as const;
/** A refusal code of the server itself. */
export type ServerRefusalCode = (typeof SERVER_REFUSAL_CODES)[number];

/** Server → client: a message refused; nothing changed. */
export interface RefusedMessage {
  readonly code: MoveErrorCode | ServerRefusalCode;
  /** One sentence for the player, naming the rule (rules §N) for a refused move. */
  readonly message: string;
  /** The rules reference section for a library refusal, e.g. `"§5 A"`. */
  readonly rule?: string;
  /** The message type refused. */
  readonly type: string;
}

/** Server → every client when the game ends: the whole record, seed included, for `replay`. */
export interface GameOverMessage {
  readonly winner: number | null;
  readonly record: GameRecord;
  /** `won`, or `abandoned` when every person left for good. */
  readonly reason: 'won' | 'abandoned';
}

/** Client → server: play a move. */
export interface MoveMessage {
  readonly move: Move;
  /** The `view.moveCount` the move was chosen at; a move chosen at another count is refused (`STALE_MOVE`). */
  readonly moveCount?: number;
}

/** Message names, both directions. */
export const MESSAGES = {
  /** Server → client. */
  welcome: 'welcome',
  lobby: 'lobby',
  state: 'state',
  refused: 'refused',
  gameOver: 'gameOver',
  /** Server → every client: someone's quick reaction ({@link ReactionMessage}). */
  reaction: 'reaction',
  /** Client → server. */
  move: 'move',
  start: 'start',
  react: 'react',
  /** After the game: ask for another game in this room, same seats, a new sealed deal. */
  rematch: 'rematch',
  /** After the game, the host only: another bot for a bot seat before the rematch (`{ seat, kind }`). */
  seat: 'seat',
} as const;

/** The messages a client sends, each handled by the room's GameHost. */
export const CLIENT_MESSAGES = [
  MESSAGES.move,
  MESSAGES.start,
  MESSAGES.react,
  MESSAGES.rematch,
  MESSAGES.seat,
] as const;
export type ClientMessageType = (typeof CLIENT_MESSAGES)[number];

/** The quick reactions a player or spectator may send (no free text). */
export const REACTIONS = ['👍', '👏', '😮', '😅', '🎉', '🤔'] as const;
export type Reaction = (typeof REACTIONS)[number];
/** Least time between two reactions of one connection, in ms (sooner ones are refused, RATE_LIMITED). */
export const REACTION_GAP_MS = 1500;

/** Server → every client: a quick reaction, from a seat or a spectator (`seat` null). */
export interface ReactionMessage {
  readonly seat: number | null;
  /** The sender's display name (a spectator's, or '' when they gave none). */
  readonly name: string;
  readonly emote: Reaction;
}

/** Reads a `seat` message: `{ seat, kind }` with a bot kind the server plays (ONLINE_BOTS). */
export function readSeatMessage(x: unknown): { seat: number; kind: Exclude<SeatKind, 'human'> } {
  const ok =
    isPlainObject(x) &&
    Object.keys(x).length === 2 &&
    Number.isSafeInteger(x.seat) &&
    typeof x.kind === 'string' &&
    x.kind !== 'human' &&
    (SEAT_KINDS as readonly string[]).includes(x.kind);
  if (!ok)
    throw new Refusal(
      'MALFORMED_MESSAGE',
      `A seat change is { seat, kind } with a bot kind: ${SEAT_KINDS.filter((k) => k !== 'human').join(', ')}.`,
    );
  return { seat: x.seat as number, kind: x.kind as Exclude<SeatKind, 'human'> };
}

/** Reads a `react` message: `{ emote }`, one of {@link REACTIONS}. */
export function readReactMessage(x: unknown): Reaction {
  const emote = isPlainObject(x) && Object.keys(x).length === 1 ? x.emote : undefined;
  if (typeof emote !== 'string' || !(REACTIONS as readonly string[]).includes(emote))
    throw new Refusal('MALFORMED_MESSAGE', `A reaction is { emote } with one of ${REACTIONS.join(' ')}.`);
  return emote as Reaction;
}

/** Reasons a join or create is refused (the text before the colon of the error message). */
export const JOIN_ERROR_CODES = [
  'BAD_OPTIONS',
  'ROOM_FULL',
  'BAD_SEAT_TOKEN',
  'GAME_STARTED',
  'TOO_MANY_SPECTATORS',
] as const;
/** A join refusal code. */
export type JoinErrorCode = (typeof JOIN_ERROR_CODES)[number];

/** WebSocket close codes the server uses besides Colyseus' own (docs/online.md). */
export const CLOSE_CODES = {
  /** Kept sending after being rate limited. */
  flood: 4429,
  /** Kept sending malformed messages. */
  malformed: 4400,
  /** A frame that is not a Colyseus room message with a MessagePack payload (Colyseus' own code for it). */
  undecodable: 4002,
  /** This process no longer hosts the game (shutting down, or another process took it over): join again with the seat token. */
  restart: 4503,
} as const;

/** A refusal thrown while reading a client's message. */
export class Refusal extends Error {
  constructor(
    readonly code: ServerRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Uint8Array);
}

/** A display name from untrusted input: trimmed, control characters removed, at most {@link MAX_NAME_LENGTH}. */
export function cleanName(x: unknown, fallback: string): string {
  if (typeof x !== 'string') return fallback;
  // eslint-disable-next-line no-control-regex
  const clean = Array.from(x.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim())
    .slice(0, MAX_NAME_LENGTH)
    .join('')
    .trim();
  return clean === '' ? fallback : clean;
}

/**
 * Reads create options; throws a sentence for anything else.
 */
export function readCreateOptions(x: unknown): {
  seats: SeatKind[];
  name: string;
  private: boolean;
  turnSeconds: number | null;
  startWhenFull: boolean;
  reactions: boolean;
  hints: boolean;
} {
  if (!isPlainObject(x))
    throw new Error('BAD_OPTIONS: room options must be an object such as { seats: ["human", "greedy"] }.');
  const seats = x.seats;
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 5) {
    throw new Error('BAD_OPTIONS: dnup is played by 2 to 5 players: give seats as a list of 2 to 5 kinds (rules §2).');
  }
  if (!seats.every((s): s is SeatKind => typeof s === 'string' && (SEAT_KINDS as readonly string[]).includes(s))) {
    throw new Error(`BAD_OPTIONS: a seat is one of ${SEAT_KINDS.join(', ')}.`);
  }
  if (!seats.includes('human'))
    throw new Error('BAD_OPTIONS: at least one seat must be human (the creator takes the first).');
  if (x.private !== undefined && typeof x.private !== 'boolean')
    throw new Error('BAD_OPTIONS: private is true or false.');
  if (x.startWhenFull !== undefined && typeof x.startWhenFull !== 'boolean')
    throw new Error('BAD_OPTIONS: startWhenFull is true or false.');
  if (x.reactions !== undefined && typeof x.reactions !== 'boolean')
    throw new Error('BAD_OPTIONS: reactions is true or false.');
  if (x.hints !== undefined && typeof x.hints !== 'boolean') throw new Error('BAD_OPTIONS: hints is true or false.');
  const t = x.turnSeconds;
  if (
    t !== undefined &&
    t !== null &&
    !(typeof t === 'number' && Number.isFinite(t) && t >= MIN_TURN_SECONDS && t <= MAX_TURN_SECONDS)
  ) {
    throw new Error(`BAD_OPTIONS: turnSeconds is a number of seconds from ${MIN_TURN_SECONDS} to ${MAX_TURN_SECONDS}.`);
  }
  return {
    seats: seats.slice(),
    name: cleanName(x.name, 'Player 1'),
    private: x.private === true,
    turnSeconds: typeof t === 'number' ? t : null,
    startWhenFull: x.startWhenFull !== false,
    reactions: x.reactions !== false,
    // a timed room is a race against the clock: no hints there
    hints: x.hints !== false && typeof t !== 'number',
  };
}

/** Reads join options (the creator's create options are read by {@link readCreateOptions}). */
export function readJoinOptions(x: unknown): {
  name: string | null;
  spectate: boolean;
  seatToken: string | null;
  deckOnce: boolean;
} {
  if (x === undefined || x === null) return { name: null, spectate: false, seatToken: null, deckOnce: false };
  if (!isPlainObject(x)) throw new Error('BAD_OPTIONS: join options must be an object such as { name: "Ana" }.');
  if (x.seatToken !== undefined && (typeof x.seatToken !== 'string' || x.seatToken.length > 64)) {
    throw new Error('BAD_SEAT_TOKEN: a seat token is the string the welcome message gave.');
  }
  return {
    name: x.name === undefined ? null : cleanName(x.name, ''),
    spectate: x.spectate === true,
    seatToken: typeof x.seatToken === 'string' ? x.seatToken : null,
    deckOnce: x.deckOnce === true,
  };
}

/** Most cards a move may name: more than any hand holds, bounded so a message stays small. */
const MAX_MOVE_CARDS = 64;

function isCardId(x: unknown): boolean {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 && x <= 65535;
}

function isSeatRef(x: unknown): boolean {
  return (
    isPlainObject(x) &&
    Object.keys(x).length === 2 &&
    Number.isSafeInteger(x.seat) &&
    Number.isSafeInteger(x.area) &&
    (x.seat as number) >= 0 &&
    (x.seat as number) < 8 &&
    (x.area as number) >= 0 &&
    (x.area as number) < 4
  );
}

/** The refusal of a message type the server does not know (`type` cut to 32 characters). */
export function unknownMessage(type: string): Refusal {
  return new Refusal(
    'UNKNOWN_MESSAGE',
    `The server knows the messages "move", "start", "react", "rematch" and "seat", not "${type}" (see docs/online.md).`,
  );
}

/**
 * Reads a `move` message: a move of one of the five shapes with nothing else, and an optional
 * move count. The rules then judge the move; this only keeps junk out.
 *
 * @throws {@link Refusal} `MALFORMED_MESSAGE`.
 */
export function readMoveMessage(x: unknown): { move: Move; moveCount: number | null } {
  const bad = (why: string): never => {
    throw new Refusal(
      'MALFORMED_MESSAGE',
      `That message is not a move: ${why} (see docs/online.md, and rules §5 for the moves).`,
    );
  };
  if (!isPlainObject(x)) return bad('send { move: { type: … } }');
  for (const k of Object.keys(x)) if (k !== 'move' && k !== 'moveCount') bad(`unknown field "${k.slice(0, 32)}"`);
  if (x.moveCount !== undefined && !(Number.isSafeInteger(x.moveCount) && (x.moveCount as number) >= 0))
    bad('moveCount is a whole number');
  const m = x.move;
  if (!isPlainObject(m)) return bad('move is an object');
  const keys = Object.keys(m).sort().join(',');
  let move: Move;
  switch (m.type) {
    case 'play':
      if (
        keys !== 'cards,type' ||
        !Array.isArray(m.cards) ||
        m.cards.length > MAX_MOVE_CARDS ||
        !m.cards.every(isCardId)
      )
        bad('a play is { type: "play", cards: [ids] }');
      move = { type: 'play', cards: (m.cards as number[]).slice() };
      break;
    case 'add':
      if (keys !== 'card,target,type' || !isCardId(m.card) || !isSeatRef(m.target))
        bad('an add is { type: "add", card, target: { seat, area } }');
      move = {
        type: 'add',
        card: m.card as number,
        target: { seat: (m.target as { seat: number }).seat, area: (m.target as { area: number }).area },
      };
      break;
    case 'take':
      if (keys !== 'target,type' || !isSeatRef(m.target)) bad('a take is { type: "take", target: { seat, area } }');
      move = {
        type: 'take',
        target: { seat: (m.target as { seat: number }).seat, area: (m.target as { area: number }).area },
      };
      break;
    case 'rotate':
      if (keys !== 'type') bad('a rotation is { type: "rotate" }');
      move = { type: 'rotate' };
      break;
    case 'nextRound':
      if (keys !== 'type') bad('dealing the next round is { type: "nextRound" }');
      move = { type: 'nextRound' };
      break;
    default:
      return bad('type is play, add, take, rotate or nextRound');
  }
  return { move, moveCount: x.moveCount === undefined ? null : (x.moveCount as number) };
}

/** Reads a `start` message: nothing, or an empty object. */
export function readStartMessage(x: unknown): void {
  if (x === undefined || x === null) return;
  if (!isPlainObject(x) || Object.keys(x).length > 0)
    throw new Refusal('MALFORMED_MESSAGE', 'The start message carries nothing: send {}.');
}
