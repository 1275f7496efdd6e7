import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretStore } from '../../src-main/platform/secret-store.js';

/**
 * Stands in for Electron safeStorage in tests: real AES-GCM under a key held in memory by
 * this object, so a secret written through it is as unreadable on disk as in the app.
 */
export function fakeSecretStore(available = true, key: Buffer = randomBytes(32)): SecretStore & { key: Buffer } {
  return {
    key,
    isAvailable: () => available,
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(cipher) {
      const d = createDecipheriv('aes-256-gcm', key, cipher.subarray(0, 12));
      d.setAuthTag(cipher.subarray(12, 28));
      return Buffer.concat([d.update(cipher.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
