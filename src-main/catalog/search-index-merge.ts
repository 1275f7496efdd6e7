import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { TimeSlicer } from './time-slicer.js';

/** 25 pages per 'merge' step (steps of 100 held the loop up to ~45 ms at 100k brands); the bound only guards against a step that never reports done. */
const MAX_MERGE_STEPS = 10_000;

/**
 * Keeps the catalog's FTS index merged. Row-by-row indexing leaves it in many small segments,
 * and every segment costs a seek per term (measured: a one-letter search at 10k brands,
 * 6.7 ms → 1.0 ms once merged). FTS5's 'merge' with a negative page count, repeated until it
 * changes (almost) nothing, is the documented sliced equivalent of 'optimize'.
 *
 * A merge runs after a replacement has committed, in the background: the sync resolves without
 * waiting (its rows are searchable already; a merge only makes searches faster, and at 10k
 * brands it is ≈ 20 ms of a 10 %-changed sync). Each step is its own short transaction and the
 * index is valid between steps, so a failure costs only speed: it is swallowed and the next
 * replacement merges again. A step never runs inside a transaction someone else opened on the
 * connection (the next sync's, a hash recording's): the merge stops there and stays owed.
 */
export class SearchIndexMerge {
  private readonly totalChanges: Statement;
  private readonly mergeStep: Statement;
  /** The merge running now. */
  private running: Promise<void> | null = null;
  /**
   * Set by a replacement that wrote rows, cleared when a merge has nothing left to do. True at
   * first: a merge cut short by the app's end is owed to the first replacement after a start
   * (on an index already merged, one step that changes nothing).
   */
  private owed = true;

  constructor(
    private readonly db: Db,
    /** Runs after each merge (the WAL checkpoint). */
    private readonly afterMerge: () => void,
  ) {
    this.totalChanges = db.prepare('SELECT total_changes()').pluck();
    this.mergeStep = db.prepare("INSERT INTO brands_fts (brands_fts, rank) VALUES ('merge', -25)");
  }

  /** A replacement wrote rows: a merge is owed. */
  owe(): void {
    this.owed = true;
  }

  /** Whether a merge is owed (what follows a replacement then waits for it). */
  get isOwed(): boolean {
    return this.owed;
  }

  /** After a replacement's last write: merges in the background if a merge is owed and none runs, then `afterMerge`. */
  start(slicer: TimeSlicer): void {
    if (!this.owed || this.running) return;
    this.running = this.merge(slicer).finally(() => {
      this.running = null;
      if (this.db.open) this.afterMerge();
    });
  }

  /** Resolves when no merge is running. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Repair tool: re-derives the whole FTS index from the brands table (one long synchronous step). */
  rebuild(): void {
    this.db.exec("INSERT INTO brands_fts (brands_fts) VALUES ('rebuild')");
  }

  private async merge(slicer: TimeSlicer): Promise<void> {
    try {
      for (let step = 0; step < MAX_MERGE_STEPS; step++) {
        if (!this.db.open || this.db.inTransaction) return;
        const before = this.totalChanges.get() as number;
        this.mergeStep.run();
        if ((this.totalChanges.get() as number) - before < 2) break;
        await slicer.pause();
      }
      this.owed = false;
    } catch {
      /* speed only; see above */
    }
  }
}
