import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Pending strip's remembered failures (ids only, in localStorage): one list per environment,
 * and an id dropped only when main says there is no such sale — a refund still due must not lose
 * its card because the counter visited another environment or main could not answer once.
 */
let environment = 'production';
/** sale.get answers by id: a sale, NOT_FOUND, or a failure to answer. */
const sales = new Map<string, 'found' | 'unknown' | 'unanswered'>();
vi.mock('../../src-renderer/bridge/api', () => ({
  api: (method: string, input: { saleId?: string }) => {
    if (method === 'sale.pending') return Promise.resolve({ ok: true, data: { sales: [], unprinted: [] } });
    if (method === 'sale.get') {
      const known = sales.get(input.saleId!);
      if (known === 'found') return Promise.resolve({ ok: true, data: { id: input.saleId, state: 'FAILED', createdAt: 1, receiptOwed: false } });
      if (known === 'unanswered') return Promise.resolve({ ok: false, error: { code: 'BRIDGE_ERROR', message: 'The app could not answer' } });
      return Promise.resolve({ ok: false, error: { code: 'NOT_FOUND', message: 'No such sale' } });
    }
    return Promise.resolve({ ok: true, data: {} });
  },
  onEvent: () => () => undefined,
}));
vi.mock('../../src-renderer/app/session-store', () => ({ useSession: { getState: () => ({ info: { environment } }) } }));

const memory = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v) });

const pendingPath = '../../src-renderer/sell/pending-store.ts';
const { usePending } = (await import(/* @vite-ignore */ pendingPath)) as { usePending: any };
const shown = () => (usePending.getState().sales as { id: string }[]).map((s) => s.id);

describe('the failures the Pending strip remembers', () => {
  beforeEach(() => {
    memory.clear();
    sales.clear();
    environment = 'production';
    usePending.getState().reset();
  });

  it('keeps one list per environment: a visit to Training does not drop Production’s refund due', async () => {
    sales.set('prod-failed', 'found');
    usePending.getState().track({ id: 'prod-failed', state: 'FAILED', createdAt: 1, receiptOwed: false });

    environment = 'training';
    usePending.getState().reset();
    await usePending.getState().load();
    expect(shown()).toEqual([]);

    environment = 'production';
    usePending.getState().reset();
    await usePending.getState().load();
    expect(shown()).toEqual(['prod-failed']);
  });

  it('drops an id only when main says there is no such sale; one it could not answer for is asked again', async () => {
    sales.set('gone', 'unknown');
    sales.set('later', 'unanswered');
    memory.set('pos.pendingSales.production', JSON.stringify(['gone', 'later']));
    await usePending.getState().load();
    expect(shown()).toEqual([]);
    expect(JSON.parse(memory.get('pos.pendingSales.production')!)).toEqual(['later']);

    sales.set('later', 'found');
    usePending.getState().reset();
    await usePending.getState().load();
    expect(shown()).toEqual(['later']);
  });
});
