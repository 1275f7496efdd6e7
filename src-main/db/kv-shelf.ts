import type { Db } from './database.js';

/** Small named values (wrapped keys, sync times, the last wallet reading): the `kv` table, or a map in tests. */
export interface KeyShelf {
  read(name: string): string | undefined;
  write(name: string, value: string): void;
}

/** The shelf on a database's `kv` table. */
export function kvShelf(db: Db): KeyShelf {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?');
  const write = db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    read: (key) => read.get(key)?.value,
    write: (key, value) => void write.run(key, value),
  };
}
