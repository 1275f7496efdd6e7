import { safeStorage } from 'electron';
import type { SecretStore } from '../platform/secret-store.js';

/**
 * The OS keychain through Electron safeStorage. On Linux, safeStorage falls back to a
 * hard-coded key ("basic_text") when no keyring is running: that is not encryption, so it
 * counts as unavailable. Staging and production then refuse to start or store secrets, and
 * Training runs on its unprotected key file with a warning (core/environment-keys.ts).
 */
export const safeStorageSecretStore: SecretStore = {
  isAvailable() {
    if (!safeStorage.isEncryptionAvailable()) return false;
    return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
  },
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (cipher) => safeStorage.decryptString(cipher),
};
