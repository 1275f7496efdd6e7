import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEY_WARNING, openEnvironmentKeys } from '../../src-main/core/environment-keys.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { kvShelf } from '../../src-main/db/kv-shelf.js';
import { LOCAL_KEY_FILE_NAME } from '../../src-main/platform/local-key-file.js';
import { KeyUnwrapError, SecretStoreUnavailableError } from '../../src-main/platform/secret-store.js';
import type { Environment } from '../../src-main/settings/settings-schema.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';

const NO_KEYRING = fakeSecretStore(false);

describe('which key guards an environment', () => {
  const open: Db[] = [];
  let dir: ReturnType<typeof tempDir>;
  afterEach(() => {
    open.splice(0).forEach((db) => db.close());
    dir?.cleanup();
  });

  const database = (environment: Environment) => {
    const db = openDatabase(join(dir.path, `${environment}.db`), 'environment');
    open.push(db);
    return db;
  };
  const keysOf = (environment: Environment, keychain = NO_KEYRING) => openEnvironmentKeys(environment, dir.path, keychain, kvShelf(database(environment)));
  const kv = (environment: Environment) =>
    database(environment).prepare<[], { key: string; value: string }>('SELECT key, value FROM kv ORDER BY key').all();
  const keyFile = () => join(dir.path, LOCAL_KEY_FILE_NAME);

  it('Training without a keychain keeps its key in a 0600 file named as unprotected, and reopens with it', () => {
    dir = tempDir();
    const first = keysOf('training');
    expect(first.protection).toBe('local-file');
    const sealed = first.vault.seal('9123456789012345');
    const secret = first.secrets.encrypt('training-webhook-secret');

    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile(), 'utf8')).toContain('NOT PROTECTED');
    // The key file is not the card-vault key itself: that one is stored only wrapped, in training.db.
    expect(readFileSync(keyFile(), 'utf8')).not.toContain(kv('training').find((r) => r.key === 'card_vault_key_v1')!.value);

    const again = keysOf('training');
    expect(again.protection).toBe('local-file');
    expect(again.vault.unseal(sealed)).toBe('9123456789012345');
    expect(again.secrets.decrypt(secret)).toBe('training-webhook-secret');
    expect(LOCAL_KEY_WARNING).toContain(LOCAL_KEY_FILE_NAME);
  });

  it('Training with a keychain uses it and writes no key file', () => {
    dir = tempDir();
    const keychain = fakeSecretStore();
    const keys = keysOf('training', keychain);
    expect(keys.protection).toBe('os-keychain');
    expect(keys.secrets).toBe(keychain);
    expect(existsSync(keyFile())).toBe(false);
  });

  it('Training data made on the key file stays readable when a keychain appears later', () => {
    dir = tempDir();
    const sealed = keysOf('training').vault.seal('864209');
    const later = keysOf('training', fakeSecretStore());
    expect(later.protection).toBe('local-file');
    expect(later.vault.unseal(sealed)).toBe('864209');
  });

  it('refuses Training data whose key file is gone, naming both files and what to do, and writes nothing', () => {
    dir = tempDir();
    keysOf('training');
    const before = kv('training');
    const keyText = readFileSync(keyFile());
    // A missing file:
    rmSync(keyFile());
    const refusal = catchError(() => keysOf('training'));
    expect(refusal).toBeInstanceOf(KeyUnwrapError);
    expect(refusal.message).toContain(join(dir.path, 'training.db'));
    expect(refusal.message).toContain(`${keyFile()} is missing`);
    expect(refusal.message).toContain(`Put back the ${LOCAL_KEY_FILE_NAME} file`);
    expect(refusal.message).toContain('move training.db and training-catalog.db out of');
    expect(existsSync(keyFile())).toBe(false);
    expect(kv('training')).toEqual(before);

    // A different key (another folder's file):
    const otherDir = tempDir();
    try {
      const otherDb = openDatabase(join(otherDir.path, 'training.db'), 'environment');
      open.push(otherDb);
      openEnvironmentKeys('training', otherDir.path, NO_KEYRING, kvShelf(otherDb));
      writeFileSync(keyFile(), readFileSync(join(otherDir.path, LOCAL_KEY_FILE_NAME)), { mode: 0o600 });
    } finally {
      otherDir.cleanup();
    }
    expect(catchError(() => keysOf('training')).message).toContain(`${keyFile()} is not the key this was encrypted with`);

    // Its own key back: it opens again.
    writeFileSync(keyFile(), keyText, { mode: 0o600 });
    expect(keysOf('training').protection).toBe('local-file');
  });

  it('refuses a key file that holds no key, naming it', () => {
    dir = tempDir();
    keysOf('training');
    writeFileSync(keyFile(), 'hello\n');
    const refusal = catchError(() => keysOf('training'));
    expect(refusal).toBeInstanceOf(KeyUnwrapError);
    expect(refusal.message).toContain(`${keyFile()} does not hold a key`);
  });

  it('refuses Training data locked by a keychain that is gone, saying how to get it back, and makes no key file', () => {
    dir = tempDir();
    keysOf('training', fakeSecretStore());
    const before = kv('training');
    const refusal = catchError(() => keysOf('training', NO_KEYRING));
    expect(refusal).toBeInstanceOf(KeyUnwrapError);
    expect(refusal.message).toContain(`Cannot open ${join(dir.path, 'training.db')}: its card-vault key is locked by the OS keychain, which is not available now.`);
    expect(refusal.message).toContain('--password-store=gnome-libsecret');
    expect(existsSync(keyFile())).toBe(false);
    expect(kv('training')).toEqual(before);
  });

  it('staging and production never fall back to a key file: no keychain, no start, with how to fix it', () => {
    dir = tempDir();
    for (const environment of ['staging', 'production'] as const) {
      const refusal = catchError(() => keysOf(environment, NO_KEYRING));
      expect(refusal).toBeInstanceOf(SecretStoreUnavailableError);
      expect(refusal.message).toContain('Install and unlock gnome-keyring or KWallet');
      expect(refusal.message).toContain('--password-store=kwallet5');
      expect(kv(environment)).toEqual([]);
    }
    expect(readdirSync(dir.path).some((f) => f.includes('NOT-PROTECTED'))).toBe(false);
  });

  it('refuses production data the keychain cannot unwrap, naming the file and warning not to delete it', () => {
    dir = tempDir();
    keysOf('production', fakeSecretStore());
    const refusal = catchError(() => keysOf('production', fakeSecretStore()));
    expect(refusal).toBeInstanceOf(KeyUnwrapError);
    expect(refusal.message).toContain(`Cannot open ${join(dir.path, 'production.db')}: the OS keychain cannot unwrap its card-vault key`);
    expect(refusal.message).toContain('do not delete it');
    expect(refusal.message).not.toContain('afresh');
  });
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}
