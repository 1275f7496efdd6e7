/**
 * Small named values (wrapped keys, sync times, the last wallet reading), read through
 * db/kv-shelf.ts. Environment and catalog files each have one; part of their schema 1.
 */
export const CREATE_KV_TABLE = `
    CREATE TABLE kv (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
`;
