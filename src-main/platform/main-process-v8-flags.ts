/**
 * V8 flags for the process that runs the core (Electron's main process, the browser host).
 *
 * --max-semi-space-size=2 (MB): V8's young generation otherwise grows to 16 MB per semi-space
 * while the counter sells, and keeps it: about 30 MB of the main process's RSS growth over
 * 1,000 sales (test/bench/memory.bench.ts). Measured on the 2-core bench machine over 1,000
 * sales: 16 MB (default) 44 scavenges, 0.4 ms of GC per sale, RSS +44–56 MB; 2 MB 299
 * scavenges, 0.7 ms per sale, RSS +17–20 MB; 1 MB 1.6 ms per sale for no further saving.
 *
 * A heap size is fixed when V8 starts: v8.setFlagsFromString() in a running process does not
 * change it, and app.commandLine.appendSwitch('js-flags') reaches only the renderers. So these
 * must be on the command line that starts the process: `--js-flags=<flags joined by spaces>`
 * for Electron, the flags themselves for Node.
 */
export const MAIN_PROCESS_V8_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/** Electron's form of MAIN_PROCESS_V8_FLAGS: one switch that V8 of the main process reads at start. */
export const electronJsFlagsSwitch = (): string => `--js-flags=${MAIN_PROCESS_V8_FLAGS.join(' ')}`;
