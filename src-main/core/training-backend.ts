import { lazy } from '../platform/lazy.js';
import type { PartnerCredentials } from '../partner-api/token-manager.js';
import { DEFAULT_CREDENTIALS } from '../sandbox/auth/credentials.js';
import type { Sandbox } from '../sandbox/server.js';

/** Where Training's service is, and the credentials it accepts (Training needs none of the operator's). */
export interface TrainingEndpoint {
  baseUrl: string;
  fallbackCredentials: PartnerCredentials;
}

/**
 * The service Training talks to: the sandbox started in-process, or one already running
 * elsewhere (tests, the browser host's option). The only part of the core that knows the
 * sandbox: it hands the environment code an address and the credentials that sandbox takes.
 */
export interface TrainingBackend {
  /** Starts the built-in sandbox on first use; a failed start is tried again on the next call. */
  endpoint(): Promise<TrainingEndpoint>;
  /**
   * The built-in sandbox plays the service, so it delivers its webhooks to our receiver,
   * signed with our secret. Nothing to do for a sandbox running elsewhere or not started.
   */
  deliverWebhooksTo(receiver: { url: string; secret: string }): void;
  close(): Promise<void>;
}

export function trainingBackend(externalUrl?: string): TrainingBackend {
  // The emulator (its routes, zod schemas and fault engine) is a third of the main bundle and
  // is needed only when Training has no external sandbox: loaded and started then, not at
  // every start.
  const start = lazy(() => import('../sandbox/server.js').then((m) => m.startSandbox({})));
  let sandbox: Sandbox | null = null;
  // Both kinds of sandbox play the staging service with its default credentials.
  const credentials = DEFAULT_CREDENTIALS.staging;
  return {
    async endpoint() {
      if (externalUrl) return { baseUrl: externalUrl, fallbackCredentials: credentials };
      sandbox = await start();
      return { baseUrl: sandbox.url, fallbackCredentials: credentials };
    },
    deliverWebhooksTo(receiver) {
      if (sandbox) sandbox.state.webhooks.endpoint = receiver;
    },
    async close() {
      await sandbox?.close();
    },
  };
}
