import type { OrderRequestBody } from '../../partner-api/types.js';
import { emailProblem, nameProblem, normaliseName, normaliseText, phoneProblem } from './contact-rules.js';
import type { BusinessModel, FieldProblem } from './types.js';

/**
 * The customer and delivery parts of a sale: normalised (trimmed; names with single inner
 * spaces; nothing else stripped) and checked. Empty fields count as not given, so a blank
 * optional email is left out of the order rather than sent as "".
 */

export interface CustomerInput {
  name?: string;
  phoneNumber?: string;
  email?: string;
}

export interface DeliveryInput {
  recipientType?: string;
  recipientPhoneNumber?: string;
  recipientName?: string;
  recipientEmail?: string;
  senderName?: string;
  wishMessage?: string;
}

export type CustomerDetails = NonNullable<OrderRequestBody['customerDetails']>;
export type DeliveryDetails = NonNullable<OrderRequestBody['deliveryDetails']>;

export const MAX_WISH_MESSAGE_LENGTH = 250;

interface Checked<T> {
  details?: T;
  problems: FieldProblem[];
}

/** undefined for absent or blank input, else the normalised value. */
function present(raw: string | undefined, normalise: (s: string) => string): string | undefined {
  if (raw === undefined) return undefined;
  const value = normalise(raw);
  return value.length > 0 ? value : undefined;
}

/** B2C needs a name and a phone number (email optional); B2B needs nothing, but what is given must be valid. */
export function checkCustomer(input: CustomerInput | null | undefined, model: BusinessModel): Checked<CustomerDetails> {
  const name = present(input?.name, normaliseName);
  const phoneNumber = present(input?.phoneNumber, normaliseText);
  const email = present(input?.email, normaliseText);
  const problems: FieldProblem[] = [];

  if (model === 'B2C' && name === undefined) {
    problems.push({ field: 'customer.name', message: "Enter the customer's name; it is needed for this sale." });
  }
  if (model === 'B2C' && phoneNumber === undefined) {
    problems.push({ field: 'customer.phoneNumber', message: "Enter the customer's 10-digit mobile number; it is needed for this sale." });
  }
  addProblem(problems, 'customer.name', name, nameProblem);
  addProblem(problems, 'customer.phoneNumber', phoneNumber, phoneProblem);
  addProblem(problems, 'customer.email', email, emailProblem);

  const details: CustomerDetails = {};
  if (name !== undefined) details.name = name;
  if (phoneNumber !== undefined) details.phoneNumber = phoneNumber;
  if (email !== undefined) details.email = email;
  return Object.keys(details).length > 0 ? { details, problems } : { problems };
}

/** A delivery object, once used, needs who receives (SELF / OTHER) and a valid recipient mobile (§2.9). */
export function checkDelivery(input: DeliveryInput | null | undefined): Checked<DeliveryDetails> {
  if (!input) return { problems: [] };
  const recipientType = present(input.recipientType, normaliseText);
  const recipientPhoneNumber = present(input.recipientPhoneNumber, normaliseText);
  const recipientName = present(input.recipientName, normaliseName);
  const recipientEmail = present(input.recipientEmail, normaliseText);
  const senderName = present(input.senderName, normaliseName);
  const wishMessage = present(input.wishMessage, normaliseText);
  const problems: FieldProblem[] = [];

  if (recipientType !== 'SELF' && recipientType !== 'OTHER') {
    problems.push({
      field: 'delivery.recipientType',
      message: 'Choose who receives the vouchers: the customer (SELF) or someone else (OTHER).',
    });
  }
  if (recipientPhoneNumber === undefined) {
    problems.push({
      field: 'delivery.recipientPhoneNumber',
      message: "Enter the recipient's 10-digit mobile number; the vouchers are sent to it.",
    });
  }
  addProblem(problems, 'delivery.recipientPhoneNumber', recipientPhoneNumber, phoneProblem);
  addProblem(problems, 'delivery.recipientEmail', recipientEmail, emailProblem);
  addProblem(problems, 'delivery.recipientName', recipientName, nameProblem);
  addProblem(problems, 'delivery.senderName', senderName, nameProblem);
  if (wishMessage !== undefined && wishMessage.length > MAX_WISH_MESSAGE_LENGTH) {
    problems.push({
      field: 'delivery.wishMessage',
      message: `Keep the message to ${MAX_WISH_MESSAGE_LENGTH} characters or fewer (it has ${wishMessage.length}).`,
    });
  }
  if (problems.length > 0) return { problems };

  const details: DeliveryDetails = {
    recipientType: recipientType as 'SELF' | 'OTHER',
    recipientPhoneNumber: recipientPhoneNumber!,
  };
  if (recipientName !== undefined) details.recipientName = recipientName;
  if (recipientEmail !== undefined) details.recipientEmail = recipientEmail;
  if (senderName !== undefined) details.senderName = senderName;
  if (wishMessage !== undefined) details.wishMessage = wishMessage;
  return { details, problems };
}

function addProblem(problems: FieldProblem[], field: string, value: string | undefined, rule: (v: string) => string | null): void {
  const message = value === undefined ? null : rule(value);
  if (message) problems.push({ field, message });
}
