import { setImmediate as nextTurn } from 'node:timers/promises';

/** Lets a long loop run for at most `budgetMs` at a stretch, then gives the event loop a turn. */
export class TimeSlicer {
  private sliceStart = performance.now();
  constructor(private readonly budgetMs: number) {}

  /** Checked per row without an `await`: an await per row costs a microtask even when nothing is due. */
  due(): boolean {
    return performance.now() - this.sliceStart >= this.budgetMs;
  }

  async pause(): Promise<void> {
    if (!this.due()) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}
