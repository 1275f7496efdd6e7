import { describe, expect, it } from 'vitest';
import { lazy } from '../../src-main/platform/lazy.js';

describe('lazy', () => {
  it('loads once, on the first call, and hands every caller the same value', async () => {
    let loads = 0;
    const load = lazy(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    const c = await load();
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    let calls = 0;
    const load = lazy(async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk busy');
      return 'loaded';
    });
    const [first, second] = await Promise.allSettled([load(), load()]);
    expect(first).toMatchObject({ status: 'rejected', reason: { message: 'disk busy' } });
    expect(second).toEqual(first); // callers of the same attempt share its failure
    expect(await load()).toBe('loaded');
    expect(await load()).toBe('loaded');
    expect(calls).toBe(2);
  });

  it('treats a loader that throws before returning a promise as a failed load', async () => {
    let calls = 0;
    const load = lazy((): Promise<number> => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      return Promise.resolve(calls);
    });
    await expect(load()).rejects.toThrow('not yet');
    expect(await load()).toBe(2);
  });
});
