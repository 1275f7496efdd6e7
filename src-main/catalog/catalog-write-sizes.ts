/**
 * The sizes a catalog sync writes with (rows per transaction, page caches, slices), each with
 * what it was measured against: CatalogWriter's tuning, kept apart from its logic.
 */
/**
 * A first sync (no brand stored, never synced) commits every this many written rows. COMMIT
 * grows with the transaction (SQLite writes and re-checksums the WAL frames the transaction
 * touched): one transaction of 100k brands held the loop ~200–450 ms at its COMMIT; 5,000
 * rows commit in ~10–45 ms on this loaded machine (with a 2 MB cache), 2,500 in about half that.
 * With FIRST_SYNC_CACHE_SIZE, 1,000 rows leave at most ≈ 1,000 row pages and the index pages they
 * touched dirty for their COMMIT.
 */
export const FIRST_SYNC_CHUNK_ROWS = 1000;
/**
 * The writing connection's page cache while a first sync writes (negative: KiB). A row goes to
 * the end of the table, but its entries in `brands_order` (by title) and the category index land
 * anywhere: at 100k brands those indexes are ≈ 6 MB, and a 2 MB cache evicted their pages between
 * one chunk's rows and the next, each insert reading a page back and each COMMIT re-checksumming
 * the frames of pages written twice. Measured on a 2-core VM (first syncs over HTTP, alternated,
 * 4 runs each): 100k 7.5–9.0 → 5.3–7.2 s, 10k 650–740 → 580–640 ms, and the longest event-loop
 * block 48–57 → 31–52 ms at 100k, against 2 MB and 2,500-row chunks; 32 MB measured the same as
 * 16, 500-row chunks slower (more COMMITs). Given back when the sync ends (`release`).
 */
export const FIRST_SYNC_CACHE_SIZE = -16000;
/**
 * A replacement of a stored catalog commits every this many written (new, changed or reappearing)
 * rows. A transaction whose dirty pages outgrow the page cache spills them into the WAL as it goes;
 * a page spilled and written again overwrites its frame, and the COMMIT then re-checksums every
 * frame from the first one overwritten. One transaction for 10,000 changed rows of 100k (a 10 %
 * change) held the loop 70–93 ms at its COMMIT whatever the cache (0.5 MB 69–93, 2 MB 67–75,
 * 32 MB 113–151: then the COMMIT writes what stayed cached); chunks of 1,000 commit in 11–14 ms
 * and 2,500 in 20–23 (2-core VM, alternated runs). A day's few changes stay one transaction.
 */
export const REPLACEMENT_CHUNK_ROWS = 1000;
/**
 * The writing connection's page cache while a replacement of a stored catalog writes (negative:
 * KiB). Not FIRST_SYNC_CACHE_SIZE: a COMMIT writes out every dirty page still cached (a 100k
 * 10 %-changed sync in one transaction: 70 ms with 2 MB, 90 with 16, 130 with 64).
 */
export const REPLACEMENT_CACHE_SIZE = -2000;
/** Page records read at a time when a replacement begins (each ≈ 4 kB at 100 brands a page). */
export const PAGE_RECORDS_PER_READ = 100;
/** FTS changes applied per event-loop turn while a sync waits (≈ 9 µs each): the answer it waits for is seen within a fraction of a ms. */
export const OWED_INDEX_SLICE = 8;
/** FTS changes left owed at most (BrandRows): ≈ 9 ms to apply, the most a COMMIT adds for them. */
export const MAX_OWED_INDEX = 1000;
