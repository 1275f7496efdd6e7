import { z } from 'zod';
import { SALE_STATES } from '../orders/journal/sale-state.js';

/** Field schemas more than one domain's methods share. */
export const id = z.string().min(1).max(100);
export const paise = z.number().int().min(0).max(100_000_000_000);
export const pin = z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits');
export const saleState = z.enum(SALE_STATES);
export const empty = z.strictObject({});
export const saleIdInput = z.strictObject({ saleId: id });
