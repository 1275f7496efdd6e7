import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addPart,
  checkPayment,
  chooseMethod,
  defaultPayment,
  editPart,
  firstProblem,
  MAX_PARTS,
  METHODS,
  removePart,
  startSplit,
  tendersInWords,
  type PaymentDraft,
} from '../../src-renderer/sell/tender-draft.js';
import { TENDER_METHODS } from '../../src-main/till/tender.js';

/**
 * How the customer pays, worked out as the cashier types at the confirm step (issue 11, item 1):
 * cash with the change, UPI / card / other with a reference, and splits whose last part takes
 * the rest. Every problem is a sentence, and nothing is sent while one stands.
 */
const PAYS = 45_000; // ₹450

const cash = (receivedText = ''): PaymentDraft => editPart(defaultPayment(), 0, { receivedText });
/** A split of `amounts` (text per part, '' = the rest) by `methods`. */
function split(methods: PaymentDraft['parts'][number]['method'][], amounts: string[]): PaymentDraft {
  let draft = startSplit(defaultPayment());
  while (draft.parts.length < methods.length) draft = addPart(draft);
  methods.forEach((method, i) => (draft = editPart(draft, i, { method, amountText: amounts[i] ?? '' })));
  return draft;
}

describe('one method, the whole amount', () => {
  it('starts as cash, exact amount: the 5-key repeat sale sends one cash tender with no extra key', () => {
    const check = checkPayment(defaultPayment(), PAYS);
    expect(check.tenders).toEqual([{ method: 'CASH', amountPaise: PAYS }]);
    expect(check.changePaise).toBe(0);
    expect(check.problems).toEqual({});
  });

  it('offers exactly the methods main takes', () => {
    expect([...METHODS].sort()).toEqual([...TENDER_METHODS].sort());
  });

  it('cash received above the amount gives the change, and sends what was handed over', () => {
    const check = checkPayment(cash('500'), PAYS);
    expect(check.changePaise).toBe(5_000);
    expect(check.tenders).toEqual([{ method: 'CASH', amountPaise: PAYS, receivedPaise: 50_000 }]);
    expect(checkPayment(cash('₹2,000'), 150_000).changePaise).toBe(50_000);
    expect(checkPayment(cash('450'), PAYS).changePaise).toBe(0);
  });

  it('cash received below the amount says how much more is needed, and sends nothing', () => {
    const check = checkPayment(cash('400'), PAYS);
    expect(check.tenders).toBeNull();
    expect(check.problems['tenders.0.receivedPaise']).toBe('₹400 received is less than the ₹450 to pay in cash: ₹50 more is needed.');
    expect(firstProblem(check)).toBe(check.problems['tenders.0.receivedPaise']);
  });

  it('cash received that is not an amount says how to type it', () => {
    expect(checkPayment(cash('4x0'), PAYS).problems['tenders.0.receivedPaise']).toBe('Enter rupees, for example 450 or 450.50.');
    expect(checkPayment(cash('4x0'), PAYS).tenders).toBeNull();
  });

  it('UPI, card and other carry their reference, trimmed; a blank one is left out', () => {
    const upi = editPart(chooseMethod(defaultPayment(), 'UPI'), 0, { reference: ' 412345678901 ' });
    expect(checkPayment(upi, PAYS).tenders).toEqual([{ method: 'UPI', amountPaise: PAYS, reference: '412345678901' }]);
    const card = chooseMethod(defaultPayment(), 'CARD');
    expect(checkPayment(card, PAYS).tenders).toEqual([{ method: 'CARD', amountPaise: PAYS }]);
    const other = editPart(chooseMethod(defaultPayment(), 'OTHER'), 0, { reference: 'Store credit note 17' });
    expect(checkPayment(other, PAYS).tenders).toEqual([{ method: 'OTHER', amountPaise: PAYS, reference: 'Store credit note 17' }]);
  });

  it('changing the method starts that method afresh (no cash received carried to UPI)', () => {
    const upi = chooseMethod(cash('500'), 'UPI');
    expect(upi.parts).toEqual([{ method: 'UPI', amountText: '', receivedText: '', reference: '' }]);
    expect(checkPayment(upi, PAYS).changePaise).toBe(0);
  });

  it('nothing to collect when a discount covers the whole amount: no tenders', () => {
    expect(checkPayment(defaultPayment(), 0)).toMatchObject({ tenders: [], problems: {} });
  });
});

describe('a split payment', () => {
  it('the last part, left blank, takes the rest', () => {
    const check = checkPayment(split(['UPI', 'CASH'], ['200', '']), PAYS);
    expect(check.parts.map((p) => [p.amountPaise, p.isRest])).toEqual([
      [20_000, false],
      [25_000, true],
    ]);
    expect(check.tenders).toEqual([
      { method: 'UPI', amountPaise: 20_000 },
      { method: 'CASH', amountPaise: 25_000 },
    ]);
  });

  it('starts with two parts, the second taking the rest, and adds parts up to the most main takes', () => {
    let draft = startSplit(cash('1000'));
    expect(draft.split).toBe(true);
    expect(draft.parts.map((p) => [p.method, p.amountText])).toEqual([
      ['CASH', ''],
      ['UPI', ''],
    ]);
    // The first part needs its amount: only the last part can be "the rest".
    expect(checkPayment(draft, PAYS).problems['tenders.0.amountPaise']).toBe('Enter this part’s amount; only the last part can take the rest.');
    for (let i = 0; i < 20; i++) draft = addPart(draft);
    expect(draft.parts).toHaveLength(MAX_PARTS);
    expect(new Set(draft.parts.slice(0, 4).map((p) => p.method)).size).toBe(4);
  });

  it('cash in a split gives change on its own part', () => {
    const draft = editPart(split(['CARD', 'CASH'], ['300', '']), 1, { receivedText: '200' });
    const check = checkPayment(draft, PAYS);
    expect(check.parts[1]).toEqual({ amountPaise: 15_000, isRest: true, changePaise: 5_000 });
    expect(check.changePaise).toBe(5_000);
    expect(check.tenders?.[1]).toEqual({ method: 'CASH', amountPaise: 15_000, receivedPaise: 20_000 });
  });

  it('parts that do not add up say by how much, short or over', () => {
    const short = checkPayment(split(['UPI', 'CARD'], ['200', '200']), PAYS);
    expect(short.tenders).toBeNull();
    expect(short.problems.tenders).toBe('The parts add up to ₹400; the customer pays ₹450. ₹50 is still to take.');
    const over = checkPayment(split(['UPI', 'CARD'], ['300', '200']), PAYS);
    expect(over.problems.tenders).toBe('The parts add up to ₹500; the customer pays ₹450. That is ₹50 too much.');
    expect(firstProblem(over)).toBe(over.problems.tenders);
  });

  it('a blank last part with nothing left says so', () => {
    const check = checkPayment(split(['UPI', 'CASH'], ['450', '']), PAYS);
    expect(check.problems['tenders.1.amountPaise']).toBe('Nothing is left for this part: the parts above already make ₹450 of the ₹450. Remove it, or lower a part above.');
    expect(check.tenders).toBeNull();
  });

  it('cash twice is refused as main refuses it: one cash part', () => {
    const check = checkPayment(split(['CASH', 'CASH'], ['200', '']), PAYS);
    expect(check.problems['tenders.1.method']).toBe('Cash is already a part above: put all the cash in one part.');
    expect(check.tenders).toBeNull();
  });

  it('a part of ₹0 or not a number is named', () => {
    expect(checkPayment(split(['UPI', 'CASH'], ['0', '']), PAYS).problems['tenders.0.amountPaise']).toBe('A part must be more than ₹0.');
    expect(checkPayment(split(['UPI', 'CASH'], ['abc', '']), PAYS).problems['tenders.0.amountPaise']).toBe('Enter rupees, for example 450 or 450.50.');
  });

  it('removing down to one part is a one-method payment of the whole amount again', () => {
    const draft = removePart(split(['UPI', 'CARD'], ['200', '']), 0);
    expect(draft).toEqual({ split: false, parts: [{ method: 'CARD', amountText: '', receivedText: '', reference: '' }] });
    expect(checkPayment(draft, PAYS).tenders).toEqual([{ method: 'CARD', amountPaise: PAYS }]);
  });

  it('whatever the cashier types, what is sent adds up to what the customer pays, with one cash part at most, and change only from cash', () => {
    const methods = fc.constantFrom(...METHODS);
    const amountText = fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 200_000 }).map((p) => (p / 100).toFixed(2)), fc.constantFrom('x', '1.234', '-5'));
    const partArb = fc.record({ method: methods, amountText, receivedText: amountText, reference: fc.string({ maxLength: 10 }) });
    fc.assert(
      fc.property(fc.array(partArb, { minLength: 1, maxLength: MAX_PARTS }), fc.integer({ min: 1, max: 500_000 }), (parts, pays) => {
        const draft: PaymentDraft = { split: parts.length > 1, parts };
        const check = checkPayment(draft, pays);
        if (!check.tenders) return Object.keys(check.problems).length > 0 || check.parts.some((p) => p.amountPaise === null);
        const sum = check.tenders.reduce((s, t) => s + t.amountPaise, 0);
        const cashParts = check.tenders.filter((t) => t.method === 'CASH');
        const change = cashParts.reduce((s, t) => s + ((t.receivedPaise ?? t.amountPaise) - t.amountPaise), 0);
        return sum === pays && cashParts.length <= 1 && check.tenders.every((t) => t.amountPaise > 0) && change === check.changePaise && Object.keys(check.problems).length === 0;
      }),
    );
  });
});

describe('a payment in words', () => {
  it('names one method, or each part with its amount', () => {
    expect(tendersInWords([{ method: 'CASH', amountPaise: PAYS }])).toBe('cash');
    expect(tendersInWords([{ method: 'UPI', amountPaise: PAYS }])).toBe('UPI');
    expect(
      tendersInWords([
        { method: 'CASH', amountPaise: 100_000 },
        { method: 'UPI', amountPaise: 50_000 },
      ]),
    ).toBe('₹1,000 cash + ₹500 UPI');
  });
});
