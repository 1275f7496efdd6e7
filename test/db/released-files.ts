import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';

export interface SchemaObject {
  type: string;
  name: string;
  tbl: string;
  sql: string | null;
}

/**
 * The schema (sqlite_master) of the files released before each kind had its own list: then
 * every file — app.db, <env>.db, <env>-catalog.db — held every table. Recorded from those
 * versions, never regenerated: they are what counters have on disk.
 */
export const releasedSchema = (version: 1 | 3): SchemaObject[] =>
  JSON.parse(readFileSync(new URL(`./fixtures/released-schema-${version}.json`, import.meta.url), 'utf8')) as SchemaObject[];

/** SQLite's own tables: its internal ones and those it makes (and names) for each full-text index. */
export function isShadowOrInternal(object: SchemaObject, all: SchemaObject[]): boolean {
  if (object.name.startsWith('sqlite_')) return true;
  const virtual = all.filter((o) => o.sql?.startsWith('CREATE VIRTUAL TABLE')).map((o) => o.name);
  return object.type === 'table' && virtual.some((v) => FTS5_SHADOWS.some((suffix) => object.name === `${v}_${suffix}`));
}

const FTS5_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];

/** A file as a released version left it: its recorded schema, at its user_version. */
export function writeReleasedFile(path: string, version: 1 | 3): Database.Database {
  const schema = releasedSchema(version);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  const own = schema.filter((o) => o.sql !== null && !isShadowOrInternal(o, schema));
  // Tables first: the triggers and indexes name them.
  for (const type of ['table', 'index', 'trigger']) {
    for (const object of own.filter((o) => o.type === type)) db.exec(object.sql!);
  }
  db.pragma(`user_version = ${version}`);
  return db;
}
