import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretStore } from '../platform/secret-store.js';

/**
 * The browser host's secret store: AES-256-GCM under a key that exists only in this
 * process's memory for one launch.
 *
 * Why not the OS keychain: in plain Node there is no Electron `safeStorage`, and the browser
 * host is a development / end-to-end tool that runs Training only (no real secrets, no real
 * card numbers). Why a fresh key per launch rather than a key file: a key written next to the
 * data would be a home-made cipher with the key beside the lock — exactly what architecture.md
 * rules out. The price is that anything encrypted by a previous launch cannot be decrypted,
 * which is why the host defaults to a fresh temporary data folder.
 */
export function memorySecretStore(): SecretStore {
  const key = randomBytes(32);
  return {
    isAvailable: () => true,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
