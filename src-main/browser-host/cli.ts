import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCAL_KEY_FILE_NAME } from '../platform/local-key-file.js';
import { createLogger } from '../platform/logger.js';
import { startBrowserHost } from './host.js';

const USAGE = `npm run web -- [--port N] [--partner-base-url URL] [--data-dir DIR]
                 [--store-server URL [--pairing-code CODE] [--counter-name NAME]]

Serves the built renderer on 127.0.0.1 with the app's contract over HTTP (development and
end-to-end tests; Training mode only) and prints the URL to open.

  --port N                 port on 127.0.0.1 (default: a free one)
  --partner-base-url URL   Training talks to this sandbox / service instead of a built-in sandbox
  --data-dir DIR           keep the data folder between runs (default: a fresh temporary one,
                           removed on exit). A restart on it settles the sales a stop left
                           unfinished. Its Training key is the file
                           ${LOCAL_KEY_FILE_NAME} there (mode 0600, not protected:
                           there is no OS keychain here; practice data only).
  --store-server URL       this counter belongs to the store server at URL and sells
                           through it (in the store's environment, not Training). The
                           first start needs --pairing-code (from \`npm run store-server --
                           pairing-code\`); the counter's credential is then kept in the
                           data folder's key file, so use --data-dir to keep it.
  --counter-name NAME      how the store lists this counter (default: Counter on <host>)`;

interface WebOptions {
  port: number;
  trainingBaseUrl?: string;
  dataDir?: string;
  storeServer?: { url: string; pairingCode?: string; counterName?: string };
}

function parse(argv: string[]): WebOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'partner-base-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'store-server': { type: 'string' },
      'pairing-code': { type: 'string' },
      'counter-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0–65535, not ${values.port}`);
  const base = values['partner-base-url'];
  if (base !== undefined && !/^https?:$/.test(safeProtocol(base))) throw new Error(`--partner-base-url must be an http(s) URL, not ${base}`);
  const store = values['store-server'];
  if (store !== undefined && !/^https?:$/.test(safeProtocol(store))) throw new Error(`--store-server must be an http(s) URL, not ${store}`);
  if (store === undefined && (values['pairing-code'] !== undefined || values['counter-name'] !== undefined)) throw new Error('--pairing-code and --counter-name go with --store-server');
  const counterName = values['counter-name']?.trim();
  if (counterName !== undefined && (counterName.length < 1 || counterName.length > 60)) throw new Error('--counter-name must be 1–60 characters');
  return {
    port,
    trainingBaseUrl: base?.replace(/\/+$/, ''),
    dataDir: values['data-dir'],
    storeServer: store === undefined ? undefined : { url: store.replace(/\/+$/, ''), pairingCode: values['pairing-code'], counterName },
  };
}

function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

async function main(): Promise<void> {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`web: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
  if (!existsSync(`${rendererDir}/index.html`)) {
    console.error('web: out/renderer/index.html is missing; run `npm run build` first (`npm run web` does).');
    process.exit(1);
  }
  // Only warnings and errors on the terminal: the launch URL must stay easy to find.
  const logger = createLogger((line) => {
    if (/"level":"(warn|error)"/.test(line)) process.stderr.write(`${line}\n`);
  });
  let host;
  try {
    host = await startBrowserHost({ rendererDir, ...options, logger });
  } catch (error) {
    // The reason is a sentence naming the file and what to do (a key that cannot be unwrapped, a
    // port in use); a stack trace would bury it.
    console.error(`web: cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
  const store = host.core.store?.view();
  console.log(
    store
      ? `Gift Voucher POS — browser host, counter “${store.counterName}” of store ${store.storeId} (${store.environment}) through ${store.url}`
      : `Gift Voucher POS — browser host (Training only), backend ${host.core.env().baseUrl}`,
  );
  console.log(`Open: ${host.launchUrl}`);
  console.log('Ctrl+C stops it.');
  const stop = (): void => {
    void host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
