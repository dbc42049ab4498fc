import { pendingMigrations } from '../../migrations/index';
import { tourmasterTables, wordpressTables } from '../../migrations/schema/wordpress-tables';
import { type Database, listColumns, listTables } from './db';
import { parseDump } from './mysql-dump';
import { getOptions } from './options';
import { countOrders } from './orders';
import { countPosts } from './posts';
import { countReviews } from './reviews';
import { createWpDb } from './tables';
import { countUsers } from './users';

/** Tables without which the server cannot answer (the room and comment tables are optional). */
const REQUIRED_TABLES = [
  'posts',
  'postmeta',
  'options',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'users',
  'usermeta',
  'tourmaster_order',
  'tourmaster_review',
];

/** Options the pages and protocol read; only siteurl and home are indispensable. */
const REQUIRED_OPTIONS = ['siteurl', 'home'];
const EXPECTED_OPTIONS = ['tourmaster_general', 'tourmaster_payment', 'permalink_structure', 'blogname'];

export interface CompatReport {
  ok: boolean;
  engine: string;
  serverVersion: string;
  prefix: string;
  tables: { name: string; present: boolean; required: boolean; missingColumns: string[]; collation?: string }[];
  options: { name: string; present: boolean; required: boolean }[];
  counts: { tours: number; orders: number; reviews: number; users: number } | undefined;
  pendingMigrations: string[];
  problems: string[];
  warnings: string[];
}

/** What `npm run db:check` prints: can this database be served, and what is in it. */
export async function checkCompatibility(
  db: Database,
  prefix: string,
  secretsConfigured: number,
): Promise<CompatReport> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const present = new Set(await listTables(db));
  const collations = await tableCollations(db);
  const schema = {
    ...wordpressTables({ prefix, charset: 'utf8mb4', collate: 'x' }),
    ...tourmasterTables({ prefix, charset: 'utf8mb4', collate: 'x' }),
  };

  const tables: CompatReport['tables'] = [];
  for (const [short, ddl] of Object.entries(schema)) {
    const name = `${prefix}${short}`;
    const required = REQUIRED_TABLES.includes(short);
    const statement = parseDump(ddl)[0];
    const expected = statement?.kind === 'create-table' ? statement.def.columns.map((c) => c.name) : [];
    if (!present.has(name)) {
      tables.push({ name, present: false, required, missingColumns: [] });
      (required ? problems : warnings).push(`Table ${name} is missing${required ? '' : ' (optional)'}.`);
      continue;
    }
    const columns = new Set((await listColumns(db, name)).map((c) => c.toLowerCase()));
    const missingColumns = expected.filter((c) => !columns.has(c.toLowerCase()));
    if (missingColumns.length)
      (required ? problems : warnings).push(`Table ${name} lacks columns: ${missingColumns.join(', ')}.`);
    const collation = collations.get(name);
    if (collation && !/^utf8mb4_/i.test(collation))
      warnings.push(`Table ${name} uses ${collation}; WordPress expects utf8mb4.`);
    tables.push({ name, present: true, required, missingColumns, ...(collation ? { collation } : {}) });
  }
  if (!tables.some((t) => t.present))
    problems.push(`No WordPress tables with the prefix "${prefix}" were found. Is the prefix right?`);

  const options: CompatReport['options'] = [];
  let counts: CompatReport['counts'];
  if (present.has(`${prefix}options`)) {
    const wp = createWpDb(db, prefix);
    const stored = await getOptions(wp, [...REQUIRED_OPTIONS, ...EXPECTED_OPTIONS]);
    for (const name of [...REQUIRED_OPTIONS, ...EXPECTED_OPTIONS]) {
      const required = REQUIRED_OPTIONS.includes(name);
      const has = stored.has(name) && stored.get(name) !== '';
      options.push({ name, present: has, required });
      if (!has)
        (required ? problems : warnings).push(`Option ${name} is not set${required ? '' : '; defaults will be used'}.`);
    }
    if (REQUIRED_TABLES.every((t) => present.has(`${prefix}${t}`))) {
      counts = {
        tours: await countPosts(wp, 'tour'),
        orders: await countOrders(wp),
        reviews: await countReviews(wp),
        users: await countUsers(wp),
      };
      if (counts.tours === 0) warnings.push('There are no published tours.');
    }
  }
  const pending = await pendingMigrations(db, prefix).catch(() => [] as string[]);
  if (pending.length) warnings.push(`${pending.length} migration(s) pending: run \`npm run migrate\`.`);
  if (secretsConfigured < 8) {
    warnings.push(
      `${8 - secretsConfigured} of the 8 keys and salts are not configured; the site options WordPress keeps for that case are used (logins made in WordPress stay valid only if WordPress uses the same).`,
    );
  }
  return {
    ok: problems.length === 0,
    engine: db.engine,
    serverVersion: await serverVersion(db),
    prefix,
    tables,
    options,
    counts,
    pendingMigrations: pending,
    problems,
    warnings,
  };
}

async function serverVersion(db: Database): Promise<string> {
  if (db.engine === 'mysql') {
    const [rows] = (await db.knex.raw('SELECT VERSION() AS v')) as [{ v: string }[]];
    return rows[0]?.v ?? '';
  }
  const rows = (await db.knex.raw('SELECT sqlite_version() AS v')) as { v: string }[];
  return `SQLite ${rows[0]?.v ?? ''}`;
}

async function tableCollations(db: Database): Promise<Map<string, string>> {
  if (db.engine !== 'mysql') return new Map();
  const [rows] = (await db.knex.raw(
    'SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
  )) as [{ name: string; collation: string | null }[]];
  return new Map(rows.filter((r) => r.collation).map((r) => [r.name, r.collation!]));
}

/** The report as the lines `db:check` prints. */
export function formatCompatReport(report: CompatReport, connection: string): string {
  const lines = [
    `Database: ${connection}`,
    `Server: ${report.serverVersion}`,
    `Table prefix: ${report.prefix}`,
    '',
    'Tables:',
    ...report.tables.map(
      (t) =>
        `  ${t.present ? (t.missingColumns.length ? '!' : '✓') : t.required ? '✗' : '-'} ${t.name}` +
        (t.missingColumns.length ? ` (missing columns: ${t.missingColumns.join(', ')})` : '') +
        (t.collation ? ` [${t.collation}]` : '') +
        (!t.present && !t.required ? ' (optional, absent)' : ''),
    ),
    '',
    'Options:',
    ...report.options.map((o) => `  ${o.present ? '✓' : o.required ? '✗' : '-'} ${o.name}`),
  ];
  if (report.counts) {
    const c = report.counts;
    lines.push('', `Content: ${c.tours} published tours, ${c.orders} orders, ${c.reviews} reviews, ${c.users} users`);
  }
  lines.push(
    '',
    `Migrations pending: ${report.pendingMigrations.length ? report.pendingMigrations.join(', ') : 'none'}`,
  );
  if (report.warnings.length) lines.push('', 'Warnings:', ...report.warnings.map((w) => `  - ${w}`));
  if (report.problems.length) lines.push('', 'Problems:', ...report.problems.map((p) => `  - ${p}`));
  lines.push(
    '',
    report.ok
      ? 'Result: this database can be served.'
      : 'Result: this database CANNOT be served until the problems above are fixed.',
  );
  return lines.join('\n');
}
