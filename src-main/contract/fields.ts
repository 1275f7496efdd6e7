import { z } from 'zod';
import { SALE_STATES } from '../orders/journal/sale-state.js';
import { CONTROL_CHARACTER, UNPRINTABLE } from '../platform/printable-text.js';

/** Field schemas more than one domain's methods share. */
export const id = z.string().min(1).max(100);
export const paise = z.number().int().min(0).max(100_000_000_000);
export const pin = z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits');
export const saleState = z.enum(SALE_STATES);
export const empty = z.strictObject({});
export const saleIdInput = z.strictObject({ saleId: id });

/** Words a person types that are printed later (a Z report, the journal's CSV): trimmed, at most `max`, nothing unprintable. */
export const printedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !CONTROL_CHARACTER.test(text), UNPRINTABLE);
