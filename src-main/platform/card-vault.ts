import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyShelf } from '../db/kv-shelf.js';
import { SecretStoreUnavailableError, type SecretStore } from './secret-store.js';

const KEY_NAME = 'card_vault_key_v1';
const VERSION = 1;
const IV_BYTES = 12;
/** IVs drawn from the CSPRNG per call: each randomBytes call costs about what the cipher does. */
const IVS_PER_DRAW = 256;

/** The stored data key is there, but this secret store cannot unwrap it; `reason` says how it failed. */
export class VaultKeyLockedError extends Error {
  constructor(readonly reason: string) {
    super(`The card vault key cannot be unwrapped: ${reason}`);
    this.name = 'VaultKeyLockedError';
  }
}

function unwrap(secrets: SecretStore, wrapped: string): Buffer {
  let plain: string;
  try {
    plain = secrets.decrypt(Buffer.from(wrapped, 'base64'));
  } catch (error) {
    throw new VaultKeyLockedError((error as Error).message);
  }
  const key = Buffer.from(plain, 'base64');
  if (key.length !== 32) throw new VaultKeyLockedError('the unwrapped key is not 32 bytes');
  return key;
}

/**
 * Card numbers and PINs at rest. A random AES-256-GCM data key encrypts each field; the data
 * key itself is stored only wrapped by the platform's secret store (the OS keychain via
 * Electron safeStorage). Standard envelope encryption, no home-made cipher: without the
 * keychain the SQLite file reveals nothing, and with no keychain at all we refuse to start
 * rather than store cards readable (Training alone may use a key file it names as unprotected:
 * core/environment-keys.ts).
 *
 * Sealed layout: [version 1 B][iv 12 B][auth tag 16 B][ciphertext].
 */
export class CardVault {
  /** Random IVs not handed out yet (as crypto.randomUUID keeps its entropy): each is used once. */
  private ivs = Buffer.alloc(0);
  private ivAt = 0;

  private constructor(private readonly key: Buffer) {}

  /** Whether this database already holds a wrapped data key (so the store that wrapped it must open it). */
  static hasKey(shelf: KeyShelf): boolean {
    return shelf.read(KEY_NAME) !== undefined;
  }

  static open(secrets: SecretStore, shelf: KeyShelf): CardVault {
    if (!secrets.isAvailable()) throw new SecretStoreUnavailableError();
    const wrapped = shelf.read(KEY_NAME);
    if (wrapped) return new CardVault(unwrap(secrets, wrapped));
    const key = randomBytes(32);
    shelf.write(KEY_NAME, secrets.encrypt(key.toString('base64')).toString('base64'));
    return new CardVault(key);
  }

  /** A vault on a key the caller keeps itself (the store server's: its own key file or STORE_VAULT_KEY). */
  static withKey(key: Buffer): CardVault {
    if (key.length !== 32) throw new Error('A card vault key is 32 bytes');
    return new CardVault(key);
  }

  seal(plain: string): Buffer {
    const iv = this.nextIv();
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  private nextIv(): Buffer {
    if (this.ivAt + IV_BYTES > this.ivs.length) {
      this.ivs = randomBytes(IV_BYTES * IVS_PER_DRAW);
      this.ivAt = 0;
    }
    const iv = this.ivs.subarray(this.ivAt, this.ivAt + IV_BYTES);
    this.ivAt += IV_BYTES;
    return iv;
  }

  unseal(sealed: Buffer): string {
    if (sealed.length < 29 || sealed[0] !== VERSION) throw new Error('Unknown sealed card format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(1, 13));
    decipher.setAuthTag(sealed.subarray(13, 29));
    return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
  }
}
