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
let answer: (method: string, input: any) => Promise<unknown>;

vi.mock('../../src-renderer/bridge/api', () => ({
  api: async (method: string, input: any) => {
    calls.push({ method, input });
    return { ok: true, data: await answer(method, input) };
  },
  onEvent: () => () => undefined,
  fieldErrors: () => ({}),
}));

const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { useCatalog } = await load<{ useCatalog: any }>('../../src-renderer/sell/catalog-store.ts');

const searches = () => calls.filter((c) => c.method === 'catalog.search');
const shown = () => useCatalog.getState().results.map((b: { brand: { id: string } }) => b.brand.id);

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
      if (method === 'catalog.search') return { brands: facade.search({ ...input, limit: input.limit ?? 60 }) };
      if (method === 'catalog.listing') return facade.listing(input.since);
      throw new Error(`unexpected call ${method}`);
    };
  });
  afterAll(() => env.cleanup());
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
});
