import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { FaultBoard } from '../faults.js';
import { MAX_RETRIES, isRetryableStatus, retryDelayMs } from './retry-schedule.js';
import { postWebhook, type SendResult } from './send.js';
import { signWebhookBody } from './signing.js';

export type WebhookEventType =
  | 'BRAND_UPDATED'
  | 'WALLET_LOW_BALANCE'
  | 'ORDER_REACHED_TERMINAL_STATE'
  | 'BRAND_DISCOUNT_UPDATE';

export interface WebhookAttempt {
  /** Sandbox time the attempt was made (its scheduled time). */
  at: number;
  result: 'delivered' | 'retryable-failure' | 'final-failure';
  status: number | null;
  error: string | null;
  /** True when a `webhook-fail` fault stood in for the receiver. */
  simulated: boolean;
}

export interface WebhookDelivery {
  eventId: string;
  eventType: WebhookEventType;
  createdAt: number;
  url: string | null;
  /** The exact bytes sent (and signed); retries resend the same bytes. */
  body: string;
  state: 'pending' | 'delivered' | 'failed' | 'dead-letter' | 'no-endpoint';
  attempts: WebhookAttempt[];
  nextAttemptAt: number | null;
}

export interface WebhookEndpoint {
  url: string | null;
  secret: string;
}

/**
 * Delivers signed events with the §6 retry schedule on the sandbox clock. Retries are
 * scheduled from the previous attempt's *scheduled* time, so advancing the clock by two days
 * runs the whole 15-attempt chain in one pump — the schedule is exercised in milliseconds.
 */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: Clock,
    public endpoint: WebhookEndpoint,
    private readonly faults: FaultBoard,
    private readonly random: () => number,
    private readonly timeoutMs: number,
  ) {}

  /** `at`: when the event happened in sandbox time (a PROCESSING order resolved in the past of an `advance`). */
  emit(eventType: WebhookEventType, data: Record<string, unknown>, at = this.clock.now()): WebhookDelivery {
    const eventId = randomUUID();
    const createdAt = at;
    const body = JSON.stringify({ eventId, eventType, createdAt: new Date(createdAt).toISOString(), data });
    const delivery: WebhookDelivery = {
      eventId,
      eventType,
      createdAt,
      url: this.endpoint.url,
      body,
      state: this.endpoint.url ? 'pending' : 'no-endpoint',
      attempts: [],
      nextAttemptAt: this.endpoint.url ? createdAt : null,
    };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Makes every attempt that is due by now; serialised so two pumps never send the same attempt. */
  pump(): Promise<void> {
    this.running = this.running.then(() => this.deliverDue());
    return this.running;
  }

  /** Sends an already-delivered event once more, as a duplicate (for receivers' dedup tests). */
  async redeliver(eventId: string): Promise<SendResult | null> {
    const delivery = this.deliveries.find((d) => d.eventId === eventId);
    if (!delivery?.url) return null;
    return postWebhook(delivery.url, delivery.body, this.headers(delivery.body), this.timeoutMs);
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const due = this.deliveries
        .filter((d) => d.state === 'pending' && d.nextAttemptAt !== null && d.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt! - b.nextAttemptAt!);
      if (due.length === 0) return;
      for (const delivery of due) await this.attempt(delivery);
    }
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    const at = delivery.nextAttemptAt!;
    const fault = this.faults.takeWebhook();
    let result: SendResult;
    if (fault) {
      result =
        fault.mode === 'timeout'
          ? { kind: 'timeout' }
          : fault.mode === 'reset'
            ? { kind: 'connection-error', error: 'connection reset (simulated)' }
            : { kind: 'status', status: fault.mode };
    } else {
      result = await postWebhook(delivery.url!, delivery.body, this.headers(delivery.body), this.timeoutMs);
    }
    const status = result.kind === 'status' ? result.status : null;
    const error = result.kind === 'timeout' ? 'timeout' : result.kind === 'connection-error' ? result.error : null;
    const outcome: WebhookAttempt['result'] =
      status !== null && status >= 200 && status < 300
        ? 'delivered'
        : status !== null && !isRetryableStatus(status)
          ? 'final-failure'
          : 'retryable-failure';
    delivery.attempts.push({ at, result: outcome, status, error, simulated: fault !== undefined });

    if (outcome === 'delivered') {
      delivery.state = 'delivered';
      delivery.nextAttemptAt = null;
    } else if (outcome === 'final-failure') {
      delivery.state = 'failed';
      delivery.nextAttemptAt = null;
    } else if (delivery.attempts.length > MAX_RETRIES) {
      delivery.state = 'dead-letter';
      delivery.nextAttemptAt = null;
    } else {
      delivery.nextAttemptAt = at + retryDelayMs(delivery.attempts.length, this.random);
    }
  }

  private headers(body: string): Record<string, string> {
    return { 'X-Verify': signWebhookBody(body, this.endpoint.secret), 'User-Agent': 'gift-voucher-sandbox-webhooks/1' };
  }
}
