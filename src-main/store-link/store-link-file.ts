import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { SecretStore } from '../platform/secret-store.js';
import { hasStoreLink, storeLinkPath } from './store-link-location.js';

export { STORE_LINK_FILE } from './store-link-location.js';

/** How this counter reaches its store server, and who it is there. */
export interface StoreLink {
  url: string;
  counterId: string;
  counterName: string;
  /** Prefixes this counter's referenceIds (POS-<code>-…); given by the store, unique in it. */
  counterCode: string;
  storeId: string;
  environment: 'staging' | 'production';
  /** The counter's own revocable credential; kept sealed at rest, in memory only once read. */
  credential: string;
}

const onDisk = z.strictObject({
  url: z.string().url(),
  counterId: z.string().uuid(),
  counterName: z.string().min(1).max(60),
  counterCode: z.string().regex(/^[A-Z0-9]{1,6}$/),
  storeId: z.string().min(1).max(40),
  environment: z.enum(['staging', 'production']),
  sealedCredential: z.string().min(1).max(2000),
});

/** Writes the link with the credential sealed by `secrets` (the OS keychain, or the browser host's key file). */
export function saveStoreLink(dataDir: string, link: StoreLink, secrets: SecretStore): void {
  const { credential, ...rest } = link;
  const file = storeLinkPath(dataDir);
  const record = { ...rest, sealedCredential: secrets.encrypt(credential).toString('base64') };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** The saved link, or null when this counter has not joined a store; a damaged file is refused by name. */
export function loadStoreLink(dataDir: string, secrets: SecretStore): StoreLink | null {
  if (!hasStoreLink(dataDir)) return null;
  const file = storeLinkPath(dataDir);
  let parsed;
  try {
    parsed = onDisk.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`${file} is damaged (${(error as Error).message.slice(0, 200)}); join the store again with a new pairing code`, { cause: error });
  }
  const { sealedCredential, ...rest } = parsed;
  return { ...rest, credential: secrets.decrypt(Buffer.from(sealedCredential, 'base64')) };
}
