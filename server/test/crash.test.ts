/**
 * Nothing lost when a process dies: a server process is killed with SIGKILL in the middle of
 * two games; a new process on the same data folder replays their records, and every player
 * comes back to its seat with its token at exactly the move count and view it last saw, then
 * the games go on to the end and replay as legal.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from 'dnup';
import { create, join, playToEnd, tempDir, type Player } from './helpers.js';
import { buildServer, startProcess, stopProcess, type ServerProcess } from './processes.js';

let proc: ServerProcess | undefined;
afterAll(async () => {
  await stopProcess(proc);
});

/** Plays until every listed game has reached `count` moves, then waits for quiet. */
async function playUntil(tables: Player[][], count: number): Promise<void> {
  await Promise.all(
    tables.map(async (players) => {
      const run = playToEnd(players);
      await players[0]!.until(() => players[0]!.moveCount >= count, `move ${count}`);
      for (const p of players) p.frozen = true;
      await run;
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
}

describe('kill -9 in the middle of games', () => {
  it('restores unfinished games from the store; players take their seats back at the same move count', async () => {
    const main = await buildServer('crash');
    const data = tempDir('dnup-crash-data-');
    proc = await startProcess(main, { DATA_DIR: data, RECONNECT_SECONDS: '60' });
    const port = { port: proc.port };

    const ana = await create(port, { seats: ['human', 'human'], name: 'Ana' });
    await ana.until(() => ana.welcome !== null, 'welcome');
    const ben = await join(port, ana.welcome!.code, { name: 'Ben' });
    const cy = await create(port, { seats: ['human', 'greedy', 'human'], name: 'Cy', private: true });
    await cy.until(() => cy.welcome !== null, 'welcome');
    const dee = await join(port, cy.welcome!.code, { name: 'Dee' });
    const tables = [
      [ana, ben],
      [cy, dee],
    ];
    await playUntil(tables, 12);
    const before = tables
      .flat()
      .map((p) => ({ code: p.welcome!.code, token: p.welcome!.seatToken!, seat: p.welcome!.seat, state: p.state! }));
    expect(before.every((b) => b.state.view.moveCount >= 12)).toBe(true);

    proc.child.kill('SIGKILL');
    expect(await proc.exited).toBe(null);
    await Promise.all(tables.flat().map((p) => p.until(() => p.left !== null, 'the connection drops')));

    proc = await startProcess(main, { DATA_DIR: data, RECONNECT_SECONDS: '60' });
    expect(proc.output).toMatch(/2 unfinished game\(s\) restored/);
    const back = await Promise.all(before.map((b) => join({ port: proc!.port }, b.code, { seatToken: b.token })));
    await Promise.all(back.map((p) => p.until(() => p.state !== null, 'the restored view')));
    back.forEach((p, i) => {
      expect(p.welcome!.seat).toBe(before[i]!.seat);
      expect(p.welcome!.code).toBe(before[i]!.code);
      // the same move count and the very same view and moves as just before the crash
      expect(p.state).toEqual(before[i]!.state);
    });
    await Promise.all([playToEnd(back.slice(0, 2)), playToEnd(back.slice(2))]);
    for (const p of back) {
      expect(replay(p.over!.record).ok).toBe(true);
      expect(p.over!.record.moves.length).toBe(p.moveCount);
    }
    await Promise.all(back.map((p) => p.room.leave()));
  });
});
