import { DEFAULT_CREDENTIALS } from './auth/credentials.js';
import { CLI_USAGE, parseSandboxArgs } from './cli-options.js';
import { startSandbox } from './server.js';

/** `npm run sandbox -- [flags]`: the emulator on its own, for trainers and integrators. */
async function main(): Promise<void> {
  let options;
  try {
    options = parseSandboxArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`sandbox: ${(error as Error).message}\n\n${CLI_USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(CLI_USAGE);
    return;
  }
  const sandbox = await startSandbox(options);
  const env = sandbox.state.env;
  const creds = options.credentials?.[env] ?? DEFAULT_CREDENTIALS[env];
  console.log(`Gift Voucher Partner API sandbox (${env}, ${sandbox.state.businessModel}) listening on ${sandbox.url}`);
  console.log(`  clientId: ${creds.clientId}   (sandbox credentials, not secret)`);
  console.log(`  brands: ${sandbox.state.catalog.size}; control surface: ${sandbox.url}/__sandbox/state`);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
