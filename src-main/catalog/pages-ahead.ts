/** Where a products page starts (spec §4.2: the cursor a page gives for the next one). */
export interface PageCursor {
  pageNo: number;
  limit: number;
}

/** What follows a page: the end of the list, the next page, or a cursor that does not advance (a broken list). */
export type PageStep = { kind: 'end' } | { kind: 'next'; cursor: PageCursor } | { kind: 'stuck'; next: PageCursor };

/** The step after the page at `cursor`, which gave `next` and held `entryCount` entries. */
export function stepAfter(cursor: PageCursor, next: PageCursor | null, entryCount: number): PageStep {
  if (!next || entryCount === 0) return { kind: 'end' };
  if (!Number.isInteger(next.pageNo) || next.pageNo <= cursor.pageNo || !Number.isInteger(next.limit) || next.limit < 1) return { kind: 'stuck', next };
  return { kind: 'next', cursor: { pageNo: next.pageNo, limit: next.limit } };
}

interface Sent<A> {
  cursor: PageCursor;
  /** The page's place in the list, from 0. */
  index: number;
  request: Promise<A>;
  /** Its answer, once in. */
  answer?: A;
  /** The page after it was sent (or cannot be). */
  followed: boolean;
}

/**
 * The page requests of one sync, each sent as soon as the answer before it gives its cursor, up
 * to `depth` pages beyond the one the sync is taking. The sync takes pages in order and writes
 * each before the next; a page's answer (its fetch, and its split and reading ahead in the
 * page-prep worker) is on its way meanwhile instead of waiting for the write before it, which
 * held the worker idle while the main thread wrote and the main thread idle while the worker
 * read. Bounded: at most `depth` answers wait, and no page past `maxPages` is asked for.
 *
 * Only a cursor an answer gives by itself is followed ahead (`followingOf`); the sync asks for
 * any other one itself (`take`), and anything requested ahead on another cursor is dropped,
 * unanswered answers included: the requests never reject and only cost the fetch.
 */
export class PagesAhead<A> {
  private ahead: Sent<A>[] = [];
  /** The last page sent, whose answer extends the chain. */
  private last: Sent<A> | null = null;
  /** Bumped when the chain is dropped: answers to what it sent no longer extend anything. */
  private generation = 0;

  constructor(
    private readonly send: (cursor: PageCursor) => Promise<A>,
    /** The cursor an answer gives for the next page; null at the end, or when it takes more than the answer to know. */
    private readonly followingOf: (answer: A, cursor: PageCursor) => PageCursor | null,
    private readonly depth: number,
    private readonly maxPages: number,
  ) {}

  /** Makes sure the page at `index` is asked for at `cursor`: sent now, unless it already was. */
  expect(cursor: PageCursor, index: number): void {
    const head = this.ahead[0];
    if (head && head.index === index && head.cursor.pageNo === cursor.pageNo && head.cursor.limit === cursor.limit) return;
    this.generation++;
    this.ahead = [];
    this.last = null;
    this.ahead.push(this.sendPage(cursor, index));
  }

  /** Asks for nothing more (the sync ended); what is in flight is left to finish, unread. */
  stop(): void {
    this.generation++;
    this.ahead = [];
    this.last = null;
  }

  /** The answer for the page at `index`, at `cursor`; the pages after it go on being asked for. */
  take(cursor: PageCursor, index: number): Promise<A> {
    this.expect(cursor, index);
    const page = this.ahead.shift()!;
    this.follow();
    return page.request;
  }

  private sendPage(cursor: PageCursor, index: number): Sent<A> {
    const generation = this.generation;
    const sent: Sent<A> = { cursor, index, request: this.send(cursor), followed: false };
    this.last = sent;
    // Speed only: an answer the chain cannot follow (followingOf threw) leaves the next page to the sync's own `take`.
    sent.request
      .then((answer) => {
        sent.answer = answer;
        if (generation === this.generation) this.follow();
      })
      .catch(() => undefined);
    return sent;
  }

  /** Sends the page after the last one sent, once its answer gave the cursor, while fewer than `depth` wait. */
  private follow(): void {
    const tail = this.last;
    if (!tail || tail.followed || tail.answer === undefined || this.ahead.length >= this.depth) return;
    tail.followed = true;
    const next = this.followingOf(tail.answer, tail.cursor);
    if (next === null || tail.index + 1 >= this.maxPages) return;
    this.ahead.push(this.sendPage(next, tail.index + 1));
  }
}
