import type Database from 'better-sqlite3';
import { migration001 } from './001-initial.js';
import { migration002 } from './002-journal-search.js';
import { migration003 } from './003-unrecognised-webhooks.js';

/** Migration N (1-based) brings the schema from version N-1 to N. Never edit a released one; add the next. */
export const MIGRATIONS: ((db: Database.Database) => void)[] = [migration001, migration002, migration003];
