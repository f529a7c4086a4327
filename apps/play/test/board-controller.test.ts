/**
 * The board's controller (src/board/controller.ts) without a page: a fake source
 * over the library's own game, a fake clock for the steps of a move, and a record of what it
 * asked the drawing to do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, checkMove, createGame, legalMoves, playerView, type CardId, type GameState, type Move } from 'dnup';
import { BoardController } from '../src/board/controller';
import { refusalOf, type GameSource, type SourceSnapshot, type SubmitResult } from '../src/board/source';
import type { HintAnswer } from '../src/board/hint';
import { t } from '../src/i18n';

/** A game the controller reads through its viewer's player view, as the offline source gives it. */
function fakeSource(first: GameState, viewer: number) {
  let state = first;
  const listeners = new Set<(s: SourceSnapshot) => void>();
  const snapshot = (): SourceSnapshot => ({
    view: playerView(state, viewer),
    seats: state.players.map((name) => ({ name, kind: 'person', connection: { state: 'connected' } })),
    turnDeadline: null,
    over: null,
  });
  const submitted: Move[] = [];
  const source: GameSource & { play(m: Move): void; state(): GameState; submitted: Move[] } = {
    viewer,
    commitment: 'c0ffee',
    current: snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit(move): Promise<SubmitResult> {
      submitted.push(move);
      const verdict = checkMove(playerView(state, viewer), move);
      if (!verdict.ok) return Promise.resolve(refusalOf(verdict));
      source.play(move);
      return Promise.resolve({ ok: true });
    },
    play(m) {
      state = apply(state, m);
      for (const l of listeners) l(snapshot());
    },
    state: () => state,
    submitted,
    close() {},
  };
  return source;
}

/** A controller over `source` whose steps wait on a clock the test moves, and what it asked for. */
function controlled(source: GameSource, speedMs = 600, storage: Map<string, string> = new Map()) {
  const asked = { redraws: 0, focus: [] as string[], showActions: 0 };
  const waits: (() => void)[] = [];
  const ctrl = new BoardController(
    source,
    {
      speedMs: () => speedMs,
      wait: () => new Promise<void>((resolve) => waits.push(resolve)),
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
      now: () => 1000,
    },
    {
      redraw: () => void asked.redraws++,
      focus: (key, afterMove) => void asked.focus.push(afterMove ? `${key} after the move` : key),
      showActions: () => void asked.showActions++,
    },
  );
  source.subscribe((s) => ctrl.receive(s));
  /** Lets every step waiting on the clock go on, until none waits. */
  const flush = async (): Promise<void> => {
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 0));
      const w = waits.shift();
      if (!w) return;
      w();
    }
  };
  return { ctrl, asked, waits, flush };
}

const NAMES = ['Ada', 'Ben', 'Cy'];

describe('the board controller', () => {
  it('keeps the hand order the player chose, stores it for the game and restores it', () => {
    const source = fakeSource(createGame(NAMES, 'order'), 0);
    const storage = new Map<string, string>();
    const { ctrl } = controlled(source, 600, storage);
    const hand = source.state().hands[0]!.map((c) => c.id);
    expect(ctrl.handOrder).toEqual(hand);
    const last = hand[hand.length - 1]!;
    ctrl.moveInHand(last, 0);
    expect(ctrl.handOrder[0]).toBe(last);
    const again = controlled(source, 600, storage).ctrl;
    expect(again.handOrder, 'a reload finds the order').toEqual(ctrl.handOrder);
    ctrl.sortHand();
    const actives = ctrl.handOrder.map((id) => source.state().hands[0]!.find((c) => c.id === id)!.active);
    expect(actives).toEqual([...actives].sort((a, b) => a - b));
  });

  it('drops a dragged card where it was over: a place in the hand, or a set to add it to (rules §5 B)', async () => {
    const first = createGame(NAMES, 'drag');
    const me = first.turn.seat;
    const source = fakeSource(first, me);
    const { ctrl } = controlled(source);
    const [a, b, c] = ctrl.handOrder as [CardId, CardId, CardId];
    ctrl.startDrag(a);
    ctrl.dragOver('hand:3'); // before the fourth card: after b and c
    ctrl.drop();
    expect(ctrl.handOrder.slice(0, 3)).toEqual([b, c, a]);
    expect(ctrl.drag).toBeNull();
    ctrl.startDrag(b);
    const other = (me + 1) % 3;
    ctrl.dragOver(`${other}.0`);
    ctrl.drop();
    await Promise.resolve();
    expect(source.submitted).toEqual([{ type: 'add', card: b, target: { seat: other, area: 0 } }]);
  });

  it('shows a refusal with its rule and keeps the selection; a legal play clears it and leaves the state as it was given', async () => {
    const first = createGame(NAMES, 'refuse');
    const frozen = JSON.stringify(first);
    const source = fakeSource(first, first.turn.seat);
    const { ctrl, asked } = controlled(source, 0);
    const hand = source.state().hands[first.turn.seat]!;
    const mixed = hand.find((c) => c.active !== hand[0]!.active)!;
    ctrl.toggle(hand[0]!.id);
    ctrl.toggle(mixed.id);
    await ctrl.attempt({ type: 'play', cards: [hand[0]!.id, mixed.id] });
    expect(ctrl.message?.kind).toBe('error');
    expect(ctrl.message?.rule).toMatch(/^§5/);
    expect(ctrl.message?.text).toMatch(/^Not allowed: /);
    expect(ctrl.selected.size).toBe(2);
    expect(asked.showActions).toBe(1);
    const play = legalMoves(source.state()).find((m) => m.type === 'play')!;
    await ctrl.attempt(play);
    expect(ctrl.message).toBeNull();
    expect(ctrl.selected.size).toBe(0);
    expect(asked.focus.at(-1)).toBe('hand after the move'); // once drawn, not in the drawing's task
    expect(JSON.stringify(first)).toBe(frozen);
  });

  it('draws each move step by step: nothing to play meanwhile, no "waiting for" the viewer, the log after', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 8 }), fc.nat(6), async (seed, skip) => {
        let s = createGame(NAMES, seed);
        // a few moves in, so the table has sets to beat
        for (let i = 0; i < skip && s.status === 'playing'; i++) s = apply(s, legalMoves(s)[0]!);
        fc.pre(s.status === 'playing' && s.turn.seat !== 0);
        const source = fakeSource(s, 0);
        const { ctrl, waits, flush } = controlled(source);
        const logged = ctrl.log.length;
        const move = legalMoves(source.state()).find((m) => m.type === 'play') ?? legalMoves(source.state())[0]!;
        source.play(move);
        if (waits.length > 0) {
          expect(ctrl.animating).toBe(true);
          expect(ctrl.myTurn()).toBe(false);
          expect(ctrl.hints().playable.size).toBe(0);
          expect(ctrl.playReason(null)).toBe('');
        }
        await flush();
        expect(ctrl.animating).toBe(false);
        expect(ctrl.view).toEqual(source.current().view);
        expect(ctrl.log.length).toBe(logged + 1);
        expect(ctrl.log.at(-1)!.move).toEqual(move);
      }),
      { numRuns: 20 },
    );
  });

  it('draws a move of the viewer step by step and not also in the task of the click (one drawing a frame)', async () => {
    const first = createGame(NAMES, 'one drawing');
    const source = fakeSource(first, first.turn.seat);
    const { ctrl, asked, flush } = controlled(source);
    ctrl.toggle(first.hands[first.turn.seat]![0]!.id);
    const before = asked.redraws;
    await ctrl.attempt({ type: 'rotate' });
    // the move's first step, in a task of its own, draws what the click changed
    expect(ctrl.animating).toBe(true);
    expect(asked.redraws).toBe(before);
    expect(ctrl.selected.size).toBe(0);
    expect(ctrl.message).toBeNull();
    await flush();
    expect(asked.redraws).toBeGreaterThan(before + 1);
    expect(ctrl.animating).toBe(false);
    expect(ctrl.view).toEqual(source.current().view);
  });

  it('draws at once when three moves wait (a live game drawn slower than it is played)', async () => {
    let s = createGame(NAMES, 'behind');
    const source = fakeSource(s, 0);
    const { ctrl, flush } = controlled(source);
    for (let i = 0; i < 4 && source.state().status === 'playing'; i++) source.play(legalMoves(source.state())[0]!);
    await flush();
    s = source.state();
    expect(ctrl.view).toEqual(playerView(s, 0));
    expect(ctrl.log.length).toBe(5);
  });

  it('marks the cards that come into the viewer’s hand turned over: a taken set (rules §5 C)', async () => {
    let s = createGame(['Ada', 'Ben'], 'take');
    // Ben plays, then it is Ada's turn with a set to take
    for (let i = 0; i < 20 && s.status === 'playing'; i++) {
      const take = s.turn.seat === 0 ? legalMoves(s).find((m) => m.type === 'take') : undefined;
      if (take) break;
      s = apply(s, legalMoves(s).find((m) => m.type === 'play') ?? legalMoves(s)[0]!);
    }
    const take = legalMoves(s).find((m) => m.type === 'take' && s.turn.seat === 0);
    expect(take, 'a position where Ada may take').toBeDefined();
    const source = fakeSource(s, 0);
    const { ctrl, flush } = controlled(source);
    await ctrl.attempt(take!);
    await flush();
    const taken = source.state().events.find((e) => e.type === 'setTaken');
    expect(taken?.type).toBe('setTaken');
    if (taken?.type === 'setTaken') for (const c of taken.cards) expect(ctrl.rotatedAt.has(c.id)).toBe(true);
  });
});

describe('the board controller’s hint', () => {
  it('says so when the hint could not be had, and shows nothing for a hint cancelled or superseded', async () => {
    const state = createGame(NAMES, 'hint-failed');
    for (const [answer, text] of [
      ['failed', t().game.hintFailed],
      [null, t().game.hintThinking],
    ] as const) {
      const source = fakeSource(state, state.turn.seat);
      let redraws = 0;
      const ctrl = new BoardController(
        source,
        { speedMs: () => 0, hint: () => Promise.resolve<HintAnswer | 'failed' | null>(answer), now: () => 1000 },
        { redraw: () => void redraws++, focus: () => {}, showActions: () => {} },
      );
      source.subscribe((s) => ctrl.receive(s));
      ctrl.askHint();
      expect(ctrl.message?.text).toBe(t().game.hintThinking);
      await new Promise((r) => setTimeout(r, 0));
      expect(ctrl.message?.text).toBe(text);
      expect(ctrl.message?.kind).toBe(answer === 'failed' ? 'error' : 'info');
      expect(redraws).toBe(answer === 'failed' ? 2 : 1);
    }
  });
});
