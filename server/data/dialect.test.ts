import { describe, expect, it } from 'vitest';
import { ConflictError } from '../core/errors';
import { foldKey } from '../wp/fold-key';
import {
  createDialect,
  decimalString,
  decimalToMinor,
  escapeLike,
  foldLikePattern,
  isZeroDate,
  mapDriverError,
  toText,
  wordpressSqlMode,
} from './dialect';

describe('dialect: engine differences, one rule each', () => {
  it('reads DECIMAL(19,4) the same from mysql2 (string) and SQLite (number)', () => {
    expect(decimalString('523.2000')).toBe('523.2000');
    expect(decimalString(523.2)).toBe('523.2000');
    expect(decimalString(480)).toBe('480.0000');
    expect(decimalString('0.0000')).toBe('0.0000');
    expect(decimalString(-12.5)).toBe('-12.5000');
    expect(decimalString(null)).toBeNull();
  });

  it('turns DECIMAL into exact integer cents without float error', () => {
    expect(decimalToMinor('523.2000')).toBe(52320);
    expect(decimalToMinor(179.85)).toBe(17985);
    expect(decimalToMinor('80.1150')).toBe(8012); // half away from zero, as MySQL rounds DECIMAL
    expect(decimalToMinor('-0.0050')).toBe(-1);
    expect(decimalToMinor(0.1 + 0.2)).toBe(30);
  });

  it('writes numbers to TEXT columns as MySQL would store them (SQLite would store 500.0)', () => {
    expect(toText(500)).toBe('500');
    expect(toText(12.5)).toBe('12.5');
    expect(toText(true)).toBe('1');
    expect(toText(false)).toBe('');
    expect(toText(null)).toBeNull();
  });

  it('recognises the zero dates the plugin uses for "not set"', () => {
    expect(isZeroDate('0000-00-00 00:00:00')).toBe(true);
    expect(isZeroDate('0000-00-00')).toBe(true);
    expect(isZeroDate('2026-10-02 12:00:00')).toBe(false);
  });

  it('folds case and accents as utf8mb4_unicode_520_ci compares them', () => {
    expect(foldKey('Müller')).toBe(foldKey('muller'));
    expect(foldKey('ANNA.MULLER@example.test')).toBe(foldKey('anna.müller@EXAMPLE.test'));
    expect(foldKey('Straße')).toBe(foldKey('strasse'));
    expect(foldKey('Ελλάδα')).toBe(foldKey('ΕΛΛΑΔΑ'));
    expect(foldKey('customer1 ')).toBe('customer1');
    expect(foldKey('customer1')).not.toBe(foldKey('customer2'));
  });

  it('keeps the session sql_mode WordPress sets (no strict, no zero-date ban)', () => {
    expect(
      wordpressSqlMode('STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'),
    ).toBe('ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION');
    expect(wordpressSqlMode('ONLY_FULL_GROUP_BY,NO_ZERO_DATE,ANSI,TRADITIONAL,STRICT_ALL_TABLES')).toBe('');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('maps unique violations of both drivers to ConflictError and leaves other errors alone', () => {
    expect(mapDriverError({ code: 'ER_DUP_ENTRY' })).toBeInstanceOf(ConflictError);
    expect(mapDriverError({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBeInstanceOf(ConflictError);
    expect(mapDriverError({ code: 'ER_PARSE_ERROR' })).toBeUndefined();
    expect(mapDriverError(new Error('x'))).toBeUndefined();
  });

  it('writes the tour lists` casts, folded LIKE, text order and random sort for each engine', () => {
    const mysql = createDialect('mysql');
    const sqlite = createDialect('sqlite');
    expect(mysql.castSigned('m.meta_value')).toBe('CAST(m.meta_value AS SIGNED)');
    expect(sqlite.castSigned('m.meta_value')).toBe('CAST(m.meta_value AS INTEGER)');
    expect(mysql.castNumber('sm.meta_value')).toBe('sm.meta_value+0');
    expect(sqlite.castNumber('sm.meta_value')).toBe('CAST(sm.meta_value AS REAL)');
    expect(mysql.likeFolded('p.post_title', true)).toBe("p.post_title NOT LIKE ? ESCAPE '\\\\'");
    expect(sqlite.likeFolded('p.post_title')).toBe("wp_fold(p.post_title) LIKE ? ESCAPE '\\'");
    expect(foldLikePattern('mysql', 'Café 50%')).toBe('%Café 50\\%%');
    expect(foldLikePattern('sqlite', 'Café 50%')).toBe('%cafe 50\\%%');
    expect(mysql.orderText('p.post_title')).toBe('p.post_title');
    expect(sqlite.orderText('p.post_title')).toBe('p.post_title COLLATE NOCASE');
    expect([mysql.random(7), sqlite.random(7)]).toEqual([
      { sql: 'RAND(?)', bindings: [7] },
      { sql: 'RANDOM()', bindings: [] },
    ]);
  });
});
