#!/usr/bin/env node
// Reads vitest's JSON report (test-results/vitest.json) and prints the line CI ends with:
// "N passed, N failed". Exits non-zero when anything failed or the report is missing.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.log(`0 passed, 1 failed (no test report at ${file}: ${err.code ?? err.message})`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed =
  (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || report.success === false ? 1 : 0);
