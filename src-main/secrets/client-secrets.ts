import { join } from 'node:path';
import { openDatabase } from '../db/database.js';
import { kvShelf } from '../db/kv-shelf.js';
import type { SecretStore } from '../platform/secret-store.js';
import type { Environment } from '../settings/settings-schema.js';
import { CredentialStore } from './credential-store.js';

/** The environment open now, as far as its secrets go. */
export interface OpenEnvironmentSecrets {
  environment: Environment;
  credentials: CredentialStore;
  /** Forgets the token got with the old secret. */
  signOut(): void;
}

export type PutClientSecret = (environment: 'staging' | 'production', secret: string) => void;

/**
 * Stores (replaces) an environment's client secret, in that environment's own database,
 * wrapped by the OS keychain; it can never be read back through the core's API. The open
 * environment takes it at once; another one is opened for the write and closed again.
 */
export function clientSecrets(deps: { dataDir: string; keychain: SecretStore; nativeBinding?: string; current: () => OpenEnvironmentSecrets }): PutClientSecret {
  return (environment, secret) => {
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
}
