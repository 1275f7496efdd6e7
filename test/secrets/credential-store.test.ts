import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/db/database.js';
import { kvShelf } from '../../src-main/db/kv-shelf.js';
import { SecretStoreUnavailableError } from '../../src-main/platform/secret-store.js';
import { CredentialStore } from '../../src-main/secrets/credential-store.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';

describe('the credential store', () => {
  const dirs: { cleanup(): void }[] = [];
  const folder = () => {
    const d = tempDir();
    dirs.push(d);
    return d.path;
  };
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it('keeps client secrets only encrypted, write-only from outside', () => {
    const path = join(folder(), 'staging.db');
    const db = openDatabase(path, 'environment');
    const creds = new CredentialStore(fakeSecretStore(), kvShelf(db));
    expect(creds.has('client_secret')).toBe(false);
    creds.put('client_secret', 'super-secret-value-123');
    expect(creds.has('client_secret')).toBe(true);
    expect(creds.reveal('client_secret')).toBe('super-secret-value-123');
    db.close();
    expect(readFileSync(path).includes(Buffer.from('super-secret-value-123'))).toBe(false);
  });

  it('refuses to store a secret without an OS keychain', () => {
    const db = openDatabase(join(folder(), 'p.db'), 'environment');
    const creds = new CredentialStore(fakeSecretStore(false), kvShelf(db));
    expect(() => creds.put('client_secret', 'x')).toThrow(SecretStoreUnavailableError);
    expect(creds.has('client_secret')).toBe(false);
    db.close();
  });
});
