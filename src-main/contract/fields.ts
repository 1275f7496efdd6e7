import { z } from 'zod';
import { SALE_STATES } from '../orders/journal/sale-state.js';

/** Field schemas more than one domain's methods share. */
export const id = z.string().min(1).max(100);
export const paise = z.number().int().min(0).max(100_000_000_000);
export const pin = z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits');
export const saleState = z.enum(SALE_STATES);
export const empty = z.strictObject({});
export const saleIdInput = z.strictObject({ saleId: id });

/** Control characters would break a printed report or a CSV cell; everything printable is a fair note. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** What is said of typed words with a CONTROL_CHARACTER, after the field's name ("The reference …"). */
export const UNPRINTABLE = 'has a character that cannot be printed (a line break, a tab); type it again';

/** Words a person types that are printed later (a Z report, the journal's CSV): trimmed, at most `max`, nothing unprintable. */
export const printedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !CONTROL_CHARACTER.test(text), UNPRINTABLE);
