import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Orders → Day summary's store against a mocked bridge: each call waits for the test's answer,
 * so what the panel would show while another day is on its way can be read.
 */
type Answer = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
const calls: { method: string; payload: any; resolve: (a: Answer) => void }[] = [];

vi.mock('../../src-renderer/bridge/api', () => ({
  api: (method: string, payload: unknown) => new Promise<Answer>((resolve) => calls.push({ method, payload, resolve })),
  onEvent: () => () => undefined,
}));

// A path in a variable: the store is renderer code (DOM types), loaded here under the mock only.
const storePath = '../../src-renderer/orders/summary-store.ts';
const { useSummaryStore } = (await import(/* @vite-ignore */ storePath)) as { useSummaryStore: any };

const DAY = 86_400_000;
/** Midnight IST of 26 and 27 November 2026. */
const YESTERDAY = Date.UTC(2026, 10, 25, 18, 30);
const TODAY = YESTERDAY + DAY;
const figures = (amountPaise: number) => ({ byState: [{ state: 'SUCCESS', count: 1, amountPaise }], byBrand: [], byHour: [] });
const settle = () => new Promise((r) => setTimeout(r, 0));
const answerCall = async (index: number, answer: Answer) => {
  calls[index]!.resolve(answer);
  await settle();
};

beforeEach(() => {
  calls.length = 0;
  useSummaryStore.getState().reset();
});

describe('the day summary store', () => {
  it('shows no figures of the day before while the next day loads: only the day asked for, once it answers', async () => {
    void useSummaryStore.getState().load(YESTERDAY);
    await answerCall(0, { ok: true, data: figures(50_000) });
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: YESTERDAY, status: 'ready', summary: figures(50_000) });

    void useSummaryStore.getState().load(TODAY);
    expect(calls[1]!.payload).toEqual({ from: TODAY, to: TODAY + DAY });
    // The heading names today: yesterday's ₹500 must not stand under it.
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: TODAY, status: 'loading', summary: null });
    await answerCall(1, { ok: true, data: figures(20_000) });
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: TODAY, status: 'ready', summary: figures(20_000) });
  });

  it('a failure for the new day shows the error (with nothing of the old day), and Try again reads that day', async () => {
    void useSummaryStore.getState().load(YESTERDAY);
    await answerCall(0, { ok: true, data: figures(50_000) });
    void useSummaryStore.getState().load(TODAY);
    await answerCall(1, { ok: false, error: { code: 'APP_UNREACHABLE', message: 'The app’s background service is not answering.' } });
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: TODAY, status: 'error', summary: null, error: { code: 'APP_UNREACHABLE' } });
    void useSummaryStore.getState().load(TODAY);
    expect(useSummaryStore.getState()).toMatchObject({ status: 'loading', error: null, summary: null });
    await answerCall(2, { ok: true, data: figures(20_000) });
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: TODAY, status: 'ready', summary: figures(20_000) });
  });

  it('the same day read again keeps its own figures while loading', async () => {
    void useSummaryStore.getState().load(TODAY);
    await answerCall(0, { ok: true, data: figures(20_000) });
    void useSummaryStore.getState().load(TODAY);
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: TODAY, status: 'loading', summary: figures(20_000) });
  });

  it('only the last day asked for lands: a slow answer for a day left behind is dropped', async () => {
    void useSummaryStore.getState().load(TODAY);
    void useSummaryStore.getState().load(YESTERDAY);
    void useSummaryStore.getState().load(TODAY);
    await answerCall(2, { ok: true, data: figures(20_000) });
    // The first ask for today answers late, with figures older than the last ask's.
    await answerCall(0, { ok: true, data: figures(10_000) });
    await answerCall(1, { ok: true, data: figures(50_000) });
    expect(useSummaryStore.getState()).toMatchObject({ dayStart: TODAY, status: 'ready', summary: figures(20_000) });
  });
});
