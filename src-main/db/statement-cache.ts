import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';

/**
 * Prepares each distinct SQL text once. For queries built from a few known shapes (a filter's
 * clauses, an update's columns): preparing costs tens of microseconds, every time, and a hot
 * path should pay it once. Not for a statement that may be iterated twice at the same time.
 */
export function statementCache(db: Db): (sql: string) => Statement {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
