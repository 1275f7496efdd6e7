import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (no Playwright browser download here) drives the built
 * renderer through the browser host. `npm run build` must have produced out/renderer first
 * (`npm test` does it). Each test starts its own sandbox and host (test/e2e/fixtures).
 */
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each test runs a sandbox, a core and a browser: one at a time on a 2-core CI machine.
  workers: process.env['CI'] ? 1 : undefined,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  // .ci/summarise.mjs sums test-results/*.json; Playwright's own artifacts go one level down,
  // because Playwright empties its outputDir at start and would delete vitest.json beside it.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
