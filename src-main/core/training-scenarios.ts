import type { Sandbox } from '../sandbox/server.js';

/**
 * Practice situations a trainer can stage in Training mode, on the in-process sandbox only.
 * Each one is a fault or a clock move on the emulated service, so the app reacts exactly as
 * it would to the real thing.
 */
export const TRAINING_SCENARIOS = {
  'slow-answer': {
    title: 'The next order answers too late (the sale goes IN DOUBT, then is found by reference)',
    run: (s: Sandbox) => s.state.faults.arm({ kind: 'delay', ms: 20_000, stage: 'after', match: { method: 'POST', path: '/v1/partners/orders' } }),
  },
  'connection-drop': {
    title: 'The connection drops right after the next order is placed',
    run: (s: Sandbox) => s.state.faults.arm({ kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } }),
  },
  'service-error': {
    title: 'The service fails (503) on the next order before placing it',
    run: (s: Sandbox) => s.state.faults.arm({ kind: 'error-5xx', status: 503, match: { method: 'POST', path: '/v1/partners/orders' } }),
  },
  'low-wallet': {
    title: 'The wallet drops to ₹1,000',
    run: (s: Sandbox) => s.state.wallet.set(100_000),
  },
  'skip-15-minutes': {
    title: 'The service moves 15 minutes ahead (PROCESSING orders finish)',
    run: async (s: Sandbox) => {
      s.state.clock.advance(15 * 60);
      await s.state.settle();
    },
  },
} as const;

export type TrainingScenario = keyof typeof TRAINING_SCENARIOS;
