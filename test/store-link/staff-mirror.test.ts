import { describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../../src-main/platform/logger.js';
import type { StaffService } from '../../src-main/staff/staff-service.js';
import { StaffMirror } from '../../src-main/store-link/staff-mirror.js';
import { StoreRefusedError, type StoreClient } from '../../src-main/store-link/store-client.js';
import type { StoreStaffRow } from '../../src-main/store-link/store-wire.js';

const manager: StoreStaffRow = { id: 'm1', name: 'Asha', role: 'manager', pin_hash: 'x', created_at: 1, disabled_at: null, must_change_pin: false, permissions: null };
const cashier: StoreStaffRow = { ...manager, id: 'c1', name: 'Ravi', role: 'cashier' };

/** A counter with its own manager and cashier, joining a store with no staff whose set-up push fails as `refusal`. */
function joining(refusal: StoreRefusedError) {
  const apply = vi.fn();
  const client = {
    call: vi.fn(async (method: string, _path: string) => {
      if (method === 'GET') return { staff: [], locks: [] };
      throw refusal;
    }),
    parsed: vi.fn(async (schema: { parse(v: unknown): unknown }, method: string, path: string) => schema.parse(await client.call(method, path))),
  };
  const staff = { replica: { rows: () => [manager, cashier], apply, applyLocks: vi.fn() } };
  const logger = memoryLogger();
  const mirror = new StaffMirror({ client: client as unknown as StoreClient, staff: staff as unknown as StaffService, logger });
  return { mirror, apply, logger };
}

describe('a counter joining a store with no staff', () => {
  it('is told when the store refuses its staff for what they are (4xx): nobody could sign in there', async () => {
    const { mirror } = joining(new StoreRefusedError(400, 'VALIDATION_FAILED', 'bad rows'));
    await expect(mirror.refresh()).rejects.toThrow(/did not take this counter's staff.*bad rows/);
  });

  it.each([
    [503, 'HTTP_503'],
    [500, 'HTTP_500'],
    [429, 'RATE_LIMITED'],
  ])('keeps its own staff when the store is failing or busy (%i) and asks again at the next refresh', async (status, code) => {
    const { mirror, logger } = joining(new StoreRefusedError(status, code, 'try later'));
    await expect(mirror.refresh()).resolves.toBeUndefined();
    expect(logger.lines.some((l) => l.includes('store.staff_refresh_failed'))).toBe(true);
  });
});
