import { silentLogger } from '../../src-main/platform/logger.js';
import { startStoreServer } from '../../src-main/store-server/server.js';
import { SANDBOX_CREDENTIALS, TEST_VAULT_KEY } from './store-harness.js';

/**
 * A store server in a process of its own, with a short order timeout (the CLI has no flag for
 * it), for tests that SIGKILL one mid-sale. Arguments: DATABASE_URL PARTNER_BASE_URL ORDER_TIMEOUT_MS.
 */
const [databaseUrl, partnerBaseUrl, orderResponseMs] = process.argv.slice(2);
const server = await startStoreServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent-store-dir',
  partnerBaseUrl: partnerBaseUrl!,
  ...SANDBOX_CREDENTIALS,
  environment: 'staging',
  databaseUrl,
  storeId: 'main',
  timeouts: { orderResponseMs: Number(orderResponseMs) },
  vaultKey: TEST_VAULT_KEY,
  logger: silentLogger,
});
console.log(`Store server ready: ${server.url}`);
