import type { DeliveryChannel } from '../../partner-api/types.js';

/**
 * Customer and recipient contact rules (spec §4.4 customerDetails, README "Customer
 * rules"), worded for the cashier. The service applies the same rules; checking here means
 * a typo is fixed at the counter instead of costing a refused order.
 *
 * Each rule takes a value already normalised (normaliseName / normaliseText) and returns
 * null when it is fine, otherwise one sentence saying what to type instead.
 */

/** Letters of any script (with their combining marks: Hindi, Tamil… need them) and single spaces. */
const NAME = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;
/** local@domain.tld with the characters mail systems accept without quoting. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Lengths the service accepts for these fields. */
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/** Trims, and collapses runs of spaces (or tabs, newlines) inside a name into one space. */
export function normaliseName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/** Trims; nothing else is changed, so what is sent is what the cashier typed. */
export function normaliseText(raw: string): string {
  return raw.trim();
}

/** A character a name may hold anywhere: a letter, its combining mark, or a space. */
const NAME_CHARACTER = /^[\p{L}\p{M} ]$/u;

/**
 * The rule allows letters and single spaces only ("no special characters", which the
 * service enforces), so "Ravi K." is refused; the message names each character to remove
 * instead of making the cashier guess which one is wrong.
 */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'Enter a name.';
  if (name.length > MAX_NAME_LENGTH) return `Keep the name to ${MAX_NAME_LENGTH} characters or fewer.`;
  if (NAME.test(name)) return null;
  const refused = [...new Set([...name].filter((c) => !NAME_CHARACTER.test(c)))];
  if (refused.length === 0) return 'Use single spaces between words, with none at the start or end.';
  return `The name cannot contain ${listWithOr(refused.map(shownCharacter))}; use letters and single spaces only.`;
}

/** '.' for a visible character; a code point for one the cashier could not see (a tab, a zero-width joiner). */
function shownCharacter(c: string): string {
  if (/^[\p{C}\p{Z}]$/u.test(c)) return `the invisible character U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${c}'`;
}

/** "a", "a or b", "a, b or c". */
function listWithOr(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]!}`;
}

export function phoneProblem(phone: string): string | null {
  if (phone.length === 0) return 'Enter the 10-digit mobile number.';
  // The two most common slips get their own sentence: a country or trunk prefix.
  if (/^(\+?91|0)[6-9]\d{9}$/.test(phone.replace(/[\s-]/g, ''))) {
    return 'Leave out the +91 or 0 at the start: enter just the 10-digit mobile number.';
  }
  if (!/^\d{10}$/.test(phone)) return 'Enter the 10-digit mobile number without +91 or spaces.';
  if (!/^[6-9]/.test(phone)) return 'Indian mobile numbers start with 6, 7, 8 or 9; check the number.';
  if (/^(\d)\1{9}$/.test(phone)) return 'This does not look like a real mobile number (one digit repeated); ask for the real one.';
  return null;
}

export function emailProblem(email: string): string | null {
  if (email.length === 0) return 'Enter an email address.';
  if (/\s/.test(email)) return 'An email address cannot contain spaces.';
  if (!email.includes('@')) return 'The email address needs an @, like name@example.com.';
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return 'Enter a valid email address, like name@example.com.';
  return null;
}

/** The contact details stored with an order, as sent in its request body (§2.9). */
export interface OrderContacts {
  customerDetails?: { phoneNumber?: string; email?: string } | null;
  deliveryDetails?: { recipientPhoneNumber?: string } | null;
}

export interface ResendProblem {
  /** null when the list of channels itself is wrong. */
  channel: DeliveryChannel | null;
  message: string;
}

const CHANNELS: readonly DeliveryChannel[] = ['EMAIL', 'SMS', 'WHATSAPP'];
const CHANNEL_NAMES: Record<DeliveryChannel, string> = { EMAIL: 'Email', SMS: 'SMS', WHATSAPP: 'WhatsApp' };

/**
 * Why a resend-delivery request (§4.7) would fail, channel by channel; empty when every
 * channel can be sent. Delivery uses the contacts stored on the original order — they
 * cannot be edited now — so each message says which detail the order lacks. EMAIL needs a
 * valid customer email; SMS and WHATSAPP need a valid customer phone or recipient phone.
 */
export function resendContactProblems(channels: readonly string[], order: OrderContacts): ResendProblem[] {
  if (channels.length === 0) return [{ channel: null, message: 'Choose at least one way to resend: Email, SMS or WhatsApp.' }];
  const unknown = channels.filter((c) => !(CHANNELS as readonly string[]).includes(c));
  if (unknown.length > 0) {
    return [{ channel: null, message: `Unknown delivery channel ${unknown.join(', ')}; choose Email, SMS or WhatsApp.` }];
  }
  if (new Set(channels).size !== channels.length) return [{ channel: null, message: 'Choose each channel only once.' }];

  const valid = (value: string | undefined, rule: (v: string) => string | null): boolean =>
    value !== undefined && rule(value) === null;
  const hasEmail = valid(order.customerDetails?.email, emailProblem);
  const hasPhone =
    valid(order.customerDetails?.phoneNumber, phoneProblem) || valid(order.deliveryDetails?.recipientPhoneNumber, phoneProblem);

  const problems: ResendProblem[] = [];
  for (const channel of channels as readonly DeliveryChannel[]) {
    if (channel === 'EMAIL' && !hasEmail) {
      problems.push({ channel, message: 'Email cannot be sent: this order has no valid customer email address.' });
    } else if (channel !== 'EMAIL' && !hasPhone) {
      problems.push({
        channel,
        message: `${CHANNEL_NAMES[channel]} cannot be sent: this order has no valid customer or recipient mobile number.`,
      });
    }
  }
  return problems;
}
