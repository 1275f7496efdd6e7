import { describe, expect, it } from 'vitest';
import { PagesAhead, stepAfter, type PageCursor } from '../../src-main/catalog/pages-ahead.js';

/**
 * A page source whose answers the test releases one by one: each answer names the cursor after it
 * (null: the end); `seen` tells, ahead of the answer, the cursor its bytes would name.
 */
function heldSource() {
  const sent: { cursor: PageCursor; answer: (next: PageCursor | null | undefined) => void; seen: (next: PageCursor) => void }[] = [];
  const send = (cursor: PageCursor, seen: (next: PageCursor) => void) =>
    new Promise<{ next: PageCursor | null | undefined }>((resolve) => {
      sent.push({ cursor, answer: (next) => resolve({ next }), seen });
    });
  return { sent, send, pages: () => sent.map((s) => s.cursor.pageNo) };
}

const at = (pageNo: number): PageCursor => ({ pageNo, limit: 100 });
/** Lets the answers' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PagesAhead', () => {
  it('sends each page as soon as the answer before it gives the cursor, at most `depth` beyond the one taken', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100);
    const first = ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1]);
    for (let page = 1; page <= 3; page++) {
      source.sent[page - 1]!.answer(at(page + 1));
      await settle();
    }
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    // Page 4 answered: three pages (2, 3, 4) already wait beyond the one taken, so page 5 is not asked for yet.
    source.sent[3]!.answer(at(5));
    await settle();
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    expect(await first).toEqual({ next: at(2) });
    // Taking page 2 frees a place: page 5, whose cursor is known, goes at once.
    expect(await ahead.take(at(2), 1)).toEqual({ next: at(3) });
    expect(source.pages()).toEqual([1, 2, 3, 4, 5]);
  });

  it('never asks for a page past maxPages, nor after an answer that gives no cursor', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 5, 3);
    void ahead.take(at(1), 0);
    for (let page = 1; page <= 3; page++) {
      source.sent[page - 1]!.answer(at(page + 1));
      await settle();
    }
    expect(source.pages()).toEqual([1, 2, 3]);

    const ending = heldSource();
    const short = new PagesAhead(ending.send, (answer) => answer.next, 5, 100);
    void short.take(at(1), 0);
    ending.sent[0]!.answer(at(2));
    await settle();
    ending.sent[1]!.answer(null);
    await settle();
    expect(ending.pages()).toEqual([1, 2]);
  });

  it('a cursor the sync found otherwise (a kept page’s record) drops the pages asked for ahead; their answers extend nothing', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100);
    void ahead.take(at(1), 0);
    source.sent[0]!.answer(at(2));
    await settle();
    expect(source.pages()).toEqual([1, 2]);
    // The sync follows another cursor to its second page: asked for anew, and the chain goes on from it.
    const second = ahead.take(at(7), 1);
    expect(source.pages()).toEqual([1, 2, 7]);
    source.sent[1]!.answer(at(3)); // the dropped page 2 answers: nothing follows it
    await settle();
    expect(source.pages()).toEqual([1, 2, 7]);
    source.sent[2]!.answer(at(8));
    await settle();
    expect(source.pages()).toEqual([1, 2, 7, 8]);
    expect(await second).toEqual({ next: at(8) });
    // Expecting the page the chain already asked for sends nothing more.
    ahead.expect(at(8), 2);
    expect(source.pages()).toEqual([1, 2, 7, 8]);
  });

  it('an answer whose cursor cannot be read ends the chain there, quietly: the sync asks for the next page itself', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(
      source.send,
      () => {
        throw new Error('unreadable');
      },
      3,
      100,
    );
    const first = ahead.take(at(1), 0);
    source.sent[0]!.answer(at(2));
    await settle();
    expect(source.pages()).toEqual([1]);
    expect(await first).toEqual({ next: at(2) });
    void ahead.take(at(2), 1);
    expect(source.pages()).toEqual([1, 2]);
  });

  it('asks for a page on its guessed cursor as soon as the one before it is sent, before any answer', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100, (cursor) => at(cursor.pageNo + 1));
    const first = ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    source.sent[0]!.answer(at(2));
    expect(await first).toEqual({ next: at(2) });
    // The answer names the guessed page: it is taken as asked for, and the next guess goes out.
    void ahead.take(at(2), 1);
    expect(source.pages()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a page without a guess waits for the answer before it, as without guesses', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100, (cursor) => (cursor.pageNo === 1 ? at(2) : null));
    void ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1, 2]);
    source.sent[1]!.answer(at(3));
    await settle();
    expect(source.pages()).toEqual([1, 2, 3]);
  });

  it('a guess the sync’s cursor contradicts drops what was asked for on it and ends guessing for the sync', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100, (cursor) => at(cursor.pageNo + 1));
    void ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    // Page 1's answer named page 7: asked for anew, and nothing after it until it answers.
    const second = ahead.take(at(7), 1);
    expect(source.pages()).toEqual([1, 2, 3, 4, 7]);
    source.sent[1]!.answer(at(3)); // the dropped guess answers: nothing follows it
    await settle();
    expect(source.pages()).toEqual([1, 2, 3, 4, 7]);
    source.sent[4]!.answer(at(8));
    await settle();
    expect(source.pages()).toEqual([1, 2, 3, 4, 7, 8]);
    expect(await second).toEqual({ next: at(8) });
  });

  it('an answer that does not say what follows (an unchanged page) is followed by the guess once a place is free', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 1, 100, (cursor) => at(cursor.pageNo + 1));
    void ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1, 2]);
    // Page 2 answers while the one place is taken by it: nothing more yet.
    source.sent[1]!.answer(undefined);
    await settle();
    expect(source.pages()).toEqual([1, 2]);
    void ahead.take(at(2), 1);
    expect(source.pages()).toEqual([1, 2, 3]);
  });

  it('an answer whose cursor cannot be read, found when a place frees, ends the chain quietly: take does not throw', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(
      source.send,
      (answer) => {
        if (answer.next?.pageNo === 3) throw new Error('unreadable');
        return answer.next;
      },
      1,
      100,
    );
    void ahead.take(at(1), 0);
    source.sent[0]!.answer(at(2));
    await settle();
    expect(source.pages()).toEqual([1, 2]);
    source.sent[1]!.answer(at(3)); // in while page 2 holds the only place
    await settle();
    const second = ahead.take(at(2), 1);
    expect(source.pages()).toEqual([1, 2]);
    expect(await second).toEqual({ next: at(3) });
    void ahead.take(at(3), 2);
    expect(source.pages()).toEqual([1, 2, 3]);
  });

  it('guesses no page past maxPages', () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 5, 3, (cursor) => at(cursor.pageNo + 1));
    void ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1, 2, 3]);
  });

  it('asks for the next page as soon as the answer’s bytes are seen to name its cursor, before the answer is read', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100);
    const first = ahead.take(at(1), 0);
    source.sent[0]!.seen(at(2));
    expect(source.pages()).toEqual([1, 2]);
    source.sent[1]!.seen(at(3));
    source.sent[2]!.seen(at(4));
    // Three pages wait beyond the one taken: page 5 waits for a place, whatever page 4's bytes say.
    source.sent[3]!.seen(at(5));
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    source.sent[0]!.answer(at(2));
    expect(await first).toEqual({ next: at(2) });
    void ahead.take(at(2), 1);
    expect(source.pages()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a reading the answer contradicts drops what was asked for on it and ends readings, not guesses, for the sync', async () => {
    const source = heldSource();
    const guesses = new Map([[7, at(8)]]);
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100, (cursor) => guesses.get(cursor.pageNo) ?? null);
    void ahead.take(at(1), 0);
    source.sent[0]!.seen(at(2));
    source.sent[1]!.seen(at(3));
    expect(source.pages()).toEqual([1, 2, 3]);
    // Page 1's answer named page 7: asked for anew; its record's guess (page 8) still goes out at once.
    const second = ahead.take(at(7), 1);
    expect(source.pages()).toEqual([1, 2, 3, 7, 8]);
    source.sent[2]!.seen(at(4)); // a dropped page's bytes: nothing follows them
    source.sent[4]!.seen(at(9)); // readings are off: page 9 waits for page 8's answer
    expect(source.pages()).toEqual([1, 2, 3, 7, 8]);
    source.sent[3]!.answer(at(8));
    expect(await second).toEqual({ next: at(8) });
    source.sent[4]!.answer(at(9));
    await settle();
    expect(source.pages()).toEqual([1, 2, 3, 7, 8, 9]);
  });

  it('a reading that contradicts the guesses already sent after its page drops them at once, ends guessing and goes on from the reading', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100, (cursor) => at(cursor.pageNo + 1));
    void ahead.take(at(1), 0);
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    // A reading that agrees with the guess changes nothing.
    source.sent[1]!.seen(at(3));
    expect(source.pages()).toEqual([1, 2, 3, 4]);
    // Page 1's bytes name page 5: pages 2-4 were guesses the list no longer follows.
    source.sent[0]!.seen(at(5));
    expect(source.pages()).toEqual([1, 2, 3, 4, 5]);
    // Guessing is over: page 6 waits for page 5's bytes or answer, and a dropped page's reading extends nothing.
    source.sent[2]!.seen(at(4));
    expect(source.pages()).toEqual([1, 2, 3, 4, 5]);
    source.sent[4]!.seen(at(6));
    expect(source.pages()).toEqual([1, 2, 3, 4, 5, 6]);
    source.sent[0]!.answer(at(5));
    const second = ahead.take(at(5), 1);
    expect(source.pages()).toEqual([1, 2, 3, 4, 5, 6]);
    source.sent[4]!.answer(at(6));
    expect(await second).toEqual({ next: at(6) });
  });

  it('once a reading was wrong, a later reading drops none of the guesses sent on records', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100, (cursor) => (cursor.pageNo >= 5 ? at(cursor.pageNo + 1) : null));
    void ahead.take(at(1), 0);
    source.sent[0]!.seen(at(2)); // misread: page 1's answer names page 5
    expect(source.pages()).toEqual([1, 2]);
    source.sent[0]!.answer(at(5));
    void ahead.take(at(5), 1);
    expect(source.pages()).toEqual([1, 2, 5, 6, 7, 8]);
    // Page 5's bytes read as naming page 9: readings are off, the guesses stand.
    source.sent[2]!.seen(at(9));
    expect(source.pages()).toEqual([1, 2, 5, 6, 7, 8]);
    source.sent[2]!.answer(at(6));
    void ahead.take(at(6), 2);
    expect(source.pages()).toEqual([1, 2, 5, 6, 7, 8, 9]);
  });

  it('a reading told after its answer, or while the page is still being sent, asks for nothing twice', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100);
    void ahead.take(at(1), 0);
    source.sent[0]!.answer(at(2));
    await settle();
    expect(source.pages()).toEqual([1, 2]);
    source.sent[0]!.seen(at(2));
    expect(source.pages()).toEqual([1, 2]);

    // A source that reads the bytes before its send returns: the page after it is asked for once.
    const pages: number[] = [];
    const eager = new PagesAhead(
      (cursor: PageCursor, seen: (next: PageCursor) => void) => {
        pages.push(cursor.pageNo);
        if (cursor.pageNo < 3) seen(at(cursor.pageNo + 1));
        return new Promise<{ next: PageCursor | null }>(() => undefined);
      },
      (answer) => answer.next,
      3,
      100,
    );
    void eager.take(at(1), 0);
    expect(pages).toEqual([1, 2, 3]);
  });

  it('asks for nothing more once stopped, whatever answers after', async () => {
    const source = heldSource();
    const ahead = new PagesAhead(source.send, (answer) => answer.next, 3, 100);
    void ahead.take(at(1), 0);
    ahead.stop();
    source.sent[0]!.answer(at(2));
    await settle();
    expect(source.pages()).toEqual([1]);
  });
});

describe('stepAfter', () => {
  it('ends at a page without a cursor or without entries, refuses a cursor that does not advance, follows any other', () => {
    expect(stepAfter(at(1), null, 100)).toEqual({ kind: 'end' });
    expect(stepAfter(at(1), at(2), 0)).toEqual({ kind: 'end' });
    expect(stepAfter(at(2), at(2), 100)).toEqual({ kind: 'stuck', next: at(2) });
    expect(stepAfter(at(2), { pageNo: 3, limit: 0 }, 100)).toEqual({ kind: 'stuck', next: { pageNo: 3, limit: 0 } });
    expect(stepAfter(at(2), { pageNo: 2.5, limit: 100 }, 100)).toMatchObject({ kind: 'stuck' });
    expect(stepAfter(at(2), { pageNo: 9, limit: 50 }, 100)).toEqual({ kind: 'next', cursor: { pageNo: 9, limit: 50 } });
  });
});
