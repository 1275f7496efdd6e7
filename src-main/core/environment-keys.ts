import { join } from 'node:path';
import type { KeyShelf } from '../db/kv-shelf.js';
import { CardVault, VaultKeyLockedError } from '../platform/card-vault.js';
import { LOCAL_KEY_FILE_NAME, localKeyFileStore } from '../platform/local-key-file.js';
import { KEYCHAIN_FIX, KeyUnwrapError, SecretStoreUnavailableError, type KeyProtection, type SecretStore } from '../platform/secret-store.js';
import type { Environment } from '../settings/settings-schema.js';

/** The one sentence a screen shows while Training runs on the key file (app.info carries the fact). */
export const LOCAL_KEY_WARNING =
  `No OS keychain protects the Training data on this computer: its key is the file ${LOCAL_KEY_FILE_NAME} in the data folder, ` +
  'readable by anyone who can read that folder. Fine for practice; staging and production need the keychain.';

/** The same for a store's counter in the browser host: its sales and its store credential sit behind that file. */
export const STORE_LOCAL_KEY_WARNING =
  `No OS keychain protects this counter's sales and its store credential on this computer: their key is the file ${LOCAL_KEY_FILE_NAME} ` +
  'in the data folder, readable by anyone who can read that folder. Use the desktop app (it keeps them in the OS keychain) on a real counter.';

export const localKeyWarning = (environment: Environment): string => (environment === 'training' ? LOCAL_KEY_WARNING : STORE_LOCAL_KEY_WARNING);

/** Which store wrapped this database's data key, kept beside it so a later start opens it with the same one. */
const LOCK_NAME = 'card_vault_key_lock';

export interface EnvironmentKeys {
  /** Wraps this environment's client and webhook secrets, as it wraps the card vault's data key. */
  secrets: SecretStore;
  vault: CardVault;
  protection: KeyProtection;
}

/**
 * The key that guards one environment's secrets and card data, and the vault opened with it.
 * Staging and production: the OS keychain, or no start. Training: the keychain when there is
 * one, otherwise a key file in the data folder named as unprotected. Once a database's key is
 * wrapped, the store recorded beside it opens it, so a keychain that appears (or goes) later
 * does not lock Training out of its own data.
 *
 * Refusals (SecretStoreUnavailableError, KeyUnwrapError) name the file and what to do; they
 * write nothing (no key file, no key) before they are thrown.
 */
export function openEnvironmentKeys(environment: Environment, dataDir: string, keychain: SecretStore, shelf: KeyShelf, keyFileAllowed = false): EnvironmentKeys {
  const database = join(dataDir, `${environment}.db`);
  const hasKey = CardVault.hasKey(shelf);
  const recorded = shelf.read(LOCK_NAME);
  const localAllowed = environment === 'training' || keyFileAllowed;
  const protection = protectionFor(localAllowed, keychain, hasKey ? (recorded === 'local-file' ? 'local-file' : 'os-keychain') : null);

  if (protection === 'os-keychain' && !keychain.isAvailable()) {
    if (!localAllowed) throw new SecretStoreUnavailableError();
    // A key from before the lock was recorded: the desktop's keychain, or an older browser host's one-launch key.
    const lockedBy = recorded === undefined ? 'the OS keychain (or, in a folder an older browser host made, a key that lived only for that launch)' : 'the OS keychain';
    throw refusal(environment, dataDir, `its card-vault key is locked by ${lockedBy}, which is not available now. ${KEYCHAIN_FIX}`);
  }

  const secrets = protection === 'local-file' ? localKeyFileStore(join(dataDir, LOCAL_KEY_FILE_NAME)) : keychain;
  if (!hasKey) shelf.write(LOCK_NAME, protection);
  try {
    return { secrets, vault: CardVault.open(secrets, shelf), protection };
  } catch (error) {
    if (!(error instanceof VaultKeyLockedError)) throw error;
    throw refusal(
      environment,
      dataDir,
      protection === 'local-file'
        ? `its card-vault key cannot be unwrapped: ${error.reason}. Put back the ${LOCAL_KEY_FILE_NAME} file that was made with this folder.`
        : `the OS keychain cannot unwrap its card-vault key (${error.reason}). Start the app as the user, and on the computer, that created ${database}, with that keychain unlocked.`,
    );
  }
}

function protectionFor(localAllowed: boolean, keychain: SecretStore, wrappedBy: KeyProtection | null): KeyProtection {
  if (!localAllowed) return 'os-keychain';
  return wrappedBy ?? (keychain.isAvailable() ? 'os-keychain' : 'local-file');
}

/** True for a refusal that must stop the start: opening another environment instead would hide this one's sales. */
export function isKeyRefusal(error: unknown): error is SecretStoreUnavailableError | KeyUnwrapError {
  return error instanceof SecretStoreUnavailableError || error instanceof KeyUnwrapError;
}

/** Checked before leaving the current environment: a switch that cannot open its keys is refused in place. */
export function keyRefusalBeforeOpen(environment: Environment, keychain: SecretStore, keyFileAllowed: boolean): string | null {
  return environment !== 'training' && !keyFileAllowed && !keychain.isAvailable() ? new SecretStoreUnavailableError().message : null;
}

function refusal(environment: Environment, dataDir: string, what: string): KeyUnwrapError {
  const instead =
    environment === 'training'
      ? `Or, since Training holds practice sales only, move training.db and training-catalog.db out of ${dataDir} to start Training afresh.`
      : 'Its sales and vouchers cannot be read until then: do not delete it.';
  return new KeyUnwrapError(`Cannot open ${join(dataDir, `${environment}.db`)}: ${what} ${instead} The data was left as it was.`);
}
