import { fieldError, type BridgeError } from '../bridge/api';

export interface PinChangeEntry {
  currentPin: string;
  newPin: string;
  /** The new PIN typed a second time; only the screen compares it, main never sees it. */
  again: string;
}

export type PinChangeField = keyof PinChangeEntry;

/** What to show after an attempt: a message beside each field it concerns, or one for the whole form. */
export interface PinChangeProblems {
  fields: Partial<Record<PinChangeField, string>>;
  form: BridgeError | null;
}

export const NO_PROBLEMS: PinChangeProblems = { fields: {}, form: null };

/** What main's PIN rule refuses besides the length, said before anyone chooses one. */
export const PIN_RULE_HINT = 'Not one digit repeated (1111) and not a run (1234).';

/** A PIN field keeps digits only, at most 8, as the PIN pad does. */
export const pinDigits = (value: string): string => value.replace(/\D/g, '').slice(0, 8);

/**
 * What the screen can tell before asking main: only that the new PIN was typed the same twice.
 * Whether a PIN is long enough, too simple or the same as now is main's to say (one sentence,
 * declared there), and a malformed PIN costs no attempt there.
 */
export function checkPinChange(entry: PinChangeEntry): PinChangeProblems | null {
  if (entry.newPin !== entry.again) return { fields: { again: 'The two new PINs are not the same. Type the new PIN again.' }, form: null };
  return null;
}

/**
 * Main's refusal of `staff.changePin`, beside the fields it names: a wrong or locked current PIN
 * (INVALID_PIN, LOCKED) at 'currentPin', a weak or unchanged new one (WEAK_PIN, SAME_PIN) at
 * 'newPin', a malformed payload at whichever it names. Anything else (signed out meanwhile,
 * main not answering) is about the whole form.
 */
export function pinChangeProblems(error: BridgeError): PinChangeProblems {
  const fields: PinChangeProblems['fields'] = {};
  const current = fieldError(error, 'currentPin');
  const next = fieldError(error, 'newPin');
  if (current) fields.currentPin = current;
  if (next) fields.newPin = next;
  return Object.keys(fields).length > 0 ? { fields, form: null } : { fields, form: error };
}
