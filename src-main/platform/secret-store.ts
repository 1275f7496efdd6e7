/**
 * Encryption of secrets at rest, supplied by the shell (Electron `safeStorage`, i.e. the OS
 * keychain) and faked in tests. When the platform only offers plain-text storage,
 * `isAvailable()` is false: staging and production then refuse to store secrets or card data,
 * and only Training falls back to a key file it names as unprotected (core/environment-keys.ts).
 */
export interface SecretStore {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

/** What guards an environment's card-vault key; declared with app.info, which carries it to the screen. */
export type { KeyProtection } from '../contract/app.js';

/** How to give the app a keychain (in practice only Linux lacks one: no keyring running, or a kiosk). */
export const KEYCHAIN_FIX =
  "Install and unlock gnome-keyring or KWallet, or start the app with Electron's --password-store switch for the one this machine has " +
  '(--password-store=gnome-libsecret, --password-store=kwallet5 or --password-store=kwallet6).';

export class SecretStoreUnavailableError extends Error {
  constructor() {
    super(
      `The operating system keychain is not available, so staging and production secrets and card numbers cannot be stored safely on this machine. ${KEYCHAIN_FIX} Training works without it.`,
    );
    this.name = 'SecretStoreUnavailableError';
  }
}

/** A host without any OS keychain (the browser host, in plain Node). */
export const NO_KEYCHAIN: SecretStore = {
  isAvailable: () => false,
  encrypt() {
    throw new SecretStoreUnavailableError();
  },
  decrypt() {
    throw new SecretStoreUnavailableError();
  },
};

/**
 * A database whose card-vault key cannot be unwrapped with the key it was wrapped by. The
 * message names the file and what to do; nothing in the data folder has been changed.
 */
export class KeyUnwrapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyUnwrapError';
  }
}
