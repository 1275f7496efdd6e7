import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { OutboxKind } from './outbox-drainer.js';
import { OutboxHolds } from './outbox-holds.js';
import { StoreRefusedError, type StoreClient } from './store-client.js';
import { MAX_BODY_BYTES } from './wire/primitives.js';

/** How long a row the store refused on its own waits before it is offered again (a fixed store, or a changed row, takes it then). */
export const REFUSED_ROW_RETRY_MS = 5 * 60_000;

/** Room in a request body for what wraps its rows (the keys and brackets around the lists). */
const BODY_WRAPPING_BYTES = 1024;

/** Answers that refuse what was sent, not the counter or the moment: sending fewer rows can get the others through. */
const REFUSES_ROWS = new Set([400, 413]);

/** A row waiting in an outbox: what names it there, the mark of its change, and the row as the wire carries it (undefined: it no longer exists). */
export interface OutboxRow<Wire = unknown> {
  id: string;
  marked: number;
  wire: Wire | undefined;
}

/** A row that still exists, with its wire form. */
export type PresentRow<Row extends OutboxRow> = Row & { wire: Exclude<Row['wire'], undefined> };

const isPresent = <Row extends OutboxRow>(row: Row): row is PresentRow<Row> => row.wire !== undefined;

/** An outbox whose rows the store checks one by one, so a batch of them can be split. */
export interface RowOutbox<Row extends OutboxRow> {
  readonly name: string;
  /** The next batch waiting, oldest first, without the rows named in `skip`. */
  next(skip: readonly string[]): Row[];
  /** Sends these rows in one request; throws when the store did not take them. */
  send(client: StoreClient, rows: PresentRow<Row>[]): Promise<void>;
  /** The store took these rows: they leave the outbox unless they changed since. */
  taken(rows: Row[]): void;
  pending(): number;
}

/** The first rows of `rows` whose wire forms fit one request body (at least one row: a row over the limit goes alone, and the store says so). */
export function withinBodyLimit<Row extends OutboxRow>(rows: Row[]): Row[] {
  let bytes = BODY_WRAPPING_BYTES;
  let fitting = 0;
  for (const row of rows) {
    bytes += row.wire === undefined ? 0 : Buffer.byteLength(JSON.stringify(row.wire)) + 1;
    if (fitting > 0 && bytes > MAX_BODY_BYTES) break;
    fitting++;
  }
  return rows.slice(0, fitting);
}

/**
 * An outbox kind that never lets one row hold up the rows after it: a batch fits the store's
 * body limit, and a batch the store refuses (400, 413) is halved until the row it refuses is
 * alone. That row stays in the outbox, is logged as an error and listed by `refused()` (the
 * counter's store status shows it), and is offered again only after REFUSED_ROW_RETRY_MS, not
 * in the drainer's tight retry loop. The hold is kept in `db` beside the outbox (OutboxHolds),
 * so a counter started again keeps to it.
 */
export function rowOutboxKind<Row extends OutboxRow>(outbox: RowOutbox<Row>, db: Db, logger: Logger, now: () => number = Date.now): OutboxKind {
  const holds = new OutboxHolds(db, outbox.name);

  function taken(rows: Row[]): void {
    if (rows.length === 0) return;
    // One commit: a row that left the outbox leaves no hold behind.
    db.transaction(() => {
      outbox.taken(rows);
      holds.release(rows.map((row) => row.id));
    })();
  }

  function hold(row: Row, error: StoreRefusedError): void {
    const at = now();
    const since = holds.hold(row.id, error, at, at + REFUSED_ROW_RETRY_MS);
    logger.log('error', 'store.outbox_row_refused', { kind: outbox.name, id: row.id, status: error.status, code: error.code, message: error.message, heldSince: since });
  }

  /** Sends `rows` (each with a wire form), halving a batch the store refuses until each row it refuses is alone. */
  async function sendNarrowing(client: StoreClient, rows: PresentRow<Row>[]): Promise<void> {
    try {
      await outbox.send(client, rows);
    } catch (error) {
      if (!(error instanceof StoreRefusedError && REFUSES_ROWS.has(error.status))) throw error;
      if (rows.length === 1) return hold(rows[0]!, error);
      const half = Math.ceil(rows.length / 2);
      await sendNarrowing(client, rows.slice(0, half));
      await sendNarrowing(client, rows.slice(half));
      return;
    }
    taken(rows);
  }

  return {
    name: outbox.name,
    async sendNext(client) {
      const rows = outbox.next(holds.heldAt(now()));
      if (rows.length === 0) return false;
      const batch = withinBodyLimit(rows);
      const present = batch.filter(isPresent);
      if (present.length > 0) await sendNarrowing(client, present);
      taken(batch.filter((row) => !isPresent(row)));
      return true;
    },
    pending: () => outbox.pending(),
    refused: () => holds.list(),
  };
}
