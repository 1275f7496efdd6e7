import { z } from 'zod';
import { needs } from './define.js';
import { empty } from './fields.js';

/** A correctly signed delivery this version could not understand, as the manager's screen lists it. */
export interface UnrecognisedWebhook {
  id: number;
  /** First and latest delivery of these exact bytes (the service retries a delivery it thinks failed). */
  receivedAt: number;
  lastReceivedAt: number;
  deliveries: number;
  /** The event name the envelope carried, if any. */
  eventName: string | null;
  /** Why it was not understood, by the parser that last read it. */
  reason: string;
  /** When a re-process last read it (null: never). */
  lastTriedAt: number | null;
  bytes: number;
  /**
   * The body as UTF-8 text. It can hold customer data (a future event may carry contacts):
   * it is for the manager's screen only, never for logs.
   */
  rawText: string;
}

/** What a re-process did with one recorded delivery. */
export type ReprocessResult =
  | { id: number; outcome: 'applied'; eventType: string }
  /** Understood now, but the same event had already reached the app by another delivery: not applied twice. */
  | { id: number; outcome: 'already-applied'; eventType: string }
  /** Understood now, but applying it failed; it stays recorded and can be re-processed again. */
  | { id: number; outcome: 'failed'; eventType: string; message: string }
  | { id: number; outcome: 'unrecognised'; reason: string }
  | { id: number; outcome: 'not-found' };

const recordId = z.strictObject({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Manager-only: a recorded body can hold customer data. */
export const webhooksMethods = {
  'webhooks.unrecognised': needs('manageConnection')(empty).returns<{ items: UnrecognisedWebhook[]; total: number }>(),
  /** Runs one recorded delivery through the current parser; applied exactly once if it is understood now. */
  'webhooks.reprocess': needs('manageConnection')(recordId).returns<ReprocessResult>(),
  'webhooks.reprocessAll': needs('manageConnection')(empty).returns<{ results: ReprocessResult[] }>(),
  /** Deletes a recorded delivery without applying it. */
  'webhooks.dismiss': needs('manageConnection')(recordId).returns<{ dismissed: true }>(),
};
