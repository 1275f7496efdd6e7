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

/** What a page was asked for on: the answer before it, its bytes read ahead of that answer, or the last sync's record. */
type Basis = 'answer' | 'seen' | 'guess';

interface Sent<A> {
  cursor: PageCursor;
  /** The page's place in the list, from 0. */
  index: number;
  basis: Basis;
  request: Promise<A>;
  /** Its answer, once in. */
  answer?: A;
  /** The next cursor its answer's bytes name, read before the answer itself (`send`'s `seen`). */
  seen?: PageCursor;
  /** The page after it was sent (or cannot be). */
  followed: boolean;
}

const sameCursor = (a: PageCursor, b: PageCursor): boolean => a.pageNo === b.pageNo && a.limit === b.limit;

/**
 * The page requests of one sync, up to `depth` pages beyond the one the sync is taking. The sync
 * takes pages in order and writes each before the next; a page's answer (its fetch, and its split
 * and reading ahead in the page-prep worker) is on its way meanwhile instead of waiting for the
 * write before it, which held the worker idle while the main thread wrote and the main thread idle
 * while the worker read. Bounded: at most `depth` answers wait, and no page past `maxPages` is
 * asked for.
 *
 * A page is asked for as soon as the one before it is sent when `guessAfter` knows its cursor
 * (the cursor the last sync's record of that page holds); else as soon as the bytes of the answer
 * before it arrive when they plainly name it (`send`'s `seen`, before the page-prep worker has
 * split them); else once that answer names it (`followingOf`). Waiting for every answer (and for
 * the worker's split, which finds a changed page's cursor) chained each page's round trip to the
 * main thread's turns: a 10k 10 %-changed re-sync spent about a fifth of its time idle, and a
 * first sync, which has no records, paid the split of every page before asking for the next. The
 * answer's own cursor stays the authority: the sync takes a page only at the cursor the page
 * before it gave (`expect`); a guess or a reading that differs drops what was asked for on it and
 * ends guesses (or readings) for the rest of the sync. A list as long as last time costs no
 * request more; one that shrank or moved, at most `depth`. Requests never reject, and what is
 * dropped is left unread.
 *
 * Guessed pages are in flight together, so the service may build a page before the one ahead of
 * it. A list that changes during a sync misleads either way: built in order, a brand deleted
 * ahead of a page pulls one of that page's brands into the page already read (missed by this
 * sync, removed until the next); built out of order, an insertion does the same. The next daily
 * sync, or a brand webhook, restores it.
 */
export class PagesAhead<A> {
  private ahead: Sent<A>[] = [];
  /** The last page sent, whose answer extends the chain. */
  private last: Sent<A> | null = null;
  /** Bumped when the chain is dropped: answers to what it sent no longer extend anything. */
  private generation = 0;
  /** Whether guesses are followed; off once one was wrong. */
  private guessing = true;
  /** Whether cursors read off an answer's bytes are followed; off once one was wrong. */
  private reading = true;

  constructor(
    /** Asks for the page at `cursor`; `seen` may be told the next cursor its answer's bytes name before the answer is in. */
    private readonly send: (cursor: PageCursor, seen: (next: PageCursor) => void) => Promise<A>,
    /**
     * The cursor an answer gives for the next page: null when none follows (the end, a failure),
     * undefined when the answer does not say (then a guess may, as before the answer).
     */
    private readonly followingOf: (answer: A, cursor: PageCursor) => PageCursor | null | undefined,
    private readonly depth: number,
    private readonly maxPages: number,
    /** The cursor of the page after the one at `cursor` before its answer is in, when there is a likely one. */
    private readonly guessAfter: (cursor: PageCursor) => PageCursor | null = () => null,
  ) {}

  /** Makes sure the page at `index` is asked for at `cursor`: sent now, unless it already was. */
  expect(cursor: PageCursor, index: number): void {
    const head = this.ahead[0];
    if (head && head.index === index && sameCursor(head.cursor, cursor)) return;
    // What waits was asked for on a guess (or a reading) the service's cursor contradicts: follow its answers from here on.
    if (head && head.index === index) {
      if (head.basis === 'guess') this.guessing = false;
      if (head.basis === 'seen') this.reading = false;
    }
    this.generation++;
    this.ahead = [];
    this.last = null;
    this.ahead.push(this.sendPage(cursor, index, 'answer'));
    this.follow();
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

  private sendPage(cursor: PageCursor, index: number, basis: Basis): Sent<A> {
    const generation = this.generation;
    const sent = { cursor, index, basis, followed: false } as Sent<A>;
    // Told while `send` is still running, the reading waits for the caller's own follow(): until
    // `send` returns, `last` is the page before this one, already followed.
    sent.request = this.send(cursor, (next) => {
      // Once a reading was wrong, readings neither send nor drop anything for the rest of the sync.
      if (!this.reading || generation !== this.generation || sent.answer !== undefined) return;
      sent.seen = next;
      this.dropGuessesAfter(sent, next);
      this.follow();
    });
    this.last = sent;
    sent.request
      .then((answer) => {
        sent.answer = answer;
        if (generation === this.generation) this.follow();
      })
      .catch(() => undefined);
    return sent;
  }

  /**
   * A page whose bytes name another cursor than the guess its next page was asked for on: the
   * guessed pages are dropped (their answers and readings extend nothing, `last` no longer being
   * theirs), guessing ends for the sync, and the chain goes on from this page.
   */
  private dropGuessesAfter(sent: Sent<A>, next: PageCursor): void {
    const at = this.ahead.findIndex((s) => s.index === sent.index + 1);
    const guessed = this.ahead[at];
    if (!guessed || guessed.basis !== 'guess' || sameCursor(guessed.cursor, next)) return;
    this.guessing = false;
    this.ahead.splice(at);
    this.last = sent;
    sent.followed = false;
  }

  /**
   * Sends the page after the last one sent, while fewer than `depth` wait: on the cursor its
   * answer gave, or, before the answer or when it does not say, on the one its bytes were seen to
   * name, else on the guessed one. Each page sent is followed in turn.
   */
  private follow(): void {
    for (;;) {
      const tail = this.last;
      if (!tail || tail.followed || this.ahead.length >= this.depth || tail.index + 1 >= this.maxPages) return;
      const answered = tail.answer === undefined ? undefined : this.cursorAnswered(tail.answer, tail.cursor);
      const seen = this.reading ? tail.seen : undefined;
      const [next, basis]: [PageCursor | null, Basis] =
        answered !== undefined ? [answered, 'answer'] : seen ? [seen, 'seen'] : [this.guessing ? this.guessAfter(tail.cursor) : null, 'guess'];
      // Not answered yet, and nothing seen or guessed: its answer names the cursor when it comes.
      if (next === null && tail.answer === undefined) return;
      tail.followed = true;
      if (next === null) return;
      this.ahead.push(this.sendPage(next, tail.index + 1, basis));
    }
  }

  /** followingOf, quietly: an answer whose cursor cannot be read ends the chain there (the sync asks for the next page itself). */
  private cursorAnswered(answer: A, cursor: PageCursor): PageCursor | null | undefined {
    try {
      return this.followingOf(answer, cursor);
    } catch {
      return null;
    }
  }
}
