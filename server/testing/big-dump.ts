import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { DEFAULT_SEED_DUMP } from '../core/config';
import { parseDump } from '../data/mysql-dump';

/**
 * A site-sized mysqldump for the loader's scale tests: the legacy fixture, then many more posts
 * and postmeta rows in extended INSERTs of 0.25 to 3 MB (mysqldump's shape), with the content
 * that breaks naive parsers: quotes of both kinds, backslashes, `;`, `--`, `#` and comment
 * markers inside strings, control characters, 4-byte unicode, NULLs, long serialized values.
 * Deterministic: a row's values are a function of its id, so a test recomputes what it expects.
 */
export const BIG_DUMP_FIRST_POST = 1_000_001;
export const BIG_DUMP_FIRST_META = 10_000_001;

export interface BigDump {
  file: string;
  bytes: number;
  posts: number;
  postmeta: number;
  /** Rows the fixture already has. */
  fixturePosts: number;
  fixturePostmeta: number;
}

const AWKWARD = [
  `it's "quoted"; and 'doubled'' too`,
  'back\\slash \\n not a newline; C:\\path\\',
  'semicolon; -- not a comment; # nor this; /* nor this */',
  'tab\there\r\nCRLF and \u0000nul and \u001aZ and \u0008bs',
  'unicode: ünïcödé 日本語 😀 🇫🇷 \u2028',
  `a:2:{s:5:"price";s:6:"1,200;";s:4:"note";s:11:"it's \\"ok\\"";}`,
  'DELIMITER ;;\nend;;',
  '*/;',
];

/** A small deterministic generator (mulberry32), seeded per row. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The meta_value of postmeta row `id`: NULL for some, a long serialized value for one in 500. */
export function bigDumpMetaValue(id: number): string | null {
  const r = random(id);
  if (id % 97 === 0) return null;
  const base = `${AWKWARD[id % AWKWARD.length]} #${id} ${r().toString(36)}`;
  if (id % 500 === 0) return `a:1:{s:4:"long";s:0:"${base.repeat(Math.floor(20_000 / base.length))}";}`;
  return base;
}

export function bigDumpMetaKey(id: number): string {
  return id % 3 === 0 ? '_tourmaster_price' : `_key_${id % 50}`;
}

export function bigDumpPostContent(id: number): string {
  const r = random(id * 7);
  const words = Math.floor(150 + r() * 250);
  const parts: string[] = [];
  for (let k = 0; k < words; k++)
    parts.push(k % 17 === 0 ? AWKWARD[(id + k) % AWKWARD.length]! : `w${(r() * 1e6) | 0}`);
  return `<!-- wp:paragraph -->\n<p>${parts.join(' ')}</p>\n<!-- /wp:paragraph -->`;
}

export function bigDumpPostTitle(id: number): string {
  return `Tour ${id}: l'été "à" Zürich; 😀`;
}

/** A MySQL string literal as mysqldump writes it. */
function literal(value: string | null): string {
  if (value === null) return 'NULL';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and ^Z are what mysqldump escapes
  return `'${value.replace(/[\0\n\r\x1a'"\\]/g, (c) => ({ '\0': '\\0', '\n': '\\n', '\r': '\\r', '\x1a': '\\Z' })[c] ?? `\\${c}`)}'`;
}

function postRow(id: number): string {
  const date = `'2026-${String((id % 12) + 1).padStart(2, '0')}-${String((id % 28) + 1).padStart(2, '0')} 10:00:00'`;
  return `(${id},1,${date},${date},${literal(bigDumpPostContent(id))},${literal(bigDumpPostTitle(id))},'','publish','open','closed','','tour-${id}','','',${date},${date},'',0,'https://example.test/?p=${id}',0,'tour','',0)`;
}

function metaRow(id: number): string {
  return `(${id},${BIG_DUMP_FIRST_POST + (id % 1000)},${literal(bigDumpMetaKey(id))},${literal(bigDumpMetaValue(id))})`;
}

const STATEMENT_SIZES = [256 << 10, 1 << 20, 3 << 20, 700 << 10];

/** Writes extended INSERTs of `count` rows into `fd`, cutting them at the sizes above as mysqldump does at its buffer size. */
function writeInserts(fd: number, table: string, first: number, count: number, row: (id: number) => string): void {
  let statement = 0;
  let parts: string[] = [];
  let size = 0;
  const flush = () => {
    if (parts.length) writeSync(fd, `INSERT INTO \`${table}\` VALUES ${parts.join(',')};\n`);
    parts = [];
    size = 0;
    statement++;
  };
  for (let id = first; id < first + count; id++) {
    const text = row(id);
    if (size + text.length > STATEMENT_SIZES[statement % STATEMENT_SIZES.length]!) flush();
    parts.push(text);
    size += text.length;
  }
  flush();
}

/** Writes the dump to `file` (about 55 MB with the defaults). */
export function writeBigDump(file: string, posts = 11_000, postmeta = 220_000): BigDump {
  const fixture = readFileSync(DEFAULT_SEED_DUMP, 'utf8');
  const fd = openSync(file, 'w');
  try {
    writeSync(
      fd,
      "-- MySQL dump 10.19  Distrib 10.11.19-MariaDB\n/*!40101 SET NAMES utf8mb4 */;\n/*!40103 SET TIME_ZONE='+00:00' */;\n" +
        "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n",
    );
    writeSync(fd, fixture);
    writeSync(fd, '\nLOCK TABLES `wp_posts` WRITE;\n/*!40000 ALTER TABLE `wp_posts` DISABLE KEYS */;\n');
    writeInserts(fd, 'wp_posts', BIG_DUMP_FIRST_POST, posts, postRow);
    writeSync(fd, '/*!40000 ALTER TABLE `wp_posts` ENABLE KEYS */;\nUNLOCK TABLES;\n');
    writeInserts(fd, 'wp_postmeta', BIG_DUMP_FIRST_META, postmeta, metaRow);
    writeSync(fd, '/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;\n-- Dump completed\n');
  } finally {
    closeSync(fd);
  }
  const count = (table: string) =>
    parseDump(fixture).reduce((n, s) => n + (s.kind === 'insert' && s.table === table ? s.rows.length : 0), 0);
  return {
    file,
    bytes: statSync(file).size,
    posts,
    postmeta,
    fixturePosts: count('wp_posts'),
    fixturePostmeta: count('wp_postmeta'),
  };
}
