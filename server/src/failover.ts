/**
 * Which process hosts each game, and taking games over when their host dies. Built from what
 * Redis and Colyseus give:
 * - ownership is a lease in Redis (`SET … PX`, renewed by its owner every third of the lease)
 *   with an epoch that grows at every claim; the store's writes are Lua scripts that refuse a
 *   write under an older epoch (a fencing token), so a host paused past its lease and resumed
 *   cannot write a move to a game another process took over (store.ts);
 * - a process that finds an unfinished game without a lease claims it atomically (one Lua
 *   script: only one claimer wins) and restores it in a room of its own under the same code;
 * - a dead process's lobby entries go through Colyseus' own health check (an IPC ping over
 *   Redis presence; a process that does not answer is dropped with its listings), run here for
 *   every process whose presence channel is gone, plus a lobby "removed" message for each.
 * With the embedded store (one process) only the start-up restore runs.
 */
import { matchMaker } from '@colyseus/core';
import { ROOM_NAME } from './protocol.js';
import { pendingRestores, RESTORE_OPTION } from './restore.js';
import { liveRooms } from './room.js';
import type { GameStore } from './store.js';

export interface FailoverOptions {
  readonly store: GameStore;
  /** Between two rounds of renewals and orphan scans, in ms (a third of the lease). */
  readonly intervalMs: number;
  /** Another process may host games (Redis): scan for orphans and dead processes while running. */
  readonly shared: boolean;
  readonly log: (line: string) => void;
}

/** The readiness of this process, for `GET /ready`. */
export interface Readiness {
  readonly ready: boolean;
  /** Games restored here since start (at start and by failover). */
  readonly restored: number;
  /** Restores under way now. */
  readonly restoring: number;
  /** Games this process could not restore (they do not replay; they stay in the store, logged once). */
  readonly failed: number;
  readonly draining: boolean;
}

const LOBBY_CHANNEL = '$lobby';

export class Failover {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private started = false;
  private draining = false;
  private restoring = 0;
  private failed = new Set<string>();
  restored = 0;
  /** Rooms restored lately, whose listing is checked (a dead host's cleanup may race with it). */
  private recent = new Map<string, number>();

  constructor(private readonly o: FailoverOptions) {}

  /** Restores every orphan now (at start), then keeps renewing and scanning. */
  async start(): Promise<void> {
    await this.tick();
    this.started = true;
    this.schedule();
  }

  private schedule(): void {
    // a little jitter so the survivors of a dead process do not all scan at the same moment
    this.timer = setTimeout(
      () => void this.tick().finally(() => this.timer && this.schedule()),
      this.o.intervalMs * (0.75 + Math.random() * 0.5),
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** No new restores from now on (SIGTERM). */
  drain(): void {
    this.draining = true;
  }

  readiness(): Readiness {
    return {
      ready: this.started && !this.draining && this.restoring === 0,
      restored: this.restored,
      restoring: this.restoring,
      failed: this.failed.size,
      draining: this.draining,
    };
  }

  /** One round: renew this process's leases, hand over rooms that lost theirs, restore orphans. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const code of await this.o.store.renew())
        await liveRooms.byCode.get(code)?.handOver('its lease was taken over by another process');
      // a game that does not replay here is left to others (and to an operator: it is logged once)
      if (!this.draining)
        for (const code of await this.o.store.orphans()) if (!this.failed.has(code)) await this.restore(code);
      if (this.o.shared) {
        await this.repairListings();
        void this.dropDeadProcesses().catch((e: unknown) => this.o.log(`failover: ${String(e)}`));
      }
    } catch (e) {
      this.o.log(`failover: ${String((e as Error)?.message ?? e)}`);
    } finally {
      this.running = false;
    }
  }

  /** Claims game `code` and restores it here; false when another process was faster. */
  async restore(code: string): Promise<boolean> {
    const claim = await this.o.store.claim(code);
    if (!claim) return false;
    this.restoring++;
    try {
      const game = await this.o.store.load(code);
      if (!game) {
        await this.o.store.release(code);
        return false;
      }
      // a room of ours still holding the code lost it (paused past its lease): it stops first
      await liveRooms.byCode.get(code)?.handOver('restored again here');
      pendingRestores.set(code, game);
      try {
        await matchMaker.handleCreateRoom(ROOM_NAME, { [RESTORE_OPTION]: code });
        this.restored++;
        this.failed.delete(code);
        this.recent.set(code, Date.now());
        return true;
      } catch (e) {
        pendingRestores.delete(code);
        this.failed.add(code);
        await this.o.store.release(code);
        this.o.log(`dnup-server: could not restore game ${code}: ${(e as Error).message}`);
        return false;
      }
    } finally {
      this.restoring--;
    }
  }

  /** A restored room's listing must name this process (a dead host's cleanup may have removed it). */
  private async repairListings(): Promise<void> {
    const now = Date.now();
    for (const [code, at] of this.recent) {
      if (now - at > 30_000) {
        this.recent.delete(code);
        continue;
      }
      const room = liveRooms.byCode.get(code);
      if (!room?.hostsGame) continue;
      const listed = (await matchMaker.query({ roomId: code }))[0];
      if (!listed || listed.processId !== matchMaker.processId) await room.listing.save();
    }
  }

  private checking = new Set<string>();

  /** Processes whose presence channel is gone: Colyseus' health check drops them and their listings. */
  private async dropDeadProcesses(): Promise<void> {
    const presence = matchMaker.presence as unknown as { channels?: (pattern: string) => Promise<string[]> };
    if (typeof presence.channels !== 'function') return;
    const live = new Set((await presence.channels('p:*')).map((c) => c.slice(2)));
    const all = await matchMaker.stats.fetchAll();
    for (const { processId } of all) {
      if (processId === matchMaker.processId || live.has(processId) || this.checking.has(processId)) continue;
      this.checking.add(processId);
      try {
        const listed = await matchMaker.query({ processId });
        if (await matchMaker.healthCheckProcessId(processId)) continue;
        // lobby clients were told of these rooms: tell them they are gone (a restored room is listed again by its new host)
        for (const r of listed)
          if ((await matchMaker.query({ roomId: r.roomId })).length === 0)
            await matchMaker.presence.publish(LOBBY_CHANNEL, `${r.roomId},1`);
      } finally {
        this.checking.delete(processId);
      }
    }
  }
}
