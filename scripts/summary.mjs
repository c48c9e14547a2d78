// Adds up the Vitest and Playwright JSON reports into one closing line.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, e2eFile, failedSteps = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const e2e = read(e2eFile);
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
}
// A step that failed without a report (typecheck, lint, build) counts as a failure.
if (failed === 0 && Number(failedSteps) > 0) failed = Number(failedSteps);
console.log(`Summary: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
