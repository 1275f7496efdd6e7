// Sums every runner's JSON report under the given folder into one plain line:
// "N passed, N failed". A run that executed nothing prints "0 passed, 0 failed" and fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let reports = 0;

for (const name of existsSync(dir) ? readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  reports += 1;
  if (typeof report.numPassedTests === 'number') {
    // vitest (jest-compatible JSON reporter)
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    if (report.success === false && report.numFailedTests === 0) failed += 1;
  } else if (report.stats && typeof report.stats.expected === 'number') {
    // Playwright JSON reporter
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(reports > 0 && passed > 0 && failed === 0 ? 0 : 1);
