import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DUMP } from '../core/config';
import { DumpSyntaxError, type SplitStatement, StatementSplitter, splitStatements } from './dump-splitter';
import { readInsertRows, readStatement } from './mysql-dump';

/** Feeds `sql` to a splitter in pieces of the given sizes (cycled). */
function splitInPieces(sql: string, sizes: number[]): SplitStatement[] {
  const splitter = new StatementSplitter();
  const out: SplitStatement[] = [];
  let k = 0;
  for (let i = 0; i < sql.length; k++) {
    const size = sizes[k % sizes.length]!;
    out.push(...splitter.push(sql.slice(i, i + size)));
    i += size;
  }
  out.push(...splitter.end());
  return out;
}

const AWKWARD_TAIL = [
  "/* plain; comment */ SET x='a''b\\\\';# hash; comment",
  '-- dash; comment\nINSERT INTO t VALUES (\'it\\\'s; "fine"\', "dq; \\" ""x""", \'multi\nline; value\', \'*/ -- # ;\');',
  'DELIMITER ;;',
  'CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET @a = 1; SET @b = 2; END ;;',
  'DELIMITER ;',
  'SET z=1;/*!40101 SET NAMES utf8mb4 */;',
  "INSERT INTO `t` VALUES ('ünï 😀 \\\\');",
].join('\n');

describe('StatementSplitter: a dump read in chunks', () => {
  const sql = `${readFileSync(DEFAULT_SEED_DUMP, 'utf8')}\n${AWKWARD_TAIL}`;
  const whole = [...splitStatements(sql)];

  it('cuts the fixture and awkward statements as the mysql client does', () => {
    expect(whole.filter((s) => /^CREATE TABLE/.test(s.text))).toHaveLength(17);
    expect(whole.slice(-6).map((s) => s.text)).toStrictEqual([
      "SET x='a''b\\\\'",
      'INSERT INTO t VALUES (\'it\\\'s; "fine"\', "dq; \\" ""x""", \'multi\nline; value\', \'*/ -- # ;\')',
      'CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET @a = 1; SET @b = 2; END',
      'SET z=1',
      '/*!40101 SET NAMES utf8mb4 */',
      "INSERT INTO `t` VALUES ('ünï 😀 \\\\')",
    ]);
  });

  it('gives the same statements, offsets and lines however the text is cut', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 20 }), (sizes) => {
        expect(splitInPieces(sql, sizes)).toStrictEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same statements with chunks of one to three characters', () => {
    const tail = `SET a=1;\n${AWKWARD_TAIL}`;
    const expected = [...splitStatements(tail)];
    for (const sizes of [[1], [2], [3], [1, 2, 3]]) expect(splitInPieces(tail, sizes)).toStrictEqual(expected);
  });

  it('reports the line each statement starts on', () => {
    const lines = sql.split('\n');
    for (const s of whole.filter((_, i) => i % 50 === 0)) {
      expect(lines[s.line - 1]).toContain(s.text.split('\n')[0]!.slice(0, 40));
    }
  });
});

describe('a byte order mark', () => {
  it('is not part of the first statement (a dump saved by a Windows editor)', () => {
    const sql = '\uFEFFCREATE TABLE a (x int);\nINSERT INTO a VALUES (1);';
    const plain = [...splitStatements(sql.slice(1))].map((s) => ({ ...s, offset: s.offset + 1 }));
    for (const sizes of [[1], [2], [100]]) expect(splitInPieces(sql, sizes)).toStrictEqual(plain);
    expect(readStatement(splitInPieces(sql, [100])[0]!)).toMatchObject({ kind: 'create-table', table: 'a' });
  });
});

describe('syntax errors name the line', () => {
  it('of an unterminated quote, however the text is cut', () => {
    const sql = "SET a=1;\n\nINSERT INTO t VALUES (1),\n(2, 'abc);\n";
    for (const sizes of [[sql.length], [1], [5, 7]]) {
      const err = (() => {
        try {
          splitInPieces(sql, sizes);
        } catch (e) {
          return e as DumpSyntaxError;
        }
      })();
      expect(err).toBeInstanceOf(DumpSyntaxError);
      expect(err!.line).toBe(4);
      expect(err!.message).toMatch(/^line 4: Unterminated ' quote/);
    }
  });

  it('of a bad value in the middle of a statement of several lines', () => {
    const [statement] = [...splitStatements("\n\nINSERT INTO t VALUES\n(1,'a'),\n(2,now());")];
    expect(statement!.line).toBe(3);
    const insert = readStatement(statement!);
    expect(insert.kind).toBe('insert');
    expect(() => readInsertRows(insert as Extract<typeof insert, { kind: 'insert' }>)).toThrow(
      /^line 5: Unsupported value near "now\(\)\)"/,
    );
  });

  it('after a comment of several lines inside the statement (CRLF lines), however the text is cut', () => {
    const sql = 'INSERT INTO t VALUES (1),\r\n/* a\r\n b */ (2),\r\n-- c\r\n(now());\r\n';
    for (const sizes of [[sql.length], [1], [5, 7]]) {
      const [statement] = splitInPieces(sql, sizes);
      const insert = readStatement(statement!) as Extract<ReturnType<typeof readStatement>, { kind: 'insert' }>;
      expect(() => readInsertRows(insert)).toThrow(/^line 5: Unsupported value near "now\(\)\)"/);
    }
  });
});
