import { z } from 'zod';
import { needs, open } from './define.js';
import { empty } from './fields.js';

/** What a counter shows about the store it belongs to (never its credential). */
export interface StoreLinkView {
  url: string;
  storeId: string;
  counterId: string;
  counterName: string;
  environment: 'staging' | 'production';
}

/** A counter of the store, as its store server lists it. */
export interface StoreCounterView {
  id: string;
  name: string;
  pairedAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
}

/** A record the store refused on its own: it waits on this counter, offered again every few minutes, while the records after it are sent. */
export interface RefusedRecord {
  /** Its outbox: sales, till, vouchers. */
  kind: string;
  /** Its id there (a till record's is its kind and id). */
  id: string;
  code: string;
  /** The store's reason. */
  message: string;
  /** When the store first refused it. */
  since: number;
}

export interface StoreStatus {
  /** This counter belongs to a store and sells through its store server. */
  linked: boolean;
  store: StoreLinkView | null;
  /** null when not linked; otherwise whether the store server answered just now. */
  reachable: boolean | null;
  /** The store revoked this counter: it answers, but not to this counter (join again with a new code). */
  revoked: boolean;
  /** Why it cannot be reached (or that it revoked this counter); the screen says what that means for selling. */
  message: string | null;
  /** This counter's sales not yet sent to the store server. */
  outbox: number;
  /** Records the store server refused, held back on this counter (its Orders, CSV and End of day lack them until it takes them). */
  refused: RefusedRecord[];
}

export const storeMethods = {
  'store.status': open(empty).returns<StoreStatus>(),
  /** The store's counters (a manager revokes a lost or replaced one). */
  'store.counters': needs('manageConnection')(empty).returns<{ counters: StoreCounterView[]; self: string }>(),
  'store.revokeCounter': needs('manageConnection')(z.strictObject({ counterId: z.string().uuid() })).returns<{ revoked: true }>(),
  /**
   * Joins a store with a pairing code printed by its store server. The counter's credential is
   * kept sealed in this computer's keychain (the browser host: its data folder's key file);
   * the app then starts again as the store's counter.
   */
  'store.join': needs('manageConnection')(
    z.strictObject({
      url: z.string().trim().url().max(200).refine((u) => /^https?:\/\//.test(u), 'must be an http(s) address'),
      pairingCode: z.string().trim().min(4).max(40),
      counterName: z.string().trim().min(1).max(60),
    }),
  ).returns<{ joined: true; storeId: string; restartRequired: true; message: string }>(),
};
