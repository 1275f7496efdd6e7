/**
 * Encryption of secrets at rest, supplied by the shell (Electron `safeStorage`, i.e. the OS
 * keychain) and faked in tests. The core never invents a cipher key of its own: when the
 * platform only offers plain-text storage, `isAvailable()` is false and the core refuses to
 * store secrets or card data.
 */
export interface SecretStore {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

export class SecretStoreUnavailableError extends Error {
  constructor() {
    super('The operating system keychain is not available, so secrets cannot be stored safely on this machine');
    this.name = 'SecretStoreUnavailableError';
  }
}
