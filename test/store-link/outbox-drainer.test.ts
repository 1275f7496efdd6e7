import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleListItem } from '../../src-main/contract/orders.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { OutboxDrainer, type OutboxKind } from '../../src-main/store-link/outbox-drainer.js';
import { REFUSED_ROW_RETRY_MS, rowOutboxKind, type OutboxRow } from '../../src-main/store-link/outbox-rows.js';
import { salesOutbox } from '../../src-main/store-link/sales-outbox.js';
import { StoreRefusedError, StoreUnreachableError, type StoreClient } from '../../src-main/store-link/store-client.js';
import { tempDir } from '../support/temp-dir.js';

/** A kind with `waiting` batches; `fail` says what its next send throws (null: it is taken). */
function kind(name: string, waiting: number, fail: () => Error | null = () => null) {
  const sent: number[] = [];
  const k: OutboxKind & { sent: number[] } = {
    name,
    sent,
    async sendNext() {
      if (sent.length >= waiting) return false;
      const error = fail();
      if (error) throw error;
      sent.push(sent.length + 1);
      return true;
    },
    pending: () => waiting - sent.length,
  };
  return k;
}

const client = {} as StoreClient;

describe('the outbox drainer', () => {
  const dirs: { cleanup(): void }[] = [];
  const open: Db[] = [];
  /** A counter's environment database in a data folder of its own (a path, to open it again as a restart does). */
  const environmentFile = () => {
    const dir = tempDir('gv-outbox-');
    dirs.push(dir);
    return join(dir.path, 'staging.db');
  };
  const openEnvironment = (path: string) => {
    const db = openDatabase(path, 'environment');
    open.push(db);
    return db;
  };
  afterEach(() => {
    open.splice(0).forEach((db) => db.open && db.close());
    dirs.splice(0).forEach((d) => d.cleanup());
  });

  it('sends every kind in order, and a kind the store refused does not hold up the ones after it', async () => {
    const sales = kind('sales', 2);
    const refused = kind('audit', 1, () => new StoreRefusedError(409, 'AUDIT_CHAIN_BROKEN', 'line 3 differs'));
    const vouchers = kind('vouchers', 3);
    const drainer = new OutboxDrainer({ kinds: [sales, refused, vouchers], client, logger: silentLogger });
    await drainer.kick();
    expect([sales.sent.length, refused.sent.length, vouchers.sent.length]).toEqual([2, 0, 3]);
    expect(drainer.pending()).toBe(1);
    expect(drainer.pending('audit')).toBe(1);
    await drainer.stop();
  });

  it('ends the round when the store cannot be reached, leaving the rest in their outboxes', async () => {
    let down = true;
    const sales = kind('sales', 2, () => (down ? new StoreUnreachableError('http://store', 'the connection failed') : null));
    const records = kind('till', 2);
    const drainer = new OutboxDrainer({ kinds: [sales, records], client, logger: silentLogger });
    await drainer.kick();
    expect([sales.sent.length, records.sent.length]).toEqual([0, 0]);
    down = false;
    await drainer.kick();
    expect([sales.sent.length, records.sent.length]).toEqual([2, 2]);
    expect(drainer.pending()).toBe(0);
    await drainer.stop();
  });

  it('runs one more round when a change lands in a kind the round under way has passed', async () => {
    let salesWaiting = 1;
    const sales = { ...kind('sales', 0), sent: [] as number[] };
    sales.sendNext = async () => {
      if (sales.sent.length >= salesWaiting) return false;
      sales.sent.push(sales.sent.length + 1);
      return true;
    };
    let release: () => void = () => undefined;
    let tillSent = false;
    const till: OutboxKind = {
      name: 'till',
      async sendNext() {
        if (tillSent) return false;
        await new Promise<void>((r) => (release = r));
        tillSent = true;
        return true;
      },
      pending: () => (tillSent ? 0 : 1),
    };
    const drainer = new OutboxDrainer({ kinds: [sales, till], client, logger: silentLogger });
    const round = drainer.kick();
    await new Promise((r) => setImmediate(r));
    expect(sales.sent).toEqual([1]);
    // A sale changes while the round sends the till's records: its kick joins the round under way.
    salesWaiting = 2;
    void drainer.kick();
    release();
    await round;
    expect(sales.sent).toEqual([1, 2]);
    await drainer.stop();
  });

  it('offers a row the store refused again only after REFUSED_ROW_RETRY_MS, and forgets the refusal once the store takes it', async () => {
    const waiting = new Map(['a', 'b', 'c'].map((id) => [id, { id, marked: 1, wire: { id } }]));
    let storeTakesB = false;
    const requests: string[][] = [];
    let clock = 1_000;
    const rows = rowOutboxKind<OutboxRow<{ id: string }>>(
      {
        name: 'sales',
        next: (skip) => [...waiting.values()].filter((r) => !skip.includes(r.id)),
        async send(_client, batch) {
          requests.push(batch.map((r) => r.id));
          if (batch.some((r) => r.id === 'b') && !storeTakesB) throw new StoreRefusedError(400, 'VALIDATION_FAILED', 'b is too long');
        },
        taken: (batch) => batch.forEach((r) => waiting.delete(r.id)),
        pending: () => waiting.size,
      },
      openEnvironment(environmentFile()),
      silentLogger,
      () => clock,
    );
    const drainer = new OutboxDrainer({ kinds: [rows], client, logger: silentLogger });
    await drainer.kick();
    expect(requests).toEqual([['a', 'b', 'c'], ['a', 'b'], ['a'], ['b'], ['c']]);
    expect(drainer.refused()).toEqual([{ kind: 'sales', id: 'b', code: 'VALIDATION_FAILED', message: 'b is too long', since: 1_000 }]);

    clock += REFUSED_ROW_RETRY_MS - 1;
    await drainer.kick();
    expect(requests).toHaveLength(5);
    clock += 1;
    storeTakesB = true;
    await drainer.kick();
    expect(requests.at(-1)).toEqual(['b']);
    expect([drainer.pending(), drainer.refused()]).toEqual([0, []]);
    await drainer.stop();
  });

  it('keeps a refused row held over a restart: the outbox made again over the same database offers it only once the hold is over', async () => {
    const path = environmentFile();
    const [a, b, c] = ['sale-a', 'sale-b', 'sale-c'];
    let db = openEnvironment(path);
    for (const id of [a, b, c]) db.prepare('INSERT INTO store_outbox (sale_id, marked) VALUES (?, 1)').run(id);
    let clock = 1_000;
    let storeTakesB = false;
    const requests: string[][] = [];
    const client = {
      async call(_method: string, _path: string, options: { body: { items: { id: string }[] } }) {
        const ids = options.body.items.map((item) => item.id);
        requests.push(ids);
        if (ids.includes(b) && !storeTakesB) throw new StoreRefusedError(400, 'VALIDATION_FAILED', 'brandTitle is too long');
      },
    } as unknown as StoreClient;
    const items = (ids: string[]) => ids.map((id) => ({ id }) as SaleListItem);
    const drainerOver = (over: Db) => new OutboxDrainer({ kinds: [salesOutbox(over, items, silentLogger, () => clock)], client, logger: silentLogger });
    const refusedB = { kind: 'sales', id: b, code: 'VALIDATION_FAILED', message: 'brandTitle is too long', since: 1_000 };

    let drainer = drainerOver(db);
    await drainer.kick();
    expect(requests).toEqual([[a, b, c], [a, b], [a], [b], [c]]);
    expect(drainer.refused()).toEqual([refusedB]);
    await drainer.stop();
    db.close();

    // The counter starts again a minute later: the refused sale is still held, and still listed.
    clock += 60_000;
    db = openEnvironment(path);
    drainer = drainerOver(db);
    requests.length = 0;
    await drainer.kick();
    expect(requests).toEqual([]);
    expect([drainer.pending(), drainer.refused()]).toEqual([1, [refusedB]]);

    // Once the hold is over it is offered again: refused again, it is held again from then, and still listed as refused since first.
    clock = 1_000 + REFUSED_ROW_RETRY_MS;
    await drainer.kick();
    expect(requests).toEqual([[b]]);
    expect(drainer.refused()).toEqual([refusedB]);
    clock += REFUSED_ROW_RETRY_MS - 1;
    await drainer.kick();
    expect(requests).toHaveLength(1);

    // Taken at last: it leaves the outbox and its hold with it.
    clock += 1;
    storeTakesB = true;
    await drainer.kick();
    expect(requests.at(-1)).toEqual([b]);
    expect([drainer.pending(), drainer.refused()]).toEqual([0, []]);
    expect(db.prepare('SELECT count(*) FROM store_outbox_held').pluck().get()).toBe(0);
    await drainer.stop();
  });
});
