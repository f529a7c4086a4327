/**
 * The game of one room, without Colyseus: seats and reconnection windows, moves judged, stored
 * and applied one at a time, the start, bots, deals and the turn clock, what each client is
 * sent, and the hand-over to another process. It speaks through a {@link Transport} and reads a
 * {@link Clock}, so tests drive it with fakes (no sockets, no waiting); room.ts is the Colyseus
 * side (frames, the rate limit, create and restore).
 */
import {
  apply,
  createGame,
  legalMoves,
  playerView,
  publicView,
  recordOf,
  type GameRecord,
  type DeckDefinition,
  type GameState,
  type Move,
} from 'dnup';
import type { Clock, Timer } from './clock.js';
import {
  CLOSE_CODES,
  MAX_HISTORY,
  MAX_SPECTATORS,
  MESSAGES,
  readJoinOptions,
  readMoveMessage,
  type ClientMessageType,
  readReactMessage,
  readSeatMessage,
  REACTION_GAP_MS,
  type ReactionMessage,
  readStartMessage,
  type readCreateOptions,
  Refusal,
  type GameOverMessage,
  type HistoryEntry,
  type StateMessage,
  type WelcomeMessage,
  type WireStateMessage,
} from './protocol.js';
import { replayStored } from './restore.js';
import {
  BOT_SEAT_NAMES,
  botFor,
  chooseSeat,
  fillEmptySeats,
  hashToken,
  JoinRefusal,
  newSeat,
  newSeatToken,
  uniqueName,
  waitingForSomeone,
  type Seat,
  type SeatChoice,
} from './seats.js';
import { judgeMove } from './session.js';
import type { RoomSettings } from './settings.js';
import { GameTakenOver, type StoredGame } from './store.js';
import type { Transport } from './transport.js';
import { deadlineOf, planTurn, samePlan, type TurnPlan } from './turns.js';
import { listingMetadata, lobbyMessage, movesOf } from './views.js';

/** The settings a host reads (room settings without the store's own options). */
export type HostSettings = Pick<
  RoomSettings,
  'store' | 'reconnectSeconds' | 'botDelayMs' | 'roundPauseMs' | 'idleSeconds' | 'montecarloPlayouts'
>;

/** One game, its seats and its clients `C`. */
export class GameHost<C> {
  private seats: Seat<C>[] = [];
  private host = 0;
  /** Whether the room is left out of the public listing. */
  isPrivate = false;
  /** Seconds a person has for each move; null: no turn clock. */
  turnSeconds: number | null = null;
  /** The game starts once every person's seat is taken; false: only when the host says so. */
  startWhenFull = true;
  /** Quick reactions between the room's people (a room option). */
  reactions = true;
  /** Pages may offer hints (a room option; off with a turn clock). */
  hints = true;
  /** When each connection last reacted (clock ms): one reaction per REACTION_GAP_MS. */
  private reactedAt = new Map<C, number>();
  /** After the game, the seats whose person asked for a rematch. */
  private rematchSeats = new Set<number>();
  /** Spectators' display names, for their reactions. */
  private spectatorNames = new Map<C, string>();
  private phase: 'waiting' | 'playing' | 'over' = 'waiting';
  private game: GameState | null = null;
  private moves: Move[] = [];
  private spectators = new Set<C>();
  private seatOf = new Map<C, number>();
  /** The move counts (after the move) of the moves the turn clock played for a person. */
  private byClock = new Set<number>();
  /** Connections that joined with `deckOnce`, each with the deck its last state message carried (null: none yet). */
  private deckSent = new Map<C, DeckDefinition | null>();
  /** Moves are judged, stored and shown one at a time. */
  private queue: Promise<void> = Promise.resolve();
  /** What the server does next by itself (turns.ts), its timer, and when the current move count began. */
  private plan: TurnPlan = null;
  private planTimer: Timer | null = null;
  /** After the game: the room closes when this runs out. */
  private idleTimer: Timer | null = null;
  private since: number;
  private seedText = '';
  /** SHA-256 hex of the seed, the deal's seal in every state message: hashed once per game. */
  private seal = '';
  private stopped = false;

  constructor(
    readonly code: string,
    private readonly cfg: HostSettings,
    private readonly transport: Transport<C>,
    private readonly clock: Clock,
  ) {
    this.since = clock.now();
  }

  /** A new game waiting for its people. */
  setUp(o: ReturnType<typeof readCreateOptions>): void {
    this.isPrivate = o.private;
    this.turnSeconds = o.turnSeconds;
    this.startWhenFull = o.startWhenFull;
    this.reactions = o.reactions;
    this.hints = o.hints;
    this.seats = o.seats.map((kind) => newSeat(kind, kind === 'human' ? '' : BOT_SEAT_NAMES[kind]));
    this.host = o.seats.indexOf('human');
  }

  /** Brings back a stored game: replays its record, every human seat waiting for its person. */
  restore(stored: StoredGame): void {
    this.game = replayStored(stored);
    this.isPrivate = stored.private;
    this.host = stored.host;
    this.turnSeconds = stored.turnSeconds ?? null;
    this.setSeed(stored.seed);
    this.moves = stored.moves.slice();
    this.phase = 'playing';
    this.transport.autoDispose(false);
    this.since = this.clock.now();
    this.seats = stored.kinds.map((kind, i) => {
      const seat = newSeat<C>(kind, stored.players[i]!);
      seat.tokenHash = stored.tokenHashes[i] ?? '';
      if (kind !== 'human') seat.bot = this.botFor(kind, i);
      return seat;
    });
    this.seats.forEach((seat, i) => {
      if (seat.kind === 'human') this.awaitPerson(i);
    });
    this.replan();
  }

  private setSeed(seed: string): void {
    this.seedText = seed;
    this.seal = hashToken(seed);
  }

  private botFor(kind: Seat['kind'], seat: number) {
    return botFor(kind, this.code, seat, this.cfg.montecarloPlayouts);
  }

  // ---- joining and leaving ----

  /**
   * Seats a joining client (or makes it a spectator) and starts the game once every seat is taken.
   * @throws {@link JoinRefusal} with its Colyseus error code.
   */
  join(client: C, options: unknown): void {
    let choice: SeatChoice;
    let name: string | null;
    let deckOnce: boolean;
    try {
      const o = readJoinOptions(options);
      name = o.name;
      deckOnce = o.deckOnce;
      choice = chooseSeat(this.seats, o, {
        started: this.phase !== 'waiting',
        host: this.host,
        spectators: this.spectators.size,
        maxSpectators: MAX_SPECTATORS,
      });
    } catch (e) {
      throw e instanceof JoinRefusal ? e : new JoinRefusal(4400, (e as Error).message);
    }
    if (deckOnce) this.deckSent.set(client, null);
    if (choice.kind === 'token') this.attach(client, choice.seat, null);
    else if (choice.kind === 'spectate') {
      this.spectators.add(client);
      this.spectatorNames.set(client, name ?? '');
      this.sendWelcome(client, null, null);
    } else {
      const token = newSeatToken();
      const s = this.seats[choice.seat]!;
      s.tokenHash = hashToken(token);
      s.name = uniqueName(this.seats, name ?? '', choice.seat);
      this.attach(client, choice.seat, token);
    }
    this.broadcastLobby();
    if (
      this.phase === 'waiting' &&
      this.startWhenFull &&
      this.seats.every((s) => s.kind !== 'human' || s.tokenHash !== '')
    )
      this.startGame();
  }

  /** Puts `client` in `seat`, replacing whoever held it (an old tab, a pending reconnection, a bot). */
  private attach(client: C, seat: number, token: string | null): void {
    const s = this.seats[seat]!;
    const old = s.client;
    s.client = client;
    s.playedBy = 'human';
    this.seatOf.set(client, seat);
    if (this.deckSent.has(client)) this.deckSent.set(client, null); // its next state carries the deck
    this.transport.seat(client, seat);
    this.stopAwaiting(s);
    const pending = s.reconnection;
    s.reconnection = null;
    pending?.cancel();
    if (old !== null && old !== client) {
      this.seatOf.delete(old);
      this.transport.seat(old, null);
      this.transport.close(old, 4000, 'This seat was taken back from another connection.');
    }
    this.replan();
    this.sendWelcome(client, seat, token);
    this.sendState(client);
  }

  private sendWelcome(client: C, seat: number | null, token: string | null): void {
    const welcome: WelcomeMessage = {
      code: this.code,
      seat,
      seatToken: seat === null ? null : token,
      reconnectSeconds: this.cfg.reconnectSeconds,
      turnSeconds: this.turnSeconds,
      history: this.history(),
    };
    this.transport.send(client, MESSAGES.welcome, welcome);
    if (this.game && seat === null) this.sendState(client);
    if (this.phase === 'over') this.transport.send(client, MESSAGES.gameOver, this.gameOverMessage('won'));
  }

  /** A client left: for good (`consented`) or dropped, when its person may come back. */
  async leave(client: C, consented: boolean): Promise<void> {
    const deckOnce = this.deckSent.delete(client);
    this.reactedAt.delete(client);
    this.spectatorNames.delete(client);
    if (this.spectators.delete(client)) return this.broadcastLobby();
    const seat = this.seatOf.get(client);
    if (seat === undefined || this.seats[seat]?.client !== client) return;
    this.seatOf.delete(client);
    const s = this.seats[seat]!;
    s.client = null;
    if (this.stopped) return;
    if (consented || this.phase === 'over') {
      this.broadcastLobby();
      this.expire(seat);
      return;
    }
    // the person may come back: on the same connection, or later with the seat token
    this.awaitPerson(seat);
    this.broadcastLobby(); // with the seat's reconnectDeadline
    this.replan();
    const reconnection = this.transport.allowReconnection(client, this.cfg.reconnectSeconds);
    s.reconnection = reconnection;
    try {
      const back = await reconnection.promise;
      if (s.reconnection === reconnection) {
        s.reconnection = null;
        if (deckOnce) this.deckSent.set(back, null);
        this.attach(back, seat, null);
        this.broadcastLobby();
      }
    } catch {
      // the time ran out, or the seat was taken back with its token: expire() and attach() handle both
    }
  }

  /**
   * The seat's person dropped: they have the reconnection time to come back, after which
   * expire() runs. When it runs out is kept for the `lobby` messages (`reconnectDeadline`).
   */
  private awaitPerson(seat: number): void {
    const s = this.seats[seat]!;
    s.deadline?.clear();
    s.deadlineAt = this.clock.now() + this.cfg.reconnectSeconds * 1000;
    s.deadline = this.clock.setTimeout(() => this.expire(seat), this.cfg.reconnectSeconds * 1000);
  }

  private stopAwaiting(s: Seat<C>): void {
    s.deadline?.clear();
    s.deadline = null;
    s.deadlineAt = null;
  }

  /** The reconnection time of a seat ran out (or its person left for good). */
  private expire(seat: number): void {
    if (this.stopped) return;
    const s = this.seats[seat]!;
    this.stopAwaiting(s);
    if (s.client) return;
    if (this.phase === 'waiting') {
      // before the game, a seat left empty is free for someone else
      s.tokenHash = '';
      s.name = '';
      if (this.transport.connections() === 0 && this.spectators.size === 0) void this.transport.dispose();
    } else if (this.phase === 'playing') {
      s.playedBy = 'bot';
      s.bot ??= this.botFor('greedy', seat);
      if (this.seats.every((x) => x.kind !== 'human' || (x.client === null && x.deadline === null)))
        return this.abandon();
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
    this.transport.broadcast(MESSAGES.gameOver, {
      winner: null,
      record,
      reason: 'abandoned',
    } satisfies GameOverMessage);
    void this.transport.dispose();
  }

  // ---- messages (the room's rate limit let them through; a Refusal thrown goes back to the sender) ----

  /** A client's message of `type`, to its handler below (a Refusal thrown goes back to the sender). */
  handle(type: ClientMessageType, client: C, message: unknown): void {
    if (type === MESSAGES.move) this.submit(client, message);
    else if (type === MESSAGES.start) this.start(client, message);
    else if (type === MESSAGES.react) this.react(client, message);
    else if (type === MESSAGES.rematch) this.rematch(client, message);
    else this.setSeat(client, message);
  }

  /** A quick reaction, passed on to everyone in the room (at most one per REACTION_GAP_MS per connection). */
  react(client: C, message: unknown): void {
    const emote = readReactMessage(message);
    if (!this.reactions) throw new Refusal('REACTIONS_OFF', 'Quick reactions are off in this room.');
    const seat = this.seatOf.get(client);
    if (seat === undefined && !this.spectators.has(client))
      throw new Refusal('NOT_A_PLAYER', 'Only the people in the room can react.');
    const now = this.clock.now();
    const last = this.reactedAt.get(client);
    if (last !== undefined && now - last < REACTION_GAP_MS)
      throw new Refusal('RATE_LIMITED', 'One reaction at a time: wait a moment before the next.');
    this.reactedAt.set(client, now);
    const name = seat === undefined ? (this.spectatorNames.get(client) ?? '') : this.seats[seat]!.name;
    this.transport.broadcast(MESSAGES.reaction, { seat: seat ?? null, name, emote } satisfies ReactionMessage);
  }

  /** After the game, a person asks for another; it starts, same seats, new deal, once every connected person has. */
  rematch(client: C, message: unknown): void {
    readStartMessage(message);
    const seat = this.seatOf.get(client);
    if (seat === undefined) throw new Refusal('NOT_A_PLAYER', 'Spectators cannot ask for a rematch.');
    if (this.phase !== 'over' || this.stopped || !this.game)
      throw new Refusal('NOT_OVER', 'A rematch is asked for once the game is over.');
    this.rematchSeats.add(seat);
    const agreed = this.seats.every((s, i) => s.kind !== 'human' || s.client === null || this.rematchSeats.has(i));
    if (!agreed) return this.broadcastLobby();
    // the same room and seats, a new sealed deal (startGame draws a new seed)
    this.idleTimer?.clear();
    this.idleTimer = null;
    this.rematchSeats.clear();
    this.phase = 'waiting';
    this.startGame();
  }

  /** After the game, the host puts another bot in a bot seat for the rematch. */
  setSeat(client: C, message: unknown): void {
    const { seat, kind } = readSeatMessage(message);
    if (this.seatOf.get(client) !== this.host) throw new Refusal('NOT_HOST', 'Only the host changes the bots.');
    if (this.phase !== 'over') throw new Refusal('NOT_OVER', 'The bots change between games only.');
    const s = this.seats[seat];
    if (!s || s.kind === 'human')
      throw new Refusal('MALFORMED_MESSAGE', `Seat ${seat + 1} is not a bot's seat: only bots change.`);
    s.kind = kind;
    s.name = BOT_SEAT_NAMES[kind];
    this.broadcastLobby();
  }

  /** The host starts the game before every seat is taken. */
  start(client: C, message: unknown): void {
    readStartMessage(message);
    const seat = this.seatOf.get(client);
    if (seat === undefined) throw new Refusal('NOT_A_PLAYER', 'Spectators cannot start the game.');
    if (this.phase !== 'waiting') throw new Refusal('ALREADY_STARTED', 'The game has already started.');
    if (seat !== this.host)
      throw new Refusal('NOT_HOST', 'Only the host (who created the room) can start the game early.');
    this.startGame();
  }

  /** A seated client's move: queued, then judged, stored and shown. */
  submit(client: C, message: unknown): void {
    const { move, moveCount } = readMoveMessage(message);
    const seat = this.seatOf.get(client);
    if (seat === undefined) throw new Refusal('NOT_A_PLAYER', 'Spectators watch: only a seated player can move.');
    if (this.phase === 'waiting' || !this.game)
      throw new Refusal(
        'NOT_STARTED',
        'The game has not started yet: wait for every seat to be taken, or for the host to start.',
      );
    this.enqueue(seat, move, moveCount, client);
  }

  /** Judges and applies a move of `seat`; `client` (null for a bot or the server) hears refusals. */
  private enqueue(seat: number, move: Move, moveCount: number | null, client: C | null, byClock = false): void {
    this.queue = this.queue
      .then(() => this.apply(seat, move, moveCount, client, byClock))
      .catch((e: unknown) => this.fail(e));
  }

  private async apply(
    seat: number,
    move: Move,
    moveCount: number | null,
    client: C | null,
    byClock: boolean,
  ): Promise<void> {
    if (this.stopped) return;
    const judged = judgeMove(this.game, this.phase === 'playing', seat, move, moveCount);
    if (!judged.ok) {
      if (client !== null) this.transport.refuse(client, MESSAGES.move, judged.refusal);
      return;
    }
    // stored before anyone sees it: a client never sees a move a crash could lose. The store
    // refuses the write when another process took the game over (a fencing token): then stop.
    try {
      await this.cfg.store.move(this.code, this.moves.length, move);
    } catch (e) {
      if (e instanceof GameTakenOver) return this.handOver('taken over by another process');
      throw e;
    }
    this.game = judged.next;
    this.moves.push(move);
    if (byClock) this.byClock.add(judged.next.moveCount);
    this.since = this.clock.now();
    this.afterMove();
  }

  private fail(e: unknown, what = ''): void {
    this.transport.log(`room ${this.code}: ${what}${(e as Error)?.stack ?? String(e)}`);
  }

  private afterMove(): void {
    const game = this.game!;
    if (game.status !== 'gameOver') {
      this.replan();
      return this.broadcastState();
    }
    this.phase = 'over';
    this.cancelPlan();
    this.broadcastState();
    const record = this.record();
    this.storeFinish(record);
    this.transport.broadcast(MESSAGES.gameOver, {
      winner: game.winner,
      record,
      reason: 'won',
    } satisfies GameOverMessage);
    this.broadcastLobby();
    this.transport.autoDispose(true);
    this.idleTimer = this.clock.setTimeout(() => void this.transport.dispose(), this.cfg.idleSeconds * 1000);
  }

  private storeFinish(record: GameRecord): void {
    this.cfg.store.finish(this.code, record).catch((e: unknown) => this.fail(String(e), 'store: '));
  }

  /**
   * The game so far as anyone watching saw it (the welcome's history): played again from the
   * deal, once per join, rather than kept for every room all game long.
   */
  private history(): HistoryEntry[] {
    if (!this.game) return [];
    let state = createGame(this.game.players, this.seedText);
    const entries: HistoryEntry[] = [{ events: publicView(state).events, move: null, seat: null, moveCount: 0 }];
    for (const move of this.moves) {
      const before = state;
      state = apply(state, move);
      const seat = before.status === 'playing' && move.type !== 'nextRound' ? before.turn.seat : null;
      const entry: HistoryEntry = { events: publicView(state).events, move, seat, moveCount: state.moveCount };
      entries.push(this.byClock.has(state.moveCount) ? { ...entry, byClock: true } : entry);
    }
    return entries.slice(-MAX_HISTORY);
  }

  private record(extra: Record<string, unknown> = {}): GameRecord {
    return recordOf(this.game!, this.moves, { event: 'dnup online', room: this.code, ...extra });
  }

  // ---- the game ----

  private startGame(): void {
    if (this.phase !== 'waiting') return;
    fillEmptySeats(this.seats); // the host started early
    this.seats.forEach((s, i) => {
      if (s.kind !== 'human') s.bot = this.botFor(s.kind, i);
    });
    this.setSeed(newSeatToken().slice(0, 16));
    this.game = createGame(
      this.seats.map((s) => s.name),
      this.seedText,
    );
    this.moves = [];
    this.byClock.clear();
    this.phase = 'playing';
    this.transport.autoDispose(false);
    const stored: Omit<StoredGame, 'moves'> = {
      id: this.code,
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
        this.since = this.clock.now();
        this.broadcastLobby();
        this.replan();
        this.broadcastState();
      })
      .catch((e: unknown) => this.fail(String(e), 'store: '));
  }

  // ---- bots, deals and the turn clock (turns.ts decides; the host keeps one timer) ----

  private replan(): void {
    const game = this.game;
    if (!game || this.phase !== 'playing' || this.stopped) return this.cancelPlan();
    const now = this.clock.now();
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
      now,
    );
    if (this.planTimer && samePlan(this.plan, plan)) return;
    this.cancelPlan();
    this.plan = plan;
    if (!plan) return;
    const at = game.moveCount;
    this.planTimer = this.clock.setTimeout(() => this.runPlan(plan, at), Math.max(0, plan.at - now));
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
    if (!now || now.moveCount !== at || this.phase !== 'playing' || this.stopped) return;
    if (plan.kind === 'deal') {
      if (now.status === 'roundOver' && !waitingForSomeone(this.seats))
        this.enqueue(now.turn.seat, { type: 'nextRound' }, at, null);
      else this.replan();
      return;
    }
    const seat = plan.seat;
    const s = this.seats[seat]!;
    // a person whose time ran out gets the greedy bot's move, as a dropped person does
    const bot =
      plan.kind === 'timeout'
        ? s.kind === 'human'
          ? this.botFor('greedy', seat)
          : s.bot!
        : (s.bot ?? this.botFor('greedy', seat));
    Promise.resolve(bot.chooseMove(playerView(now, seat), legalMoves(now)))
      .then((move) => {
        // someone may have dropped while the bot thought: the game waits for them (a timeout does not)
        if (plan.kind === 'bot' && waitingForSomeone(this.seats)) return this.replan();
        this.enqueue(seat, move, at, null, plan.kind === 'timeout' && s.kind === 'human');
      })
      .catch((e: unknown) => this.fail(String(e), 'bot: '));
  }

  // ---- what clients see ----

  private stateFor(seat: number | undefined, deadline: StateMessage['deadline']): StateMessage {
    const game = this.game!;
    const clock = this.byClock.has(game.moveCount) ? ({ byClock: true } as const) : {};
    if (seat === undefined) return { view: publicView(game), moves: [], deadline, seal: this.seal, ...clock };
    const view = playerView(game, seat);
    return { view, moves: this.phase === 'playing' ? movesOf(game, seat) : [], deadline, seal: this.seal, ...clock };
  }

  private deadline(): StateMessage['deadline'] {
    return this.phase === 'playing' ? deadlineOf(this.plan, this.clock.now()) : null;
  }

  private sendState(client: C): void {
    if (!this.game) return;
    this.sendStateTo(client, this.stateFor(this.seatOf.get(client), this.deadline()));
  }

  private broadcastState(): void {
    if (!this.game) return;
    const deadline = this.deadline();
    this.seats.forEach((s, i) => {
      if (s.client !== null) this.sendStateTo(s.client, this.stateFor(i, deadline));
    });
    if (this.spectators.size > 0) {
      const message = this.stateFor(undefined, deadline);
      for (const c of this.spectators) this.sendStateTo(c, message);
    }
  }

  /** Sends a state message; to a `deckOnce` connection without the deck its last one carried. */
  private sendStateTo(client: C, m: StateMessage): void {
    const sent = this.deckSent.get(client);
    if (sent === undefined) return this.transport.send(client, MESSAGES.state, m);
    const { deck, ...view } = m.view;
    if (sent === deck) return this.transport.send(client, MESSAGES.state, { ...m, view } satisfies WireStateMessage);
    this.deckSent.set(client, deck);
    this.transport.send(client, MESSAGES.state, m);
  }

  private lobby() {
    const people = {
      code: this.code,
      isPrivate: this.isPrivate,
      startWhenFull: this.startWhenFull,
      reactions: this.reactions,
      hints: this.hints,
      rematch: [...this.rematchSeats].sort((a, b) => a - b),
      seats: this.seats,
      host: this.host,
      spectators: this.spectators.size,
      phase: this.phase,
    };
    return lobbyMessage(people, this.clock.now());
  }

  /** The room's metadata in the lobby listing. */
  listing(): Record<string, unknown> {
    return listingMetadata(this.lobby());
  }

  private broadcastLobby(): void {
    const lobby = this.lobby();
    this.transport.broadcast(MESSAGES.lobby, lobby);
    if (!this.stopped) this.transport.list(listingMetadata(lobby));
  }

  private gameOverMessage(reason: 'won' | 'abandoned'): GameOverMessage {
    return { winner: this.game?.winner ?? null, record: this.record(), reason };
  }

  /** The game now; null before the start. */
  get state(): GameState | null {
    return this.game;
  }

  /** True while the game is being played here (the failover loop renews its lease). */
  get hostsGame(): boolean {
    return this.phase === 'playing' && !this.stopped;
  }

  /**
   * This process stops hosting the game: another one took it over, or this one is draining.
   * The listing is left alone (the new host's has the same code), clients are told to join
   * again with their seat token (4503), and nothing more is written to the store.
   */
  async handOver(why: string, release = false): Promise<void> {
    if (this.stopped) return;
    this.stop();
    if (this.phase === 'playing') {
      await this.transport.unlist();
      if (release) await this.cfg.store.release(this.code).catch((e: unknown) => this.fail(String(e), 'store: '));
      else this.transport.log(`room ${this.code}: handed over at move ${this.moves.length} (${why})`);
    }
    await this.transport.dispose(CLOSE_CODES.restart);
  }

  /** No more timers, writes or messages (the room is handed over or disposed). */
  stop(): void {
    this.stopped = true;
    this.cancelPlan();
    this.idleTimer?.clear();
    for (const s of this.seats) s.deadline?.clear();
  }
}
