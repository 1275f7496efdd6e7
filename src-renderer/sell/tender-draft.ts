import type { TenderInput, TenderMethod } from '../bridge/contract';
import { formatPaise, parseRupeesToPaise } from '../ui/format';

/**
 * How the customer pays, as the cashier types it at the confirm step, and its maths: the
 * remainder of a split, the cash change, and a sentence for whatever does not add up yet.
 * Pure data, no React. Main checks the same rules again when the sale is placed.
 */

/**
 * How each method is named on screen and what its reference asks for: `reference` as a field's
 * label, `referenceShort` in a split's row and in a sentence ("UTR 4123…").
 */
export const TENDER_WORDS: Record<TenderMethod, { label: string; inSentence: string; reference: string | null; referenceShort: string; referenceHint: string }> = {
  CASH: { label: 'Cash', inSentence: 'cash', reference: null, referenceShort: '', referenceHint: '' },
  UPI: { label: 'UPI', inSentence: 'UPI', reference: 'UPI reference (UTR)', referenceShort: 'UTR', referenceHint: 'From the customer’s payment screen; optional' },
  CARD: { label: 'Card', inSentence: 'card', reference: 'Approval code or last 4 digits', referenceShort: 'Approval / last 4', referenceHint: 'From the card terminal’s slip; optional' },
  OTHER: { label: 'Other', inSentence: 'other', reference: 'Note', referenceShort: 'Note', referenceHint: 'How it was paid, e.g. store credit; optional' },
};
/** In the order the methods are offered: the contract's type keys the record, so none is missed. */
export const METHODS = Object.keys(TENDER_WORDS) as TenderMethod[];

/** The most parts main takes for one payment. */
export const MAX_PARTS = 8;
export const REFERENCE_MAX = 40;

export interface TenderPartDraft {
  method: TenderMethod;
  /** Split only: this part's amount; blank in the last part means "the rest". */
  amountText: string;
  /** Cash only: what the customer handed over; blank means the exact amount. */
  receivedText: string;
  reference: string;
}

export interface PaymentDraft {
  /** False: one part, the whole amount. True: two or more parts. */
  split: boolean;
  parts: TenderPartDraft[];
}

const part = (method: TenderMethod): TenderPartDraft => ({ method, amountText: '', receivedText: '', reference: '' });

/** Cash, exact amount: what every sale starts with, so a repeat sale needs no extra key. */
export const defaultPayment = (): PaymentDraft => ({ split: false, parts: [part('CASH')] });

export function chooseMethod(draft: PaymentDraft, method: TenderMethod): PaymentDraft {
  if (method === draft.parts[0]?.method && !draft.split) return draft;
  return { split: false, parts: [part(method)] };
}

/** Into a split: what was typed stays in the first part, the second part takes the rest. */
export function startSplit(draft: PaymentDraft): PaymentDraft {
  if (draft.split) return draft;
  const first = draft.parts[0] ?? part('CASH');
  return { split: true, parts: [{ ...first, amountText: '' }, part(first.method === 'UPI' ? 'CASH' : 'UPI')] };
}

/** One more part, which takes the rest; a method not used yet is offered first (cash only once). */
export function addPart(draft: PaymentDraft): PaymentDraft {
  if (!draft.split || draft.parts.length >= MAX_PARTS) return draft;
  const used = new Set(draft.parts.map((p) => p.method));
  const method = METHODS.find((m) => !used.has(m)) ?? 'OTHER';
  return { ...draft, parts: [...draft.parts, part(method)] };
}

/** Removes a part; down to one part, the payment is no longer split. */
export function removePart(draft: PaymentDraft, index: number): PaymentDraft {
  const parts = draft.parts.filter((_, i) => i !== index);
  if (parts.length === 0) return defaultPayment();
  return parts.length === 1 ? { split: false, parts: [{ ...parts[0]!, amountText: '' }] } : { ...draft, parts };
}

export function editPart(draft: PaymentDraft, index: number, change: Partial<TenderPartDraft>): PaymentDraft {
  return { ...draft, parts: draft.parts.map((p, i) => (i === index ? { ...p, ...change } : p)) };
}

/** One part as worked out: its amount (null until it can be known) and whether it is "the rest". */
export interface PartFigures {
  amountPaise: number | null;
  isRest: boolean;
  changePaise: number;
}

export interface PaymentCheck {
  /** The tenders for sale.place, or null while something is to fix. */
  tenders: TenderInput[] | null;
  parts: PartFigures[];
  /** Cash to hand back (only from cash handed over above its part). */
  changePaise: number;
  /**
   * What is wrong, keyed like main's field problems: 'tenders' for the whole payment,
   * 'tenders.<i>.amountPaise' / '.receivedPaise' / '.reference' for a part.
   */
  problems: Record<string, string>;
}

const amountHelp = 'Enter rupees, for example 450 or 450.50.';

/** Checks the payment against what the customer pays, as the cashier types. */
export function checkPayment(draft: PaymentDraft, customerPaysPaise: number): PaymentCheck {
  const problems: Record<string, string> = {};
  if (customerPaysPaise <= 0) return { tenders: [], parts: draft.parts.map(() => ({ amountPaise: 0, isRest: false, changePaise: 0 })), changePaise: 0, problems };
  const parts: PartFigures[] = [];
  const last = draft.parts.length - 1;
  // The parts typed (all but a blank last one) and their sum, before the rest is known.
  let typed = 0;
  draft.parts.forEach((p, i) => {
    const field = `tenders.${i}.amountPaise`;
    if (!draft.split) return parts.push({ amountPaise: customerPaysPaise, isRest: false, changePaise: 0 });
    if (p.amountText.trim() === '') {
      if (i !== last) problems[field] = 'Enter this part’s amount; only the last part can take the rest.';
      return parts.push({ amountPaise: null, isRest: i === last, changePaise: 0 });
    }
    const amount = parseRupeesToPaise(p.amountText);
    if (amount === null) problems[field] = amountHelp;
    else if (amount === 0) problems[field] = 'A part must be more than ₹0.';
    else typed += amount;
    parts.push({ amountPaise: amount !== null && amount > 0 ? amount : null, isRest: false, changePaise: 0 });
  });

  const rest = parts[last];
  if (rest?.isRest) {
    const left = customerPaysPaise - typed;
    if (left > 0) rest.amountPaise = left;
    else problems[`tenders.${last}.amountPaise`] = `Nothing is left for this part: the parts above already make ${formatPaise(typed)} of the ${formatPaise(customerPaysPaise)}. Remove it, or lower a part above.`;
  }

  const cashParts = draft.parts.map((p, i) => (p.method === 'CASH' ? i : -1)).filter((i) => i >= 0);
  for (const i of cashParts.slice(1)) problems[`tenders.${i}.method`] = 'Cash is already a part above: put all the cash in one part.';

  let changePaise = 0;
  draft.parts.forEach((p, i) => {
    const figures = parts[i]!;
    if (p.method !== 'CASH' || p.receivedText.trim() === '') return;
    const field = `tenders.${i}.receivedPaise`;
    const received = parseRupeesToPaise(p.receivedText);
    if (received === null) return void (problems[field] = amountHelp);
    if (figures.amountPaise === null) return;
    if (received < figures.amountPaise) {
      problems[field] = `${formatPaise(received)} received is less than the ${formatPaise(figures.amountPaise)} to pay in cash: ${formatPaise(figures.amountPaise - received)} more is needed.`;
      return;
    }
    figures.changePaise = received - figures.amountPaise;
    changePaise += figures.changePaise;
  });

  const total = parts.reduce((sum, f) => sum + (f.amountPaise ?? 0), 0);
  const allKnown = parts.every((f) => f.amountPaise !== null);
  if (draft.split && allKnown && total !== customerPaysPaise) {
    problems.tenders =
      total < customerPaysPaise
        ? `The parts add up to ${formatPaise(total)}; the customer pays ${formatPaise(customerPaysPaise)}. ${formatPaise(customerPaysPaise - total)} is still to take.`
        : `The parts add up to ${formatPaise(total)}; the customer pays ${formatPaise(customerPaysPaise)}. That is ${formatPaise(total - customerPaysPaise)} too much.`;
  }

  if (Object.keys(problems).length > 0 || !allKnown) return { tenders: null, parts, changePaise, problems };
  const tenders = draft.parts.map((p, i): TenderInput => {
    const tender: TenderInput = { method: p.method, amountPaise: parts[i]!.amountPaise! };
    const received = p.method === 'CASH' && p.receivedText.trim() !== '' ? parseRupeesToPaise(p.receivedText) : null;
    if (received !== null) tender.receivedPaise = received;
    const reference = p.method === 'CASH' ? '' : p.reference.trim();
    if (reference) tender.reference = reference;
    return tender;
  });
  return { tenders, parts, changePaise, problems };
}

/** The first problem, for the line beside Confirm: the whole payment's first, then the parts' in order. */
export function firstProblem(check: PaymentCheck): string | null {
  return check.problems.tenders ?? Object.values(check.problems)[0] ?? null;
}

/** "cash", "UPI", or "₹1,000 cash + ₹500 UPI": how a payment was made, in a sentence. */
export function tendersInWords(tenders: readonly { method: TenderMethod; amountPaise: number }[]): string {
  if (tenders.length === 0) return 'nothing recorded';
  if (tenders.length === 1) return TENDER_WORDS[tenders[0]!.method].inSentence;
  return tenders.map((t) => `${formatPaise(t.amountPaise)} ${TENDER_WORDS[t.method].inSentence}`).join(' + ');
}
