import { describeConfig } from '../server/core/config';
import { checkCompatibility, formatCompatReport } from '../server/data/compat-check';
import { withDatabase } from './cli';

/**
 * `npm run db:check`: a read-only compatibility report of the configured database. Exits 0 when the
 * site can be served, 1 when it cannot (missing tables or options, no connection).
 */
await withDatabase(async (config, db) => {
  const report = await checkCompatibility(db, config.tablePrefix, Object.keys(config.secrets).length);
  process.stdout.write(`${formatCompatReport(report, JSON.stringify(describeConfig(config).db))}\n`);
  return report.ok ? 0 : 1;
});
