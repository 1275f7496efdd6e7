import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { statementCache } from '../../src-main/db/statement-cache.js';

describe('statementCache', () => {
  it('prepares each SQL text once and hands back the same statement after', () => {
    const db = new Database(':memory:');
    let prepared = 0;
    const counting = new Proxy(db, {
      get: (target, prop) => (prop === 'prepare' ? (sql: string) => (prepared++, target.prepare(sql)) : Reflect.get(target, prop) as unknown),
    });
    const statement = statementCache(counting);
    const a = statement('SELECT 1 AS n');
    expect(statement('SELECT 1 AS n')).toBe(a);
    expect(statement('SELECT 2 AS n')).not.toBe(a);
    expect(prepared).toBe(2);
    expect(statement('SELECT 2 AS n').get()).toEqual({ n: 2 });
    db.close();
  });
});
