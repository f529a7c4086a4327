/**
 * The game host with a fake clock and a fake transport: the start, queue order, bot moves, the
 * turn clock, reconnection windows and the hand-over, without a socket or a real timer.
 */
import { createHash } from 'node:crypto';
import { apply, createGame, publicView, type Move } from 'dnup';
import { describe, expect, it } from 'vitest';
import type { Clock, Timer } from '../src/clock.js';
import { GameHost, type HostSettings } from '../src/game-host.js';
import {
  DeckKeeper,
  MESSAGES,
  readCreateOptions,
  readJoinOptions,
  type LobbyMessage,
  REACTION_GAP_MS,
  type ReactionMessage,
  type StateMessage,
  type WelcomeMessage,
  type WireStateMessage,
} from '../src/protocol.js';
import { GameTakenOver, type GameStore } from '../src/store.js';
import type { RefusalInfo, Transport } from '../src/transport.js';

class FakeClock implements Clock {
  private t = 1_000_000;
  private timers: { at: number; run: () => void; live: boolean }[] = [];
  now = (): number => this.t;
  setTimeout(run: () => void, ms: number): Timer {
    const timer = { at: this.t + ms, run, live: true };
    this.timers.push(timer);
    return { clear: () => (timer.live = false) };
  }
  /** Moves time on by `ms`, running each timer that comes due, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.live && x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = due.at;
      due.live = false;
      due.run();
      await settle();
    }
    this.t = end;
  }
}

/** Lets the host's queue (promises) run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

type Sent = { to: string | '*'; type: string; message: unknown };

class FakeTransport implements Transport<string> {
  sent: Sent[] = [];
  closed: { client: string; code: number }[] = [];
  disposed: (number | undefined)[] = [];
  logs: string[] = [];
  windows = new Map<string, { resolve: (c: string) => void; reject: (e: Error) => void }>();
  open = 0;
  send(client: string, type: string, message: unknown): void {
    this.sent.push({ to: client, type, message });
  }
  broadcast(type: string, message: unknown): void {
    this.sent.push({ to: '*', type, message });
  }
  refuse(client: string, type: string, r: RefusalInfo): void {
    this.sent.push({ to: client, type: MESSAGES.refused, message: { ...r, type } });
  }
  seats = new Map<string, number | null>();
  seat(client: string, seat: number | null): void {
    this.seats.set(client, seat);
  }
  close(client: string, code: number): void {
    this.closed.push({ client, code });
  }
  connections = (): number => this.open;
  allowReconnection(client: string): { promise: Promise<string>; cancel: () => void } {
    let w!: { resolve: (c: string) => void; reject: (e: Error) => void };
    const promise = new Promise<string>((resolve, reject) => (w = { resolve, reject }));
    this.windows.set(client, w);
    return { promise, cancel: () => w.reject(new Error('cancelled')) };
  }
  list(): void {}
  unlist = async (): Promise<void> => {};
  autoDispose(): void {}
  dispose = async (code?: number): Promise<void> => void this.disposed.push(code);
  log(line: string): void {
    this.logs.push(line);
  }
  /** The messages of `type` `client` got, its own and broadcast ones. */
  of<T>(client: string, type: string): T[] {
    return this.sent.filter((s) => (s.to === client || s.to === '*') && s.type === type).map((s) => s.message as T);
  }
  last<T>(client: string, type: string): T | undefined {
    return this.of<T>(client, type).at(-1);
  }
}

class FakeStore {
  moves: { id: string; index: number; move: Move }[] = [];
  begun: string[] = [];
  finished: string[] = [];
  takenOver = false;
  async begin(g: { id: string; seed: string }): Promise<void> {
    this.begun.push(g.seed);
  }
  async move(id: string, index: number, move: Move): Promise<void> {
    if (this.takenOver) throw new GameTakenOver(id);
    this.moves.push({ id, index, move });
  }
  async finish(id: string): Promise<void> {
    this.finished.push(id);
  }
  async release(): Promise<void> {}
}

function setUp(options: unknown, over: Partial<HostSettings> = {}) {
  const clock = new FakeClock();
  const transport = new FakeTransport();
  const store = new FakeStore();
  const cfg: HostSettings = {
    store: store as unknown as GameStore,
    reconnectSeconds: 30,
    botDelayMs: 400,
    roundPauseMs: 3000,
    idleSeconds: 60,
    montecarloPlayouts: 10,
    ...over,
  };
  const host = new GameHost('ABCDEF', cfg, transport, clock);
  host.setUp(readCreateOptions(options));
  return { host, clock, transport, store };
}

/** Two people seated and the game started. */
async function twoPeople(options: Record<string, unknown> = {}) {
  const t = setUp({ seats: ['human', 'human'], ...options });
  t.host.join('ana', { name: 'Ana' });
  t.host.join('ben', { name: 'Ben' });
  t.transport.open = 2;
  await settle();
  return t;
}

const stateOf = (t: FakeTransport, c: string) => t.last<StateMessage>(c, MESSAGES.state)!;
const toMove = (t: FakeTransport): string => (stateOf(t, 'ana').view.turn.seat === 0 ? 'ana' : 'ben');

describe('GameHost (fake clock, fake transport)', () => {
  it('starts once every seat is taken: stored first, then each seat sees its own view, sealed', async () => {
    const { transport, store } = await twoPeople();
    expect(store.begun).toHaveLength(1);
    const seal = createHash('sha256').update(store.begun[0]!).digest('hex');
    for (const [c, seat] of [
      ['ana', 0],
      ['ben', 1],
    ] as const) {
      expect(transport.last<{ seat: number }>(c, MESSAGES.welcome)!.seat).toBe(seat);
      expect(stateOf(transport, c).view.seat).toBe(seat);
      expect(stateOf(transport, c).seal).toBe(seal);
    }
    // only the seat to play has moves
    const mover = toMove(transport);
    expect(stateOf(transport, mover).moves.length).toBeGreaterThan(0);
    expect(stateOf(transport, mover === 'ana' ? 'ben' : 'ana').moves).toEqual([]);
  });

  it('welcomes a spectator mid-game with the game so far, as anyone watching saw each move', async () => {
    const { host, transport, store } = await twoPeople();
    // before the start, nothing to tell
    expect(transport.last<WelcomeMessage>('ana', MESSAGES.welcome)!.history).toEqual([]);
    for (let i = 0; i < 6; i++) {
      const mover = toMove(transport);
      const s = stateOf(transport, mover);
      host.submit(mover, { move: s.moves[0], moveCount: s.view.moveCount });
      await settle();
    }
    host.join('eve', { spectate: true });
    const history = transport.last<WelcomeMessage>('eve', MESSAGES.welcome)!.history;
    expect(history.map((e) => e.moveCount)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(history.slice(1).map((e) => e.move)).toEqual(store.moves.map((m) => m.move));
    // played again from the seed: the same public events the spectator's view shows now
    let state = createGame(['Ana', 'Ben'], store.begun[0]!);
    for (const { move } of store.moves) state = apply(state, move);
    expect(history.at(-1)!.events).toEqual(publicView(state).events);
    expect(history.at(-1)!.events).toEqual(stateOf(transport, 'eve').view.events);
    expect(history.every((e, i) => i === 0 || e.seat === 0 || e.seat === 1)).toBe(true);
  });

  it('judges queued moves one at a time, in order: a second move at the same count is stale', async () => {
    const { host, transport, store } = await twoPeople();
    const mover = toMove(transport);
    const s = stateOf(transport, mover);
    host.submit(mover, { move: s.moves[0], moveCount: s.view.moveCount });
    host.submit(mover, { move: s.moves[1] ?? s.moves[0], moveCount: s.view.moveCount });
    await settle();
    expect(store.moves.map((m) => m.index)).toEqual([0]);
    expect(store.moves[0]!.move).toEqual(s.moves[0]);
    expect(transport.last<RefusalInfo>(mover, MESSAGES.refused)!.code).toBe('STALE_MOVE');
    expect(stateOf(transport, 'ana').view.moveCount).toBe(s.view.moveCount + 1);
  });

  it('refuses a move before the start and from a spectator', () => {
    const { host, transport } = setUp({ seats: ['human', 'human'] });
    host.join('ana', {});
    expect(() => host.submit('ana', { move: { type: 'nextRound' } })).toThrow(/not started/);
    host.join('eve', { spectate: true });
    expect(transport.last<{ seat: number | null }>('eve', MESSAGES.welcome)!.seat).toBeNull();
    expect(() => host.submit('eve', { move: { type: 'nextRound' } })).toThrow(/Spectators/);
  });

  it('lets the host start early: a greedy bot takes the empty seat and moves after its pause', async () => {
    const { host, clock, transport, store } = setUp({ seats: ['human', 'human'] });
    host.join('ana', {});
    expect(() => host.start('ana', {})).not.toThrow();
    await settle();
    expect(transport.last<LobbyMessage>('ana', MESSAGES.lobby)!.seats[1]!.kind).toBe('greedy');
    // play Ana's moves until it is the bot's turn, then the bot moves only after botDelayMs
    for (let i = 0; i < 10 && stateOf(transport, 'ana').view.turn.seat === 0; i++) {
      const s = stateOf(transport, 'ana');
      if (s.moves.length === 0) await clock.advance(3000);
      else host.submit('ana', { move: s.moves[0], moveCount: s.view.moveCount });
      await settle();
    }
    const before = store.moves.length;
    if (stateOf(transport, 'ana').view.status === 'playing') {
      await clock.advance(399);
      expect(store.moves.length).toBe(before);
      await clock.advance(1);
      expect(store.moves.length).toBe(before + 1);
    }
  });

  it('runs the turn clock out: the seat to move gets a greedy move at its deadline, not before', async () => {
    const { clock, transport, store } = await twoPeople({ turnSeconds: 10 });
    const mover = toMove(transport);
    const d = stateOf(transport, mover).deadline!;
    expect(d.remainingMs).toBe(10_000);
    await clock.advance(9_999);
    expect(store.moves).toHaveLength(0);
    await clock.advance(1);
    expect(store.moves).toHaveLength(1);
    expect(stateOf(transport, 'ana').view.moveCount).toBe(1);
    // every seat, and a spectator's welcome, hears that the clock played that move
    expect([stateOf(transport, 'ana').byClock, stateOf(transport, 'ben').byClock]).toEqual([true, true]);
  });

  it('says which moves the clock played, in state messages and in the history, and no others', async () => {
    const { host, clock, transport } = await twoPeople({ turnSeconds: 10 });
    await clock.advance(10_000); // move 1: the clock's
    const mover = toMove(transport);
    const s = stateOf(transport, mover);
    host.submit(mover, { move: s.moves[0], moveCount: s.view.moveCount }); // move 2: a person's
    await settle();
    expect(stateOf(transport, 'ana').view.moveCount).toBe(2);
    expect(Object.hasOwn(stateOf(transport, 'ana'), 'byClock')).toBe(false);
    host.join('eve', { spectate: true });
    const history = transport.last<WelcomeMessage>('eve', MESSAGES.welcome)!.history;
    expect(history.map((e) => [e.moveCount, e.byClock ?? false])).toEqual([
      [0, false],
      [1, true],
      [2, false],
    ]);
  });

  it('keeps a dropped seat for its reconnection window, then hands it to a bot', async () => {
    const { host, clock, transport } = await twoPeople();
    const dropped = toMove(transport) === 'ana' ? 'ben' : 'ana';
    const seat = dropped === 'ana' ? 0 : 1;
    void host.leave(dropped, false);
    const lobby = transport.last<LobbyMessage>('*', MESSAGES.lobby)!;
    expect(lobby.seats[seat]!.reconnectDeadline!.remainingMs).toBe(30_000);
    await clock.advance(29_999);
    expect(transport.last<LobbyMessage>('*', MESSAGES.lobby)!.seats[seat]!.playedBy).toBe('human');
    await clock.advance(1);
    const after = transport.last<LobbyMessage>('*', MESSAGES.lobby)!.seats[seat]!;
    expect([after.playedBy, after.reconnectDeadline]).toEqual(['bot', null]);
  });

  it('takes a dropped person back on a new connection within the window', async () => {
    const { host, transport } = await twoPeople();
    void host.leave('ana', false);
    transport.windows.get('ana')!.resolve('ana-again');
    await settle();
    expect(transport.last<{ seat: number }>('ana-again', MESSAGES.welcome)!.seat).toBe(0);
    expect(stateOf(transport, 'ana-again').view.seat).toBe(0);
    expect(transport.seats.get('ana-again')).toBe(0);
    expect(transport.last<LobbyMessage>('*', MESSAGES.lobby)!.seats[0]!.connected).toBe(true);
  });

  it('hands the game over when another process took it: clients closed with 4503, nothing more shown', async () => {
    const { host, transport, store } = await twoPeople();
    store.takenOver = true;
    const mover = toMove(transport);
    const s = stateOf(transport, mover);
    const states = transport.sent.filter((m) => m.type === MESSAGES.state).length;
    host.submit(mover, { move: s.moves[0], moveCount: s.view.moveCount });
    await settle();
    expect(transport.disposed).toEqual([4503]);
    expect(transport.logs.some((l) => l.includes('handed over at move 0'))).toBe(true);
    expect(transport.sent.filter((m) => m.type === MESSAGES.state).length).toBe(states);
    expect(host.hostsGame).toBe(false);
  });

  it('with startWhenFull false, a full room waits for the host, who starts it; the lobby says which', async () => {
    const { host, transport, store } = setUp({ seats: ['human', 'human'], startWhenFull: false });
    host.join('ana', { name: 'Ana' });
    host.join('ben', { name: 'Ben' });
    await settle();
    const lobby = transport.last<LobbyMessage>('*', MESSAGES.lobby)!;
    expect([lobby.phase, lobby.startWhenFull, lobby.seats.every((s) => s.taken)]).toEqual(['waiting', false, true]);
    expect(store.begun).toHaveLength(0);
    expect(() => host.start('ben', {})).toThrow(); // only the host starts
    host.start('ana', {});
    await settle();
    expect(store.begun).toHaveLength(1);
    expect(transport.last<LobbyMessage>('*', MESSAGES.lobby)!.phase).toBe('playing');
    // the default still starts when full
    expect(readCreateOptions({ seats: ['human', 'greedy'] }).startWhenFull).toBe(true);
    expect(() => readCreateOptions({ seats: ['human', 'greedy'], startWhenFull: 'no' })).toThrow(/startWhenFull/);
  });

  it('passes quick reactions to everyone, one per connection per moment, and none in a room that turned them off', async () => {
    const { host, clock, transport } = await twoPeople();
    host.join('eve', { spectate: true, name: 'Eve' });
    host.react('ana', { emote: '👏' });
    host.react('eve', { emote: '🎉' });
    const said = () => transport.of<ReactionMessage>('*', MESSAGES.reaction);
    expect(said()).toEqual([
      { seat: 0, name: 'Ana', emote: '👏' },
      { seat: null, name: 'Eve', emote: '🎉' },
    ]);
    expect(() => host.react('ana', { emote: '👍' })).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    await clock.advance(REACTION_GAP_MS);
    host.react('ana', { emote: '👍' });
    expect(said()).toHaveLength(3);
    for (const bad of [{ emote: 'hello' }, { emote: '👍', text: 'hi' }, 'x', null])
      expect(() => host.react('ben', bad)).toThrow(expect.objectContaining({ code: 'MALFORMED_MESSAGE' }));
    expect(() => host.react('nobody', { emote: '👍' })).toThrow(expect.objectContaining({ code: 'NOT_A_PLAYER' }));
    const off = setUp({ seats: ['human', 'greedy'], reactions: false });
    off.host.join('ana', { name: 'Ana' });
    expect(() => off.host.react('ana', { emote: '👍' })).toThrow(expect.objectContaining({ code: 'REACTIONS_OFF' }));
    expect(off.transport.last<LobbyMessage>('*', MESSAGES.lobby)!.reactions).toBe(false);
    // hints: on by default, off when asked, and always off in a room with a turn clock
    expect(transport.last<LobbyMessage>('*', MESSAGES.lobby)!.hints).toBe(true);
    expect(readCreateOptions({ seats: ['human', 'greedy'], hints: false }).hints).toBe(false);
    expect(readCreateOptions({ seats: ['human', 'greedy'], hints: true, turnSeconds: 30 }).hints).toBe(false);
  });

  /** Plays the game to its end: the people's first legal moves, the clock for bots and deals. */
  async function playToEnd(t: ReturnType<typeof setUp>, people: readonly string[]): Promise<void> {
    for (let i = 0; i < 20_000 && t.transport.of('*', MESSAGES.gameOver).length === 0; i++) {
      const mover = people.find((c) => {
        const st = stateOf(t.transport, c);
        return st.moves.length > 0 && (st.view.status !== 'roundOver' || st.view.turn.seat === st.view.seat);
      });
      if (mover === undefined) await t.clock.advance(3_000);
      else {
        const st = stateOf(t.transport, mover);
        t.host.submit(mover, { move: st.moves[0], moveCount: st.view.moveCount });
        await settle();
      }
    }
    expect(t.transport.of('*', MESSAGES.gameOver)).toHaveLength(1);
  }

  it('starts a rematch in the same room once every connected person asks: same seats, a new sealed deal', async () => {
    const t = setUp({ seats: ['human', 'human', 'greedy'] });
    t.host.join('ana', { name: 'Ana' });
    t.host.join('ben', { name: 'Ben' });
    await settle();
    expect(() => t.host.handle(MESSAGES.rematch, 'ana', {})).toThrow(expect.objectContaining({ code: 'NOT_OVER' }));
    expect(() => t.host.handle(MESSAGES.seat, 'ana', { seat: 2, kind: 'random' })).toThrow(
      expect.objectContaining({ code: 'NOT_OVER' }),
    );
    await playToEnd(t, ['ana', 'ben']);
    const firstSeal = stateOf(t.transport, 'ana').seal;
    // between games the host (only) may put another bot in a bot seat, never in a person's
    expect(() => t.host.handle(MESSAGES.seat, 'ben', { seat: 2, kind: 'random' })).toThrow(
      expect.objectContaining({ code: 'NOT_HOST' }),
    );
    expect(() => t.host.handle(MESSAGES.seat, 'ana', { seat: 1, kind: 'random' })).toThrow(
      expect.objectContaining({ code: 'MALFORMED_MESSAGE' }),
    );
    t.host.handle(MESSAGES.seat, 'ana', { seat: 2, kind: 'random' });
    expect(() => t.host.handle(MESSAGES.rematch, 'eve', {})).toThrow(expect.objectContaining({ code: 'NOT_A_PLAYER' }));
    t.host.handle(MESSAGES.rematch, 'ana', {});
    const asked = t.transport.last<LobbyMessage>('*', MESSAGES.lobby)!;
    expect([asked.phase, asked.rematch, asked.seats[2]!.kind]).toEqual(['over', [0], 'random']);
    expect(t.store.begun).toHaveLength(1);
    t.host.handle(MESSAGES.rematch, 'ben', {});
    await settle();
    expect(t.store.begun).toHaveLength(2);
    expect(t.store.begun[1]).not.toBe(t.store.begun[0]);
    const again = stateOf(t.transport, 'ana');
    expect([again.view.moveCount, again.view.players]).toEqual([0, ['Ana', 'Ben', 'Random bot']]);
    expect(again.seal).not.toBe(firstSeal);
    expect(t.transport.last<LobbyMessage>('*', MESSAGES.lobby)!.phase).toBe('playing');
    // the room's idle end was called off: it is still there long after
    await t.clock.advance(120_000);
    expect(t.transport.disposed).toEqual([]);
  });

  describe('deckOnce: the deck sent once per connection', () => {
    /** Plays `n` moves, each the first legal one of the seat to play (seats held by `clients`). */
    async function play(t: ReturnType<typeof setUp>, n: number, clients = ['ana', 'ben']): Promise<void> {
      for (let i = 0; i < n; i++) {
        const mover = clients[stateOf(t.transport, 'ben').view.turn.seat]!;
        const s = stateOf(t.transport, mover);
        t.host.submit(mover, { move: s.moves[0], moveCount: s.view.moveCount });
        await settle();
      }
    }
    const hasDeck = (m: WireStateMessage): boolean => Object.hasOwn(m.view, 'deck');

    it('leaves the deck out after the first message, and a keeper puts back exactly what others get', async () => {
      const t = await twoPeople();
      t.host.join('eve', { spectate: true, deckOnce: true });
      t.host.join('sam', { spectate: true });
      await play(t, 5);
      const eve = t.transport.of<WireStateMessage>('eve', MESSAGES.state);
      const sam = t.transport.of<StateMessage>('sam', MESSAGES.state);
      expect(eve.length).toBe(6);
      expect(eve.map(hasDeck)).toEqual([true, false, false, false, false, false]);
      expect(sam.every(hasDeck)).toBe(true);
      const keeper = new DeckKeeper();
      expect(eve.map((m) => keeper.complete(m))).toEqual(sam);
    });

    it('sends the deck again to a seat that comes back on a new connection, and keeps the seat compact', async () => {
      const t = setUp({ seats: ['human', 'human'] });
      t.host.join('ana', { name: 'Ana', deckOnce: true });
      t.host.join('ben', { name: 'Ben' });
      await settle();
      await play(t, 2);
      expect(t.transport.of<WireStateMessage>('ana', MESSAGES.state).map(hasDeck)).toEqual([true, false, false]);
      void t.host.leave('ana', false);
      t.transport.windows.get('ana')!.resolve('ana-again');
      await settle();
      await play(t, 2, ['ana-again', 'ben']);
      const again = t.transport.of<WireStateMessage>('ana-again', MESSAGES.state);
      expect(again.map(hasDeck)).toEqual([true, false, false]);
      // completed, each is the view of seat 0 that a client without deckOnce would get
      const keeper = new DeckKeeper();
      for (const m of again) expect(keeper.complete(m).view.deck).toEqual(stateOf(t.transport, 'ben').view.deck);
    });

    it('is off unless asked for with true, and a keeper refuses a message without a deck before any deck', () => {
      expect(readJoinOptions({ deckOnce: true }).deckOnce).toBe(true);
      for (const x of [undefined, null, {}, { deckOnce: 'yes' }, { deckOnce: 1 }])
        expect(readJoinOptions(x).deckOnce).toBe(false);
      const view = { moveCount: 0 } as unknown as WireStateMessage['view'];
      expect(() => new DeckKeeper().complete({ view, moves: [], deadline: null })).toThrow(/left out the deck/);
    });
  });
});
