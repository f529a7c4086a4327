/**
 * The `dnup` room: the only holder of a game's full state. Each client gets its seat's player
 * view and legal moves after every change (spectators the public part only); moves are judged
 * by the library, stored, then shown. Dropped players keep their seat for a while, then a bot
 * plays it until they come back with their seat token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LobbyRoom, Room, ServerError, type Client, type Delayed, type Deferred } from '@colyseus/core';
import {
  apply,
  botByName,
  checkMoveOfView,
  createGame,
  legalMoves,
  playerView,
  recordOf,
  replay,
  RECORD_VERSION,
  type Bot,
  type GameRecord,
  type GameState,
  type Move,
  type PlayerView,
} from 'dnup';
import {
  CLOSE_CODES,
  MAX_SPECTATORS,
  MESSAGES,
  readCreateOptions,
  readJoinOptions,
  readMoveMessage,
  readStartMessage,
  Refusal,
  type GameOverMessage,
  type LobbyMessage,
  type RefusedMessage,
  type SeatInfo,
  type SeatKind,
  type SpectatorView,
  type StateMessage,
  type WelcomeMessage,
} from './protocol.js';
import type { GameStore, StoredGame } from './store.js';

/** Server-wide settings of every dnup room (one server per process: Colyseus' matchmaker is a singleton). */
export interface RoomSettings {
  readonly store: GameStore;
  /** Seconds a dropped player keeps the seat before a bot plays it (default 30). */
  readonly reconnectSeconds: number;
  /** Pause before a bot moves, in ms, so people can follow (default 400). */
  readonly botDelayMs: number;
  /** Pause at a round's end before the server deals the next round if nobody did (default 3000). */
  readonly roundPauseMs: number;
  /** Monte-Carlo playouts per bot move (default 100). */
  readonly montecarloPlayouts: number;
  /** Messages a client may send per second, and in one burst (defaults 10 and 20). */
  readonly ratePerSecond: number;
  readonly rateBurst: number;
  /** A finished room with nobody left, or an idle one, closes after this many seconds (default 600). */
  readonly idleSeconds: number;
  /** Called for every room problem worth a log line (default: console.error). */
  readonly log: (line: string) => void;
}

const DEFAULTS: RoomSettings = {
  store: undefined as unknown as GameStore,
  reconnectSeconds: 30,
  botDelayMs: 400,
  roundPauseMs: 3000,
  montecarloPlayouts: 100,
  ratePerSecond: 10,
  rateBurst: 20,
  idleSeconds: 600,
  log: (line) => console.error(line),
};

let settings: RoomSettings = DEFAULTS;
/** Games to restore, by code: only the server process itself puts them here (never a client). */
export const pendingRestores = new Map<string, StoredGame>();
/** Rooms of this process, for the stats endpoint. */
export const liveRooms = { count: 0 };
/** The create option naming a pending restore. */
export const RESTORE_OPTION = '__restore';

/** Sets the settings of rooms created from now on. */
export function configureRooms(s: Partial<RoomSettings> & { store: GameStore }): RoomSettings {
  settings = { ...DEFAULTS, ...s };
  return settings;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh 6-character room code (no 0/O or 1/I to misread). */
export function newCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

const BOT_NAMES: Readonly<Record<Exclude<SeatKind, 'human'>, string>> = { random: 'Random bot', greedy: 'Greedy bot', montecarlo: 'Monte-Carlo bot' };

interface Seat {
  kind: SeatKind;
  name: string;
  tokenHash: string;
  client: Client | null;
  playedBy: 'human' | 'bot';
  /** While a dropped person may come back: Colyseus' reconnection and our own deadline. */
  reconnection: Deferred<Client> | null;
  deadline: Delayed | null;
  bot: Bot | null;
}

interface ClientData {
  seat: number | null;
  tokens: number;
  last: number;
  /** Messages dropped for the rate limit in the window that began at `window` (ms). */
  dropped: number;
  window: number;
  malformed: number;
}

function spectatorView(state: GameState): SpectatorView {
  const v = playerView(state, 0);
  const { hand: _hand, seat: _seat, events, ...rest } = v;
  return { ...rest, seat: null, hand: [], events: events.map((e) => (e.type === 'handRotated' ? { ...e, cards: null } : e)) };
}

/** The moves a seat may send now: its legal moves on its turn; anyone may deal the next round (rules §8). */
function movesOf(view: PlayerView): Move[] {
  if (view.status === 'roundOver' || (view.status === 'playing' && view.turn.seat === view.seat)) return legalMoves(view);
  return [];
}

/**
 * Colyseus looks message handlers up in a plain object, so a message typed "constructor" or
 * "toString" finds Object.prototype's function and throws outside any handler, which would end
 * the process. Without a prototype such types reach the "*" handler like any unknown type.
 */
export function hardenMessageHandlers(room: Room): void {
  Object.setPrototypeOf((room as unknown as { onMessageHandlers: object }).onMessageHandlers, null);
}

/** Colyseus' lobby, with the same protection as {@link DnupRoom}. */
export class DnupLobby extends LobbyRoom {
  override async onCreate(options: unknown): Promise<void> {
    hardenMessageHandlers(this);
    await super.onCreate(options);
  }
}

/** The dnup room type. */
export class DnupRoom extends Room {
  private readonly cfg = settings;
  private seats: Seat[] = [];
  private host = 0;
  private isPrivate = false;
  private phase: 'waiting' | 'playing' | 'over' = 'waiting';
  private game: GameState | null = null;
  private moves: Move[] = [];
  private spectators = new Set<Client>();
  /** Moves are judged, stored and shown one at a time. */
  private queue: Promise<void> = Promise.resolve();
  private botTimer: Delayed | null = null;
  private roundTimer: Delayed | null = null;
  private seedText = '';
  private shuttingDown = false;

  override async onCreate(options: unknown): Promise<void> {
    hardenMessageHandlers(this);
    this.maxClients = 5 + MAX_SPECTATORS + 5;
    const restoreId = typeof options === 'object' && options !== null ? (options as Record<string, unknown>)[RESTORE_OPTION] : undefined;
    if (restoreId !== undefined) {
      const stored = typeof restoreId === 'string' ? pendingRestores.get(restoreId) : undefined;
      if (!stored) throw new ServerError(4400, 'BAD_OPTIONS: there is no such game to restore.');
      pendingRestores.delete(stored.id);
      this.restore(stored);
    } else {
      let o: ReturnType<typeof readCreateOptions>;
      try {
        o = readCreateOptions(options);
      } catch (e) {
        throw new ServerError(4400, (e as Error).message);
      }
      this.roomId = newCode();
      this.isPrivate = o.private;
      this.seats = o.seats.map((kind) => this.newSeat(kind, kind === 'human' ? '' : BOT_NAMES[kind]));
      this.host = o.seats.indexOf('human');
      if (this.isPrivate) await this.setPrivate(true);
    }
    this.onMessage(MESSAGES.move, (client, message) => this.guard(client, MESSAGES.move, () => this.onMove(client, message)));
    this.onMessage(MESSAGES.start, (client, message) => this.guard(client, MESSAGES.start, () => this.onStart(client, message)));
    this.onMessage('*', (client, type) =>
      this.guard(client, String(type).slice(0, 32), () => {
        throw new Refusal('UNKNOWN_MESSAGE', `The server knows the messages "move" and "start", not "${String(type).slice(0, 32)}" (see docs/online.md).`);
      }),
    );
    await this.setMetadata(this.metadataOf());
    liveRooms.count++;
  }

  private newSeat(kind: SeatKind, name: string): Seat {
    return { kind, name, tokenHash: '', client: null, playedBy: kind === 'human' ? 'human' : 'bot', reconnection: null, deadline: null, bot: null };
  }

  /** Brings back a stored game: replays its record, every human seat waiting for its person. */
  private restore(stored: StoredGame): void {
    const record: GameRecord = { format: 'dnup-record', version: RECORD_VERSION, players: stored.players, seed: stored.seed, moves: stored.moves };
    const result = replay(record);
    if (!result.ok) throw new ServerError(4500, `BAD_OPTIONS: the stored game ${stored.id} does not replay: ${result.error.message}`);
    this.roomId = stored.id;
    this.isPrivate = stored.private;
    this.host = stored.host;
    this.seedText = stored.seed;
    this.game = result.state;
    this.moves = stored.moves.slice();
    this.phase = 'playing';
    this.autoDispose = false;
    this.seats = stored.kinds.map((kind, i) => {
      const seat = this.newSeat(kind, stored.players[i]!);
      seat.tokenHash = stored.tokenHashes[i] ?? '';
      if (kind !== 'human') seat.bot = this.botFor(kind, i);
      return seat;
    });
    if (this.isPrivate) void this.setPrivate(true);
    this.seats.forEach((seat, i) => {
      if (seat.kind === 'human') seat.deadline = this.clock.setTimeout(() => this.expire(i), this.cfg.reconnectSeconds * 1000);
    });
  }

  private botFor(kind: SeatKind, seat: number): Bot {
    const seed = `${this.roomId}-${seat}`;
    return kind === 'montecarlo' ? botByName('montecarlo', { seed, playouts: this.cfg.montecarloPlayouts }) : botByName(kind === 'random' ? 'random' : 'greedy', { seed });
  }

  // ---- joining and leaving ----

  override onJoin(client: Client, options: unknown): void {
    const data: ClientData = { seat: null, tokens: this.cfg.rateBurst, last: Date.now(), dropped: 0, window: 0, malformed: 0 };
    client.userData = data;
    let o: ReturnType<typeof readJoinOptions>;
    // the first person in takes the host's seat (the creator: Colyseus joins it right after onCreate)
    const creating = this.phase === 'waiting' && this.seats.every((s) => s.kind !== 'human' || s.tokenHash === '');
    try {
      o = readJoinOptions(options);
    } catch (e) {
      throw new ServerError(4400, (e as Error).message);
    }
    if (o.seatToken !== null) {
      const h = hash(o.seatToken);
      const seat = this.seats.findIndex((s) => s.tokenHash !== '' && s.tokenHash === h);
      if (seat < 0) throw new ServerError(4403, 'BAD_SEAT_TOKEN: this seat token belongs to no seat of this room.');
      this.attach(client, seat, null);
    } else if (o.spectate) {
      if (this.spectators.size >= MAX_SPECTATORS) throw new ServerError(4409, `TOO_MANY_SPECTATORS: a room takes ${MAX_SPECTATORS} spectators.`);
      this.spectators.add(client);
      this.sendWelcome(client, null, null);
    } else {
      if (this.phase !== 'waiting') throw new ServerError(4409, 'GAME_STARTED: the game has started; join as a spectator, or with your seat token.');
      const seat = creating ? this.host : this.seats.findIndex((s) => s.kind === 'human' && s.tokenHash === '');
      if (seat < 0) throw new ServerError(4409, 'ROOM_FULL: every seat is taken; join as a spectator.');
      const token = randomBytes(18).toString('base64url');
      const s = this.seats[seat]!;
      s.tokenHash = hash(token);
      s.name = this.uniqueName(o.name ?? '', seat);
      this.attach(client, seat, token);
    }
    this.broadcastLobby();
    if (this.phase === 'waiting' && this.seats.every((s) => s.kind !== 'human' || s.tokenHash !== '')) this.startGame();
  }

  private uniqueName(wanted: string, seat: number): string {
    const base = wanted === '' ? `Player ${seat + 1}` : wanted;
    const taken = new Set(this.seats.filter((_, i) => i !== seat).map((s) => s.name));
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    return name;
  }

  /** Puts `client` in `seat`, replacing whoever held it (an old tab, a pending reconnection, a bot). */
  private attach(client: Client, seat: number, token: string | null): void {
    const s = this.seats[seat]!;
    const old = s.client;
    s.client = client;
    s.playedBy = 'human';
    (client.userData as ClientData).seat = seat;
    s.deadline?.clear();
    s.deadline = null;
    const pending = s.reconnection;
    s.reconnection = null;
    pending?.reject(new Error('the seat was taken back with its token'));
    if (old && old !== client) {
      (old.userData as ClientData).seat = null;
      old.leave(4000, 'This seat was taken back from another connection.');
    }
    this.sendWelcome(client, seat, token);
    this.sendState(client);
    this.scheduleBots();
  }

  private sendWelcome(client: Client, seat: number | null, token: string | null): void {
    const welcome: WelcomeMessage = { code: this.roomId, seat, seatToken: seat === null ? null : token, reconnectSeconds: this.cfg.reconnectSeconds };
    client.send(MESSAGES.welcome, welcome);
    if (this.game && seat === null) this.sendState(client);
    if (this.phase === 'over') client.send(MESSAGES.gameOver, this.gameOverMessage('won'));
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    if (this.spectators.delete(client)) {
      this.broadcastLobby();
      return;
    }
    const seat = (client.userData as ClientData | undefined)?.seat ?? null;
    if (seat === null || this.seats[seat]?.client !== client) return;
    const s = this.seats[seat]!;
    s.client = null;
    this.broadcastLobby();
    if (this.shuttingDown) return;
    if (consented || this.phase === 'over') {
      this.expire(seat);
      return;
    }
    // the person may come back: through Colyseus' reconnection token, or later with the seat token
    s.deadline = this.clock.setTimeout(() => this.expire(seat), this.cfg.reconnectSeconds * 1000);
    const reconnection = this.allowReconnection(client, this.cfg.reconnectSeconds);
    s.reconnection = reconnection;
    try {
      const back = await reconnection;
      if (s.reconnection === reconnection) {
        s.reconnection = null;
        this.attach(back, seat, null);
        this.broadcastLobby();
      }
    } catch {
      // the time ran out, or the seat was taken back with its token: expire() and attach() handle both
    }
  }

  /** The reconnection time of a seat ran out (or its person left for good). */
  private expire(seat: number): void {
    if (this.shuttingDown) return;
    const s = this.seats[seat]!;
    s.deadline?.clear();
    s.deadline = null;
    if (s.client) return;
    if (this.phase === 'waiting') {
      // before the game, a seat left empty is free for someone else
      s.tokenHash = '';
      s.name = '';
      if (this.clients.length === 0 && this.spectators.size === 0) void this.disconnect();
    } else if (this.phase === 'playing') {
      s.playedBy = 'bot';
      s.bot ??= this.botFor('greedy', seat);
      if (this.seats.every((x) => x.kind !== 'human' || x.client === null) && this.seats.every((x) => x.deadline === null)) {
        this.abandon();
        return;
      }
    }
    this.broadcastLobby();
    this.scheduleBots();
  }

  private abandon(): void {
    if (!this.game) return;
    this.phase = 'over';
    const record = this.record({ abandoned: true });
    this.storeFinish(record);
    this.broadcast(MESSAGES.gameOver, { winner: null, record, reason: 'abandoned' } satisfies GameOverMessage);
    void this.disconnect();
  }

  // ---- messages ----

  /** Runs a handler under the rate limit; a refusal goes back to the sender only. */
  private guard(client: Client, type: string, handler: () => void | Promise<void>): void {
    const data = client.userData as ClientData | undefined;
    if (!data) return;
    const now = Date.now();
    data.tokens = Math.min(this.cfg.rateBurst, data.tokens + ((now - data.last) / 1000) * this.cfg.ratePerSecond);
    data.last = now;
    if (data.tokens < 1) {
      // dropped messages are counted per 10 s window: one refusal per window, a disconnect past 5 × burst
      if (now - data.window > 10_000) {
        data.window = now;
        data.dropped = 0;
      }
      data.dropped++;
      if (data.dropped === 1) this.refuse(client, type, new Refusal('RATE_LIMITED', `Too many messages: at most ${this.cfg.ratePerSecond} a second. Wait a moment.`));
      if (data.dropped > this.cfg.rateBurst * 5) client.leave(CLOSE_CODES.flood, 'Too many messages.');
      return;
    }
    data.tokens -= 1;
    try {
      const result = handler();
      if (result) result.catch((e: unknown) => this.refuseOrLog(client, type, e));
    } catch (e) {
      this.refuseOrLog(client, type, e);
    }
  }

  private refuseOrLog(client: Client, type: string, e: unknown): void {
    if (e instanceof Refusal) {
      const data = client.userData as ClientData;
      if (e.code === 'MALFORMED_MESSAGE' || e.code === 'UNKNOWN_MESSAGE') {
        if (++data.malformed > this.cfg.rateBurst * 5) {
          client.leave(CLOSE_CODES.malformed, 'Too many malformed messages.');
          return;
        }
      }
      this.refuse(client, type, e);
    } else {
      this.cfg.log(`room ${this.roomId}: ${(e as Error)?.stack ?? String(e)}`);
    }
  }

  private refuse(client: Client, type: string, r: { code: RefusedMessage['code']; message: string; rule?: string }): void {
    const message: RefusedMessage = { code: r.code, message: r.message, type, ...(r.rule ? { rule: r.rule } : {}) };
    client.send(MESSAGES.refused, message);
  }

  private onStart(client: Client, message: unknown): void {
    readStartMessage(message);
    const seat = (client.userData as ClientData).seat;
    if (seat === null) throw new Refusal('NOT_A_PLAYER', 'Spectators cannot start the game.');
    if (this.phase !== 'waiting') throw new Refusal('ALREADY_STARTED', 'The game has already started.');
    if (seat !== this.host) throw new Refusal('NOT_HOST', 'Only the host (who created the room) can start the game early.');
    this.startGame();
  }

  private onMove(client: Client, message: unknown): void {
    const { move, moveCount } = readMoveMessage(message);
    const seat = (client.userData as ClientData).seat;
    if (seat === null) throw new Refusal('NOT_A_PLAYER', 'Spectators watch: only a seated player can move.');
    if (this.phase === 'waiting' || !this.game) throw new Refusal('NOT_STARTED', 'The game has not started yet: wait for every seat to be taken, or for the host to start.');
    this.enqueue(seat, move, moveCount, client);
  }

  /** Judges and applies a move of `seat`; `client` (null for a bot or the server) hears refusals. */
  private enqueue(seat: number, move: Move, moveCount: number | null, client: Client | null): void {
    this.queue = this.queue
      .then(async () => {
        const game = this.game;
        if (game && moveCount !== null && moveCount !== game.moveCount) {
          // chosen before another move landed (at a round's end anyone may deal): not judged against a newer position
          if (client) this.refuse(client, MESSAGES.move, { code: 'STALE_MOVE', message: `That move was chosen at move ${moveCount}; the game is at move ${game.moveCount}. Choose again from the latest view.` });
          return;
        }
        if (!game || this.phase !== 'playing') {
          if (client) this.refuse(client, MESSAGES.move, { code: 'GAME_OVER', message: 'The game is over (rules §6).', rule: '§6' });
          return;
        }
        const verdict = checkMoveOfView(playerView(game, seat), move);
        if (!verdict.ok) {
          if (client) this.refuse(client, MESSAGES.move, verdict);
          return;
        }
        const next = apply(game, move);
        // stored before anyone sees it: a client never sees a move a crash could lose
        await this.cfg.store.move(this.roomId, this.moves.length, move);
        this.game = next;
        this.moves.push(move);
        this.afterMove();
      })
      .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: ${(e as Error)?.stack ?? String(e)}`));
  }

  private afterMove(): void {
    const game = this.game!;
    this.broadcastState();
    if (game.status === 'gameOver') {
      this.phase = 'over';
      const record = this.record();
      this.storeFinish(record);
      this.broadcast(MESSAGES.gameOver, { winner: game.winner, record, reason: 'won' } satisfies GameOverMessage);
      this.broadcastLobby();
      this.autoDispose = true;
      this.clock.setTimeout(() => void this.disconnect(), this.cfg.idleSeconds * 1000);
      return;
    }
    this.scheduleBots();
  }

  private storeFinish(record: GameRecord): void {
    this.cfg.store.finish(this.roomId, record).catch((e: unknown) => this.cfg.log(`room ${this.roomId}: store: ${String(e)}`));
  }

  private record(extra: Record<string, unknown> = {}): GameRecord {
    return recordOf(this.game!, this.moves, { event: 'dnup online', room: this.roomId, ...extra });
  }

  // ---- the game ----

  private startGame(): void {
    if (this.phase !== 'waiting') return;
    this.seats.forEach((s, i) => {
      if (s.kind === 'human' && s.tokenHash === '') {
        // the host started early: a bot takes each empty seat for the whole game
        s.kind = 'greedy';
        s.playedBy = 'bot';
        s.name = this.uniqueName(BOT_NAMES.greedy, i);
      }
      if (s.kind !== 'human') s.bot = this.botFor(s.kind, i);
    });
    this.seedText = randomBytes(12).toString('base64url');
    this.game = createGame(
      this.seats.map((s) => s.name),
      this.seedText,
    );
    this.moves = [];
    this.phase = 'playing';
    this.autoDispose = false;
    const stored: Omit<StoredGame, 'moves'> = {
      id: this.roomId,
      private: this.isPrivate,
      kinds: this.seats.map((s) => s.kind),
      players: this.game.players,
      seed: this.seedText,
      tokenHashes: this.seats.map((s) => s.tokenHash),
      host: this.host,
    };
    this.queue = this.queue
      .then(() => this.cfg.store.begin(stored))
      .then(() => {
        this.broadcastLobby();
        this.broadcastState();
        this.scheduleBots();
      })
      .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: store: ${String(e)}`));
  }

  /** A bot moves after a pause when its seat is to play; the game waits while a dropped person may still come back. */
  private scheduleBots(): void {
    const game = this.game;
    if (!game || this.phase !== 'playing') return;
    if (game.status === 'roundOver') {
      if (!this.roundTimer) {
        const at = game.moveCount;
        this.roundTimer = this.clock.setTimeout(() => {
          this.roundTimer = null;
          if (this.game?.moveCount === at && this.game.status === 'roundOver' && !this.waitingForSomeone()) this.enqueue(this.game.turn.seat, { type: 'nextRound' }, at, null);
          else this.scheduleBots();
        }, this.cfg.roundPauseMs);
      }
      return;
    }
    const seat = this.seats[game.turn.seat]!;
    if (seat.playedBy !== 'bot' || this.botTimer || this.waitingForSomeone()) return;
    const at = game.moveCount;
    this.botTimer = this.clock.setTimeout(() => {
      this.botTimer = null;
      const now = this.game;
      // someone may have dropped since the timer was set: the game waits for them (scheduleBots does)
      if (!now || now.moveCount !== at || this.phase !== 'playing' || this.waitingForSomeone()) return this.scheduleBots();
      const s = now.turn.seat;
      const bot = this.seats[s]!.bot ?? this.botFor('greedy', s);
      Promise.resolve(bot.chooseMove(playerView(now, s), legalMoves(now)))
        .then((move) => (this.waitingForSomeone() ? this.scheduleBots() : this.enqueue(s, move, at, null)))
        .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: bot: ${String(e)}`));
    }, this.cfg.botDelayMs);
  }

  /** True while some human seat is empty but its person may still come back. */
  private waitingForSomeone(): boolean {
    return this.seats.some((s) => s.kind === 'human' && s.client === null && s.deadline !== null);
  }

  // ---- what clients see ----

  private sendState(client: Client): void {
    if (!this.game) return;
    const seat = (client.userData as ClientData).seat;
    if (seat === null) {
      client.send(MESSAGES.state, { view: spectatorView(this.game), moves: [], seal: hash(this.seedText) } satisfies StateMessage);
    } else {
      const view = playerView(this.game, seat);
      client.send(MESSAGES.state, { view, moves: this.phase === 'playing' ? movesOf(view) : [], seal: hash(this.seedText) } satisfies StateMessage);
    }
  }

  private broadcastState(): void {
    const game = this.game;
    if (!game) return;
    for (const s of this.seats) if (s.client) this.sendState(s.client);
    if (this.spectators.size > 0) {
      const message: StateMessage = { view: spectatorView(game), moves: [], seal: hash(this.seedText) };
      for (const c of this.spectators) c.send(MESSAGES.state, message);
    }
  }

  private lobby(): LobbyMessage {
    return {
      code: this.roomId,
      private: this.isPrivate,
      seats: this.seats.map(
        (s, i): SeatInfo => ({ seat: i, kind: s.kind, name: s.name, taken: s.kind !== 'human' || s.tokenHash !== '', connected: s.client !== null, playedBy: s.playedBy }),
      ),
      host: this.host,
      spectators: this.spectators.size,
      phase: this.phase,
    };
  }

  private metadataOf(): Record<string, unknown> {
    const l = this.lobby();
    return { seats: l.seats.length, free: l.seats.filter((s) => !s.taken).length, names: l.seats.map((s) => s.name), phase: l.phase, host: l.seats[l.host]?.name ?? '' };
  }

  private broadcastLobby(): void {
    this.broadcast(MESSAGES.lobby, this.lobby());
    void this.setMetadata(this.metadataOf()).catch(() => {});
  }

  private gameOverMessage(reason: 'won' | 'abandoned'): GameOverMessage {
    return { winner: this.game?.winner ?? null, record: this.record(), reason };
  }

  /** A server going down keeps every game in the store: its players come back to a restarted server. */
  override onBeforeShutdown(): void {
    this.shuttingDown = true;
    void this.disconnect(CLOSE_CODES.restart);
  }

  override onDispose(): void {
    liveRooms.count--;
    for (const s of this.seats) s.deadline?.clear();
  }
}
