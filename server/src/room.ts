/**
 * The `dnup` room: the only holder of a game's full state. Each client gets its seat's player
 * view and legal moves after every change (spectators the public part only); moves are judged
 * by the library, stored, then shown. The room keeps Colyseus' lifecycle and forwards to plain
 * modules: seats (seats.ts), the rate limit (rate-limit.ts), frames and refusal logs
 * (messages.ts), bots, deals and the turn clock (turns.ts), views (views.ts), restore (restore.ts).
 */
import { ClientState, LobbyRoom, Room, ServerError, type Client, type Delayed } from '@colyseus/core';
import { createGame, legalMoves, playerView, recordOf, type GameRecord, type GameState, type Move } from 'dnup';
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
  type RefusedMessage,
  type StateMessage,
  type WelcomeMessage,
} from './protocol.js';
import { isRoomData, logRefusal, newClientData, readFrame, type ClientData } from './messages.js';
import { admit } from './rate-limit.js';
import { pendingRestores, replayStored, RESTORE_OPTION } from './restore.js';
import {
  BOT_NAMES,
  botFor,
  chooseSeat,
  fillEmptySeats,
  hashToken,
  JoinRefusal,
  newCode,
  newSeat,
  newSeatToken,
  uniqueName,
  waitingForSomeone,
  type Seat,
  type SeatChoice,
} from './seats.js';
import { judgeMove } from './session.js';
import { roomSettings } from './settings.js';
import { GameTakenOver, type StoredGame } from './store.js';
import { deadlineOf, planTurn, samePlan, type TurnPlan } from './turns.js';
import { listingMetadata, lobbyMessage, movesOf, spectatorView } from './views.js';

export { configureRooms, type RoomSettings } from './settings.js';

/** Rooms of this process, for the stats endpoint and the failover loop. */
export const liveRooms = { count: 0, byCode: new Map<string, DnupRoom>() };

/**
 * Colyseus looks message handlers up in a plain object, so a message typed "constructor" or
 * "toString" finds Object.prototype's function and throws outside any handler, which would end
 * the process. Without a prototype such types reach the "*" handler like any unknown type.
 */
function hardenMessageHandlers(room: Room): void {
  Object.setPrototypeOf((room as unknown as { onMessageHandlers: object }).onMessageHandlers, null);
}

/** Colyseus' lobby, with the same protection as {@link DnupRoom}. */
export class DnupLobby extends LobbyRoom {
  override async onCreate(options: unknown): Promise<void> {
    hardenMessageHandlers(this);
    await super.onCreate(options);
  }
}

type Handlers = Record<string | number, { callback: (client: Client, ...args: unknown[]) => void } | undefined>;

/** The dnup room type. */
export class DnupRoom extends Room {
  private readonly cfg = roomSettings();
  private seats: Seat[] = [];
  private host = 0;
  private isPrivate = false;
  private turnSeconds: number | null = null;
  private phase: 'waiting' | 'playing' | 'over' = 'waiting';
  private game: GameState | null = null;
  private moves: Move[] = [];
  private spectators = new Set<Client>();
  /** Moves are judged, stored and shown one at a time. */
  private queue: Promise<void> = Promise.resolve();
  /** What the server does next by itself (turns.ts), its timer, and when the current move count began. */
  private plan: TurnPlan = null;
  private planTimer: Delayed | null = null;
  private since = Date.now();
  private seedText = '';
  private shuttingDown = false;
  /** Restored here (at start or by failover), for the readiness check. */
  restored = false;

  override async onCreate(options: unknown): Promise<void> {
    hardenMessageHandlers(this);
    this.maxClients = 5 + MAX_SPECTATORS + 5;
    const restoreId =
      typeof options === 'object' && options !== null
        ? (options as Record<string, unknown>)[RESTORE_OPTION]
        : undefined;
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
      this.turnSeconds = o.turnSeconds;
      this.seats = o.seats.map((kind) => newSeat(kind, kind === 'human' ? '' : BOT_NAMES[kind]));
      this.host = o.seats.indexOf('human');
      if (this.isPrivate) await this.setPrivate(true);
    }
    this.onMessage(MESSAGES.move, (client, message) =>
      this.guard(client, MESSAGES.move, () => this.onMove(client, message)),
    );
    this.onMessage(MESSAGES.start, (client, message) =>
      this.guard(client, MESSAGES.start, () => this.onStart(client, message)),
    );
    this.onMessage('*', (client, type) =>
      this.guard(client, String(type).slice(0, 32), () => {
        throw new Refusal(
          'UNKNOWN_MESSAGE',
          `The server knows the messages "move" and "start", not "${String(type).slice(0, 32)}" (see docs/online.md).`,
        );
      }),
    );
    await this.setMetadata(listingMetadata(this.lobby()));
    liveRooms.count++;
    liveRooms.byCode.set(this.roomId, this);
  }

  /** Brings back a stored game: replays its record, every human seat waiting for its person. */
  private restore(stored: StoredGame): void {
    let state: GameState;
    try {
      state = replayStored(stored);
    } catch (e) {
      throw new ServerError(4500, (e as Error).message);
    }
    this.roomId = stored.id;
    this.isPrivate = stored.private;
    this.host = stored.host;
    this.turnSeconds = stored.turnSeconds ?? null;
    this.seedText = stored.seed;
    this.game = state;
    this.moves = stored.moves.slice();
    this.phase = 'playing';
    this.autoDispose = false;
    this.restored = true;
    this.since = Date.now();
    this.seats = stored.kinds.map((kind, i) => {
      const seat = newSeat(kind, stored.players[i]!);
      seat.tokenHash = stored.tokenHashes[i] ?? '';
      if (kind !== 'human') seat.bot = this.botFor(kind, i);
      return seat;
    });
    if (this.isPrivate) void this.setPrivate(true);
    this.seats.forEach((seat, i) => {
      if (seat.kind === 'human') this.awaitPerson(i);
    });
    this.replan();
  }

  private botFor(kind: Seat['kind'], seat: number) {
    return botFor(kind, this.roomId, seat, this.cfg.montecarloPlayouts);
  }

  // ---- frames: a frame that is not MessagePack is one log line and a 4002 close ----

  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], buffer: Buffer): void {
    if (!buffer || !isRoomData(buffer) || client.state === ClientState.LEAVING) return super._onMessage(client, buffer);
    const frame = readFrame(buffer);
    if (!frame.ok) {
      logRefusal(
        this.cfg,
        client.userData as ClientData | undefined,
        'UNDECODABLE',
        this.roomId,
        client.sessionId,
        '',
        frame.why,
      );
      client.leave(CLOSE_CODES.undecodable);
      return;
    }
    const handlers = (this as unknown as { onMessageHandlers: Handlers }).onMessageHandlers;
    const handler = handlers[frame.type];
    if (handler) handler.callback(client, frame.message);
    else handlers['*']!.callback(client, frame.type, frame.message);
  }

  // ---- joining and leaving ----

  override onJoin(client: Client, options: unknown): void {
    client.userData = newClientData(this.cfg.rateBurst, Date.now());
    let choice: SeatChoice;
    let name: string | null;
    try {
      const o = readJoinOptions(options);
      name = o.name;
      choice = chooseSeat(this.seats, o, {
        started: this.phase !== 'waiting',
        host: this.host,
        spectators: this.spectators.size,
        maxSpectators: MAX_SPECTATORS,
      });
    } catch (e) {
      throw new ServerError(e instanceof JoinRefusal ? e.code : 4400, (e as Error).message);
    }
    if (choice.kind === 'token') this.attach(client, choice.seat, null);
    else if (choice.kind === 'spectate') {
      this.spectators.add(client);
      this.sendWelcome(client, null, null);
    } else {
      const token = newSeatToken();
      const s = this.seats[choice.seat]!;
      s.tokenHash = hashToken(token);
      s.name = uniqueName(this.seats, name ?? '', choice.seat);
      this.attach(client, choice.seat, token);
    }
    this.broadcastLobby();
    if (this.phase === 'waiting' && this.seats.every((s) => s.kind !== 'human' || s.tokenHash !== '')) this.startGame();
  }

  /** Puts `client` in `seat`, replacing whoever held it (an old tab, a pending reconnection, a bot). */
  private attach(client: Client, seat: number, token: string | null): void {
    const s = this.seats[seat]!;
    const old = s.client;
    s.client = client;
    s.playedBy = 'human';
    (client.userData as ClientData).seat = seat;
    this.stopAwaiting(s);
    const pending = s.reconnection;
    s.reconnection = null;
    pending?.reject(new Error('the seat was taken back with its token'));
    if (old && old !== client) {
      (old.userData as ClientData).seat = null;
      old.leave(4000, 'This seat was taken back from another connection.');
    }
    this.replan();
    this.sendWelcome(client, seat, token);
    this.sendState(client);
  }

  private sendWelcome(client: Client, seat: number | null, token: string | null): void {
    const welcome: WelcomeMessage = {
      code: this.roomId,
      seat,
      seatToken: seat === null ? null : token,
      reconnectSeconds: this.cfg.reconnectSeconds,
      turnSeconds: this.turnSeconds,
    };
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
    if (this.shuttingDown) return;
    if (consented || this.phase === 'over') {
      this.broadcastLobby();
      this.expire(seat);
      return;
    }
    // the person may come back: through Colyseus' reconnection token, or later with the seat token
    this.awaitPerson(seat);
    this.broadcastLobby(); // with the seat's reconnectDeadline
    this.replan();
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

  /**
   * The seat's person dropped: they have the reconnection time to come back, after which
   * expire() runs. When it runs out is kept for the `lobby` messages (`reconnectDeadline`), so a
   * page that joins or reloads meanwhile counts down what is left, not the full time.
   */
  private awaitPerson(seat: number): void {
    const s = this.seats[seat]!;
    s.deadline?.clear();
    s.deadlineAt = Date.now() + this.cfg.reconnectSeconds * 1000;
    s.deadline = this.clock.setTimeout(() => this.expire(seat), this.cfg.reconnectSeconds * 1000);
  }

  private stopAwaiting(s: Seat): void {
    s.deadline?.clear();
    s.deadline = null;
    s.deadlineAt = null;
  }

  /** The reconnection time of a seat ran out (or its person left for good). */
  private expire(seat: number): void {
    if (this.shuttingDown) return;
    const s = this.seats[seat]!;
    this.stopAwaiting(s);
    if (s.client) return;
    if (this.phase === 'waiting') {
      // before the game, a seat left empty is free for someone else
      s.tokenHash = '';
      s.name = '';
      if (this.clients.length === 0 && this.spectators.size === 0) void this.disconnect();
    } else if (this.phase === 'playing') {
      s.playedBy = 'bot';
      s.bot ??= this.botFor('greedy', seat);
      if (
        this.seats.every((x) => x.kind !== 'human' || x.client === null) &&
        this.seats.every((x) => x.deadline === null)
      ) {
        this.abandon();
        return;
      }
    }
    this.broadcastLobby();
    this.replan();
    // with a turn clock, the seat to move may now be the bot's: everyone hears its deadline is gone
    if (this.turnSeconds !== null) this.broadcastState();
  }

  private abandon(): void {
    if (!this.game) return;
    this.phase = 'over';
    this.cancelPlan();
    const record = this.record({ abandoned: true });
    this.storeFinish(record);
    this.broadcast(MESSAGES.gameOver, { winner: null, record, reason: 'abandoned' } satisfies GameOverMessage);
    void this.disconnect();
  }

  // ---- messages ----

  /** Runs a handler under the rate limit; a refusal goes back to the sender only, and to the log. */
  private guard(client: Client, type: string, handler: () => void | Promise<void>): void {
    const data = client.userData as ClientData | undefined;
    if (!data) return;
    const verdict = admit(data.rate, Date.now(), this.cfg.ratePerSecond, this.cfg.rateBurst);
    if (verdict !== 'accept') {
      if (verdict === 'refuse')
        this.refuse(
          client,
          type,
          new Refusal(
            'RATE_LIMITED',
            `Too many messages: at most ${this.cfg.ratePerSecond} a second. Wait a moment, then send again.`,
          ),
        );
      if (verdict === 'close') {
        logRefusal(this.cfg, data, 'FLOOD', this.roomId, client.sessionId, type, `closed ${CLOSE_CODES.flood}`);
        client.leave(CLOSE_CODES.flood, 'Too many messages.');
      }
      return;
    }
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
          logRefusal(this.cfg, data, e.code, this.roomId, client.sessionId, type, `closed ${CLOSE_CODES.malformed}`);
          client.leave(CLOSE_CODES.malformed, 'Too many malformed messages.');
          return;
        }
      }
      this.refuse(client, type, e);
    } else {
      this.cfg.log(`room ${this.roomId}: ${(e as Error)?.stack ?? String(e)}`);
    }
  }

  private refuse(
    client: Client,
    type: string,
    r: { code: RefusedMessage['code']; message: string; rule?: string },
  ): void {
    logRefusal(this.cfg, client.userData as ClientData | undefined, r.code, this.roomId, client.sessionId, type);
    const message: RefusedMessage = { code: r.code, message: r.message, type, ...(r.rule ? { rule: r.rule } : {}) };
    client.send(MESSAGES.refused, message);
  }

  private onStart(client: Client, message: unknown): void {
    readStartMessage(message);
    const seat = (client.userData as ClientData).seat;
    if (seat === null) throw new Refusal('NOT_A_PLAYER', 'Spectators cannot start the game.');
    if (this.phase !== 'waiting') throw new Refusal('ALREADY_STARTED', 'The game has already started.');
    if (seat !== this.host)
      throw new Refusal('NOT_HOST', 'Only the host (who created the room) can start the game early.');
    this.startGame();
  }

  private onMove(client: Client, message: unknown): void {
    const { move, moveCount } = readMoveMessage(message);
    const seat = (client.userData as ClientData).seat;
    if (seat === null) throw new Refusal('NOT_A_PLAYER', 'Spectators watch: only a seated player can move.');
    if (this.phase === 'waiting' || !this.game)
      throw new Refusal(
        'NOT_STARTED',
        'The game has not started yet: wait for every seat to be taken, or for the host to start.',
      );
    this.enqueue(seat, move, moveCount, client);
  }

  /** Judges and applies a move of `seat`; `client` (null for a bot or the server) hears refusals. */
  private enqueue(seat: number, move: Move, moveCount: number | null, client: Client | null): void {
    this.queue = this.queue
      .then(async () => {
        if (this.shuttingDown) return;
        const judged = judgeMove(this.game, this.phase === 'playing', seat, move, moveCount);
        if (!judged.ok) {
          if (client) this.refuse(client, MESSAGES.move, judged.refusal);
          return;
        }
        // stored before anyone sees it: a client never sees a move a crash could lose. The store
        // refuses the write when another process took the game over (a fencing token): then stop.
        try {
          await this.cfg.store.move(this.roomId, this.moves.length, move);
        } catch (e) {
          if (e instanceof GameTakenOver) return this.handOver('taken over by another process');
          throw e;
        }
        this.game = judged.next;
        this.moves.push(move);
        this.since = Date.now();
        this.afterMove();
      })
      .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: ${(e as Error)?.stack ?? String(e)}`));
  }

  private afterMove(): void {
    const game = this.game!;
    if (game.status === 'gameOver') {
      this.phase = 'over';
      this.cancelPlan();
      this.broadcastState();
      const record = this.record();
      this.storeFinish(record);
      this.broadcast(MESSAGES.gameOver, { winner: game.winner, record, reason: 'won' } satisfies GameOverMessage);
      this.broadcastLobby();
      this.autoDispose = true;
      this.clock.setTimeout(() => void this.disconnect(), this.cfg.idleSeconds * 1000);
      return;
    }
    this.replan();
    this.broadcastState();
  }

  private storeFinish(record: GameRecord): void {
    this.cfg.store
      .finish(this.roomId, record)
      .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: store: ${String(e)}`));
  }

  private record(extra: Record<string, unknown> = {}): GameRecord {
    return recordOf(this.game!, this.moves, { event: 'dnup online', room: this.roomId, ...extra });
  }

  // ---- the game ----

  private startGame(): void {
    if (this.phase !== 'waiting') return;
    fillEmptySeats(this.seats); // the host started early
    this.seats.forEach((s, i) => {
      if (s.kind !== 'human') s.bot = this.botFor(s.kind, i);
    });
    this.seedText = newSeatToken().slice(0, 16);
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
      turnSeconds: this.turnSeconds,
    };
    this.queue = this.queue
      .then(() => this.cfg.store.begin(stored))
      .then(() => {
        this.since = Date.now();
        this.broadcastLobby();
        this.replan();
        this.broadcastState();
      })
      .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: store: ${String(e)}`));
  }

  // ---- bots, deals and the turn clock (turns.ts decides; the room keeps one timer) ----

  private replan(): void {
    const game = this.game;
    if (!game || this.phase !== 'playing' || this.shuttingDown) return this.cancelPlan();
    const plan = planTurn(
      {
        status: game.status,
        turnSeat: game.turn.seat,
        seats: this.seats.map((s) => ({
          kind: s.kind,
          playedBy: s.playedBy,
          connected: s.client !== null,
          awaited: s.deadline !== null,
        })),
        since: this.since,
        turnSeconds: this.turnSeconds,
        botDelayMs: this.cfg.botDelayMs,
        roundPauseMs: this.cfg.roundPauseMs,
      },
      Date.now(),
    );
    if (this.planTimer && samePlan(this.plan, plan)) return;
    this.cancelPlan();
    this.plan = plan;
    if (!plan) return;
    const at = game.moveCount;
    this.planTimer = this.clock.setTimeout(() => this.runPlan(plan, at), Math.max(0, plan.at - Date.now()));
  }

  private cancelPlan(): void {
    this.planTimer?.clear();
    this.planTimer = null;
    this.plan = null;
  }

  /** The planned time came: a bot moves, the server deals, or a person's time ran out. */
  private runPlan(plan: NonNullable<TurnPlan>, at: number): void {
    this.planTimer = null;
    const now = this.game;
    if (!now || now.moveCount !== at || this.phase !== 'playing' || this.shuttingDown) return;
    if (plan.kind === 'deal') {
      if (now.status === 'roundOver' && !waitingForSomeone(this.seats))
        this.enqueue(now.turn.seat, { type: 'nextRound' }, at, null);
      else this.replan();
      return;
    }
    const seat = plan.seat;
    // a person whose time ran out gets the greedy bot's move, as a dropped person does
    const bot =
      plan.kind === 'timeout'
        ? this.seats[seat]!.kind === 'human'
          ? this.botFor('greedy', seat)
          : this.seats[seat]!.bot!
        : (this.seats[seat]!.bot ?? this.botFor('greedy', seat));
    Promise.resolve(bot.chooseMove(playerView(now, seat), legalMoves(now)))
      .then((move) => {
        // someone may have dropped while the bot thought: the game waits for them (a timeout does not)
        if (plan.kind === 'bot' && waitingForSomeone(this.seats)) return this.replan();
        this.enqueue(seat, move, at, null);
      })
      .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: bot: ${String(e)}`));
  }

  // ---- what clients see ----

  private stateFor(seat: number | null, now: number): StateMessage {
    const game = this.game!;
    const deadline = this.phase === 'playing' ? deadlineOf(this.plan, now) : null;
    const seal = hashToken(this.seedText); // SHA-256 hex of the seed: the deal's seal (docs/online.md)
    if (seat === null) return { view: spectatorView(game), moves: [], deadline, seal };
    const view = playerView(game, seat);
    return { view, moves: this.phase === 'playing' ? movesOf(view) : [], deadline, seal };
  }

  private sendState(client: Client): void {
    if (!this.game) return;
    client.send(MESSAGES.state, this.stateFor((client.userData as ClientData).seat, Date.now()));
  }

  private broadcastState(): void {
    if (!this.game) return;
    const now = Date.now();
    for (const [i, s] of this.seats.entries()) if (s.client) s.client.send(MESSAGES.state, this.stateFor(i, now));
    if (this.spectators.size > 0) {
      const message = this.stateFor(null, now);
      for (const c of this.spectators) c.send(MESSAGES.state, message);
    }
  }

  private lobby() {
    return lobbyMessage(
      {
        code: this.roomId,
        isPrivate: this.isPrivate,
        seats: this.seats,
        host: this.host,
        spectators: this.spectators.size,
        phase: this.phase,
      },
      Date.now(),
    );
  }

  private broadcastLobby(): void {
    this.broadcast(MESSAGES.lobby, this.lobby());
    if (!this.shuttingDown) void this.setMetadata(listingMetadata(this.lobby())).catch(() => {});
  }

  private gameOverMessage(reason: 'won' | 'abandoned'): GameOverMessage {
    return { winner: this.game?.winner ?? null, record: this.record(), reason };
  }

  /** True while the game is being played here (the failover loop renews its lease). */
  get hostsGame(): boolean {
    return this.phase === 'playing' && !this.shuttingDown;
  }

  /**
   * This process stops hosting the game: another one took it over, or this one is draining.
   * The listing is left alone (the new host's has the same code), clients are told to join
   * again with their seat token (4503), and nothing more is written to the store.
   */
  async handOver(why: string, release = false): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    this.cancelPlan();
    for (const s of this.seats) s.deadline?.clear();
    if (this.phase === 'playing') {
      const listing = this.listing as unknown as { remove: () => Promise<unknown>; save: () => Promise<unknown> };
      await Promise.resolve(listing.remove()).catch(() => {});
      listing.remove = listing.save = () => Promise.resolve();
      if (release)
        await this.cfg.store
          .release(this.roomId)
          .catch((e: unknown) => this.cfg.log(`room ${this.roomId}: store: ${String(e)}`));
      if (!release) this.cfg.log(`room ${this.roomId}: handed over at move ${this.moves.length} (${why})`);
    }
    await this.disconnect(CLOSE_CODES.restart);
  }

  /** A server going down keeps every game in the store, handed over to another process if there is one. */
  override onBeforeShutdown(): void {
    void this.handOver('this process is shutting down', true);
  }

  override onDispose(): void {
    liveRooms.count--;
    if (liveRooms.byCode.get(this.roomId) === this) liveRooms.byCode.delete(this.roomId);
    this.cancelPlan();
    for (const s of this.seats) s.deadline?.clear();
  }
}
