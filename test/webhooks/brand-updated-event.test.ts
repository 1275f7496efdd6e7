import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import { createWebhookInbox } from '../../src-main/core/webhook-wiring.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { UnrecognisedWebhooks } from '../../src-main/webhooks/unrecognised-webhooks.js';
import { makeBrand } from '../catalog/fixtures.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * A brand webhook that changes the catalog tells the page (catalog.brandUpdated), which holds
 * a copy of the listing that only a sync announced before. Recorded deliveries re-processed
 * through the inbox run the same handlers as a live delivery.
 */
describe('brand webhooks announce the brand they changed', () => {
  let core: Core | null = null;
  let dir: ReturnType<typeof tempDir>;
  afterEach(async () => {
    await core?.close();
    core = null;
    dir.cleanup();
  });

  it('once per change: a replay that changes nothing announces nothing', async () => {
    dir = tempDir();
    core = await createCore({ dataDir: dir.path, secretStore: fakeSecretStore(), settingsBackend: jsonFileBackend(join(dir.path, 's.json')), quietStart: true });
    await core.ready();
    const c = core;
    await c.env().catalog.replaceAll([makeBrand('amazon', { title: 'Amazon Pay' }), makeBrand('owl', { title: 'Sleepy Owl' })], Date.UTC(2026, 10, 1));
    const announced: unknown[] = [];
    c.events.subscribe((name, payload) => {
      if (name === 'catalog.brandUpdated') announced.push(payload);
    });
    const inbox = createWebhookInbox(() => c.env(), c.events, memoryLogger(), () => c.clock.now());
    const deliver = async (eventId: string, event: string, payload: Record<string, unknown>) => {
      const raw = Buffer.from(JSON.stringify({ event, eventId, payload }));
      const kept = new UnrecognisedWebhooks(c.env().db).record(raw, createHash('sha256').update(raw).digest('hex'), null, 'held for the test', 1, 1000);
      if (kept.kind !== 'recorded') throw new Error(kept.kind);
      expect((await inbox.reprocess(kept.id)).outcome).toBe('applied');
    };

    await deliver('evt-1', 'BRAND_UPDATED', { brandId: 'owl', status: 'INACTIVE' });
    expect(c.env().catalog.get('owl')?.brand.status).toBe('INACTIVE');
    expect(announced).toEqual([{ brandId: 'owl' }]);

    await deliver('evt-2', 'BRAND_UPDATED', { brandId: 'owl', status: 'INACTIVE' });
    expect(announced).toEqual([{ brandId: 'owl' }]);

    await deliver('evt-3', 'BRAND_DISCOUNT_UPDATE', { brandId: 'amazon', subventionPercentage: 5, validFrom: '2026-11-01' });
    expect(announced).toEqual([{ brandId: 'owl' }, { brandId: 'amazon' }]);
  });
});
