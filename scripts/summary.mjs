// Adds up Vitest and Playwright JSON reports into one closing line: "<Label>: N passed, N failed".
// Usage: node scripts/summary.mjs <Label> <failed steps without a report> <report.json>...
import { existsSync, readFileSync } from 'node:fs';

const [label = 'Summary', failedSteps = '0', ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
// What failed, by name, so that the last lines of a long log say which test to look at.
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const result = (test.results ?? []).at(-1);
      failures.push(`${spec.file ?? file}: ${spec.title} — ${firstLine(result?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, suite.file ?? file);
}

for (const file of files) {
  if (!file || !existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected ?? 0;
    skipped += report.stats.skipped ?? 0;
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file);
  } else {
    // Vitest
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const name = String(file.name ?? '').replace(`${process.cwd()}/`, '');
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${name}: ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
      }
      // A file that failed to load has no failed test of its own.
      if (file.status === 'failed' && failedTests.length === 0) {
        failures.push(`${name}: ${firstLine(file.message)}`);
      }
    }
  }
}
// A step that failed without a report (typecheck, lint, build) counts as a failure.
if (failed === 0 && Number(failedSteps) > 0) failed = Number(failedSteps);
for (const failure of failures) console.log(`  failed: ${failure.slice(0, 400)}`);
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
