import type { z } from 'zod';
import type { Logger } from '../platform/logger.js';
import type { StaffService, StorePinCheck } from '../staff/staff-service.js';
import { StoreRefusedError, type StoreClient } from './store-client.js';
import { isActiveManager, LAST_ACTIVE_MANAGER, pinCheckAnswer, staffList, type StoreStaffRow } from './store-wire.js';

const same = (a: StoreStaffRow | undefined, b: StoreStaffRow) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** Refusals that mean the store's staff are not what this counter's copy says. */
const STALE_COPY: ReadonlySet<string> = new Set(['STORE_HAS_MANAGER', LAST_ACTIVE_MANAGER.code]);

/** The store refused this counter's staff when it joined: its refusal, saying so (the bridge shows it as the store's). */
class OwnStaffRefused extends StoreRefusedError {
  constructor(refusal: StoreRefusedError) {
    super(refusal.status, refusal.code, `The store server did not take this counter's staff, so nobody can sign in here: ${refusal.message}`);
  }
}

/**
 * Staff are store-wide. A counter signs people in against its own copy (so a counter whose
 * store server is down still opens), taken from the store before each sign-in and list; the
 * store judges the PIN when it can be asked, and opens the person's session there. A
 * change made here is sent to the store before it is answered; if the store refuses it or
 * cannot be reached, the change is undone here and the refusal is the answer.
 */
export class StaffMirror {
  constructor(
    private readonly deps: { client: StoreClient; staff: StaffService; logger: Logger },
  ) {}

  /**
   * Takes the store's staff; `strict` makes a failure an error instead of "use what this
   * counter has". A counter that had staff before it joined a store with none brings them: its
   * staff become the store's (the store takes them only while it has no staff). Joining a
   * store that has staff, the counter's own people are disabled here. A store that refuses to
   * take this counter's staff is an error either way: it would answer `unknown` to every PIN
   * typed here, so this counter's copy is nothing to fall back on.
   */
  async refresh(strict = false): Promise<void> {
    try {
      let answer = await this.deps.client.parsed(staffList, 'GET', '/staff');
      const local = this.deps.staff.replica.rows();
      if (answer.staff.length === 0 && local.some(isActiveManager)) {
        await this.bringOwnStaff(local);
        answer = await this.deps.client.parsed(staffList, 'GET', '/staff');
      }
      this.deps.staff.replica.apply(answer.staff, answer.staff.length > 0 ? 'disable' : 'keep');
      this.deps.staff.replica.applyLocks(answer.locks);
    } catch (error) {
      if (strict) throw error;
      this.deps.logger.log('warn', 'store.staff_refresh_failed', { error });
      if (error instanceof OwnStaffRefused) throw error;
    }
  }

  /**
   * This counter's whole staff as the store's first set-up. Another counter's set-up taken first
   * is no error (its staff are then the store's); a store that cannot be reached is asked again
   * at the next refresh.
   */
  private async bringOwnStaff(local: StoreStaffRow[]): Promise<void> {
    try {
      await this.deps.client.call('PUT', '/staff', { body: { rows: local, firstManager: true } });
    } catch (error) {
      if (error instanceof StoreRefusedError && error.code === 'STORE_HAS_MANAGER') return;
      // Refused for what was sent; a store that is failing or busy (5xx, 429) is asked again at the next refresh.
      if (error instanceof StoreRefusedError && error.status >= 400 && error.status < 500 && error.status !== 429) throw new OwnStaffRefused(error);
      throw error;
    }
  }

  /**
   * Has the store judge a PIN typed here: it counts wrong PINs across all its counters. When it
   * cannot be asked (or answers something unreadable) the counter judges alone, by the count it
   * last took from the store.
   */
  readonly checkPin: StorePinCheck = async (staffId, pin, purpose) => {
    const verdict = await this.askStore(staffId, pin, purpose);
    if (verdict?.kind !== 'right') return verdict;
    // A sign-in's session at the store: what later calls made for this person carry.
    if (verdict.session) this.deps.client.rememberStaffSession(staffId, verdict.session.token);
    return { kind: 'right', lock: verdict.lock };
  };

  /** The store's whole answer to a PIN typed here; null when it could not be asked (or answered something unreadable). */
  private async askStore(staffId: string, pin: string, purpose: string | null): Promise<z.infer<typeof pinCheckAnswer> | null> {
    try {
      return await this.deps.client.parsed(pinCheckAnswer, 'POST', '/staff/pin-check', { body: { staffId, pin, purpose } });
    } catch (error) {
      this.deps.logger.log('warn', 'store.pin_check_failed', { error });
      return null;
    }
  }

  /**
   * Opens `staffId`'s session at the store with the PIN they just chose (a first manager set
   * up here is signed in without typing it again). false when the store could not open one.
   */
  async openSession(staffId: string, pin: string): Promise<boolean> {
    const verdict = await this.checkPin(staffId, pin, null);
    return verdict?.kind === 'right' && this.deps.client.hasStaffSession(staffId);
  }

  /**
   * Has the store judge a manager's approval PIN for a shared action (`purpose`): its single-use
   * token when the PIN is right there, null otherwise (wrong, locked, or the store not asked).
   * A wrong one counts toward that manager's lock at the store, as a sign-in's does.
   */
  async approvalAtStore(approverId: string, pin: string, purpose: string): Promise<string | null> {
    const verdict = await this.askStore(approverId, pin, purpose);
    return verdict?.kind === 'right' ? (verdict.approval?.token ?? null) : null;
  }

  /** `staffId` is no longer signed in here: their session at the store ends too (told in the background). */
  signedOut(staffId: string): void {
    this.deps.client.endStaffSession(staffId).catch((error: unknown) => this.deps.logger.log('warn', 'store.staff_sign_out_failed', { error }));
  }

  /** A manager lifts a lock for the whole store (refused by the store when it is not locked there). */
  async unlock(staffId: string, actor: string): Promise<void> {
    await this.deps.client.call('POST', '/staff/unlock', { body: { staffId }, staffId: actor });
  }

  /**
   * Runs a staff change here, then sends what it changed to the store. Undone here when the
   * store does not take it. `firstManager` asks the store to refuse if it has a manager already.
   */
  async storeWide<T>(actor: string | null, work: () => Promise<T> | T, options: { firstManager?: boolean } = {}): Promise<T> {
    const before = this.deps.staff.replica.rows();
    const result = await work();
    const byId = new Map(before.map((r) => [r.id, r]));
    const changed = this.deps.staff.replica.rows().filter((r) => !same(byId.get(r.id), r));
    if (changed.length === 0) return result;
    try {
      await this.deps.client.call('PUT', '/staff', { body: { rows: changed, firstManager: options.firstManager }, staffId: actor });
    } catch (error) {
      this.deps.staff.replica.apply(before, 'remove');
      // Another counter changed the store's staff first: this counter's copy is taken afresh, so its screen shows why.
      if (error instanceof StoreRefusedError && STALE_COPY.has(error.code)) await this.refresh(false).catch(() => undefined);
      throw error;
    }
    return result;
  }
}
