import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/database.js';
import type { KeyShelf } from '../../../src-main/db/kv-shelf.js';
import { CardVault } from '../../../src-main/platform/card-vault.js';
import { SecretStoreUnavailableError } from '../../../src-main/platform/secret-store.js';
import { fakeSecretStore } from '../../support/fake-secret-store.js';
import { tempDir } from '../../support/temp-dir.js';

const memoryShelf = (): KeyShelf & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, read: (k) => map.get(k), write: (k, v) => void map.set(k, v) };
};

describe('the card vault', () => {
  const dirs: { cleanup(): void }[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it('round-trips card data and uses a fresh IV each time', () => {
    const vault = CardVault.open(fakeSecretStore(), memoryShelf());
    const a = vault.seal('123456');
    const b = vault.seal('123456');
    expect(a.equals(b)).toBe(false);
    expect(vault.unseal(a)).toBe('123456');
  });

  it('never hands out an IV twice, across the batches it draws them in', () => {
    const vault = CardVault.open(fakeSecretStore(), memoryShelf());
    // Past two draws of the vault's batch of IVs, each sealed field still opens and has its own IV.
    const sealed = Array.from({ length: 700 }, (_, i) => vault.seal(`4000${String(i).padStart(12, '0')}`));
    const ivs = new Set(sealed.map((s) => s.subarray(1, 13).toString('hex')));
    expect(ivs.size).toBe(700);
    sealed.forEach((s, i) => expect(vault.unseal(s)).toBe(`4000${String(i).padStart(12, '0')}`));
  });

  it('reopens with the same data key, stored only wrapped by the secret store', () => {
    const secrets = fakeSecretStore();
    const shelf = memoryShelf();
    const sealed = CardVault.open(secrets, shelf).seal('9123456789012345');
    const stored = [...shelf.map.values()][0]!;
    expect(stored).not.toContain('9123456789012345');
    expect(CardVault.open(secrets, shelf).unseal(sealed)).toBe('9123456789012345');
  });

  it('detects tampering', () => {
    const vault = CardVault.open(fakeSecretStore(), memoryShelf());
    const sealed = vault.seal('654321');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => vault.unseal(sealed)).toThrow();
  });

  it('refuses to work without an OS keychain rather than storing cards readable', () => {
    expect(() => CardVault.open(fakeSecretStore(false), memoryShelf())).toThrow(SecretStoreUnavailableError);
  });

  it('leaves no card number or PIN readable in the SQLite files', () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir.path, 'pos.db');
    const db = openDatabase(path, 'environment');
    const vault = CardVault.open(fakeSecretStore(), {
      read: (k) => (db.prepare('SELECT value FROM kv WHERE key = ?').get(k) as { value: string } | undefined)?.value,
      write: (k, v) => void db.prepare('INSERT INTO kv (key, value) VALUES (?, ?)').run(k, v),
    });
    db.prepare('CREATE TABLE probe (c BLOB) STRICT').run();
    db.prepare('INSERT INTO probe (c) VALUES (?)').run(vault.seal('9988776655443322'));
    db.prepare('INSERT INTO probe (c) VALUES (?)').run(vault.seal('864209'));
    db.close();
    const bytes = Buffer.concat([readFileSync(path), ...['-wal'].map((s) => { try { return readFileSync(path + s); } catch { return Buffer.alloc(0); } })]);
    expect(bytes.includes(Buffer.from('9988776655443322'))).toBe(false);
    expect(bytes.includes(Buffer.from('864209'))).toBe(false);
  });
});
