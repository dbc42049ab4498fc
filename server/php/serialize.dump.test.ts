import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DUMP } from '../core/config';
import { parseDump } from '../data/mysql-dump';
import { isSerialized, maybeSerialize, maybeUnserialize, serialize, unserialize } from './serialize';

/**
 * Every PHP-serialised value WordPress and Tour Master stored in the fixture site (options, post
 * meta, user meta) must come back byte for byte after our unserialize → serialize: that is the
 * proof that what we write, PHP reads as it wrote it.
 */
const statements = parseDump(readFileSync(DEFAULT_SEED_DUMP, 'utf8'));
const serialised: { where: string; value: string }[] = [];
for (const s of statements) {
  if (s.kind !== 'insert') continue;
  s.rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (typeof value === 'string' && isSerialized(value))
        serialised.push({ where: `${s.table} row ${r} column ${c}`, value });
    });
  });
}

describe('PHP serialisation against the fixture dump', () => {
  it('finds the serialised values (options, post meta, user meta)', () => {
    expect(serialised.length).toBeGreaterThan(60);
    expect(serialised.some((s) => s.value.includes('tourmaster-tour-option') || s.value.includes('date-price'))).toBe(
      true,
    );
  });

  it('round-trips every one of them byte for byte', () => {
    const broken = serialised.filter(({ value }) => serialize(unserialize(value)) !== value);
    expect(broken.map((b) => b.where)).toEqual([]);
  });

  it('round-trips them through maybe_unserialize / maybe_serialize as update_*_meta stores them', () => {
    for (const { value } of serialised) expect(maybeSerialize(maybeUnserialize(value))).toBe(value);
  });

  it('reads the wish list of customer1 as the plugin stored it', () => {
    const wish = serialised.find((s) => s.value === 'a:2:{i:0;s:1:"4";i:1;s:1:"7";}');
    expect(wish).toBeDefined();
    expect(unserialize(wish!.value)).toEqual(['4', '7']);
  });
});
