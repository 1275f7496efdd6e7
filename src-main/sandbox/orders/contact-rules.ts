/**
 * Customer and recipient rules of spec §4.4 as the emulated service applies them. The
 * client has its own copy of these rules (it must tell the cashier before money moves);
 * the property tests of the reliability issue check the two agree.
 */

/** Letters (any script), combining marks and single spaces; "no special characters". */
const NAME = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

/**
 * A 10-digit Indian mobile number without country prefix. Staging wants it to "look
 * realistic": Indian mobiles start with 6–9, and a run of one digit is not a number.
 */
const PHONE = /^[6-9][0-9]{9}$/;

/** No spaces, no characters outside the usual local@domain.tld set. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function nameProblem(name: string): string | null {
  if (name.trim().length === 0) return 'must not be empty';
  if (!NAME.test(name.trim())) return 'must contain only letters and single spaces (no digits or special characters)';
  return null;
}

export function phoneProblem(phone: string): string | null {
  if (!/^[0-9]+$/.test(phone)) return 'must be 10 digits without a country prefix, spaces or symbols';
  if (phone.length !== 10) return 'must be exactly 10 digits without a country prefix';
  if (!PHONE.test(phone)) return 'must be a realistic Indian mobile number starting with 6, 7, 8 or 9';
  if (/^(\d)\1{9}$/.test(phone)) return 'must be a realistic number, not one digit repeated';
  return null;
}

export function emailProblem(email: string): string | null {
  if (/\s/.test(email)) return 'must not contain spaces';
  if (email.length > 254 || !EMAIL.test(email)) return 'must be a valid email address';
  return null;
}
