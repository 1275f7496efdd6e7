import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_USAGE, parseSandboxArgs } from '../../src-main/sandbox/cli-options.js';

/** `npm run sandbox -- [flags]` (README "The sandbox" flag table). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('parseSandboxArgs', () => {
  it('no flags → no overrides (every default comes from the sandbox)', () => {
    expect(parseSandboxArgs([])).toEqual({});
  });

  it('--help → help', () => {
    expect(parseSandboxArgs(['--help'])).toBe('help');
    expect(CLI_USAGE).toMatch(/--token-ttl/);
  });

  it('parses every flag of the README table', () => {
    expect(
      parseSandboxArgs([
        '--port', '4010',
        '--env', 'production',
        '--client-id', 'my-client',
        '--client-secret', 'my-secret',
        '--business-model', 'B2C',
        '--wallet', '20000',
        '--low-balance-threshold', '999.50',
        '--allow-ip', '203.0.113.7',
        '--allow-ip', '::1',
        '--webhook-url', 'http://127.0.0.1:4011/hooks',
        '--webhook-secret', 's3cret',
        '--token-ttl', '600',
      ]),
    ).toEqual({
      port: 4010,
      env: 'production',
      credentials: { production: { clientId: 'my-client', clientSecret: 'my-secret' } },
      businessModel: 'B2C',
      walletBalance: 20000,
      lowBalanceThreshold: 999.5,
      allowedIps: ['203.0.113.7', '::1'],
      webhookUrl: 'http://127.0.0.1:4011/hooks',
      webhookSecret: 's3cret',
      tokenTtlSecs: 600,
    });
  });

  it.each([
    [['--port', '0'], { port: 0 }],
    [['--port', '65535'], { port: 65535 }],
    [['--port=8080'], { port: 8080 }],
    [['--env', 'staging'], { env: 'staging' }],
    [['--business-model', 'B2B'], { businessModel: 'B2B' }],
    [['--wallet', '0'], { walletBalance: 0 }],
    [['--wallet', '999.5'], { walletBalance: 999.5 }],
    [['--low-balance-threshold', '10000'], { lowBalanceThreshold: 10000 }],
    [['--allow-ip', '127.0.0.1'], { allowedIps: ['127.0.0.1'] }],
    [['--webhook-url', 'https://hooks.example.in/gv'], { webhookUrl: 'https://hooks.example.in/gv' }],
    [['--token-ttl', '1'], { tokenTtlSecs: 1 }],
    [['--token-ttl', '86400'], { tokenTtlSecs: 86400 }],
  ])('accepts %j', (argv, expected) => {
    expect(parseSandboxArgs(argv)).toEqual(expected);
  });

  it('puts --client-id/--client-secret under staging when --env is not given', () => {
    expect(parseSandboxArgs(['--client-id', 'a', '--client-secret', 'b'])).toEqual({
      credentials: { staging: { clientId: 'a', clientSecret: 'b' } },
    });
  });

  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '-1'], /--port|ambiguous/],
    [['--port', '65536'], /--port/],
    [['--port', '80.5'], /--port/],
    [['--port', ''], /--port/],
    [['--env', 'dev'], /--env must be staging or production/],
    [['--env', 'Production'], /--env/],
    [['--client-id', 'a'], /go together/],
    [['--client-secret', 'b'], /go together/],
    [['--client-id', '', '--client-secret', 'b'], /go together/],
    [['--business-model', 'b2c'], /--business-model must be B2B or B2C/],
    [['--business-model', 'B2B2C'], /--business-model/],
    [['--wallet', 'lots'], /--wallet must be an amount/],
    [['--wallet', '1e5'], /--wallet/],
    [['--wallet', '10.123'], /--wallet/],
    [['--wallet', '-5'], /--wallet|ambiguous/],
    [['--wallet', ''], /--wallet/],
    [['--low-balance-threshold', 'x'], /--low-balance-threshold/],
    [['--allow-ip', 'not-an-ip'], /--allow-ip/],
    [['--allow-ip', ''], /--allow-ip/],
    [['--webhook-url', 'not a url'], /--webhook-url must be an http\(s\) URL/],
    [['--webhook-url', 'ftp://example.in/hooks'], /--webhook-url/],
    [['--webhook-secret', ''], /--webhook-secret must not be empty/],
    [['--token-ttl', '0'], /--token-ttl/],
    [['--token-ttl', '86401'], /--token-ttl/],
    [['--token-ttl', 'forever'], /--token-ttl/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(message);
  });

  it.each([[['--bogus']], [['--port']], [['stray-positional']], [['--help=yes']]])('refuses the malformed command line %j', (argv) => {
    expect(() => parseSandboxArgs(argv)).toThrow();
  });
});

/** Collects a child's output and resolves when `pattern` appears on stdout. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = pattern.exec(out);
      if (match) resolve(match);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`sandbox exited (${code}) before printing its URL\n${out}\n${err}`)));
    child.on('error', reject);
  });
}

/** Ends the child and everything it started (npx → tsx → node), by its process group id. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

describe('npm run sandbox (src-main/sandbox/cli.ts)', () => {
  it('starts a sandbox with the given flags and prints its URL', async () => {
    const child = spawn('npx', ['tsx', 'src-main/sandbox/cli.ts', '--wallet', '1234', '--business-model', 'B2C'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const match = await waitForOutput(child, /listening on (http:\/\/127\.0\.0\.1:(\d+))/);
      expect(Number(match[2])).toBeGreaterThan(0);
      const res = await fetch(`${match[1]}/__sandbox/state`);
      expect(res.status).toBe(200);
      const state = (await res.json()) as any;
      expect(state.wallet.balance).toBe(1234);
      expect(state.businessModel).toBe('B2C');
      expect(state.env).toBe('staging');
    } finally {
      await stop(child);
    }
  });

  it('exits with code 2 and prints the problem and the usage on stderr for an invalid flag', async () => {
    const child = spawn('npx', ['tsx', 'src-main/sandbox/cli.ts', '--business-model', 'B2X'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(code).toBe(2);
      expect(stderr).toContain('--business-model must be B2B or B2C');
      expect(stderr).toContain('Usage: npm run sandbox -- [flags]');
      expect(stdout).not.toMatch(/listening on/);
    } finally {
      await stop(child);
    }
  });
});
