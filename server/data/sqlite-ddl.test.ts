import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DumpStatement, TableDef } from './mysql-dump';
import { parseDump } from './mysql-dump';
import { quoteSqlite, sqliteCreateIndex, sqliteCreateTable, sqliteIndexName } from './sqlite-ddl';

const FIXTURE_DUMP = path.resolve(import.meta.dirname, '../../legacy-fixtures/wp-legacy.sql');
const fixture = parseDump(readFileSync(FIXTURE_DUMP, 'utf8'));
const fixtureTables = fixture.filter(
  (s): s is Extract<DumpStatement, { kind: 'create-table' }> => s.kind === 'create-table',
);

function fixtureDef(table: string): TableDef {
  const def = fixtureTables.find((s) => s.table === table)?.def;
  if (!def) throw new Error(`${table} is not in the fixture dump`);
  return def;
}

function defOf(createTable: string): TableDef {
  const [statement] = parseDump(createTable);
  if (statement?.kind !== 'create-table') throw new Error('not a CREATE TABLE');
  return statement.def;
}

/** Exercises most of the type, collation, key and default mappings in one table. */
const MIXED_DDL = `CREATE TABLE \`shop_items\` (
  \`sku\` varchar(40) NOT NULL,
  \`slug\` varchar(200) COLLATE utf8mb4_bin NOT NULL DEFAULT '',
  \`title\` text NOT NULL,
  \`kind\` enum('tour','room') NOT NULL DEFAULT 'tour',
  \`price\` decimal(10,2) NOT NULL DEFAULT -1.50,
  \`rating\` double DEFAULT NULL,
  \`weight\` float NOT NULL DEFAULT 0,
  \`active\` tinyint(1) NOT NULL DEFAULT 1,
  \`flags\` bit(1) DEFAULT NULL,
  \`photo\` longblob,
  \`hash\` varbinary(32) DEFAULT NULL,
  \`created\` timestamp NOT NULL DEFAULT current_timestamp(),
  \`opens\` time DEFAULT '09:00:00',
  \`since\` year(4) DEFAULT NULL,
  \`note\` varchar(50) DEFAULT 'it\\'s',
  \`token\` char(36) DEFAULT uuid(),
  PRIMARY KEY (\`sku\`),
  UNIQUE KEY \`slug\` (\`slug\`),
  KEY \`kind_price\` (\`kind\`,\`price\`),
  FULLTEXT KEY \`search\` (\`title\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;`;

describe('sqliteCreateTable on the legacy tables', () => {
  it('translates wp_postmeta: auto-increment key, NOCASE text, prefixed index names', () => {
    expect(sqliteCreateTable(fixtureDef('wp_postmeta'))).toStrictEqual([
      [
        'CREATE TABLE IF NOT EXISTS "wp_postmeta" (',
        '  "meta_id" INTEGER PRIMARY KEY AUTOINCREMENT,',
        '  "post_id" INTEGER NOT NULL DEFAULT 0,',
        '  "meta_key" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "meta_value" TEXT COLLATE NOCASE DEFAULT NULL',
        ')',
      ].join('\n'),
      'CREATE INDEX IF NOT EXISTS "wp_postmeta__post_id" ON "wp_postmeta" ("post_id")',
      // The MySQL prefix length (meta_key(191)) has no SQLite counterpart: the whole column is indexed.
      'CREATE INDEX IF NOT EXISTS "wp_postmeta__meta_key" ON "wp_postmeta" ("meta_key")',
    ]);
  });

  it('translates wp_users: datetime columns get no NOCASE', () => {
    expect(sqliteCreateTable(fixtureDef('wp_users'))).toStrictEqual([
      [
        'CREATE TABLE IF NOT EXISTS "wp_users" (',
        '  "ID" INTEGER PRIMARY KEY AUTOINCREMENT,',
        `  "user_login" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        `  "user_pass" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        `  "user_nicename" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        `  "user_email" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        `  "user_url" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        `  "user_registered" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',`,
        `  "user_activation_key" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        '  "user_status" INTEGER NOT NULL DEFAULT 0,',
        `  "display_name" TEXT COLLATE NOCASE NOT NULL DEFAULT ''`,
        ')',
      ].join('\n'),
      'CREATE INDEX IF NOT EXISTS "wp_users__user_login_key" ON "wp_users" ("user_login")',
      'CREATE INDEX IF NOT EXISTS "wp_users__user_nicename" ON "wp_users" ("user_nicename")',
      'CREATE INDEX IF NOT EXISTS "wp_users__user_email" ON "wp_users" ("user_email")',
    ]);
  });

  it('translates wp_term_relationships: a composite primary key becomes a table constraint', () => {
    expect(sqliteCreateTable(fixtureDef('wp_term_relationships'))).toStrictEqual([
      [
        'CREATE TABLE IF NOT EXISTS "wp_term_relationships" (',
        '  "object_id" INTEGER NOT NULL DEFAULT 0,',
        '  "term_taxonomy_id" INTEGER NOT NULL DEFAULT 0,',
        '  "term_order" INTEGER NOT NULL DEFAULT 0,',
        '  PRIMARY KEY ("object_id", "term_taxonomy_id")',
        ')',
      ].join('\n'),
      'CREATE INDEX IF NOT EXISTS "wp_term_relationships__term_taxonomy_id" ON "wp_term_relationships" ("term_taxonomy_id")',
    ]);
  });

  it('translates wp_tourmaster_order: decimal is NUMERIC, date and datetime are TEXT without NOCASE', () => {
    expect(sqliteCreateTable(fixtureDef('wp_tourmaster_order'))).toStrictEqual([
      [
        'CREATE TABLE IF NOT EXISTS "wp_tourmaster_order" (',
        '  "id" INTEGER PRIMARY KEY AUTOINCREMENT,',
        '  "user_id" INTEGER DEFAULT NULL,',
        `  "booking_date" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',`,
        '  "tour_id" INTEGER DEFAULT NULL,',
        `  "travel_date" TEXT NOT NULL DEFAULT '0000-00-00',`,
        `  "package_group_slug" TEXT COLLATE NOCASE NOT NULL DEFAULT '',`,
        '  "traveller_amount" INTEGER DEFAULT NULL,',
        '  "male_amount" INTEGER DEFAULT NULL,',
        '  "female_amount" INTEGER DEFAULT NULL,',
        '  "contact_info" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "billing_info" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "traveller_info" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "coupon_code" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "order_status" TEXT COLLATE NOCASE DEFAULT NULL,',
        `  "payment_date" TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',`,
        '  "total_price" NUMERIC DEFAULT NULL,',
        '  "pricing_info" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "payment_info" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "booking_detail" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "currency" TEXT COLLATE NOCASE DEFAULT NULL,',
        '  "woocommerce_order_id" INTEGER DEFAULT NULL',
        ')',
      ].join('\n'),
    ]);
  });

  it('translates wp_options: the UNIQUE KEY becomes a UNIQUE INDEX', () => {
    expect(sqliteCreateTable(fixtureDef('wp_options')).slice(1)).toStrictEqual([
      'CREATE UNIQUE INDEX IF NOT EXISTS "wp_options__option_name" ON "wp_options" ("option_name")',
      'CREATE INDEX IF NOT EXISTS "wp_options__autoload" ON "wp_options" ("autoload")',
    ]);
  });
});

describe('sqliteCreateTable on other MySQL definitions', () => {
  it('maps types, collations, keys and defaults; skips FULLTEXT and defaults SQLite cannot express', () => {
    expect(sqliteCreateTable(defOf(MIXED_DDL))).toStrictEqual([
      [
        'CREATE TABLE IF NOT EXISTS "shop_items" (',
        '  "sku" TEXT COLLATE NOCASE NOT NULL,',
        `  "slug" TEXT NOT NULL DEFAULT '',`,
        '  "title" TEXT COLLATE NOCASE NOT NULL,',
        `  "kind" TEXT COLLATE NOCASE NOT NULL DEFAULT 'tour',`,
        '  "price" NUMERIC NOT NULL DEFAULT -1.50,',
        '  "rating" REAL DEFAULT NULL,',
        '  "weight" REAL NOT NULL DEFAULT 0,',
        '  "active" INTEGER NOT NULL DEFAULT 1,',
        '  "flags" INTEGER DEFAULT NULL,',
        '  "photo" BLOB,',
        '  "hash" BLOB DEFAULT NULL,',
        '  "created" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,',
        `  "opens" TEXT DEFAULT '09:00:00',`,
        '  "since" TEXT DEFAULT NULL,',
        `  "note" TEXT COLLATE NOCASE DEFAULT 'it''s',`,
        '  "token" TEXT COLLATE NOCASE,',
        '  PRIMARY KEY ("sku")',
        ')',
      ].join('\n'),
      'CREATE UNIQUE INDEX IF NOT EXISTS "shop_items__slug" ON "shop_items" ("slug")',
      'CREATE INDEX IF NOT EXISTS "shop_items__kind_price" ON "shop_items" ("kind", "price")',
    ]);
  });

  it('gives no NOCASE to any text column of a table whose default collation is _bin', () => {
    const [create] = sqliteCreateTable(
      defOf(`CREATE TABLE t (
  \`a\` varchar(10) NOT NULL,
  \`b\` varchar(10) COLLATE utf8mb4_general_ci NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`),
    );
    expect(create).toBe(
      ['CREATE TABLE IF NOT EXISTS "t" (', '  "a" TEXT NOT NULL,', '  "b" TEXT COLLATE NOCASE NOT NULL', ')'].join(
        '\n',
      ),
    );
  });
});

describe('identifier helpers', () => {
  it('quotes identifiers for SQLite, doubling embedded quotes', () => {
    expect(quoteSqlite('wp_posts')).toBe('"wp_posts"');
    expect(quoteSqlite('odd"name')).toBe('"odd""name"');
  });

  it('prefixes index names with their table, since SQLite index names are global', () => {
    expect(sqliteIndexName('wp_posts', 'post_name')).toBe('wp_posts__post_name');
    expect(sqliteCreateIndex('wp_posts', 'post_name', ['post_name'], false)).toBe(
      'CREATE INDEX IF NOT EXISTS "wp_posts__post_name" ON "wp_posts" ("post_name")',
    );
    expect(sqliteCreateIndex('wp_x', 'ab', ['a', 'b'], true)).toBe(
      'CREATE UNIQUE INDEX IF NOT EXISTS "wp_x__ab" ON "wp_x" ("a", "b")',
    );
  });
});

describe('the translated DDL in SQLite', () => {
  let db: Database.Database;
  const create = (def: TableDef) => {
    for (const sql of sqliteCreateTable(def)) db.exec(sql);
  };
  beforeEach(() => {
    db = new Database(':memory:');
  });
  afterEach(() => {
    db.close();
  });

  it('rejects an option_name that differs only in case, as MySQL _ci collation does', () => {
    create(fixtureDef('wp_options'));
    const insert = db.prepare('INSERT INTO wp_options (option_name, option_value) VALUES (?, ?)');
    insert.run('siteurl', 'http://a.test');
    expect(() => insert.run('SiteURL', 'http://b.test')).toThrow(/UNIQUE constraint failed: wp_options\.option_name/);
    insert.run('home', 'http://a.test');
    const row = db
      .prepare('SELECT option_id, option_value, autoload FROM wp_options WHERE option_name = ?')
      .get('HOME');
    expect(row).toStrictEqual({ option_id: 2, option_value: 'http://a.test', autoload: 'yes' });
  });

  it('keeps a _bin column case-sensitive, unique index included', () => {
    create(defOf(MIXED_DDL));
    const insert = db.prepare('INSERT INTO shop_items (sku, slug, title) VALUES (?, ?, ?)');
    insert.run('A-1', 'santorini', 'x');
    insert.run('A-2', 'Santorini', 'x');
    expect(() => insert.run('A-3', 'santorini', 'x')).toThrow(/UNIQUE constraint failed: shop_items\.slug/);
    // The primary key of a _ci column folds case.
    expect(() => insert.run('a-1', 'other', 'x')).toThrow(/UNIQUE constraint failed: shop_items\.sku/);
  });

  it('fills in the translated defaults', () => {
    create(defOf(MIXED_DDL));
    db.prepare('INSERT INTO shop_items (sku, title) VALUES (?, ?)').run('A-1', 'Cruise');
    const row = db.prepare('SELECT * FROM shop_items').get() as Record<string, unknown>;
    expect(row).toMatchObject({
      slug: '',
      kind: 'tour',
      price: -1.5,
      rating: null,
      weight: 0,
      active: 1,
      opens: '09:00:00',
      note: "it's",
      token: null,
    });
    expect(row.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('enforces a composite primary key and numbers an auto-increment key', () => {
    create(fixtureDef('wp_term_relationships'));
    const relate = db.prepare('INSERT INTO wp_term_relationships (object_id, term_taxonomy_id) VALUES (?, ?)');
    relate.run(4, 2);
    relate.run(4, 3);
    expect(() => relate.run(4, 2)).toThrow(/UNIQUE constraint failed/);

    create(fixtureDef('wp_postmeta'));
    const meta = db.prepare('INSERT INTO wp_postmeta (post_id, meta_key) VALUES (?, ?)');
    expect(meta.run(4, 'a').lastInsertRowid).toBe(1);
    expect(meta.run(4, 'b').lastInsertRowid).toBe(2);
  });

  it('creates every table of the legacy dump with all its indexes, and takes every row', () => {
    for (const { def } of fixtureTables) create(def);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'wp\\_%' ESCAPE '\\'");
    expect(tables.all()).toHaveLength(17);
    const wantedIndexes = fixtureTables.flatMap(({ def }) =>
      def.indexes.filter((i) => !i.fulltext).map((i) => sqliteIndexName(def.name, i.name)),
    );
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all()
      .map((r) => (r as { name: string }).name);
    expect(indexes.sort()).toStrictEqual(wantedIndexes.sort());

    let rows = 0;
    db.transaction(() => {
      for (const s of fixture) {
        if (s.kind !== 'insert') continue;
        for (const row of s.rows) {
          db.prepare(`INSERT INTO ${quoteSqlite(s.table)} VALUES (${row.map(() => '?').join(', ')})`).run(...row);
          rows++;
        }
      }
    })();
    expect(rows).toBe(539);
    const order = db.prepare('SELECT total_price, travel_date FROM wp_tourmaster_order WHERE id = 1').get();
    expect(order).toStrictEqual({ total_price: 523.2, travel_date: '2027-06-05' });
  });
});
