import { pendingMigrations, runMigrations } from '../migrations/index';
import { runningDdlProgress } from '../server/data/ddl-progress';
import { withDatabase } from './cli';
import { timedStep } from './progress';

/**
 * `npm run migrate`: applies pending migrations to the configured database. They only add what is
 * missing (tables on an empty database, indexes); existing WordPress tables are never altered.
 * `npm run migrate -- --status` lists pending migrations without applying them.
 */
await withDatabase(async (config, db) => {
  if (process.argv.includes('--status')) {
    const pending = await pendingMigrations(db, config.tablePrefix);
    process.stdout.write(
      pending.length ? `Pending migrations:\n${pending.map((m) => `  ${m}\n`).join('')}` : 'No pending migrations.\n',
    );
    return 0;
  }
  // Each step says when it starts and how long it took, and every 10 s that it is still running.
  const detail = async () => {
    const progress = await runningDdlProgress(db);
    return progress === undefined ? '' : ` (the server reports ${progress.toFixed(1)}% of the index built)`;
  };
  const ran = await runMigrations(db, config.tablePrefix, (name, work) =>
    timedStep(`Migration ${name}`, work, { detail }),
  );
  process.stdout.write(
    ran.length ? `Applied:\n${ran.map((m) => `  ${m}\n`).join('')}` : 'Nothing to do: the database is up to date.\n',
  );
  return 0;
});
