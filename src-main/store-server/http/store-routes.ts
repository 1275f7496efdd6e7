import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { CoreMethodName } from '../../contract/index.js';
import type { CounterIdentity } from '../counters/counter-credentials.js';
import type { Pool } from '../database/pool.js';
import { listStaff, pushStaff, type StaffPushRefusal } from '../store-api/staff-directory.js';
import type { CardVault } from '../../platform/card-vault.js';
import { APPROVAL_NEEDED, auditPush, counterDayCheck, orderChangesQuery, pinCheckRequest, recordsPush, salesPush, staffPush, storeVoucherReveal, topUpPush, unlockRequest, vouchersPush } from '../../store-link/store-wire.js';
import { checkStaffPin, staffLocks, unlockStaff } from '../store-api/staff-pins.js';
import { endStaffSession, staffOfRequest, staffPermitted, useApproval } from '../store-api/staff-sessions.js';
import { appendCounterAudit, counterAuditPosition } from '../store-api/counter-audit.js';
import { recordCounterRecords } from '../store-api/store-records.js';
import { recordCounterVouchers } from '../store-api/store-vouchers.js';
import { revealStoreVoucher } from '../store-api/store-sale-detail.js';
import { recordStoreTopUp, saveDayCheck, storeDayOf } from '../store-api/store-day.js';
import { recordCounterSales } from '../store-api/store-sales.js';
import { orderChangesFor } from '../store-api/order-changes.js';
import { contractRoutes } from './contract-routes.js';
import { HttpError, parseBody, readJson } from './http-kit.js';

const dayQuery = z.strictObject({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), from: z.number().int(), to: z.number().int() });

const STAFF_REFUSAL_STATUS: Record<StaffPushRefusal, number> = { FORBIDDEN: 403, VALIDATION_FAILED: 400, STORE_HAS_MANAGER: 409, STAFF_ID_IN_USE: 409, LAST_MANAGER: 409 };

/**
 * What counters share through the store server, under /store/v1: the contract methods it
 * answers across counters (contract-routes.ts), and the wire calls that are not a screen's
 * question: staff and their PINs, every counter's sales and money records (payments, refunds,
 * shifts, vouchers sealed here, audit lines), day checks and top-ups, and the status changes of
 * a counter's own relayed orders (which the service tells the store, not the counter). The
 * counter is known from its token; the person at it from the staff session the store opened when
 * their PIN was right (staff-sessions.ts), checked against the store's own staff for the
 * permission the contract declares for what they ask.
 */
export function storeRoutes(pool: Pool, vault: CardVault) {
  /** The person asking, when the store's staff session says who they are and they may call `method` (its contract's permission). */
  async function requirePermission(req: IncomingMessage, counter: CounterIdentity, method: CoreMethodName): Promise<string> {
    const check = await staffPermitted(pool, req, counter, method);
    if (!check.ok) throw new HttpError(check.status, check.code, check.message);
    return check.staffId;
  }
  const contract = contractRoutes(pool);

  return async function route(req: IncomingMessage, path: string, counter: CounterIdentity): Promise<{ status: number; body: unknown } | null> {
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === '/me') return { status: 200, body: { counterId: counter.id, name: counter.name, storeId: counter.storeId } };
    if (req.method === 'GET' && path === '/staff') return { status: 200, body: { staff: await listStaff(pool, counter.storeId), locks: await staffLocks(pool, counter.storeId) } };
    if (req.method === 'POST' && path === '/staff/pin-check') return { status: 200, body: await checkStaffPin(pool, counter, parseBody(pinCheckRequest, await readJson(req))) };
    if (req.method === 'POST' && path === '/staff/sign-out') return { status: 200, body: { ended: await endStaffSession(pool, req, counter) } };
    if (req.method === 'POST' && path === '/staff/unlock') {
      const by = await requirePermission(req, counter, 'staff.unlock');
      const unlocked = await unlockStaff(pool, counter.storeId, counter.id, parseBody(unlockRequest, await readJson(req)).staffId, by);
      return unlocked ? { status: 200, body: { unlocked: true } } : { status: 409, body: { error: { code: 'NOT_LOCKED', message: 'That account is not locked out' } } };
    }
    if (req.method === 'PUT' && path === '/staff') {
      const result = await pushStaff(pool, counter.storeId, counter.id, parseBody(staffPush, await readJson(req)), { staffId: await staffOfRequest(pool, req, counter) });
      return result.ok ? { status: 200, body: { ok: true } } : { status: STAFF_REFUSAL_STATUS[result.code], body: { error: { code: result.code, message: result.message } } };
    }
    if (req.method === 'POST' && path === '/sales') {
      const { items } = parseBody(salesPush, await readJson(req));
      await recordCounterSales(pool, counter.storeId, counter.id, items);
      return { status: 200, body: { recorded: items.length } };
    }
    if (req.method === 'POST' && path === '/records') {
      return { status: 200, body: { recorded: await recordCounterRecords(pool, counter.storeId, counter.id, parseBody(recordsPush, await readJson(req))) } };
    }
    if (req.method === 'POST' && path === '/vouchers') {
      return { status: 200, body: { recorded: await recordCounterVouchers(pool, vault, counter.id, parseBody(vouchersPush, await readJson(req))) } };
    }
    if (req.method === 'POST' && path === '/order-changes') {
      return { status: 200, body: await orderChangesFor(pool, counter.id, parseBody(orderChangesQuery, await readJson(req))) };
    }
    if (req.method === 'GET' && path === '/audit/position') return { status: 200, body: await counterAuditPosition(pool, counter.id) };
    if (req.method === 'POST' && path === '/audit') {
      return { status: 200, body: await appendCounterAudit(pool, counter.id, parseBody(auditPush, await readJson(req)).lines) };
    }
    if (req.method === 'POST' && path === '/vouchers/reveal') {
      // The same rule as at the counter that sold it: the permission, and a manager's approval, given at the asking counter and judged here.
      const staffId = await requirePermission(req, counter, 'voucher.reveal');
      const ask = parseBody(storeVoucherReveal, await readJson(req));
      const approver = await pool.query('SELECT 1 FROM staff WHERE id = $1 AND store_id = $2 AND role = $3 AND disabled_at IS NULL', [ask.approvedBy, counter.storeId, 'manager']);
      if (approver.rowCount === 0) throw new HttpError(403, 'NOT_A_MANAGER', 'The approver is not a manager of this store');
      if (!(await useApproval(pool, counter, ask.approvedBy, ask.approval))) throw new HttpError(403, APPROVAL_NEEDED.code, APPROVAL_NEEDED.message);
      const revealed = await revealStoreVoucher(pool, vault, { storeId: counter.storeId, askingCounterId: counter.id, staffId, approvedBy: ask.approvedBy, saleId: ask.saleId, seq: ask.seq });
      return revealed ? { status: 200, body: revealed } : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such voucher at the store' } } };
    }
    if (req.method === 'POST' && path === '/wallet/topups') {
      const staffId = await requirePermission(req, counter, 'wallet.recordTopUp');
      const result = await recordStoreTopUp(pool, counter.storeId, counter.id, staffId, parseBody(topUpPush, await readJson(req)));
      return result.ok ? { status: 200, body: { recorded: true } } : { status: 409, body: { error: { code: 'TOP_UP_EXISTS', message: result.message } } };
    }
    if (req.method === 'PUT' && path === '/day-checks') {
      await saveDayCheck(pool, counter.storeId, counter.id, parseBody(counterDayCheck, await readJson(req)));
      return { status: 200, body: { saved: true } };
    }
    if (req.method === 'POST' && path === '/end-of-day') {
      await requirePermission(req, counter, 'report.endOfDay');
      const day = parseBody(dayQuery, await readJson(req));
      if (day.to <= day.from || day.to - day.from > 2 * 86_400_000) throw new HttpError(400, 'VALIDATION_FAILED', 'A day is at most 48 hours long');
      return { status: 200, body: await storeDayOf(pool, counter.storeId, day) };
    }
    if (req.method === 'POST' && (m = /^\/contract\/([A-Za-z.]{1,60})$/.exec(path))) {
      return { status: 200, body: await contract(m[1]!, await readJson(req), counter, (method) => requirePermission(req, counter, method)) };
    }
    return null;
  };
}
