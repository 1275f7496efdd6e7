import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEY_WARNING } from '../../src-main/core/environment-keys.js';
import { SecretStoreUnavailableError } from '../../src-main/platform/secret-store.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from './bridge-harness.js';

describe('the bridge on a machine with and without an OS keychain', () => {
  let h: BridgeHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('answers a staging secret refused for want of a keychain with its own sentence, KEYCHAIN_UNAVAILABLE, and writes nothing', async () => {
    h = await bridgeHarness({ secretStore: fakeSecretStore(false) });
    await setUpCounter(h);
    const settingsBefore = await h.ok('settings.get');
    const auditBefore = h.core.audit.list({ limit: 1 })[0]!.seq;

    const r = await h.call('settings.setCredentials', { environment: 'staging', baseUrl: 'https://staging.example.test', clientId: 'counter-7', clientSecret: 'staging-secret-1' });
    expect(r).toEqual({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE', message: new SecretStoreUnavailableError().message } });

    expect(await h.ok('settings.get')).toEqual(settingsBefore);
    expect(existsSync(join(h.dataDir, 'staging.db'))).toBe(false);
    expect(h.core.audit.list({ limit: 1 })[0]!.seq).toBe(auditBefore);
    expect(h.logger.lines.some((l) => l.includes('"bridge.key_refused"'))).toBe(true);
    expect(h.logger.lines.some((l) => l.includes('staging-secret-1'))).toBe(false);
  });

  it('tells the screen in app.info when Training keeps its key in a file, with the sentence to show', async () => {
    h = await bridgeHarness({ secretStore: fakeSecretStore(false) });
    expect(await h.ok('app.info')).toMatchObject({ environment: 'training', keyProtection: 'local-file', keyWarning: LOCAL_KEY_WARNING });
  });

  it('says nothing to warn about when the OS keychain guards the keys', async () => {
    h = await bridgeHarness();
    expect(await h.ok('app.info')).toMatchObject({ environment: 'training', keyProtection: 'os-keychain', keyWarning: null });
  });
});
