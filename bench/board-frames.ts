/// <reference lib="dom" />
/**
 * How long the board's frames take while moves are drawn: a 4-player game in headless Chromium
 * on a 390×844 screen with the CPU slowed 4× (DevTools' throttling), the human playing the first
 * legal set (or rotating) for a number of turns while three greedy bots answer at the normal
 * speed. Every long animation frame (over 50 ms) is recorded with the scripts that ran in it.
 *
 *   npm run bench:board [-- --turns 6 --rate 4 --profile --trace]
 *
 * `--profile` also takes a CPU profile of the page during the moves (V8's sampler through DevTools)
 * and prints the functions with the most self time; the whole profile goes to
 * test-results/board-frames.cpuprofile. `--trace` records a DevTools trace and prints the main
 * thread's time by rendering step (style, layout, paint…); the trace goes to
 * test-results/board-frames.trace.json. Each long frame is listed with its tasks (the script's
 * position in the bundle where it has no name) and the drawings made in it.
 *
 * A timing, not a test: on a shared 2-core machine the figures move from run to run; compare
 * runs of one session. Needs Chromium (CHROME_PATH or a usual place, as the e2e tests).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { printSelfTime, selfTime } from './self-time.js';
import { buildPlayground, findChromium, launchChromium, ROOT, serveStatic } from '../test/e2e/server.js';

const { values } = parseArgs({
  options: {
    turns: { type: 'string', default: '6' },
    rate: { type: 'string', default: '4' },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const turns = Number(values.turns);
/** Drawings longer than this are listed with what they drew: two thirds of a long frame. */
const LONG_DRAWING_MS = 25;
const rate = Number(values.rate);

/** Installed before the page's own scripts: long animation frames, and how many frames were drawn. */
function recorder(): void {
  const w = window as unknown as {
    frames: { ms: number; scripts: number; draw: number; render: number; what: string }[];
    draws: PerformanceEntry[];
  };
  w.frames = [];
  const draws: PerformanceEntry[] = [];
  w.draws = draws;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'dnup board draw') draws.push(e);
  }).observe({ type: 'measure', buffered: false });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const f = e as PerformanceEntry & {
        scripts?: {
          invoker: string;
          duration: number;
          sourceFunctionName?: string;
          sourceURL?: string;
          sourceCharPosition?: number;
        }[];
        styleAndLayoutStart?: number;
      };
      const scripts = (f.scripts ?? []).reduce((a, x) => a + x.duration, 0);
      // the script's own function where the page was built unminified (DNUP_NO_MINIFY=1)
      const what = (f.scripts ?? [])
        .map((x) => {
          const at = x.sourceURL ? `${x.sourceURL.split('/').pop()}@${x.sourceCharPosition}` : '';
          const fn = x.sourceFunctionName || at;
          return `${x.invoker}${fn ? ` (${fn})` : ''} ${Math.round(x.duration)}`;
        })
        .join(', ');
      // the board's own drawings within the frame
      const end = e.startTime + e.duration;
      const inFrame = draws.filter((d) => d.startTime >= e.startTime && d.startTime < end);
      const draw = inFrame.reduce((a, d) => a + d.duration, 0);
      const drew = inFrame
        .map((d) => `${String((d as PerformanceMeasure).detail)} ${Math.round(d.duration)}`)
        .join(', ');
      // the browser's own rendering: style, layout, paint and commit, from their start to the frame's end
      const render = f.styleAndLayoutStart ? end - f.styleAndLayoutStart : 0;
      w.frames.push({
        ms: Math.round(e.duration),
        scripts: Math.round(scripts),
        draw: Math.round(draw),
        render: Math.round(render),
        what: drew ? `${what}; drew ${drew}` : what,
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: false });
}

const attr = (page: Page, name: string): Promise<string | null> =>
  page.evaluate((n) => document.getElementById('game')?.getAttribute(n) ?? null, name);

/**
 * Taps the first element matching `selector` as a person's pointer would: the mouse pressed and
 * released at its centre, with no script of the test's in the page while the events are handled
 * (Playwright's own click checks its target with a script of its own at every mouse event, which
 * the page's frames then counted). Returns false when nothing matches.
 */
async function tap(page: Page, selector: string): Promise<boolean> {
  const box = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, selector);
  if (!box) return false;
  await page.mouse.click(box.x, box.y);
  return true;
}

/** DevTools' page metrics (durations in seconds, counts). */
async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** A trace event of Chromium's (the fields read here). */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly dur?: number;
  readonly tid: number;
  readonly pid: number;
}

/** The main thread's rendering work in the trace, by phase (complete events, summed). */
function printRendering(events: readonly TraceEvent[]): void {
  // the browser's rendering steps, and the script and collector work around them
  const phases = new Set([
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'HitTest',
    'TimerFire',
    'EventDispatch',
    'FireAnimationFrame',
    'MinorGC',
    'MajorGC',
  ]);
  const sums = new Map<string, { ms: number; n: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || !phases.has(e.name)) continue;
    const s = sums.get(e.name) ?? { ms: 0, n: 0 };
    s.ms += e.dur / 1000;
    s.n++;
    sums.set(e.name, s);
  }
  console.log('the trace, by phase (ms, count):');
  for (const [name, { ms, n }] of [...sums].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms in ${n}`);
}

async function main(): Promise<void> {
  const chromium = findChromium();
  if (!chromium) throw new Error('no Chromium found: set CHROME_PATH');
  const site = join(ROOT, 'test-results', 'bench-board');
  await buildPlayground(site);
  const { server, url } = await serveStatic(site);
  const context = await launchChromium(chromium);
  try {
    await context.addInitScript(recorder);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await page.goto(`${url}?lang=en#seats=human,greedy,greedy,greedy&name=Ada&seed=bench-board&speed=normal`);
    // one call per turn that the page answers when the board says so (a MutationObserver on its
    // data attributes): polling ran a script in the page every 100 ms, 2–4 ms of the throttled
    // main thread each (about 0.6 s a run), work that was the test's, not the board's.
    // A string: tsx names the functions it compiles with a helper the page does not have.
    const waitTurn = async (after: number): Promise<void> => {
      await page.evaluate(`new Promise((resolve, reject) => {
        const game = document.getElementById('game');
        const ready = () => game.dataset.status !== 'playing' ||
          (game.dataset.myTurn === 'true' && Number(game.dataset.moveCount) > ${after});
        if (ready()) return resolve();
        const timer = setTimeout(() => reject(new Error('no turn after move ${after} in 90 s')), 90000);
        new MutationObserver((_, observer) => {
          if (!ready()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        }).observe(game, { attributes: true, attributeFilter: ['data-status', 'data-my-turn', 'data-move-count'] });
      })`);
    };
    await page.waitForSelector('#game[data-move-count]', { timeout: 90_000 });
    await waitTurn(-1);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.evaluate(() => {
      const w = window as unknown as { frames: unknown[]; draws?: unknown[] };
      w.frames.length = 0;
      if (w.draws) w.draws.length = 0;
    });
    await cdp.send('Performance.enable');
    const metricsBefore = await metrics(cdp);
    if (values.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const traced: TraceEvent[] = [];
    if (values.trace) {
      cdp.on('Tracing.dataCollected', (e) => traced.push(...(e.value as unknown as TraceEvent[])));
      await cdp.send('Tracing.start', {
        categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
    }
    const started = performance.now();
    let played = 0;
    for (; played < turns && (await attr(page, 'data-status')) === 'playing'; played++) {
      const at = Number(await attr(page, 'data-move-count'));
      const playable = '#hand .hand-card[data-playable="true"]';
      if (await tap(page, playable)) {
        if (!(await tap(page, '#play:not([disabled]):not([aria-disabled="true"])'))) await tap(page, '#rotate');
      } else await tap(page, '#rotate');
      await waitTurn(at + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    const metricsAfter = await metrics(cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (values.profile) {
      const { profile } = await cdp.send('Profiler.stop');
      const { total, rows } = selfTime(profile, 30);
      console.log(`CPU profile of the page (${total} busy samples):`);
      printSelfTime(rows, total);
      const file = join(ROOT, 'test-results', 'board-frames.cpuprofile');
      writeFileSync(file, JSON.stringify(profile));
      console.log(`the whole profile: ${file} (opens in DevTools' Performance panel)`);
    }
    if (values.trace) {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      printRendering(traced);
      const file = join(ROOT, 'test-results', 'board-frames.trace.json');
      writeFileSync(file, JSON.stringify({ traceEvents: traced }));
      console.log(`the whole trace: ${file} (opens in DevTools' Performance panel)`);
    }
    const frames = await page.evaluate(
      () =>
        (window as unknown as { frames: { ms: number; scripts: number; draw: number; render: number; what: string }[] })
          .frames,
    );
    const sorted = frames.map((f) => f.ms).sort((a, b) => a - b);
    console.log(
      `${played} turns of Ada (and the bots' answers) in ${seconds.toFixed(1)} s at ${rate}× CPU slowdown, 390×844`,
    );
    console.log(`long animation frames (over 50 ms): ${frames.length}`);
    if (sorted.length > 0)
      console.log(`  median ${sorted[Math.floor(sorted.length / 2)]} ms, longest ${sorted[sorted.length - 1]} ms`);
    const detailed = await page.evaluate(() =>
      ((window as unknown as { draws?: PerformanceMeasure[] }).draws ?? []).map(
        (e) => [e.duration, String(e.detail)] as const,
      ),
    );
    const draws = detailed.map(([ms]) => ms).sort((a, b) => a - b);
    console.log(
      `the board's drawings: ${draws.length}, ${Math.round(draws.reduce((a, x) => a + x, 0))} ms in all, ` +
        `median ${draws[draws.length >> 1]?.toFixed(1)} ms, 90th ${draws[Math.floor(draws.length * 0.9)]?.toFixed(1)} ms, longest ${draws.at(-1)?.toFixed(1)} ms`,
    );
    // what the longest drawings drew (the step's events, or "redraw"): where to look next
    for (const [ms, what] of detailed)
      if (ms > LONG_DRAWING_MS) console.log(`  a drawing of ${ms.toFixed(1)} ms: ${what}`);
    const d = (k: string): number => (metricsAfter[k] ?? 0) - (metricsBefore[k] ?? 0);
    console.log(
      `main thread: tasks ${Math.round(d('TaskDuration') * 1000)} ms, scripts ${Math.round(d('ScriptDuration') * 1000)} ms, ` +
        `style ${Math.round(d('RecalcStyleDuration') * 1000)} ms in ${d('RecalcStyleCount')}, layout ${Math.round(d('LayoutDuration') * 1000)} ms in ${d('LayoutCount')}; ` +
        `${metricsAfter.Nodes} nodes in the page`,
    );
    for (const f of frames)
      console.log(
        `  ${f.ms} ms: scripts ${f.scripts} ms (the board's drawing ${f.draw} ms), rendering ${f.render} ms; ${f.what || 'no script'}`,
      );
  } finally {
    await context.close();
    await new Promise((done) => server.close(done));
  }
}

await main();
