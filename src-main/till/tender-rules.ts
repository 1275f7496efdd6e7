import { CONTROL_CHARACTER, UNPRINTABLE } from '../platform/printable-text.js';
import { formatRupees, type FieldProblem } from '../orders/rules/index.js';
import type { Tender, TenderMethod } from './tender.js';

/** A tender as the cashier typed it (the bridge has checked its shape). */
export interface TenderEntry {
  method: TenderMethod;
  amountPaise: number;
  receivedPaise?: number;
  reference?: string;
}

export type TenderCheck =
  | { ok: true; tenders: Tender[]; amountPaise: number; changePaise: number }
  | { ok: false; problems: FieldProblem[] };

/**
 * Checks that the customer's payment covers exactly what they pay, part by part. Only cash
 * has an amount received and gives change, so the drawer's expected cash is the cash parts'
 * amounts, never what was handed over.
 */
export function checkTenders(entries: readonly TenderEntry[], customerPaysPaise: number): TenderCheck {
  const problems: FieldProblem[] = [];
  if (entries.length === 0 && customerPaysPaise > 0) {
    return { ok: false, problems: [{ field: 'tenders', message: `Record how the customer paid ${formatRupees(customerPaysPaise)}.` }] };
  }
  if (entries.filter((t) => t.method === 'CASH').length > 1) {
    problems.push({ field: 'tenders', message: 'Record the customer’s cash as one part.' });
  }
  const tenders: Tender[] = [];
  let changePaise = 0;
  entries.forEach((entry, i) => {
    const field = `tenders.${i}`;
    if (!Number.isSafeInteger(entry.amountPaise) || entry.amountPaise <= 0) {
      problems.push({ field: `${field}.amountPaise`, message: 'Each part of the payment must be more than ₹0.' });
      return;
    }
    if (entry.receivedPaise !== undefined) {
      if (entry.method !== 'CASH') {
        problems.push({ field: `${field}.receivedPaise`, message: 'Only cash has an amount handed over.' });
        return;
      }
      if (entry.receivedPaise < entry.amountPaise) {
        problems.push({
          field: `${field}.receivedPaise`,
          message: `The customer handed over ${formatRupees(entry.receivedPaise)}, less than the ${formatRupees(entry.amountPaise)} to pay in cash.`,
        });
        return;
      }
      changePaise += entry.receivedPaise - entry.amountPaise;
    }
    const reference = entry.reference?.trim() || null;
    if (reference !== null && CONTROL_CHARACTER.test(reference)) {
      problems.push({ field: `${field}.reference`, message: `The reference ${UNPRINTABLE}.` });
      return;
    }
    tenders.push({ method: entry.method, amountPaise: entry.amountPaise, receivedPaise: entry.receivedPaise ?? null, reference });
  });
  if (problems.length > 0) return { ok: false, problems };
  const amountPaise = tenders.reduce((sum, t) => sum + t.amountPaise, 0);
  if (amountPaise !== customerPaysPaise) {
    const gap = amountPaise < customerPaysPaise ? `${formatRupees(customerPaysPaise - amountPaise)} short` : `${formatRupees(amountPaise - customerPaysPaise)} too much`;
    return {
      ok: false,
      problems: [{ field: 'tenders', message: `The payment adds up to ${formatRupees(amountPaise)}, but the customer pays ${formatRupees(customerPaysPaise)} (${gap}).` }],
    };
  }
  return { ok: true, tenders, amountPaise, changePaise };
}
