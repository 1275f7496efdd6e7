import type { Logger } from '../platform/logger.js';
import { WebhookReceiver } from '../webhooks/webhook-receiver.js';
import type { CoreEvents } from './core-events.js';
import type { EnvironmentContext } from './environment-context.js';

/**
 * Connects the webhook receiver (spec §6) to the current environment: order events nudge the
 * order engine (which confirms with GET), brand events update the local catalog, a low
 * balance raises the wallet alert. Off unless enabled in Settings with a signing secret.
 */
export function createWebhookReceiver(env: () => EnvironmentContext, events: CoreEvents, logger: Logger, now: () => number): WebhookReceiver {
  return new WebhookReceiver({
    db: env().db,
    secret: () => env().credentials.reveal('webhook_secret'),
    logger: logger.child({ component: 'webhooks' }),
    now,
    handlers: {
      orderTerminal: (e) => env().engine.onOrderTerminalEvent(e.orderId),
      brandUpdated: (e) => {
        const r = env().catalog.applyBrandUpdate(e);
        if (!r.ok) logger.log('warn', 'webhook.brand_unknown', { brandId: e.brandId });
      },
      brandDiscount: (e) => {
        const r = env().catalog.applyDiscountUpdate(e);
        if (!r.ok) logger.log('warn', 'webhook.brand_unknown', { brandId: e.brandId });
      },
      walletLow: (e) => {
        env().wallet.onLowBalanceEvent(e);
        events.emit('wallet.updated', env().wallet.view());
      },
    },
  });
}
