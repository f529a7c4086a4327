/** The end-of-round and end-of-game dialog: who won, the scores, the revealed seed, what to do next. */
import type { GameRecord } from 'dnup';
import { commitmentOf, shortHash } from '../../fairness';
import { t } from '../../i18n';
import { loadReplay } from '../../replays';
import type { BoardView } from '../source';
import { v as h, type VNode } from '../vdom';
import type { BoardCtx } from './context';

/** Who went out and what it earned this round (rules §6), from the order players went out. */
function roundGains(view: BoardView): Map<number, string> {
  const gains = new Map<number, string>();
  view.out.forEach((seat, i) => {
    if (view.scoring === 'rounds') gains.set(seat, i === 0 ? t().result.wonRound : t().result.outPlace(i + 1));
    else gains.set(seat, i === 0 ? t().result.outFirst : i === 1 ? t().result.outSecond : t().result.outPlace(i + 1));
  });
  return gains;
}

/** Scores as a table, for the round-over and game-over dialogs. */
function scoresView(view: BoardView, arriving = false): VNode {
  const gains = roundGains(view);
  return h(
    'table',
    { class: `scores${arriving ? ' scores-arrive' : ''}` },
    h('caption', {}, view.scoring === 'tokens' ? t().result.tokensCaption : t().result.roundsCaption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t().result.player),
        h('th', { scope: 'col' }, t().result.thisRoundCol),
        h('th', { scope: 'col' }, view.scoring === 'tokens' ? t().result.tokens : t().result.roundWins),
      ),
    ),
    h(
      'tbody',
      {},
      view.players.map((name: string, seat: number) =>
        h(
          'tr',
          { class: view.winner === seat ? 'winner' : '' },
          h('th', { scope: 'row' }, name),
          h('td', {}, gains.get(seat) ?? t().result.left(view.handSizes[seat] ?? 0)),
          h('td', {}, String(view.scores[seat] ?? 0)),
        ),
      ),
    ),
  );
}

/** The title: it says who won. */
function resultTitle(ctx: BoardCtx): string {
  const { view, me } = ctx.ctrl;
  const r = t().result;
  if (view.status === 'gameOver')
    return view.winner !== null && view.winner === me ? r.youWinGame : r.winsGame(view.players[view.winner ?? 0] ?? '');
  const first = view.out[0];
  if (first === undefined) return r.roundOver(view.round);
  return first === me ? r.youWinRound(view.round) : r.winsRound(view.round, view.players[first]!);
}

function resultSummary(ctx: BoardCtx): string {
  const { view, me } = ctx.ctrl;
  const first = view.out[0];
  if (view.scoring === 'rounds')
    return first === undefined
      ? ''
      : first === me
        ? t().result.youEmptiedFirst
        : t().result.emptiedFirst(view.players[first]!);
  const gains = roundGains(view);
  const parts = view.out.map((seat) => `${view.players[seat]} ${gains.get(seat)}`);
  return parts.length > 0 ? t().result.thisRound(parts.join('; ')) : '';
}

/** Answers that come later (a seal's hash, a replay link), kept so a redraw shows them. */
const sealChecks = new Map<string, string | null>();
const links = new WeakMap<GameRecord, string | null>();

/** The seed revealed at game over, checked against the commitment shown during play. */
function fairnessView(ctx: BoardCtx): VNode | null {
  const seed = ctx.ctrl.snap.over?.seed;
  if (seed === undefined) return null;
  const commitment = ctx.ctrl.source.commitment;
  if (commitment && !sealChecks.has(seed)) {
    sealChecks.set(seed, null);
    void commitmentOf(seed).then((hash) => {
      sealChecks.set(seed, hash);
      ctx.redraw();
    });
  }
  const hash = sealChecks.get(seed);
  const check = !commitment
    ? ''
    : !hash
      ? t().result.checking
      : hash === commitment
        ? t().result.sealOk(shortHash(hash))
        : t().result.sealBad(shortHash(hash));
  return h(
    'p',
    { class: 'fair' },
    `${t().result.seedWas} `,
    h('code', { id: 'seed-revealed' }, seed),
    '. ',
    h('span', { class: 'fair-check' }, check),
  );
}

/** A link that opens the record in the replay viewer (no href until it is built: "#" would reset the page). */
function replayLinkView(ctx: BoardCtx, record: GameRecord): VNode | null {
  if (!links.has(record)) {
    links.set(record, null);
    ctx.host.replayLink(record).then(
      (href) => {
        links.set(record, href);
        ctx.redraw();
      },
      () => links.set(record, ''),
    );
  }
  const href = links.get(record);
  if (href === '') return null;
  return h('a', { id: 'replay-link', class: 'button-like', href: href ?? null }, t().result.link);
}

/** Confetti over the game-over dialog for a moment (none with reduced motion: styles.css). */
function celebration(): VNode {
  const bits = Array.from({ length: 28 }, (_, i) =>
    h('span', { style: `--i:${i};--x:${(i * 37) % 100}%;--hue:${(i * 47) % 360}` }),
  );
  return h('div', { class: 'celebration', 'aria-hidden': 'true' }, bits);
}

function overActions(ctx: BoardCtx, record: GameRecord | undefined): VNode[] {
  const r = t().result;
  const playAgain = ctx.host.playAgain;
  const out: (VNode | null)[] = [
    playAgain
      ? h(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 'play-again',
            'data-autofocus': '',
            onclick: () => {
              ctx.closeResult();
              playAgain();
            },
          },
          r.playAgain,
        )
      : null,
    record
      ? h(
          'button',
          {
            type: 'button',
            id: 'replay-game',
            onclick: () => {
              ctx.closeResult();
              ctx.host.openReplay(loadReplay(JSON.stringify(record)));
            },
          },
          r.replayGame,
        )
      : null,
    record ? replayLinkView(ctx, record) : null,
  ];
  return out.filter((x): x is VNode => x !== null);
}

/** The dialog's contents (the `<dialog>` itself is board.ts's, opened and closed there). */
export function resultView(ctx: BoardCtx): VNode {
  const { view, me, snap, source } = ctx.ctrl;
  const over = view.status === 'gameOver';
  const r = t().result;
  const record = snap.over?.record;
  return h(
    'div',
    { class: 'result-body', key: over ? 'over' : `round-${view.round}` },
    over ? celebration() : null,
    h('h2', { id: 'result-title' }, resultTitle(ctx)),
    h('p', {}, resultSummary(ctx)),
    scoresView(view, over),
    fairnessView(ctx),
    h(
      'div',
      { class: 'dialog-actions' },
      over
        ? overActions(ctx, record)
        : me !== null
          ? h(
              'button',
              {
                type: 'button',
                class: 'primary',
                id: 'next-round',
                'data-autofocus': '',
                onclick: () => {
                  ctx.closeResult();
                  void ctx.ctrl.attempt({ type: 'nextRound' });
                },
              },
              r.nextRound,
            )
          : null,
      source.recordToShare || record
        ? h('button', { type: 'button', class: 'download', onclick: () => ctx.download() }, r.download)
        : null,
      h(
        'button',
        {
          type: 'button',
          id: 'close-result',
          'data-autofocus': over && !ctx.host.playAgain ? '' : null,
          onclick: () => ctx.closeResult(),
        },
        r.seeTable,
      ),
    ),
  );
}
