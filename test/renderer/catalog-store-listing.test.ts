import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { catalogFacade } from '../../src-main/core/facade/catalog-facade.js';
import type { CoreEvents } from '../../src-main/core/core-events.js';
import type { EnvironmentContext } from '../../src-main/core/environment-context.js';
import { makeBrand, tempDatabase } from '../catalog/fixtures.js';

/**
 * The Sell screen's store answers typed text from the listing columns once they are here, and
 * goes back to main from a sync's news until the copy is checked again. The bridge is mocked:
 * calls are recorded and answered by a real catalog (main's own search and listing).
 */
const calls: { method: string; input: any }[] = [];
/** Main's events as the app wires them (wireAppEvents), by name. */
const handlers = new Map<string, (payload: any) => void>();
let answer: (method: string, input: any) => Promise<unknown>;

vi.mock('../../src-renderer/bridge/api', () => ({
  api: async (method: string, input: any) => {
    calls.push({ method, input });
    return { ok: true, data: await answer(method, input) };
  },
  onEvent: (name: string, handler: (payload: any) => void) => {
    handlers.set(name, handler);
    return () => handlers.delete(name);
  },
  fieldErrors: () => ({}),
}));

const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { useCatalog } = await load<{ useCatalog: any }>('../../src-renderer/sell/catalog-store.ts');
const { wireAppEvents } = await load<{ wireAppEvents: () => () => void }>('../../src-renderer/app/useAppEvents.ts');

const searches = () => calls.filter((c) => c.method === 'catalog.search');
const shown = () => useCatalog.getState().results.map((b: { brand: { id: string } }) => b.brand.id);
const shownStatus = () => useCatalog.getState().results.map((b: { brand: { id: string; status: string } }) => [b.brand.id, b.brand.status]);

describe('the Sell screen’s search store', () => {
  let env: ReturnType<typeof tempDatabase>;
  let repo: CatalogRepository;

  beforeAll(async () => {
    env = tempDatabase();
    repo = new CatalogRepository(env.db);
    await repo.replaceAll(
      [
        makeBrand('alpha', { title: 'Alpha Books', tags: ['reading'] }),
        makeBrand('alpine', { title: 'Alpine Gear', description: 'Boots and books for the hills' }),
        makeBrand('cafe', { title: 'Café Aroma' }),
      ],
      Date.UTC(2026, 10, 1),
    );
    const facade = catalogFacade(() => ({ catalog: repo }) as unknown as EnvironmentContext, {} as CoreEvents);
    answer = async (method, input) => {
      if (method === 'catalog.brand') return facade.brand(input.productId);
      if (method === 'catalog.search') return { brands: facade.search({ ...input, limit: input.limit ?? 60 }) };
      if (method === 'catalog.listing') return facade.listing(input.since);
      throw new Error(`unexpected call ${method}`);
    };
  });
  afterAll(async () => {
    await repo.checkpointIdle();
    env.cleanup();
  });
  beforeEach(() => {
    useCatalog.getState().reset();
    calls.length = 0;
  });

  it('answers typed text in the same task once the listing is here, sending no search', async () => {
    await useCatalog.getState().search();
    await useCatalog.getState().loadListing();
    calls.length = 0;
    useCatalog.getState().setText('alp');
    expect(useCatalog.getState().status).toBe('ready');
    expect(shown()).toEqual(['alpha', 'alpine']);
    useCatalog.getState().setText('book');
    // Named by the title first, then found through the description.
    expect(shown()).toEqual(['alpha', 'alpine']);
    expect(searches()).toEqual([]);
  });

  it('asks main for words past ASCII, whose folding only SQLite’s tokenizer is trusted with', async () => {
    await useCatalog.getState().search();
    await useCatalog.getState().loadListing();
    calls.length = 0;
    useCatalog.getState().setText('café');
    await useCatalog.getState().flush();
    expect(searches().map((c) => c.input.text)).toEqual(['café']);
    expect(shown()).toEqual(['cafe']);
  });

  it('after a sync’s news asks main until the copy is checked again (one short answer when unchanged)', async () => {
    await useCatalog.getState().search();
    await useCatalog.getState().loadListing();
    expect(calls.filter((c) => c.method === 'catalog.listing').map((c) => c.input)).toEqual([{}]);
    calls.length = 0;
    let releaseCheck = () => undefined as void;
    const checked = new Promise<void>((resolve) => (releaseCheck = resolve));
    const real = answer;
    answer = async (method, input) => {
      if (method === 'catalog.listing') await checked;
      return real(method, input);
    };
    try {
      useCatalog.getState().catalogChanged();
      useCatalog.getState().setText('alpi');
      await useCatalog.getState().flush();
      expect(searches().map((c) => c.input.text)).toEqual(['alpi']);
      const check = calls.find((c) => c.method === 'catalog.listing');
      expect(check?.input.since).toEqual(expect.any(String));
      releaseCheck();
      // The check in flight: loadListing joins it.
      await useCatalog.getState().loadListing();
      expect(calls.filter((c) => c.method === 'catalog.listing')).toHaveLength(1);
      calls.length = 0;
      useCatalog.getState().setText('alph');
      expect(shown()).toEqual(['alpha']);
      expect(searches()).toEqual([]);
    } finally {
      answer = real;
    }
  });

  it('checks its copy again on a brand webhook’s news, so a brand made inactive shows so without a sync', async () => {
    const unwire = wireAppEvents();
    try {
      await useCatalog.getState().search();
      await useCatalog.getState().loadListing();
      useCatalog.getState().setText('alp');
      expect(shownStatus()).toEqual([
        ['alpha', 'ACTIVE'],
        ['alpine', 'ACTIVE'],
      ]);
      expect(repo.applyBrandUpdate({ brandId: 'alpine', status: 'INACTIVE' }).ok).toBe(true);
      calls.length = 0;
      handlers.get('catalog.brandUpdated')!({ brandId: 'alpine' });
      // The check the news started: loadListing joins it.
      await useCatalog.getState().loadListing();
      expect(calls.filter((c) => c.method === 'catalog.listing')).toHaveLength(1);
      expect(shownStatus()).toEqual([
        ['alpha', 'ACTIVE'],
        ['alpine', 'INACTIVE'],
      ]);
      calls.length = 0;
      useCatalog.getState().setText('alpi');
      expect(shownStatus()).toEqual([['alpine', 'INACTIVE']]);
      expect(searches()).toEqual([]);
    } finally {
      unwire();
      repo.applyBrandUpdate({ brandId: 'alpine', status: 'ACTIVE' });
    }
  });

  it('checks once more when news comes while a check is in flight, not once per change', async () => {
    await useCatalog.getState().search();
    await useCatalog.getState().loadListing();
    calls.length = 0;
    let releaseCheck = () => undefined as void;
    const checked = new Promise<void>((resolve) => (releaseCheck = resolve));
    const real = answer;
    answer = async (method, input) => {
      // The first check is answered with the catalog before the webhooks' writes.
      const before = method === 'catalog.listing' ? await real(method, input) : null;
      if (before) {
        await checked;
        return before;
      }
      return real(method, input);
    };
    try {
      useCatalog.getState().catalogChanged();
      for (const status of ['INACTIVE', 'ACTIVE', 'INACTIVE']) {
        expect(repo.applyBrandUpdate({ brandId: 'alpha', status }).ok).toBe(true);
        useCatalog.getState().brandUpdated('alpha');
      }
      answer = real;
      releaseCheck();
      await useCatalog.getState().loadListing();
      const checks = calls.filter((c) => c.method === 'catalog.listing');
      expect(checks).toHaveLength(2);
      calls.length = 0;
      useCatalog.getState().setText('alph');
      expect(shownStatus()).toEqual([['alpha', 'INACTIVE']]);
      expect(searches()).toEqual([]);
    } finally {
      answer = real;
      repo.applyBrandUpdate({ brandId: 'alpha', status: 'ACTIVE' });
    }
  });
});
