import { parentPort } from 'node:worker_threads';
import { splitBrandList } from '../partner-api/wire-schemas.js';
import type { KnownEntry } from '../partner-api/types.js';
import { prepareEntries } from './brand-page-prep.js';
import type { PagePrepAnswer, PagePrepAsk } from './brand-page-prep-host.js';

/**
 * The page-prep worker (see BrandPagePrep): splits each products page the main thread hands it,
 * hashes every entry and reads ahead the ones that changed. Built on its own as PAGE_PREP_BUNDLE_FILE.
 */
const port = parentPort;
if (!port) throw new Error('brand-page-prep-worker runs only as a worker thread');

// Two answers per page: the split first (the sync asks for the next page as soon as it has the
// cursor), then the entries read ahead, while the main thread writes the page before.
port.on('message', ({ id, body, known }: PagePrepAsk) => {
  const answer = (message: PagePrepAnswer) => port.postMessage(message);
  try {
    const split = splitBrandList(Buffer.from(body.buffer, body.byteOffset, body.byteLength), known as KnownEntry[] | null);
    if (!split) return answer({ id, split: null });
    answer({ id, split: { entryHashes: split.entryHashes, entryLengths: split.entryLengths, nextCursor: split.nextCursor } });
    answer({ id, prepared: prepareEntries(split, known) });
  } catch (error) {
    answer({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// A page that cannot be deserialised would never be answered: end, and the main thread splits every page.
port.on('messageerror', () => process.exit(1));
port.postMessage({ ready: true });
