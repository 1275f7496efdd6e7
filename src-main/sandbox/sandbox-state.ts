import type { Environment, ClientCredentials } from './auth/credentials.js';
import { DEFAULT_CREDENTIALS, LOOPBACK_IPS } from './auth/credentials.js';
import { TokenService } from './auth/token-service.js';
import type { BusinessModel } from './catalog/brand-record.js';
import { CatalogStore } from './catalog/catalog-store.js';
import { loadCatalogFile } from './catalog/catalog-file.js';
import { testBrandRecords } from './catalog/test-brands.js';
import { SandboxClock } from './clock.js';
import { FaultBoard } from './faults.js';
import { toPaise } from './money.js';
import { OrderService } from './orders/order-service.js';
import { RateLimiter, type RateLimitConfig } from './orders/rate-limits.js';
import { Wallet } from './wallet.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback by default; the sandbox is never meant to face a network. */
  host?: string;
  env?: Environment;
  /** Overrides for the credential sets; the `env` set is the one accepted. */
  credentials?: Partial<Record<Environment, ClientCredentials>>;
  businessModel?: BusinessModel;
  /** Starting wallet balance in rupees. */
  walletBalance?: number;
  lowBalanceThreshold?: number;
  allowedIps?: string[];
  webhookUrl?: string | null;
  webhookSecret?: string;
  tokenTtlSecs?: number;
  rateLimits?: RateLimitConfig;
  clock?: SandboxClock;
  catalogPath?: string;
  /** Source of jitter for webhook retries; seedable for deterministic tests. */
  random?: () => number;
  webhookTimeoutMs?: number;
  maxBodyBytes?: number;
  /** Real-time interval for resolving PROCESSING orders and retrying webhooks without an `advance`. */
  tickMs?: number;
}

export const SANDBOX_DEFAULTS = {
  env: 'staging' as Environment,
  businessModel: 'B2B' as BusinessModel,
  walletBalance: 500_000,
  lowBalanceThreshold: 10_000,
  tokenTtlSecs: 3600,
  webhookSecret: 'sandbox-webhook-secret',
  webhookTimeoutMs: 5000,
  maxBodyBytes: 64 * 1024,
  tickMs: 500,
};

/** Everything the emulated service knows, wired together once. */
export class SandboxState {
  readonly clock: SandboxClock;
  readonly env: Environment;
  businessModel: BusinessModel;
  allowedIps: string[];
  readonly catalog: CatalogStore;
  readonly faults = new FaultBoard();
  readonly tokens: TokenService;
  readonly webhooks: WebhookDispatcher;
  readonly wallet: Wallet;
  readonly rateLimiter: RateLimiter;
  readonly orders: OrderService;
  readonly maxBodyBytes: number;

  constructor(options: SandboxOptions) {
    this.clock = options.clock ?? new SandboxClock();
    this.env = options.env ?? SANDBOX_DEFAULTS.env;
    this.businessModel = options.businessModel ?? SANDBOX_DEFAULTS.businessModel;
    this.allowedIps = options.allowedIps ?? [...LOOPBACK_IPS];
    this.maxBodyBytes = options.maxBodyBytes ?? SANDBOX_DEFAULTS.maxBodyBytes;
    this.catalog = new CatalogStore(loadCatalogFile(options.catalogPath), testBrandRecords());
    this.tokens = new TokenService(
      this.clock,
      this.env,
      { ...DEFAULT_CREDENTIALS, ...options.credentials },
      options.tokenTtlSecs ?? SANDBOX_DEFAULTS.tokenTtlSecs,
    );
    this.webhooks = new WebhookDispatcher(
      this.clock,
      { url: options.webhookUrl ?? null, secret: options.webhookSecret ?? SANDBOX_DEFAULTS.webhookSecret },
      this.faults,
      options.random ?? Math.random,
      options.webhookTimeoutMs ?? SANDBOX_DEFAULTS.webhookTimeoutMs,
    );
    this.wallet = new Wallet(
      this.clock,
      toPaise(options.walletBalance ?? SANDBOX_DEFAULTS.walletBalance),
      toPaise(options.lowBalanceThreshold ?? SANDBOX_DEFAULTS.lowBalanceThreshold),
      (balance, threshold) => this.webhooks.emit('WALLET_LOW_BALANCE', { balance: balance / 100, threshold: threshold / 100 }),
    );
    this.rateLimiter = new RateLimiter(options.rateLimits ?? {});
    this.orders = new OrderService({
      clock: this.clock,
      catalog: this.catalog,
      wallet: this.wallet,
      rateLimiter: this.rateLimiter,
      webhooks: this.webhooks,
      businessModel: () => this.businessModel,
    });
  }

  /** Applies everything that is due by the sandbox clock: PROCESSING outcomes, then webhook attempts. */
  async settle(): Promise<void> {
    this.orders.resolveDue();
    await this.webhooks.pump();
  }
}
