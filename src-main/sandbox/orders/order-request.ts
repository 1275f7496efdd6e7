import { z } from 'zod';
import { validationFailed, type FieldProblem } from '../errors.js';
import { MAX_AMOUNT_RUPEES, hasAtMostTwoDecimals } from '../money.js';

/**
 * The shape of POST /v1/partners/orders (spec §4.4, §2.9). Unknown fields are refused: the
 * sandbox is stricter than it needs to be so that a client sending a misspelt field finds
 * out in training, not in production.
 */
const amount = z
  .number({ error: 'must be a number' })
  .finite('must be a finite number')
  .positive('must be greater than 0')
  .max(MAX_AMOUNT_RUPEES, `must not exceed ${MAX_AMOUNT_RUPEES}`)
  .refine(hasAtMostTwoDecimals, 'must have at most two decimals');

const optionalText = (max: number) => z.string({ error: 'must be a string' }).max(max, `must be at most ${max} characters`);

export const customerDetailsSchema = z.strictObject({
  name: optionalText(100).optional(),
  phoneNumber: optionalText(20).optional(),
  email: optionalText(254).optional(),
});

export const deliveryDetailsSchema = z.strictObject({
  recipientName: optionalText(100).optional(),
  recipientType: z.enum(['SELF', 'OTHER'], { error: 'must be SELF or OTHER' }),
  recipientPhoneNumber: optionalText(20),
  recipientEmail: optionalText(254).optional(),
  senderName: optionalText(100).optional(),
  wishMessage: optionalText(250).optional(),
});

export const orderRequestSchema = z.strictObject({
  productId: z.string({ error: 'must be a string' }).min(1, 'is required').max(64, 'must be at most 64 characters'),
  referenceId: z
    .string({ error: 'must be a string' })
    .min(1, 'is required')
    .max(40, 'must be at most 40 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    // A URL path segment of "." or ".." is normalised away, so such an order could never be
    // found by reference and the timeout-recovery lookup (§4.4) would wrongly answer 404.
    .refine((r) => r !== '.' && r !== '..', 'must not be "." or ".." (it could not be looked up by reference)'),
  amount,
  discountAmount: z
    .number({ error: 'must be a number' })
    .finite('must be a finite number')
    .min(0, 'must not be negative')
    .max(MAX_AMOUNT_RUPEES, `must not exceed ${MAX_AMOUNT_RUPEES}`)
    .refine(hasAtMostTwoDecimals, 'must have at most two decimals')
    .optional(),
  denominationDetails: z
    .array(
      z.strictObject({
        denomination: amount,
        quantity: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(10_000, 'must be at most 10000'),
      }),
      { error: 'must be an array' },
    )
    .min(1, 'must list at least one denomination')
    .max(100, 'must list at most 100 denominations'),
  customerDetails: customerDetailsSchema.nullable().optional(),
  deliveryDetails: deliveryDetailsSchema.nullable().optional(),
});

export type OrderRequest = z.infer<typeof orderRequestSchema>;
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;
export type DeliveryDetails = z.infer<typeof deliveryDetailsSchema>;

/** Turns a zod failure into the envelope's field list (`denominationDetails[0].quantity`). */
export function problemsFromZod(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => {
    const field = issue.path.reduce<string>(
      (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
      '',
    );
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type' && issue.input === undefined
          ? 'is required'
          : issue.message;
    return { field: field || '(body)', message: `${field || 'body'} ${message}` };
  });
}

export function parseOrderRequest(body: Record<string, unknown>): OrderRequest {
  // reportInput: zod 4 only tells "missing" from "wrong type" when the input is kept on the issue.
  const result = orderRequestSchema.safeParse(body, { reportInput: true });
  if (!result.success) throw validationFailed(problemsFromZod(result.error));
  return result.data;
}
