import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import type { SandboxOptions } from './sandbox-state.js';

export const CLI_USAGE = `Usage: npm run sandbox -- [flags]

  --port N                    port on 127.0.0.1 (default: a free port)
  --env staging|production    which environment this sandbox plays (default: staging)
  --client-id ID              accepted clientId for that environment
  --client-secret SECRET      accepted clientSecret for that environment
  --business-model B2B|B2C    the partner's business model (default: B2B)
  --wallet AMOUNT             starting wallet balance in INR (default: 500000)
  --low-balance-threshold N   Wallet Low Balance event below this (default: 10000)
  --allow-ip IP               whitelisted caller IP, repeatable (default: 127.0.0.1 and ::1)
  --webhook-url URL           where events are POSTed (default: none)
  --webhook-secret SECRET     X-Verify signing secret (default: sandbox-webhook-secret)
  --token-ttl SECONDS         token lifetime (default: 3600)
  --help                      this text`;

/** Parses the CLI flags into sandbox options; throws an Error with a readable message on bad input. */
export function parseSandboxArgs(argv: string[]): SandboxOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      env: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'business-model': { type: 'string' },
      wallet: { type: 'string' },
      'low-balance-threshold': { type: 'string' },
      'allow-ip': { type: 'string', multiple: true },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      'token-ttl': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';

  const options: SandboxOptions = {};
  if (values.port !== undefined) options.port = wholeNumber('--port', values.port, 0, 65535);
  if (values.env !== undefined) {
    if (values.env !== 'staging' && values.env !== 'production') throw new Error('--env must be staging or production');
    options.env = values.env;
  }
  const env = options.env ?? 'staging';
  if (values['client-id'] !== undefined || values['client-secret'] !== undefined) {
    if (!values['client-id'] || !values['client-secret']) throw new Error('--client-id and --client-secret go together');
    options.credentials = { [env]: { clientId: values['client-id'], clientSecret: values['client-secret'] } };
  }
  if (values['business-model'] !== undefined) {
    if (values['business-model'] !== 'B2B' && values['business-model'] !== 'B2C') throw new Error('--business-model must be B2B or B2C');
    options.businessModel = values['business-model'];
  }
  if (values.wallet !== undefined) options.walletBalance = amount('--wallet', values.wallet);
  if (values['low-balance-threshold'] !== undefined) options.lowBalanceThreshold = amount('--low-balance-threshold', values['low-balance-threshold']);
  if (values['allow-ip'] !== undefined) {
    const bad = values['allow-ip'].find((ip) => isIP(ip) === 0);
    if (bad !== undefined) throw new Error(`--allow-ip must be an IPv4 or IPv6 address, not ${JSON.stringify(bad)}`);
    options.allowedIps = values['allow-ip'];
  }
  if (values['webhook-url'] !== undefined) {
    try {
      const url = new URL(values['webhook-url']);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    } catch {
      throw new Error('--webhook-url must be an http(s) URL');
    }
    options.webhookUrl = values['webhook-url'];
  }
  if (values['webhook-secret'] !== undefined) {
    if (values['webhook-secret'].length === 0) throw new Error('--webhook-secret must not be empty');
    options.webhookSecret = values['webhook-secret'];
  }
  if (values['token-ttl'] !== undefined) options.tokenTtlSecs = wholeNumber('--token-ttl', values['token-ttl'], 1, 86_400);
  return options;
}

function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

function amount(flag: string, raw: string): number {
  const value = Number(raw);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || !Number.isFinite(value)) throw new Error(`${flag} must be an amount in INR, e.g. 50000 or 999.50`);
  return value;
}
