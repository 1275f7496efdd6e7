import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXED_BRAND } from '../orders/journal/journal-fixtures.js';
import { tempDir } from '../support/temp-dir.js';
import { ensureShift, exactCash } from '../support/till.js';

/**
 * Electron's safeStorage, faked: real AES-GCM under a key this fake holds (the "keyring"),
 * with the two facts the shell reads to decide whether it is a keychain at all.
 */
const keyring = vi.hoisted(() => ({
  available: true,
  backend: 'gnome_libsecret' as string,
  key: Buffer.alloc(32, 7),
}));
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => keyring.available,
    getSelectedStorageBackend: () => keyring.backend,
    encryptString(plain: string) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', keyring.key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(data: Buffer) {
      const d = createDecipheriv('aes-256-gcm', keyring.key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      try {
        return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
      } catch {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      }
    },
  },
}));

const { safeStorageSecretStore } = await import('../../src-main/shell/safe-storage-secret-store.js');
const { createCore } = await import('../../src-main/core/create-core.js');
const { jsonFileBackend } = await import('../../src-main/settings/json-file-backend.js');
const { LOCAL_KEY_FILE_NAME } = await import('../../src-main/platform/local-key-file.js');
const { KeyUnwrapError, SecretStoreUnavailableError } = await import('../../src-main/platform/secret-store.js');

type Core = Awaited<ReturnType<typeof createCore>>;

describe('the desktop app without an OS keychain (safeStorage faked)', () => {
  let dir: ReturnType<typeof tempDir>;
  let core: Core | null = null;
  const realPlatform = process.platform;
  beforeEach(() => {
    // safeStorage's plain-text backend is a Linux matter: pin the platform the shell checks.
    Object.defineProperty(process, 'platform', { value: 'linux' });
    Object.assign(keyring, { available: true, backend: 'gnome_libsecret', key: Buffer.alloc(32, 7) });
    dir = tempDir('gv-no-keychain-');
  });
  afterEach(async () => {
    await core?.close();
    core = null;
    Object.defineProperty(process, 'platform', { value: realPlatform });
    dir.cleanup();
  });

  const start = () =>
    createCore({ dataDir: dir.path, secretStore: safeStorageSecretStore, settingsBackend: jsonFileBackend(join(dir.path, 'settings.json')), quietStart: true });
  const keyFile = () => join(dir.path, LOCAL_KEY_FILE_NAME);

  it('counts only a real keyring as a keychain: not the basic_text fallback, not an unavailable one', () => {
    expect(safeStorageSecretStore.isAvailable()).toBe(true);
    keyring.backend = 'basic_text';
    expect(safeStorageSecretStore.isAvailable()).toBe(false);
    Object.assign(keyring, { backend: 'kwallet6', available: false });
    expect(safeStorageSecretStore.isAvailable()).toBe(false);
  });

  for (const missing of [{ backend: 'basic_text' }, { available: false }]) {
    it(`starts Training on the key file, and sells and reopens, when ${JSON.stringify(missing)}`, async () => {
      Object.assign(keyring, missing);
      core = await start();
      await core.ready();
      expect(core.env().environment).toBe('training');
      expect(core.env().keyProtection).toBe('local-file');
      expect(statSync(keyFile()).mode & 0o777).toBe(0o600);

      await core.env().catalogSync.syncNow();
      ensureShift(core.env().shifts);
      const placed = await core.env().sales.place({ productId: FIXED_BRAND.id, amountPaise: 50_000 }, 'test-cashier', exactCash(50_000));
      if (!placed.ok) throw new Error('the sale was refused');
      expect(placed.sale.state).toBe('SUCCESS');
      await core.close();

      core = await start();
      const receipt = core.env().vouchers.receipt(placed.sale.id, null, null);
      expect(receipt?.vouchers.length).toBeGreaterThan(0);
      expect(receipt!.vouchers[0]!.cardNumber).toMatch(/^\d{12,19}$/);
    });
  }

  it('keeps Training on the keychain when there is one: no key file', async () => {
    core = await start();
    expect(core.env().keyProtection).toBe('os-keychain');
    expect(existsSync(keyFile())).toBe(false);
  });

  it('refuses to switch to staging or store its secret, saying how to get a keychain, and Training carries on', async () => {
    keyring.backend = 'basic_text';
    core = await start();
    expect(core.settings.update({ staging: { baseUrl: 'https://staging.example.test', clientId: 'counter-7' } }).ok).toBe(true);

    const switched = await core.settingsAdmin.switchEnvironment('staging', null);
    expect(switched).toMatchObject({ ok: false });
    expect(switched.ok === false && switched.message).toContain('--password-store=gnome-libsecret');
    expect(core.env().environment).toBe('training');
    expect(await core.ready()).toEqual({ environment: 'training', recovered: 0 });

    const credentials = { environment: 'staging' as const, baseUrl: 'https://other.example.test', clientId: 'counter-8', clientSecret: 'staging-secret' };
    expect(() => core!.settingsAdmin.setCredentials(credentials, null)).toThrow(SecretStoreUnavailableError);
    expect(() => core!.settingsAdmin.setCredentials(credentials, null)).toThrow(/Install and unlock gnome-keyring or KWallet/);
    // Refused before anything was written: the address stays, and no staging.db was made for the secret.
    expect(core.settings.get().staging).toEqual({ baseUrl: 'https://staging.example.test', clientId: 'counter-7' });
    expect(existsSync(join(dir.path, 'staging.db'))).toBe(false);
  });

  it('does not start a counter set to staging in Training instead when the keychain is gone: it says how to fix it', async () => {
    core = await start();
    core.settings.update({ environment: 'staging', staging: { baseUrl: 'https://staging.example.test', clientId: 'counter-7' } });
    await core.close();
    core = null;

    keyring.backend = 'basic_text';
    const refused = await start().then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused).toBeInstanceOf(SecretStoreUnavailableError);
    expect(refused!.message).toContain('--password-store=kwallet6');
  });

  it('stops the start when the keychain cannot unwrap production.db, naming it, rather than opening Training', async () => {
    core = await start();
    core.settings.update({ production: { baseUrl: 'https://api.example.test', clientId: 'counter-7' } });
    expect(await core.settingsAdmin.switchEnvironment('production', null)).toEqual({ ok: true });
    await core.close();
    core = null;

    keyring.key = Buffer.alloc(32, 9); // the keyring was reset
    const refused = await start().then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused).toBeInstanceOf(KeyUnwrapError);
    expect(refused!.message).toContain(`Cannot open ${join(dir.path, 'production.db')}: the OS keychain cannot unwrap its card-vault key`);
    expect(refused!.message).not.toMatch(/\n\s+at /);
  });
});
