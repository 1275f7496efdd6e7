import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { answerLines } from './soak-checks.js';

const answer = (method: string, payload: unknown) => JSON.stringify({ method, payload, result: { ok: true, data: { saved: method } } });

describe('the soak’s reading of the bridge answers file', () => {
  const work = tempDir('gv-soak-answers-');
  afterAll(() => work.cleanup());
  const fileOf = (text: string) => {
    const file = join(work.path, `answers-${Math.random().toString(36).slice(2)}.jsonl`);
    writeFileSync(file, text);
    return file;
  };

  it('reads the whole answer that runs on from one a kill cut short, and counts the cut one', () => {
    // Both answers carry tenders whose objects also start with {"method":, as a payment's do.
    const paid = answer('sale.place', { tenders: [{ method: 'CASH', amountPaise: 50_000 }, { method: 'UPI', amountPaise: 10_000 }] });
    const next = answer('sale.refund', { saleId: 's-2', tenders: [{ method: 'CASH', amountPaise: 20_000 }] });
    const first = answer('shift.current', {});
    const cutShort = paid.slice(0, paid.indexOf('"UPI"') + 3);
    const cut = { lines: 0 };
    const lines = [...answerLines(fileOf(`${first}\n${cutShort}${next}\n${paid}\n`), cut)];
    expect(lines).toEqual([first, next, paid]);
    expect(cut.lines).toBe(1);
  });

  it('refuses a line that is neither JSON nor an answer cut short', () => {
    const cut = { lines: 0 };
    expect(() => [...answerLines(fileOf(`${answer('shift.current', {})}\n{"method":"sale.place","payload":{oops}\n`), cut)]).toThrow(/not JSON, nor an answer cut short/);
  });
});
