import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { Db } from '../db/database.js';

// Required at the first checkpoint, not imported: loading node:worker_threads costs about a
// millisecond of every start, and nothing checkpoints before the first catalog write.
const requireHere = createRequire(import.meta.url);

/**
 * Moves WAL checkpoints of the catalog file off the main thread.
 *
 * A first sync of 100k brands leaves ~100 MB in the WAL; SQLite's auto-checkpoint would copy
 * it into the database file and fsync it inside the COMMIT that crossed the threshold, a ~2 s
 * event-loop block. So the writing connection runs with `wal_autocheckpoint = 0`, and after
 * each replacement a short-lived worker thread opens its own connection and runs a PASSIVE
 * checkpoint: PASSIVE never waits for, nor blocks, the app's readers and writers, so nothing
 * on the main thread can stall behind it (RESTART/TRUNCATE would make a concurrent webhook
 * write busy-wait). The WAL file is not shrunk afterwards: once checkpointed, the next write
 * reuses it from the start, while truncating a 100 MB file on the main thread costs ~100 ms
 * (so the WAL file stays as large as the largest sync's transaction). One worker per
 * checkpoint (start-up ~30 ms, on its own thread) instead of a resident one, so there is
 * nothing to close; it keeps the process alive only until it is done.
 *
 * If a worker cannot run (module not loadable, e.g. a native build for another ABI), the
 * connection goes back to SQLite's auto-checkpoint: slower COMMITs, never an unbounded WAL.
 */
export class CatalogCheckpointer {
  private running: Promise<void> | null = null;
  private again = false;
  private disabled = false;

  constructor(
    private readonly db: Db,
    private readonly nativeBinding?: string,
  ) {
    if (db.memory) {
      this.disabled = true;
      return;
    }
    db.pragma('wal_autocheckpoint = 0');
  }

  /** Asks for a checkpoint soon; calls while one runs coalesce into one more run. Never rejects. */
  request(): Promise<void> {
    if (this.disabled) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        await this.checkpointInWorker();
      } while (this.again && !this.disabled);
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once no checkpoint is running (tests and the bench wait on it). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private checkpointInWorker(): Promise<void> {
    return new Promise<void>((resolve) => {
      let worker: Worker;
      try {
        const { Worker: WorkerThread } = requireHere('node:worker_threads') as typeof import('node:worker_threads');
        worker = new WorkerThread(WORKER_SOURCE, {
          eval: true,
          workerData: { module: sqliteModulePath(), file: this.db.name, nativeBinding: this.nativeBinding ?? null },
        });
      } catch {
        this.fallBack();
        resolve();
        return;
      }
      let answered = false;
      worker.once('message', (message: { ok: boolean }) => {
        answered = true;
        if (!message.ok) this.fallBack();
      });
      worker.once('error', () => {
        answered = true;
        this.fallBack();
      });
      worker.once('exit', () => {
        if (!answered) this.fallBack();
        resolve();
      });
    });
  }

  private fallBack(): void {
    if (this.disabled) return;
    this.disabled = true;
    try {
      if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
    } catch {
      /* the connection is closing; nothing left to checkpoint from it */
    }
  }
}

let modulePath: string | null = null;
function sqliteModulePath(): string {
  modulePath ??= createRequire(import.meta.url).resolve('better-sqlite3');
  return modulePath;
}

// CommonJS, because an eval'd worker is a script; the module path is resolved by the parent.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let db;
try {
  const Database = require(workerData.module);
  db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding, fileMustExist: true } : { fileMustExist: true });
  db.pragma('busy_timeout = 1000');
  db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message || error) });
} finally {
  if (db) db.close();
}
`;
