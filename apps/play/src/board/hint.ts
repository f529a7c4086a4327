/**
 * "What would a strong bot play?": asks the hint worker (hint-worker.ts) for a move in the view
 * on screen, off the page's thread. A newer question, or `cancel`, leaves an older one unanswered
 * (its promise resolves to null), so a hint never lands on a position it was not asked for; a
 * question the worker could not answer resolves to `'failed'`.
 */
import type { Move, PlayerView } from 'dnup';

/** A strong bot's move for the position asked about (`neuralExpertBot` of dnup/neural chose it). */
export interface HintAnswer {
  readonly move: Move;
}

export class Hinter {
  private worker: Worker | null = null;
  private asked = 0;
  private waiting: ((a: HintAnswer | 'failed' | null) => void) | null = null;

  /** A move for `view`'s seat; null when cancelled or superseded, `'failed'` when the worker could not answer. */
  ask(view: PlayerView): Promise<HintAnswer | 'failed' | null> {
    this.cancel();
    const id = ++this.asked;
    this.worker ??= this.start();
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.worker!.postMessage({ id, view });
    });
  }

  /** Forgets the question in flight (a new position, the end of the turn). */
  cancel(): void {
    this.asked++;
    this.waiting?.(null);
    this.waiting = null;
  }

  /** Stops the worker (the board is gone). */
  stop(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private start(): Worker {
    const w = new Worker(new URL('./hint-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<{ id: number; move?: Move }>) => {
      if (e.data.id !== this.asked || !this.waiting) return; // an older question's answer
      const done = this.waiting;
      this.waiting = null;
      done(e.data.move ? { move: e.data.move } : 'failed');
    };
    // the worker's script could not load or threw outside a question: the question in flight
    // fails, and the next one starts a new worker (a worker whose script never loaded never answers)
    w.onerror = () => {
      if (this.worker === w) this.worker = null;
      w.terminate();
      const done = this.waiting;
      this.waiting = null;
      done?.('failed');
    };
    return w;
  }
}
