import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CardVault } from '../../platform/card-vault.js';
import type { Pool } from '../database/pool.js';

export const STORE_VAULT_KEY_FILE = 'store-vault.key';
const PROBE = 'store-vault-probe-v1';

export class StoreVaultKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreVaultKeyError';
  }
}

/**
 * The key the store seals vouchers' card numbers and PINs with: STORE_VAULT_KEY (base64 of 32
 * bytes; every replica of a chain sharing one database must be given the same), or else one
 * generated once into the data folder, readable by its owner only — never for a database
 * another key already sealed vouchers in. Never logged.
 */
export function storeVaultKey(fromEnv: string | undefined, dataDir: string, options: { mayGenerate: boolean } = { mayGenerate: true }): Buffer {
  if (fromEnv !== undefined && fromEnv !== '') {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32 || key.toString('base64') !== fromEnv.trim()) throw new StoreVaultKeyError('STORE_VAULT_KEY must be the base64 of exactly 32 bytes (e.g. `openssl rand -base64 32`)');
    return key;
  }
  const file = join(dataDir, STORE_VAULT_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new StoreVaultKeyError(`${file} does not hold a 32-byte key in base64`);
    return key;
  }
  if (!options.mayGenerate) {
    throw new StoreVaultKeyError(
      `This database holds vouchers sealed with another store server's key, and ${file} does not exist: set STORE_VAULT_KEY to that key, or copy that server's store-vault.key here`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

/** Whether a vault key has sealed anything in this database yet (a new key may be generated only when not). */
export async function vaultInUse(pool: Pool): Promise<boolean> {
  return (await pool.query('SELECT 1 FROM store_vault WHERE one = 1')).rowCount === 1;
}

/**
 * The store's vault on `key`, checked against the database: the first start seals a known text
 * with it; every later start must open that text, so a replica given another key refuses to
 * start rather than seal vouchers nobody else could open (or fail to open the others').
 */
export async function openStoreVault(pool: Pool, key: Buffer): Promise<CardVault> {
  const vault = CardVault.withKey(key);
  await pool.query('INSERT INTO store_vault (one, probe) VALUES (1, $1) ON CONFLICT (one) DO NOTHING', [vault.seal(PROBE)]);
  const probe = (await pool.query<{ probe: Buffer }>('SELECT probe FROM store_vault WHERE one = 1')).rows[0]!.probe;
  let opened: string | null;
  try {
    opened = vault.unseal(probe);
  } catch {
    opened = null;
  }
  if (opened !== PROBE) {
    throw new StoreVaultKeyError(
      'The store vault key does not open the vouchers this database holds: give this server the same STORE_VAULT_KEY (or store-vault.key) as the server that first sealed them',
    );
  }
  return vault;
}
