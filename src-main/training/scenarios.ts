import type { TrainingScenarioId } from '../contract/index.js';

/**
 * Practice situations a trainer can stage in Training mode. Each is a call to the sandbox's
 * control surface (`/__sandbox/…`), so it works on the built-in sandbox and on one started
 * with `npm run sandbox`, and the app reacts exactly as it would to the real thing.
 */
interface ControlCall {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

const ORDERS = { method: 'POST', path: '/v1/partners/orders' } as const;

export const TRAINING_SCENARIOS: Record<TrainingScenarioId, { title: string; calls: ControlCall[] }> = {
  'slow-answer': {
    title: 'The next order answers too late (the sale goes IN DOUBT, then is found by reference)',
    calls: [{ method: 'POST', path: '/faults', body: { kind: 'delay', ms: 20_000, stage: 'after', match: ORDERS } }],
  },
  'connection-drop': {
    title: 'The connection drops right after the next order is placed',
    calls: [{ method: 'POST', path: '/faults', body: { kind: 'reset-after-commit', match: ORDERS } }],
  },
  'service-error': {
    title: 'The service fails (503) on the next order before placing it',
    calls: [{ method: 'POST', path: '/faults', body: { kind: 'error-5xx', status: 503, match: ORDERS } }],
  },
  'low-wallet': {
    title: 'The wallet drops to ₹1,000',
    calls: [{ method: 'PUT', path: '/wallet', body: { balance: 1000 } }],
  },
  'skip-15-minutes': {
    title: 'The service moves 15 minutes ahead (PROCESSING orders finish)',
    calls: [{ method: 'POST', path: '/advance', body: { seconds: 900 } }],
  },
};

/** What Training offers, in the order the screen lists it. */
export const scenarioList = (): { id: TrainingScenarioId; title: string }[] =>
  (Object.keys(TRAINING_SCENARIOS) as TrainingScenarioId[]).map((id) => ({ id, title: TRAINING_SCENARIOS[id].title }));

export async function runScenario(baseUrl: string, name: TrainingScenarioId): Promise<{ ok: true } | { ok: false; message: string }> {
  for (const call of TRAINING_SCENARIOS[name]!.calls) {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/__sandbox${call.path}`, {
        method: call.method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(call.body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      return { ok: false, message: 'The practice service is not answering' };
    }
    if (!res.ok) return { ok: false, message: 'This Training backend has no practice controls (it is not the built-in sandbox)' };
  }
  return { ok: true };
}
