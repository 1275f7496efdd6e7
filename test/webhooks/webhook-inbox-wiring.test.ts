import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import { createWebhookInbox } from '../../src-main/core/webhook-wiring.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { UnrecognisedWebhooks } from '../../src-main/webhooks/unrecognised-webhooks.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';

describe('the webhook inbox of the core', () => {
  let core: Core | null = null;
  let dir: ReturnType<typeof tempDir>;
  afterEach(async () => {
    await core?.close();
    core = null;
    dir.cleanup();
  });

  it('re-processes a recorded event through the same handlers as a live delivery, with the receiver switched off', async () => {
    dir = tempDir();
    core = await createCore({ dataDir: dir.path, secretStore: fakeSecretStore(), settingsBackend: jsonFileBackend(join(dir.path, 's.json')), quietStart: true });
    await core.ready();
    expect(core.settings.get().webhook.enabled).toBe(false);
    const c = core;
    const raw = Buffer.from(JSON.stringify({ event: 'wallet.low_balance', eventId: 'evt-w1', payload: { balance: 9_900, threshold: 10_000 } }));
    const kept = new UnrecognisedWebhooks(c.env().db).record(raw, createHash('sha256').update(raw).digest('hex'), null, 'no eventType', 1, 1000);
    if (kept.kind !== 'recorded') throw new Error(kept.kind);
    const announced: unknown[] = [];
    c.events.subscribe((name, payload) => {
      if (name === 'wallet.updated') announced.push(payload);
    });

    const inbox = createWebhookInbox(() => c.env(), c.events, memoryLogger(), () => c.clock.now());
    // Counting needs no parser: the self-check reads the table directly.
    expect(new UnrecognisedWebhooks(c.env().db).count()).toBe(1);
    expect(inbox.count()).toBe(1);
    expect(await inbox.reprocess(kept.id)).toEqual({ id: kept.id, outcome: 'applied', eventType: 'WALLET_LOW_BALANCE' });
    expect(c.env().wallet.view().lowBalanceAlert).toMatchObject({ balancePaise: 9_900_00, thresholdPaise: 10_000_00 });
    expect(announced).toHaveLength(1);
    expect(inbox.count()).toBe(0);
  });
});
