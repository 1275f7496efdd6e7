import type Database from 'better-sqlite3';
import { app001 } from './app/001-staff-and-audit.js';
import { app004 } from './app/004-staff-lifecycle.js';
import { app005 } from './app/005-staff-permissions.js';
import { app006 } from './app/006-offline-pin-failures.js';
import { app007 } from './app/007-audit-by-sale.js';
import { catalog001 } from './catalog/001-brands.js';
import { catalog004 } from './catalog/004-page-hashes.js';
import { catalog005 } from './catalog/005-fewer-prefix-indexes.js';
import { catalog006 } from './catalog/006-brand-bytes-hashes.js';
import { catalog007 } from './catalog/007-one-letter-prefix-index.js';
import { environment001 } from './environment/001-journal.js';
import { environment002 } from './environment/002-journal-search.js';
import { environment003 } from './environment/003-unrecognised-webhooks.js';
import { environment004 } from './environment/004-receipt-owed.js';
import { environment005 } from './environment/005-phone-last4.js';
import { environment006 } from './environment/006-till.js';
import { environment007 } from './environment/007-store-outbox.js';
import { environment008 } from './environment/008-journal-deferred-index.js';
import { environment009 } from './environment/009-store-records-outbox.js';
import { environment010 } from './environment/010-attention-index.js';
import { environment011 } from './environment/011-cash-movement-ids.js';
import { environment012 } from './environment/012-store-outbox-held.js';
import { environment013 } from './environment/013-refund-ids.js';
import { environment014 } from './environment/014-review-decisions.js';

export type Migration = (db: Database.Database) => void;

/**
 * Versions 1 to 3 were once one list that made every table in every file. A file of those
 * versions already holds its kind's tables (and the others', which stay, unused and empty);
 * each kind's list keeps those numbers, so a version that changed another kind only is a
 * step that does nothing here.
 */
const changedOtherKindsOnly: Migration = () => undefined;

/**
 * Each kind of database file has its own schema, versioned by its own user_version.
 * Migration N (1-based) of a kind brings its files from version N-1 to N. Never edit a
 * released one; add the next.
 */
export const SCHEMAS = {
  /** app.db: staff (their PIN state and permissions) and the audit log (indexed by sale), shared by every environment. */
  app: [app001, changedOtherKindsOnly, changedOtherKindsOnly, app004, app005, app006, app007],
  /** <environment>.db: the order journal, vouchers, secrets and wallet readings, webhook deliveries, shifts and payments, the store outboxes and the rows the store refused, the journal's rollups and snapshots, the stuck sales' index, the pay-ins' and pay-outs' page ids, each refund's id, the managers' review decisions. */
  environment: [environment001, environment002, environment003, environment004, environment005, environment006, environment007, environment008, environment009, environment010, environment011, environment012, environment013, environment014],
  /** <environment>-catalog.db: the brands, their full-text index, the last sync's page hashes and each brand row's bytes hash. */
  catalog: [catalog001, changedOtherKindsOnly, changedOtherKindsOnly, catalog004, catalog005, catalog006, catalog007],
} satisfies Record<string, readonly Migration[]>;

export type DatabaseKind = keyof typeof SCHEMAS;
