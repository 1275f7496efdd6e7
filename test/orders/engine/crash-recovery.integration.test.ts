import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src-main/sandbox/server.js';
import { tempDir } from '../../support/temp-dir.js';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';

/** A brand the sandbox lists but refuses every order for, with E100. */
const REFUSED_BRAND = { ...FIXED_BRAND, id: 'TEST_E100_TEMPORARILY_DISABLED' };

const CHILD = fileURLToPath(new URL('./fixtures/engine-child.ts', import.meta.url));

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the POS engine in its own process (real SIGKILL, real restart on the same data folder). */
function runChild(env: Record<string, string>): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('a POS process killed mid-sale recovers on restart', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let base: Record<string, string>;

  beforeEach(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    dir = tempDir();
    base = { SANDBOX_URL: sandbox.url, DATA_DIR: dir.path, VAULT_KEY: randomBytes(32).toString('hex') };
  });
  afterEach(async () => {
    await sandbox.close();
    dir.cleanup();
  });

  const orderPosts = () => sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders');
  const ordersFor = (ref: string) => [...sandbox.state.orders.orders.values()].filter((o) => o.referenceId === ref);

  it('killed right after the intent commit: the restart finds no order (404) and sends it once', async () => {
    const sale = newSale();
    const killed = await runChild({ ...base, MODE: 'place', KILL_AT: 'after-intent', SALE_JSON: JSON.stringify(sale) });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(orderPosts()).toHaveLength(0);

    const restarted = await runChild({ ...base, MODE: 'recover', SALE_ID: sale.id });
    expect(restarted.code, restarted.stderr).toBe(0);
    const out = JSON.parse(restarted.stdout);
    expect(out.report.checked).toBe(1);
    expect(out.sale.state).toBe('SUCCESS');
    expect(out.vouchers).toHaveLength(1);
    expect(out.vouchers[0].pin).toMatch(/^\d{6}$/);
    // The first send is journaled with the intent (it never left), then the look-up and the one resend.
    expect(out.attempts.map((a: { kind: string }) => a.kind)).toEqual(['place', 'lookup', 'place']);
    expect(ordersFor(sale.referenceId)).toHaveLength(1);
    expect(orderPosts()).toHaveLength(1);
  });

  it('killed after the POST reached the service: the restart adopts the order and sends nothing', async () => {
    const sale = newSale({ quantity: 2 });
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'delay', ms: 8000, stage: 'after', match: { method: 'POST', path: '/v1/partners/orders' } }),
    });
    const killed = await runChild({ ...base, MODE: 'place', KILL_AT: 'after-post-sent', SALE_JSON: JSON.stringify(sale) });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(ordersFor(sale.referenceId)).toHaveLength(1);

    const restarted = await runChild({ ...base, MODE: 'recover', SALE_ID: sale.id });
    expect(restarted.code, restarted.stderr).toBe(0);
    const out = JSON.parse(restarted.stdout);
    expect(out.sale.state).toBe('SUCCESS');
    expect(out.sale.orderId).toBe(ordersFor(sale.referenceId)[0]!.id);
    expect(out.vouchers).toHaveLength(2);
    expect(out.attempts.map((a: { kind: string }) => a.kind)).toEqual(['place', 'lookup']);
    expect(ordersFor(sale.referenceId)).toHaveLength(1);
    expect(sandbox.state.wallet.ledger.filter((e) => e.kind === 'debit')).toHaveLength(1);
  });

  it('killed the instant a refused first send is on record: the restart never sends that referenceId again', async () => {
    const sale = newSale({ brand: REFUSED_BRAND });
    const killed = await runChild({ ...base, MODE: 'place', KILL_AT: 'after-refusal-recorded', SALE_JSON: JSON.stringify(sale) });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(orderPosts()).toHaveLength(1);

    const restarted = await runChild({ ...base, MODE: 'recover', SALE_ID: sale.id });
    expect(restarted.code, restarted.stderr).toBe(0);
    const out = JSON.parse(restarted.stdout);
    expect(out.sale).toMatchObject({ state: 'REJECTED', errorCode: 'E100', failureReason: expect.stringMatching(/temporarily unavailable/) });
    expect(out.attempts.filter((a: { kind: string }) => a.kind === 'place')).toHaveLength(1);
    expect(orderPosts()).toHaveLength(1);
    expect(ordersFor(sale.referenceId)).toHaveLength(0);
  });

  it('killed the instant a refused resend is on record, before its look-up: the restart looks up and never sends it again', async () => {
    // The first POST gets a 502 (outcome unknown), the look-up says 404, the resend is refused.
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'error-5xx', status: 502, match: { method: 'POST', path: '/v1/partners/orders' } }),
    });
    const sale = newSale({ brand: REFUSED_BRAND });
    const killed = await runChild({ ...base, MODE: 'place', KILL_AT: 'after-refusal-recorded', SALE_JSON: JSON.stringify(sale) });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(orderPosts()).toHaveLength(2);

    const restarted = await runChild({ ...base, MODE: 'recover', SALE_ID: sale.id });
    expect(restarted.code, restarted.stderr).toBe(0);
    const out = JSON.parse(restarted.stdout);
    expect(out.report.checked).toBe(1);
    expect(out.sale).toMatchObject({ state: 'REJECTED', errorCode: 'E100', failureReason: expect.stringMatching(/temporarily unavailable/) });
    expect(out.attempts.map((a: { kind: string; outcome: string }) => [a.kind, a.outcome])).toEqual([
      ['place', 'unknown HTTP_5XX'],
      ['lookup', 'NOT_FOUND'],
      ['place', 'rejected E100'],
      ['lookup', 'NOT_FOUND'],
    ]);
    expect(orderPosts()).toHaveLength(2);
    expect(ordersFor(sale.referenceId)).toHaveLength(0);
  });
});
