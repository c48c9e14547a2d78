// Adds up Vitest and Playwright JSON reports into one closing line: "<Label>: N passed, N failed".
// Usage: node scripts/summary.mjs <Label> <failed steps without a report> <report.json>...
import { existsSync, readFileSync } from 'node:fs';

const [label = 'Summary', failedSteps = '0', ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of files) {
  if (!file || !existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected ?? 0;
    skipped += report.stats.skipped ?? 0;
  } else {
    // Vitest
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
// A step that failed without a report (typecheck, lint, build) counts as a failure.
if (failed === 0 && Number(failedSteps) > 0) failed = Number(failedSteps);
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
