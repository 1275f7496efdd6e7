import type { Logger } from '../platform/logger.js';
import type { WebhookInbox } from '../webhooks/unrecognised-webhooks.js';
import { WebhookReceiver } from '../webhooks/webhook-receiver.js';
import type { CoreEvents } from './core-events.js';
import type { EnvironmentContext } from './environment-context.js';

/**
 * Connects the webhook receiver (spec §6) to the current environment: order events nudge the
 * order engine (which confirms with GET), brand events update the local catalog, a low
 * balance raises the wallet alert. Off unless enabled in Settings with a signing secret.
 * The receiver works on the database of the environment current when it is built.
 */
export function createWebhookReceiver(env: () => EnvironmentContext, events: CoreEvents, logger: Logger, now: () => number): WebhookReceiver {
  return new WebhookReceiver({
    db: env().db,
    secret: () => env().credentials.reveal('webhook_secret'),
    logger: logger.child({ component: 'webhooks' }),
    now,
    handlers: {
      orderTerminal: (e) => env().engine.onOrderTerminalEvent(e.orderId, e.status),
      brandUpdated: (e) => {
        const r = env().catalog.applyBrandUpdate(e);
        if (!r.ok) logger.log('warn', 'webhook.brand_unknown', { brandId: e.brandId });
        else if (r.value.changed) events.emit('catalog.brandUpdated', { brandId: e.brandId });
      },
      brandDiscount: (e) => {
        const r = env().catalog.applyDiscountUpdate(e);
        if (!r.ok) logger.log('warn', 'webhook.brand_unknown', { brandId: e.brandId });
        else if (r.value.changed) events.emit('catalog.brandUpdated', { brandId: e.brandId });
      },
      walletLow: (e) => {
        const ctx = env();
        ctx.wallet.onLowBalanceEvent(e);
        events.emit('wallet.updated', ctx.wallet.view());
        // Other counters or the portal spent it: the counter's own reading is out of date now.
        ctx.runInBackground(ctx.wallet.refresh().then((r) => events.emit('wallet.updated', r.view)));
      },
    },
  });
}

/**
 * The current environment's recorded (signed but not understood) webhook deliveries, for the
 * self-check and the manager: count, list, re-process through the current parser (applied
 * exactly once, with the same handlers as a live delivery), dismiss. Works whether or not the
 * receiver is listening. Build it per use (it binds to the environment current at the call);
 * counting alone needs no parser: `new UnrecognisedWebhooks(env.db).count()`.
 */
export function createWebhookInbox(env: () => EnvironmentContext, events: CoreEvents, logger: Logger, now: () => number): WebhookInbox {
  // Bound to one environment: a switch part-way through a re-process must not send its events to another.
  const ctx = env();
  return createWebhookReceiver(() => ctx, events, logger, now).inbox;
}
