import type { KeyShelf } from '../db/kv-shelf.js';
import { SecretStoreUnavailableError, type SecretStore } from '../platform/secret-store.js';

/**
 * Client secrets (per environment) and the webhook signing secret, encrypted by that
 * environment's secret store (the OS keychain; Training's key file where there is none:
 * core/environment-keys.ts) and kept in that environment's database. Write-only from the outside: the UI can
 * replace a secret and ask whether one is set, never read it back.
 */
export class CredentialStore {
  constructor(
    private readonly secrets: SecretStore,
    private readonly shelf: KeyShelf,
  ) {}

  has(name: 'client_secret' | 'webhook_secret'): boolean {
    return this.shelf.read(`secret:${name}`) !== undefined;
  }

  put(name: 'client_secret' | 'webhook_secret', value: string): void {
    if (!this.secrets.isAvailable()) throw new SecretStoreUnavailableError();
    this.shelf.write(`secret:${name}`, this.secrets.encrypt(value).toString('base64'));
  }

  /** For the partner client and webhook receiver only; never passed to the renderer or a log. */
  reveal(name: 'client_secret' | 'webhook_secret'): string | null {
    const stored = this.shelf.read(`secret:${name}`);
    return stored === undefined ? null : this.secrets.decrypt(Buffer.from(stored, 'base64'));
  }
}
