import { z } from 'zod';

/** Numbers sometimes arrive quoted ("500.00", spec §2.8). */
export const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
export const numberish = z.union([z.number().finite(), z.string().regex(NUMERIC_TEXT, 'must be a number').transform(Number)]);
export const optionalNumber = numberish.nullish().transform((v) => v ?? null);
export const optionalText = z.string().nullish().transform((v) => v ?? null);
/** An id sent as a number is still an id. */
export const idText = z.union([z.string().min(1), z.number().int().transform(String)]);
