import { join } from 'node:path';
import { openDatabase } from '../db/database.js';
import { kvShelf } from '../db/kv-shelf.js';
import { SecretStoreUnavailableError, type SecretStore } from '../platform/secret-store.js';
import type { Environment } from '../settings/settings-schema.js';
import { CredentialStore } from './credential-store.js';

/** The environment open now, as far as its secrets go. */
export interface OpenEnvironmentSecrets {
  environment: Environment;
  credentials: CredentialStore;
  /** Forgets the token got with the old secret. */
  signOut(): void;
}

/**
 * Staging and production client secrets: each in its environment's own database, wrapped by
 * the OS keychain; never read back through the core's API.
 */
export interface ClientSecrets {
  /** Throws the keychain's refusal (SecretStoreUnavailableError) before a change writes anything else. */
  assertCanStore(): void;
  /** Stores (replaces) the secret. The open environment takes it at once; another one is opened for the write and closed again. */
  put(environment: 'staging' | 'production', secret: string): void;
}

export function clientSecrets(deps: { dataDir: string; keychain: SecretStore; nativeBinding?: string; current: () => OpenEnvironmentSecrets }): ClientSecrets {
  const assertCanStore = (): void => {
    if (!deps.keychain.isAvailable()) throw new SecretStoreUnavailableError();
  };
  const put = (environment: 'staging' | 'production', secret: string): void => {
    // Before the other environment's file is opened: a refusal must not leave a new empty database behind.
    assertCanStore();
    const current = deps.current();
    if (current.environment === environment) {
      current.credentials.put('client_secret', secret);
      current.signOut();
      return;
    }
    const db = openDatabase(join(deps.dataDir, `${environment}.db`), 'environment', { nativeBinding: deps.nativeBinding });
    try {
      new CredentialStore(deps.keychain, kvShelf(db)).put('client_secret', secret);
    } finally {
      db.close();
    }
  };
  return { assertCanStore, put };
}
