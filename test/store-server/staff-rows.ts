import { randomUUID } from 'node:crypto';
import type { StaffPush, StoreStaffRow } from '../../src-main/store-link/store-wire.js';

/** A staff row as a counter sends it (the PIN hash is opaque to the store server). */
export function staffRow(over: Partial<StoreStaffRow> = {}): StoreStaffRow {
  return {
    id: randomUUID(),
    name: 'Asha',
    role: 'cashier',
    pin_hash: `scrypt$${randomUUID()}`,
    created_at: Date.now(),
    disabled_at: null,
    must_change_pin: false,
    permissions: null,
    ...over,
  };
}

export const firstManagerPush = (row: StoreStaffRow): StaffPush => ({ rows: [row], firstManager: true });
