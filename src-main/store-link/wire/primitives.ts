import { z } from 'zod';
import { TENDER_METHODS } from '../../till/tender.js';

/** The pieces every store-wire schema is made of. */
export const paise = z.number().int();
export const nullablePaise = paise.nullable();
export const text = (max: number) => z.string().max(max);
export const recordId = z.string().min(1).max(64);
export const epochMs = z.number().int().min(0);
/** An amount a record holds: integer paise, never negative. */
export const money = paise.min(0).max(10_000_000_000);
export const tenderMethod = z.enum(TENDER_METHODS);
/** The largest request body the store server reads (413 beyond it): a counter sizes its outbox batches to fit. */
export const MAX_BODY_BYTES = 512 * 1024;
