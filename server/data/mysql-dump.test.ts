import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ColumnDef, DumpStatement } from './mysql-dump';
import { DumpSyntaxError, parseDump, splitStatements, unescapeMysqlString } from './mysql-dump';

const FIXTURE_DUMP = path.resolve(import.meta.dirname, '../../legacy-fixtures/wp-legacy.sql');

/** The one statement `sql` parses to, checked to be of `kind`. */
function single<K extends DumpStatement['kind']>(sql: string, kind: K): Extract<DumpStatement, { kind: K }> {
  const statements = parseDump(sql);
  expect(statements).toHaveLength(1);
  expect(statements[0]?.kind).toBe(kind);
  return statements[0] as Extract<DumpStatement, { kind: K }>;
}

function syntaxErrorOf(run: () => unknown): DumpSyntaxError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(DumpSyntaxError);
    return err as DumpSyntaxError;
  }
  throw new Error('expected a DumpSyntaxError, nothing was thrown');
}

function column(over: Partial<ColumnDef> & Pick<ColumnDef, 'name' | 'type' | 'baseType'>): ColumnDef {
  return { notNull: false, defaultSql: undefined, autoIncrement: false, collate: undefined, ...over };
}

// Copied from legacy-fixtures/wp-legacy.sql, with the executable comments mysqldump puts around them.
const WP_POSTS_DDL = `/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE \`wp_posts\` (
  \`ID\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`post_author\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`post_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_date_gmt\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_content\` longtext NOT NULL,
  \`post_title\` text NOT NULL,
  \`post_excerpt\` text NOT NULL,
  \`post_status\` varchar(20) NOT NULL DEFAULT 'publish',
  \`comment_status\` varchar(20) NOT NULL DEFAULT 'open',
  \`ping_status\` varchar(20) NOT NULL DEFAULT 'open',
  \`post_password\` varchar(255) NOT NULL DEFAULT '',
  \`post_name\` varchar(200) NOT NULL DEFAULT '',
  \`to_ping\` text NOT NULL,
  \`pinged\` text NOT NULL,
  \`post_modified\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_modified_gmt\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_content_filtered\` longtext NOT NULL,
  \`post_parent\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`guid\` varchar(255) NOT NULL DEFAULT '',
  \`menu_order\` int(11) NOT NULL DEFAULT 0,
  \`post_type\` varchar(20) NOT NULL DEFAULT 'post',
  \`post_mime_type\` varchar(100) NOT NULL DEFAULT '',
  \`comment_count\` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`ID\`),
  KEY \`post_name\` (\`post_name\`(191)),
  KEY \`type_status_date\` (\`post_type\`,\`post_status\`,\`post_date\`,\`ID\`),
  KEY \`post_parent\` (\`post_parent\`),
  KEY \`post_author\` (\`post_author\`)
) ENGINE=InnoDB AUTO_INCREMENT=34 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
`;

const WP_TOURMASTER_ORDER_DDL = `CREATE TABLE \`wp_tourmaster_order\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`user_id\` bigint(20) unsigned DEFAULT NULL,
  \`booking_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`tour_id\` bigint(20) unsigned DEFAULT NULL,
  \`travel_date\` date NOT NULL DEFAULT '0000-00-00',
  \`package_group_slug\` varchar(100) NOT NULL DEFAULT '',
  \`traveller_amount\` tinyint(3) unsigned DEFAULT NULL,
  \`male_amount\` tinyint(3) unsigned DEFAULT NULL,
  \`female_amount\` tinyint(3) unsigned DEFAULT NULL,
  \`contact_info\` longtext DEFAULT NULL,
  \`billing_info\` longtext DEFAULT NULL,
  \`traveller_info\` longtext DEFAULT NULL,
  \`coupon_code\` varchar(50) DEFAULT NULL,
  \`order_status\` varchar(20) DEFAULT NULL,
  \`payment_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`total_price\` decimal(19,4) DEFAULT NULL,
  \`pricing_info\` longtext DEFAULT NULL,
  \`payment_info\` longtext DEFAULT NULL,
  \`booking_detail\` longtext DEFAULT NULL,
  \`currency\` longtext DEFAULT NULL,
  \`woocommerce_order_id\` bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB AUTO_INCREMENT=12 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;`;

const WP_OPTIONS_DDL = `CREATE TABLE \`wp_options\` (
  \`option_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`option_name\` varchar(191) NOT NULL DEFAULT '',
  \`option_value\` longtext NOT NULL,
  \`autoload\` varchar(20) NOT NULL DEFAULT 'yes',
  PRIMARY KEY (\`option_id\`),
  UNIQUE KEY \`option_name\` (\`option_name\`),
  KEY \`autoload\` (\`autoload\`)
) ENGINE=InnoDB AUTO_INCREMENT=165 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;`;

describe('splitStatements', () => {
  const texts = (sql: string) => [...splitStatements(sql)].map((s) => s.text);

  const cases: { name: string; sql: string; expected: string[] }[] = [
    { name: 'splits on semicolons and trims', sql: 'SET a=1;\n  SET b=2;\n', expected: ['SET a=1', 'SET b=2'] },
    { name: 'keeps a last statement without a semicolon', sql: 'SET a=1;\nSET b=2', expected: ['SET a=1', 'SET b=2'] },
    { name: 'drops empty statements', sql: ';; ;\nSET a=1;;\n', expected: ['SET a=1'] },
    {
      name: "does not split inside '...'",
      sql: "INSERT INTO t VALUES ('a;b');SET x=1;",
      expected: ["INSERT INTO t VALUES ('a;b')", 'SET x=1'],
    },
    {
      name: 'does not split inside "..."',
      sql: 'INSERT INTO t VALUES ("a;b");SET x=1;',
      expected: ['INSERT INTO t VALUES ("a;b")', 'SET x=1'],
    },
    {
      name: 'does not split inside `...`',
      sql: 'CREATE TABLE `a;b` (`c;d` int);SET x=1;',
      expected: ['CREATE TABLE `a;b` (`c;d` int)', 'SET x=1'],
    },
    {
      name: 'a backslash-escaped quote does not end the string',
      sql: "INSERT INTO t VALUES ('it\\'s; fine');SET x=1;",
      expected: ["INSERT INTO t VALUES ('it\\'s; fine')", 'SET x=1'],
    },
    {
      name: 'a doubled quote does not end the string',
      sql: "INSERT INTO t VALUES ('it''s; fine');SET x=1;",
      expected: ["INSERT INTO t VALUES ('it''s; fine')", 'SET x=1'],
    },
    {
      name: 'a backslash does not escape inside backticks',
      sql: 'CREATE TABLE `a\\` (x int);SET y=1;',
      expected: ['CREATE TABLE `a\\` (x int)', 'SET y=1'],
    },
    {
      name: 'drops "-- " line comments, semicolons in them included',
      sql: '-- MySQL dump; header\nSET a=1; -- trailing; note\nSET b=2;',
      expected: ['SET a=1', 'SET b=2'],
    },
    { name: '"--" without a space is not a comment', sql: 'SET a=1--1;', expected: ['SET a=1--1'] },
    {
      name: 'drops # line comments',
      sql: '# host: localhost; db\nSET a=1; # done; really\nSET b=2;',
      expected: ['SET a=1', 'SET b=2'],
    },
    { name: 'drops a comment at the very end', sql: 'SET a=1;# end', expected: ['SET a=1'] },
    {
      name: 'drops /* */ comments, semicolons in them included',
      sql: '/* header; x */SET a=1 /* not; here */;SET b=2;',
      expected: ['SET a=1', 'SET b=2'],
    },
    {
      name: 'keeps /*! */ executable comments as statement text',
      sql: '/*!40101 SET NAMES utf8mb4 */;\n/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;\nSET b=2;',
      expected: ['/*!40101 SET NAMES utf8mb4 */', '/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */', 'SET b=2'],
    },
    {
      name: 'a dropped comment still separates the words around it, as in MySQL',
      sql: 'INSERT/* c */INTO t VALUES (1);SELECT 1# c\nFROM t;',
      expected: ['INSERT INTO t VALUES (1)', 'SELECT 1\nFROM t'],
    },
  ];
  it.each(cases)('$name', ({ sql, expected }) => {
    expect(texts(sql)).toStrictEqual(expected);
  });

  it('reports the offset of the first character of each statement', () => {
    const sql = 'SET a=1;\n-- note\n  INSERT INTO t VALUES (1);\n\nDROP TABLE t';
    expect([...splitStatements(sql)].map((s) => s.offset)).toStrictEqual([
      0,
      sql.indexOf('INSERT'),
      sql.indexOf('DROP'),
    ]);
  });

  const errors: { name: string; sql: string; at: string }[] = [
    { name: 'an unterminated single quote', sql: "SET a=1;\nINSERT INTO t VALUES ('abc);\n", at: "'abc" },
    { name: 'an unterminated double quote', sql: 'SET a=1;\nINSERT INTO t VALUES ("abc);\n', at: '"abc' },
    { name: 'an unterminated backtick', sql: 'SET a=1;\nCREATE TABLE `t (x int);\n', at: '`t' },
    { name: 'a string ending in a lone backslash', sql: "INSERT INTO t VALUES ('abc\\'", at: "'abc" },
    { name: 'an unterminated comment', sql: 'SET a=1;\n/* never closed;\nSET b=2;', at: '/*' },
  ];
  it.each(errors)('throws DumpSyntaxError at $name', ({ sql, at }) => {
    const err = syntaxErrorOf(() => [...splitStatements(sql)]);
    expect(err.offset).toBe(sql.indexOf(at));
    expect(err.message).toContain(`at character ${sql.indexOf(at)}`);
  });
});

describe('unescapeMysqlString', () => {
  const cases: [string, string][] = [
    ['plain text', 'plain text'],
    ['\\0', '\0'],
    ['\\b', '\b'],
    ['\\n', '\n'],
    ['\\r', '\r'],
    ['\\t', '\t'],
    ['\\Z', '\x1a'],
    ["\\'", "'"],
    ['\\"', '"'],
    ['\\\\', '\\'],
    ['\\%', '\\%'],
    ['\\_', '\\_'],
    ['\\q', 'q'],
    ["it''s", "it's"],
    ['a\\\\nb', 'a\\nb'],
    ['line 1\\r\\nline 2', 'line 1\r\nline 2'],
    ['<a href=\\"/x\\">it\\\'s</a>', '<a href="/x">it\'s</a>'],
  ];
  it.each(cases)('unescapes %j in a single-quoted string', (body, expected) => {
    expect(unescapeMysqlString(body)).toBe(expected);
  });

  it('folds "" but not \'\' in a double-quoted string', () => {
    expect(unescapeMysqlString('say ""hi"" and \'\'', '"')).toBe('say "hi" and \'\'');
  });
});

describe('parseDump: CREATE TABLE', () => {
  it('reads the wp_posts definition of the legacy dump', () => {
    const statements = parseDump(WP_POSTS_DDL);
    expect(statements.map((s) => s.kind)).toStrictEqual(['skipped', 'skipped', 'create-table', 'skipped']);
    const create = statements[2] as Extract<DumpStatement, { kind: 'create-table' }>;
    expect(create.table).toBe('wp_posts');
    expect(create.sql).toMatch(/^CREATE TABLE `wp_posts` \(\n[\s\S]*COLLATE=utf8mb4_unicode_520_ci$/);
    const { def } = create;
    expect(def.name).toBe('wp_posts');
    expect(def.columns.map((c) => c.name)).toStrictEqual([
      'ID',
      'post_author',
      'post_date',
      'post_date_gmt',
      'post_content',
      'post_title',
      'post_excerpt',
      'post_status',
      'comment_status',
      'ping_status',
      'post_password',
      'post_name',
      'to_ping',
      'pinged',
      'post_modified',
      'post_modified_gmt',
      'post_content_filtered',
      'post_parent',
      'guid',
      'menu_order',
      'post_type',
      'post_mime_type',
      'comment_count',
    ]);
    const byName = new Map(def.columns.map((c) => [c.name, c]));
    expect(byName.get('ID')).toStrictEqual(
      column({ name: 'ID', type: 'bigint(20) unsigned', baseType: 'bigint', notNull: true, autoIncrement: true }),
    );
    expect(byName.get('post_author')).toStrictEqual(
      column({ name: 'post_author', type: 'bigint(20) unsigned', baseType: 'bigint', notNull: true, defaultSql: '0' }),
    );
    expect(byName.get('post_date')).toStrictEqual(
      column({
        name: 'post_date',
        type: 'datetime',
        baseType: 'datetime',
        notNull: true,
        defaultSql: "'0000-00-00 00:00:00'",
      }),
    );
    expect(byName.get('post_content')).toStrictEqual(
      column({ name: 'post_content', type: 'longtext', baseType: 'longtext', notNull: true }),
    );
    expect(byName.get('post_status')).toStrictEqual(
      column({ name: 'post_status', type: 'varchar(20)', baseType: 'varchar', notNull: true, defaultSql: "'publish'" }),
    );
    expect(byName.get('post_password')?.defaultSql).toBe("''");
    expect(byName.get('menu_order')).toStrictEqual(
      column({ name: 'menu_order', type: 'int(11)', baseType: 'int', notNull: true, defaultSql: '0' }),
    );
    // Signed: no "unsigned" in the type.
    expect(byName.get('comment_count')?.type).toBe('bigint(20)');
    expect(def.primaryKey).toStrictEqual(['ID']);
    expect(def.indexes).toStrictEqual([
      { name: 'post_name', unique: false, fulltext: false, columns: [{ name: 'post_name', length: 191 }] },
      {
        name: 'type_status_date',
        unique: false,
        fulltext: false,
        columns: [
          { name: 'post_type', length: undefined },
          { name: 'post_status', length: undefined },
          { name: 'post_date', length: undefined },
          { name: 'ID', length: undefined },
        ],
      },
      { name: 'post_parent', unique: false, fulltext: false, columns: [{ name: 'post_parent', length: undefined }] },
      { name: 'post_author', unique: false, fulltext: false, columns: [{ name: 'post_author', length: undefined }] },
    ]);
    expect(def.charset).toBe('utf8mb4');
    expect(def.collate).toBe('utf8mb4_unicode_520_ci');
  });

  it('reads the wp_tourmaster_order definition: nullable columns, DEFAULT NULL, date and decimal', () => {
    const { def } = single(WP_TOURMASTER_ORDER_DDL, 'create-table');
    const byName = new Map(def.columns.map((c) => [c.name, c]));
    expect(def.columns).toHaveLength(21);
    expect(byName.get('user_id')).toStrictEqual(
      column({ name: 'user_id', type: 'bigint(20) unsigned', baseType: 'bigint', defaultSql: 'NULL' }),
    );
    expect(byName.get('travel_date')).toStrictEqual(
      column({ name: 'travel_date', type: 'date', baseType: 'date', notNull: true, defaultSql: "'0000-00-00'" }),
    );
    expect(byName.get('traveller_amount')).toStrictEqual(
      column({ name: 'traveller_amount', type: 'tinyint(3) unsigned', baseType: 'tinyint', defaultSql: 'NULL' }),
    );
    expect(byName.get('contact_info')).toStrictEqual(
      column({ name: 'contact_info', type: 'longtext', baseType: 'longtext', defaultSql: 'NULL' }),
    );
    expect(byName.get('total_price')).toStrictEqual(
      column({ name: 'total_price', type: 'decimal(19,4)', baseType: 'decimal', defaultSql: 'NULL' }),
    );
    expect(def.primaryKey).toStrictEqual(['id']);
    expect(def.indexes).toStrictEqual([]);
  });

  it('reads a UNIQUE KEY (wp_options)', () => {
    const { def } = single(WP_OPTIONS_DDL, 'create-table');
    expect(def.indexes).toStrictEqual([
      { name: 'option_name', unique: true, fulltext: false, columns: [{ name: 'option_name', length: undefined }] },
      { name: 'autoload', unique: false, fulltext: false, columns: [{ name: 'autoload', length: undefined }] },
    ]);
  });

  it('reads a composite primary key (wp_term_relationships)', () => {
    const { def } = single(
      `CREATE TABLE \`wp_term_relationships\` (
  \`object_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`term_taxonomy_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`term_order\` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`object_id\`,\`term_taxonomy_id\`),
  KEY \`term_taxonomy_id\` (\`term_taxonomy_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;`,
      'create-table',
    );
    expect(def.primaryKey).toStrictEqual(['object_id', 'term_taxonomy_id']);
    expect(def.columns.every((c) => !c.autoIncrement)).toBe(true);
  });

  it('reads inline keys, column collations, FULLTEXT, function and quoted defaults, and ignores constraints', () => {
    const { def } = single(
      `CREATE TABLE IF NOT EXISTS shop_items (
  id int PRIMARY KEY,
  \`code\` varchar(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL UNIQUE,
  \`title\` varchar(100) DEFAULT 'it''s',
  \`note\` varchar(100) DEFAULT 'a\\'b',
  \`created\` timestamp NOT NULL DEFAULT current_timestamp(),
  \`price\` decimal(10,2) NOT NULL DEFAULT -1.50,
  \`body\` text,
  FULLTEXT KEY \`search\` (\`title\`,\`body\`),
  CONSTRAINT \`fk_owner\` FOREIGN KEY (\`id\`) REFERENCES \`owners\` (\`id\`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARACTER SET latin1 COLLATE latin1_swedish_ci`,
      'create-table',
    );
    expect(def.name).toBe('shop_items');
    expect(def.primaryKey).toStrictEqual(['id']);
    expect(def.columns.map((c) => [c.name, c.defaultSql, c.collate])).toStrictEqual([
      ['id', undefined, undefined],
      ['code', undefined, 'utf8mb4_bin'],
      ['title', "'it''s'", undefined],
      ['note', "'a\\'b'", undefined],
      ['created', 'current_timestamp()', undefined],
      ['price', '-1.50', undefined],
      ['body', undefined, undefined],
    ]);
    expect(def.indexes).toStrictEqual([
      { name: 'code', unique: true, fulltext: false, columns: [{ name: 'code', length: undefined }] },
      {
        name: 'search',
        unique: false,
        fulltext: true,
        columns: [
          { name: 'title', length: undefined },
          { name: 'body', length: undefined },
        ],
      },
    ]);
    expect(def.charset).toBe('latin1');
    expect(def.collate).toBe('latin1_swedish_ci');
  });
});

describe('parseDump: INSERT', () => {
  it('reads every row of an extended INSERT, keeping numbers as text', () => {
    const insert = single(
      "INSERT INTO `wp_postmeta` VALUES (1,2,'_wp_page_template','default'),(2,-3,'it\\'s',NULL),\n" +
        "(3,+4,'',523.2000),(4,0,\"dq \\\"x\\\"\",-0.5),(5,1e3,'ünï',.25),(6,2E-3,'a\\nb',NULL);",
      'insert',
    );
    expect(insert).toStrictEqual({
      kind: 'insert',
      table: 'wp_postmeta',
      mode: 'insert',
      columns: undefined,
      rows: [
        ['1', '2', '_wp_page_template', 'default'],
        ['2', '-3', "it's", null],
        ['3', '+4', '', '523.2000'],
        ['4', '0', 'dq "x"', '-0.5'],
        ['5', '1e3', 'ünï', '.25'],
        ['6', '2E-3', 'a\nb', null],
      ],
    });
  });

  it('reads binary values as Buffers: _binary strings, 0x literals and X literals', () => {
    const insert = single(
      "INSERT INTO t VALUES (_binary 'ab\\0c\xff', 0xABCD, X'0aff', x'', _binary'', _utf8mb4'h\u00e9llo', 0x00)",
      'insert',
    );
    expect(insert.rows).toStrictEqual([
      [
        Buffer.from([0x61, 0x62, 0x00, 0x63, 0xff]),
        Buffer.from([0xab, 0xcd]),
        Buffer.from([0x0a, 0xff]),
        Buffer.alloc(0),
        Buffer.alloc(0),
        'h\u00e9llo',
        Buffer.from([0x00]),
      ],
    ]);
  });

  it('reads a column list', () => {
    const insert = single("INSERT INTO `wp_users` (`ID`, user_login) VALUES (7,'ann'),(8,'bob');", 'insert');
    expect(insert.columns).toStrictEqual(['ID', 'user_login']);
    expect(insert.rows).toStrictEqual([
      ['7', 'ann'],
      ['8', 'bob'],
    ]);
  });

  const modes: [string, 'insert' | 'ignore' | 'replace'][] = [
    ['INSERT INTO `t` VALUES (1)', 'insert'],
    ['insert into t values (1)', 'insert'],
    ['INSERT t VALUE (1)', 'insert'],
    ['INSERT IGNORE INTO `t` VALUES (1)', 'ignore'],
    ['REPLACE INTO `t` VALUES (1)', 'replace'],
    ['REPLACE t VALUES (1)', 'replace'],
  ];
  it.each(modes)('%s has mode %s', (sql, mode) => {
    const insert = single(sql, 'insert');
    expect(insert.mode).toBe(mode);
    expect(insert.table).toBe('t');
    expect(insert.rows).toStrictEqual([['1']]);
  });

  it('reads an empty row', () => {
    expect(single('INSERT INTO t VALUES ()', 'insert').rows).toStrictEqual([[]]);
  });
});

describe('parseDump: other statements', () => {
  const drops: [string, string][] = [
    ['DROP TABLE IF EXISTS `wp_posts`', 'wp_posts'],
    ['drop table `wp_links`', 'wp_links'],
    ['DROP TABLE wp_options', 'wp_options'],
    // A doubled backtick is part of the name (it was read as the end of it: a drop of `wp`).
    ['DROP TABLE IF EXISTS `wp``x`', 'wp`x'],
  ];
  it.each(drops)('reads %s as a drop of %s', (sql, table) => {
    expect(single(`${sql};`, 'drop-table')).toStrictEqual({ kind: 'drop-table', table, sql });
  });

  const skipped = [
    'SET NAMES utf8mb4',
    '/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */',
    'LOCK TABLES `wp_posts` WRITE',
    'UNLOCK TABLES',
    'CREATE DATABASE wp',
  ];
  it.each(skipped)('returns %s as skipped, with its text', (sql) => {
    expect(single(`${sql};`, 'skipped')).toStrictEqual({ kind: 'skipped', sql });
  });
});

describe('parseDump: syntax errors', () => {
  const prelude = '-- dump\nSET a=1;\n';
  const cases: { name: string; sql: string; at: string; message: RegExp }[] = [
    {
      name: 'an unterminated quote',
      sql: "INSERT INTO t VALUES (1,'abc);\n",
      at: "'abc",
      message: /Unterminated ' quote/,
    },
    {
      name: 'garbage after VALUES',
      sql: 'INSERT INTO t VALUES (1) garbage;',
      at: 'garbage',
      message: /Unexpected text after VALUES/,
    },
    {
      name: 'ON DUPLICATE KEY UPDATE',
      sql: 'INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a=1;',
      at: 'ON DUP',
      message: /after VALUES/,
    },
    { name: 'an expression as a value', sql: 'INSERT INTO t VALUES (now());', at: 'now', message: /Unsupported value/ },
    { name: 'INSERT … SELECT', sql: 'INSERT INTO t SELECT 1;', at: 'SELECT', message: /Expected VALUES/ },
    { name: 'a row not closed', sql: 'INSERT INTO t VALUES (1,2', at: '', message: /Expected "\)"/ },
    { name: 'a row not opened', sql: 'INSERT INTO t VALUES 7;', at: '7;', message: /Expected "\("/ },
    { name: 'a CREATE TABLE without columns', sql: 'CREATE TABLE t;', at: ';', message: /Expected "\("/ },
  ];
  it.each(cases)('throws DumpSyntaxError with the offset of $name', ({ sql, at, message }) => {
    const dump = prelude + sql;
    const err = syntaxErrorOf(() => parseDump(dump));
    const expected = at ? dump.lastIndexOf(at) : dump.length;
    expect(err.offset).toBe(expected);
    expect(err.message).toMatch(message);
    expect(err.name).toBe('DumpSyntaxError');
  });
});

describe('parseDump: the legacy fixture dump', () => {
  const statements = parseDump(readFileSync(FIXTURE_DUMP, 'utf8'));
  const creates = statements.filter((s) => s.kind === 'create-table');
  const inserts = statements.filter((s) => s.kind === 'insert');

  it('has 17 tables and 539 rows, and skips only executable comments', () => {
    expect(creates).toHaveLength(17);
    expect(inserts.reduce((n, s) => n + s.rows.length, 0)).toBe(539);
    const skipped = statements.filter((s) => s.kind === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const s of skipped) expect(s.sql).toMatch(/^\/\*!\d+ /);
  });

  it('inserts only into tables it creates, with the right number of values per row', () => {
    const widths = new Map(creates.map((s) => [s.table, s.def.columns.length]));
    for (const insert of inserts) {
      const width = widths.get(insert.table);
      expect(width, insert.table).toBeDefined();
      for (const row of insert.rows) expect(row).toHaveLength(width!);
    }
  });

  it('reads order 1 of wp_tourmaster_order with its exact price and its contact JSON', () => {
    const def = creates.find((s) => s.table === 'wp_tourmaster_order')!.def;
    const col = (name: string) => def.columns.findIndex((c) => c.name === name);
    const rows = inserts.filter((s) => s.table === 'wp_tourmaster_order').flatMap((s) => s.rows);
    const order = rows.find((row) => row[col('id')] === '1');
    expect(order).toBeDefined();
    expect(order![col('total_price')]).toBe('523.2000');
    const contact: unknown = JSON.parse(String(order![col('contact_info')]));
    expect(contact).toMatchObject({ first_name: 'Maria', last_name: 'Papadopoulou' });
  });
});
