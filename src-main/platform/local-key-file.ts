import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SecretStore } from './secret-store.js';

/** Its name says what it is to anyone who lists the folder. */
export const LOCAL_KEY_FILE_NAME = 'training-local-key.NOT-PROTECTED';

const HEADER = `# Gift Voucher POS: the key of the Training data in this folder.
# NOT PROTECTED: anyone who can read this file can read the Training data beside it.
# Training holds practice sales only; staging and production keep their keys in the OS keychain.
# Without this file training.db cannot be opened.
`;

/**
 * A secret store whose AES-256-GCM key is a file in the data folder, mode 0600: what Training
 * uses where no OS keychain exists (the browser host, a Linux kiosk without a keyring), so its
 * data survives a restart. The key is created on the first encrypt, never on a decrypt: a
 * refused start leaves the folder as it was.
 *
 * Sealed layout: [iv 12 B][auth tag 16 B][ciphertext].
 */
export function localKeyFileStore(path: string): SecretStore {
  let key: Buffer | null = null;
  const existing = (): Buffer | null => (key ??= readKeyFile(path));
  return {
    isAvailable: () => true,
    encrypt(plain) {
      key = existing() ?? createKeyFile(path);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(data) {
      const own = existing();
      if (!own) throw new Error(`${path} is missing`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', own, data.subarray(0, 12));
        decipher.setAuthTag(data.subarray(12, 28));
        return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(`${path} is not the key this was encrypted with`);
      }
    },
  };
}

/** null when there is no file; throws, naming the file, when it holds something other than a key. */
function readKeyFile(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  }
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const key = lines.length === 1 && /^[A-Za-z0-9+/]{43}=$/.test(lines[0]!) ? Buffer.from(lines[0]!, 'base64') : null;
  if (!key || key.length !== 32) throw new Error(`${path} does not hold a key (one base64 line of 32 bytes)`);
  return key;
}

/**
 * Written to a temporary name, flushed, then hard-linked into place: the key file either exists
 * whole or not at all, and a second process creating it at the same moment loses the race
 * cleanly (EEXIST) and uses the winner's key.
 */
function createKeyFile(path: string): Buffer {
  const key = randomBytes(32);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${HEADER}${key.toString('base64')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readKeyFile(path);
    if (!theirs) throw new Error(`${path} appeared and vanished while it was being created`, { cause: error });
    return theirs;
  } finally {
    unlinkSync(temporary);
  }
  syncFolder(dirname(path));
  return key;
}

/** The new directory entry must reach the disk before a database refers to the key it holds. */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder for fsync; its file system journals the entry itself.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
