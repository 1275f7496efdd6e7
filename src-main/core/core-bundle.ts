/**
 * The entry of the core bundle: what a host (the Electron main process, the bench's start-up
 * child) takes from the core. electron.vite.config.ts builds it as one CommonJS file beside the
 * main entry, and hosts load it through load-core-bundle.ts, with V8's code cache.
 */
export { createBridge } from '../bridge/bridge.js';
export { createCore } from './create-core.js';
export { NO_KEYCHAIN } from '../platform/secret-store.js';
export { jsonFileBackend } from '../settings/json-file-backend.js';
/** The contract's shell methods (their input schemas), for the shell's printing handlers: loaded on demand, from the core's own contract and zod. */
export const loadShellMethods = async () => (await import('../contract/shell.js')).shellMethods;
