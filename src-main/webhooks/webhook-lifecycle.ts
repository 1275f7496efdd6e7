import type { Logger } from '../platform/logger.js';
import type { Settings } from '../settings/settings-schema.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export interface WebhookLifecycleDeps {
  settings: () => Settings['webhook'];
  /** Whether the current environment has a signing secret: without one every delivery would be refused. */
  hasSecret: () => boolean;
  /** A receiver on the current environment's database. */
  buildReceiver: () => Promise<WebhookReceiver>;
  /** Told where a newly started receiver listens (Training points its built-in sandbox at it). */
  onListening: (url: string) => void;
  logger: Logger;
}

export interface WebhookLifecycle {
  /** Starts or stops the receiver to match Settings; answers where it listens. */
  apply(): Promise<{ listening: string | null; message: string | null }>;
  /** The receiver writes to one environment's database: after a switch, a running one starts again on the new one. */
  restartIfListening(): Promise<void>;
  close(): Promise<void>;
}

/** The webhook receiver's server (spec §6): off by default, on when Settings enable it and a secret is set. */
export function webhookLifecycle(deps: WebhookLifecycleDeps): WebhookLifecycle {
  let server: { url: string; close(): Promise<void> } | null = null;

  async function apply(): Promise<{ listening: string | null; message: string | null }> {
    await server?.close();
    server = null;
    const { enabled, host, port } = deps.settings();
    if (!enabled) return { listening: null, message: null };
    if (!deps.hasSecret()) return { listening: null, message: 'Enter the webhook signing secret first' };
    try {
      const receiver = await deps.buildReceiver();
      const replayed = receiver.replayPending();
      if (replayed > 0) deps.logger.log('info', 'webhook.replayed', { count: replayed });
      server = await receiver.listen(host, port);
      deps.onListening(server.url);
      return { listening: server.url, message: null };
    } catch (error) {
      return { listening: null, message: `The webhook receiver could not listen on ${host}:${port}: ${(error as Error).message}` };
    }
  }

  return {
    apply,
    async restartIfListening() {
      if (server) await apply();
    },
    async close() {
      await server?.close();
      server = null;
    },
  };
}
