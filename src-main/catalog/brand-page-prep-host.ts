import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { lazy } from '../platform/lazy.js';
import { silentLogger, type Logger } from '../platform/logger.js';
import type { KnownEntry, SplitBrandPage } from '../partner-api/types.js';
import type { PreparedBrandPage, PreparedEntries } from './brand-page-prep.js';

/** The worker's build, beside the core bundle (electron.vite.config.ts, pagePrepWorkerBuild). */
export const PAGE_PREP_BUNDLE_FILE = 'page-prep.cjs';
/** Its source's loader, run where the app runs from source (tests, the bench, `npm run web`). */
const WORKER_SOURCE_FILE = 'brand-page-prep-worker.source.mjs';
/** An idle worker is ended after this long: it holds a V8 heap of its own, and syncs are daily. */
export const PAGE_PREP_IDLE_MS = 30_000;

// Required when the first page is split, not imported: node:worker_threads costs start-up time.
const requireHere = createRequire(import.meta.url);
const loadWireSchemas = lazy(() => import('../partner-api/wire-schemas.js'));

/** @internal Main → worker: one page's bytes (a copy, transferred) and the entries the last sync saw on it. */
export interface PagePrepAsk {
  id: number;
  body: Uint8Array;
  known: readonly KnownEntry[] | null;
}

/**
 * @internal Worker → main, for each page: its split (null: the scanner did not take the page,
 * which is then parsed whole), then, if it split, the entries read ahead; or an error.
 */
export type PagePrepAnswer =
  | { id: number; split: Pick<SplitBrandPage, 'entryHashes' | 'entryLengths' | 'nextCursor'> | null }
  | { id: number; prepared: PreparedEntries }
  | { id: number; error: string };

/** A page in the worker: its split awaited, then its entries read ahead. Each settles with null when the worker stops. */
interface InWorker {
  split(answer: Extract<PagePrepAnswer, { split: unknown }> | null): void;
  prepared(entries: PreparedEntries | null): void;
}

/** How to start the worker: the text of a script to eval, or a module file. */
export type PagePrepWorkerScript = { eval: string } | { file: URL };

/**
 * The worker's script: the built bundle when there is one beside this code (a build: its text,
 * read here so that it loads from inside an asar archive too), else the source through tsx (a
 * source checkout). Null when neither is there.
 */
export function pagePrepWorkerScript(): PagePrepWorkerScript | null {
  const bundled = fileURLToPath(new URL(PAGE_PREP_BUNDLE_FILE, import.meta.url));
  if (existsSync(bundled)) return { eval: readFileSync(bundled, 'utf8') };
  const source = new URL(WORKER_SOURCE_FILE, import.meta.url);
  return existsSync(fileURLToPath(source)) ? { file: source } : null;
}

/**
 * Splits products pages for the partner client (createPartnerClient's splitBrandPage) in a
 * worker thread: the scan, the hash of every entry, and the parsing, validation, content hash
 * and row columns of each entry that changed, ≈ 30 µs a brand, run beside the main thread's
 * writing of the page before (the sync asks for the next page before writing this one).
 *
 * Only speed depends on it: until the worker is up (it starts at the first page), when it cannot
 * run, and after it failed, a page is split on the main thread exactly as without it, and the
 * writer parses on the spot any entry it wants that was not read ahead. The worker ends after
 * PAGE_PREP_IDLE_MS without work, and never keeps the process alive.
 */
export class BrandPagePrep {
  private worker: Worker | null = null;
  private ready = false;
  private unavailable = false;
  private closed = false;
  private nextId = 0;
  private readonly pending = new Map<number, InWorker>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** The worker's script, once read (null: none). */
  private script: PagePrepWorkerScript | null | undefined;
  /** Settles when the worker last started is ready, or has stopped. */
  private starting: ReturnType<typeof settled<void>> | null = null;

  constructor(
    private readonly options: { logger?: Logger; idleMs?: number; script?: () => PagePrepWorkerScript | null } = {},
  ) {}

  /** For createPartnerClient: the page split (null: not taken by the scanner, parsed whole instead). */
  readonly split = async (body: Buffer, known: readonly KnownEntry[] | null): Promise<SplitBrandPage | null> => {
    const wire = await loadWireSchemas();
    if (!this.ready) {
      this.start();
      return wire.splitBrandList(body, known);
    }
    const { split, prepared } = this.ask(body, known);
    const answer = await split;
    if (answer === null) return wire.splitBrandList(body, known);
    if (answer.split === null) return null;
    const { entryHashes, entryLengths, nextCursor } = answer.split;
    let own: SplitBrandPage | null = null;
    const page: PreparedBrandPage = {
      entryHashes,
      entryLengths,
      nextCursor,
      prepared,
      // An entry the worker did not read ahead, read here from the same bytes (every entry vouched for by its hash).
      read: (wanted) => {
        own ??= wire.splitBrandList(body, entryHashes.map((hash, i) => ({ hash, length: entryLengths[i]! })));
        if (!own) throw new Error('A products page the worker split does not split again on the main thread');
        return own.read(wanted);
      },
    };
    return page;
  };

  /** Where the worker is: pages go to it only when `ready`. */
  get state(): 'stopped' | 'starting' | 'ready' | 'unavailable' {
    return this.unavailable ? 'unavailable' : this.ready ? 'ready' : this.worker ? 'starting' : 'stopped';
  }

  /** Starts the worker ahead of the first page; resolves once it is ready, or cannot run. */
  async warmUp(): Promise<void> {
    this.start();
    await this.starting?.promise;
  }

  /** Ends the worker; later pages are split on the main thread. */
  close(): void {
    this.closed = true;
    this.stop();
  }

  private start(): void {
    if (this.worker || this.unavailable || this.closed) return;
    let worker: Worker;
    try {
      // Read once: a worker started again after an idle end runs the code this process started with.
      if (this.script === undefined) this.script = (this.options.script ?? pagePrepWorkerScript)();
      const script = this.script;
      if (script === null) {
        this.fail('no worker script beside the core');
        return;
      }
      const { Worker: WorkerThread } = requireHere('node:worker_threads') as typeof import('node:worker_threads');
      worker = 'eval' in script ? new WorkerThread(script.eval, { eval: true }) : new WorkerThread(script.file);
    } catch (error) {
      this.fail(error);
      return;
    }
    worker.unref();
    this.worker = worker;
    this.starting = settled<void>();
    worker.on('message', (message: PagePrepAnswer | { ready: true }) => {
      if (worker !== this.worker) return;
      if ('ready' in message) {
        this.ready = true;
        this.starting?.resolve();
        this.armIdle();
        return;
      }
      const page = this.pending.get(message.id);
      if (!page) return;
      if ('split' in message) {
        page.split(message);
        if (message.split !== null) return;
      } else if ('prepared' in message) {
        page.prepared(message.prepared);
      } else {
        page.split(null);
      }
      page.prepared(null);
      this.pending.delete(message.id);
      if (this.pending.size === 0) {
        worker.unref();
        this.armIdle();
      }
    });
    worker.on('error', (error) => worker === this.worker && this.fail(error));
    // An answer that cannot be deserialised is dropped by Node: its page would wait forever.
    worker.on('messageerror', (error) => worker === this.worker && this.fail(error));
    worker.on('exit', (code) => worker === this.worker && this.fail(new Error(`the worker exited (code ${code})`)));
  }

  private ask(body: Buffer, known: readonly KnownEntry[] | null): { split: Promise<Extract<PagePrepAnswer, { split: unknown }> | null>; prepared: Promise<PreparedEntries | null> } {
    const worker = this.worker!;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId++;
    const split = settled<Extract<PagePrepAnswer, { split: unknown }> | null>();
    const prepared = settled<PreparedEntries | null>();
    const page: InWorker = { split: split.resolve, prepared: prepared.resolve };
    // Referenced while a page is in it: a sync waiting on the worker must keep the process alive.
    if (this.pending.size === 0) worker.ref();
    this.pending.set(id, page);
    const copy = new Uint8Array(body);
    try {
      worker.postMessage({ id, body: copy, known } satisfies PagePrepAsk, [copy.buffer]);
    } catch (error) {
      this.fail(error);
    }
    return { split: split.promise, prepared: prepared.promise };
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(), this.options.idleMs ?? PAGE_PREP_IDLE_MS);
    this.idleTimer.unref();
  }

  /** Ends the worker (idle, closed or failed); pages still waiting are split on the main thread. */
  private stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    this.starting?.resolve();
    for (const page of this.pending.values()) {
      page.split(null);
      page.prepared(null);
    }
    this.pending.clear();
    void worker?.terminate();
  }

  /** The worker cannot run or failed: logged once, and every later page is split on the main thread. */
  private fail(error: unknown): void {
    if (!this.unavailable) (this.options.logger ?? silentLogger).log('warn', 'catalog.page-prep.unavailable', { error });
    this.unavailable = true;
    this.stop();
  }
}

/** A promise and the function that settles it. */
function settled<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
