#!/usr/bin/env node
// Reads vitest's JSON reports (test-results/vitest.json, and any others given: the cluster tests'
// test-results/vitest-cluster.json) and prints the line CI ends with: "N passed, N failed", summed
// over them. Exits non-zero when anything failed or a report is missing.
import { readFileSync } from 'node:fs';

const files = process.argv.length > 2 ? process.argv.slice(2) : ['test-results/vitest.json'];
let passed = 0;
let failed = 0;
let unsuccessful = false;
const missing = [];
for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    failed += 1;
    missing.push(`no test report at ${file}: ${err.code ?? err.message}`);
    continue;
  }
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  if (report.success === false) unsuccessful = true;
}
console.log(`${passed} passed, ${failed} failed${missing.length ? ` (${missing.join('; ')})` : ''}`);
process.exit(failed > 0 || unsuccessful ? 1 : 0);
