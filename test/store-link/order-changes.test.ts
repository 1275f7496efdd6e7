import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyShelf } from '../../src-main/db/kv-shelf.js';
import { OrderNotConfirmedError } from '../../src-main/orders/engine/engine-outcomes.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { OrderChangesFollower } from '../../src-main/store-link/order-changes.js';
import { StoreUnreachableError } from '../../src-main/store-link/store-client.js';
import type { OrderChanges } from '../../src-main/store-link/store-wire.js';
import type { SaleRecord } from '../../src-main/orders/journal/sale-record.js';

type Change = OrderChanges['changes'][number];
const change = (seq: number, status: Change['status'] = 'REVERSED'): Change => ({ seq, orderId: `ord_${seq}`, referenceId: `POS-${seq}`, status });

/**
 * A follower on a fake store (answering from `feed` after the asked number, `limit` at a time,
 * or as `answer` says) and a fake engine that records what it was handed; `engine` answers the
 * sale's state after it (SUCCESS unless it says otherwise) or throws.
 */
function follower(feed: Change[], options: { engine?: (orderId: string, status: string) => Promise<string | void>; answer?: (after: number, limit: number) => Change[] } = {}) {
  const kv = new Map<string, string>();
  const shelf: KeyShelf = { read: (k) => kv.get(k), write: (k, v) => void kv.set(k, v) };
  const handed: string[] = [];
  const asks: number[] = [];
  const logger = memoryLogger();
  const client = {
    async parsed(_schema: unknown, _method: string, path: string, init: { body?: unknown } = {}) {
      expect(path).toBe('/order-changes');
      const { after, limit } = init.body as { after: number; limit: number };
      asks.push(after);
      return { changes: options.answer ? options.answer(after, limit) : feed.filter((c) => c.seq > after).slice(0, limit) };
    },
  } as never;
  const engine = {
    onOrderChange: async (orderId: string, _referenceId: string, status: string) => {
      handed.push(`${orderId} ${status}`);
      const state = (await options.engine?.(orderId, status)) ?? status;
      return { state } as SaleRecord;
    },
  };
  const f = new OrderChangesFollower({ client, shelf, counterId: 'c-1', engine: () => engine, logger, now: () => Date.now() });
  return { f, kv, handed, asks, logger };
}

describe("a linked counter following the service's changes to its orders through the store", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands each settled change to the engine in order, keeps the last one taken, and asks from there next time', async () => {
    const feed = [change(3, 'SUCCESS'), change(5, 'PROCESSING'), change(9, 'REVERSED')];
    const { f, kv, handed, asks } = follower(feed);
    expect(await f.poll()).toBe(3);
    // PROCESSING is not settled: the engine follows such a sale itself; the change is still passed.
    expect(handed).toEqual(['ord_3 SUCCESS', 'ord_9 REVERSED']);
    expect(kv.get('store_order_changes_applied:c-1')).toBe('9');
    feed.push(change(12, 'CANCELLED'));
    expect(await f.poll()).toBe(1);
    expect(asks).toEqual([0, 9]);
    expect(handed.at(-1)).toBe('ord_12 CANCELLED');
  });

  it('reads a long backlog page by page', async () => {
    const feed = Array.from({ length: 450 }, (_, i) => change(i + 1, 'SUCCESS'));
    const { f, asks } = follower(feed);
    expect(await f.poll()).toBe(450);
    expect(asks).toEqual([0, 200, 400]);
  });

  it('stops at a change the service could not confirm, and takes it (and the ones after it) on the next ask', async () => {
    let serviceDown = true;
    const { f, kv, handed } = follower([change(1), change(2)], {
      engine: async (orderId) => {
        if (serviceDown && orderId === 'ord_2') throw new OrderNotConfirmedError(orderId, { code: 'SERVICE_UNAVAILABLE' });
      },
    });
    expect(await f.poll()).toBe(1);
    expect(kv.get('store_order_changes_applied:c-1')).toBe('1');
    serviceDown = false;
    expect(await f.poll()).toBe(1);
    expect(handed).toEqual(['ord_1 REVERSED', 'ord_2 REVERSED', 'ord_2 REVERSED']);
    expect(kv.get('store_order_changes_applied:c-1')).toBe('2');
  });

  it('waits on a sale still in doubt after the change (the service could not be asked by reference)', async () => {
    let answered = false;
    const { f, kv, handed } = follower([change(1)], { engine: async () => (answered ? 'REVERSED' : 'IN_DOUBT') });
    expect(await f.poll()).toBe(0);
    expect(kv.get('store_order_changes_applied:c-1')).toBeUndefined();
    answered = true;
    expect(await f.poll()).toBe(1);
    expect(handed).toEqual(['ord_1 REVERSED', 'ord_1 REVERSED']);
  });

  it('tries a change the engine fails on for another reason a few times, then passes over it, logged, so one order does not hold up the rest', async () => {
    const { f, kv, handed, logger } = follower([change(1), change(2)], {
      engine: async (orderId) => {
        if (orderId === 'ord_1') throw new Error('database is locked');
      },
    });
    for (let ask = 1; ask <= 4; ask++) expect(await f.poll()).toBe(0);
    expect(kv.get('store_order_changes_applied:c-1')).toBeUndefined();
    expect(await f.poll()).toBe(2);
    expect(handed).toEqual([...Array<string>(5).fill('ord_1 REVERSED'), 'ord_2 REVERSED']);
    expect(kv.get('store_order_changes_applied:c-1')).toBe('2');
    expect(logger.lines.filter((l) => l.includes('store.order_change_not_applied') && l.includes('ord_1'))).toHaveLength(1);
  });

  it('takes nothing from a store that answers changes already applied, and does not ask forever', async () => {
    const stale = Array.from({ length: 200 }, (_, i) => change(i + 1));
    const { f, kv, asks, handed } = follower([], { answer: () => stale });
    kv.set('store_order_changes_applied:c-1', '500');
    expect(await f.poll()).toBe(0);
    expect(handed).toEqual([]);
    expect(asks).toEqual([500]);
    expect(kv.get('store_order_changes_applied:c-1')).toBe('500');
  });

  it('rejects when the store cannot be asked, logging it once however long it lasts, and changes nothing', async () => {
    const { f, kv, logger } = follower([], {
      answer: () => {
        throw new StoreUnreachableError('http://store.test', 'the connection failed');
      },
    });
    await expect(f.poll()).rejects.toThrow(StoreUnreachableError);
    await expect(f.poll()).rejects.toThrow(StoreUnreachableError);
    expect(kv.size).toBe(0);
    expect(logger.lines.filter((l) => l.includes('store.order_changes_failed'))).toHaveLength(1);
  });

  it('asks less and less often while a change waits on the service, and takes it when the service answers', async () => {
    vi.useFakeTimers();
    let serviceDown = true;
    const { f, handed } = follower([change(1)], {
      engine: async (orderId) => {
        if (serviceDown) throw new OrderNotConfirmedError(orderId, { code: 'SERVICE_UNAVAILABLE' });
      },
    });
    f.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // Every half minute would be 21 tries in ten minutes; waiting 30 s, then 1, 2 and 4 minutes, it is 5.
    expect(handed.length).toBe(5);
    serviceDown = false;
    // The next try, 8 minutes after the last, goes through.
    await vi.advanceTimersByTimeAsync(8 * 60_000);
    expect(handed.length).toBe(6);
    expect(await f.poll()).toBe(0);
    await f.stop();
  });

  it('passes over a change that has waited on the service for a day, logged when it began waiting and when it was given up', async () => {
    vi.useFakeTimers();
    const { f, kv, logger } = follower([change(1), change(2)], {
      engine: async (orderId) => {
        if (orderId === 'ord_1') throw new OrderNotConfirmedError(orderId, { code: 'NOT_FOUND' });
      },
    });
    expect(await f.poll()).toBe(0);
    vi.setSystemTime(Date.now() + 23 * 3_600_000);
    expect(await f.poll()).toBe(0);
    vi.setSystemTime(Date.now() + 3_600_000);
    expect(await f.poll()).toBe(2);
    expect(kv.get('store_order_changes_applied:c-1')).toBe('2');
    expect(logger.lines.filter((l) => l.includes('store.order_change_waiting'))).toHaveLength(1);
    expect(logger.lines.filter((l) => l.includes('store.order_change_not_applied') && l.includes('ord_1'))).toHaveLength(1);
  });

  it('asks nothing once stopped', async () => {
    const { f, asks } = follower([change(1)]);
    await f.stop();
    expect(await f.poll()).toBe(0);
    expect(asks).toEqual([]);
  });
});
