import { createHash } from 'node:crypto';
import type { WpDb } from './tables';

/**
 * Large options (tourmaster_general is ~11 KB) in the page statements (the tour page, the listing
 * pages): MariaDB sends such an option as the MD5 of its text, and the text comes from the texts
 * this process has already read. An edit in the WordPress admin changes the digest, and the text
 * is then read again (one more query, once). SQLite runs in-process and sends the text as it is.
 * The availability check's statement (tours.ts) sends the text: measured there, MariaDB's MD5 cost
 * it more CPU per request (0.29 → 0.36 ms) than our server saved by not decoding the text.
 */

/** Options longer than this come as their MD5 from MariaDB. */
export const LARGE_OPTION_BYTES = 2048;

/** The two columns a statement selects for `option_value`: the text (NULL when large) and the digest (NULL when not). */
export function largeOptionColumns(wp: Pick<WpDb, 'engine'>): { value: string; digest: string } {
  if (wp.engine !== 'mysql') return { value: 'option_value', digest: 'NULL' };
  const large = `LENGTH(option_value) > ${LARGE_OPTION_BYTES}`;
  return { value: `IF(${large}, NULL, option_value)`, digest: `IF(${large}, MD5(option_value), NULL)` };
}

/** Large options' text by MD5: the same digest is the same stored text, so the text is reused. */
const largeOptions = new Map<string, string>();

/**
 * The text of the large options the query sent as digests: from the texts already read, else read
 * now (the first request after a start or an edit), checked against the digest it came with.
 */
export async function resolveLargeOptions(
  wp: WpDb,
  digests: ReadonlyMap<string, string>,
  options: Map<string, string>,
): Promise<void> {
  const missing: string[] = [];
  for (const [name, digest] of digests) {
    const text = largeOptions.get(digest);
    if (text === undefined) missing.push(name);
    else options.set(name, text);
  }
  if (missing.length === 0) return;
  const rows: { option_name: unknown; option_value: unknown }[] = await wp
    .knex(wp.t.options)
    .select('option_name', 'option_value')
    .whereIn('option_name', missing);
  for (const row of rows) {
    const text = String(row.option_value ?? '');
    const name = String(row.option_name);
    options.set(name, text);
    const digest = createHash('md5').update(text, 'utf8').digest('hex');
    if (digest === digests.get(name)) {
      largeOptions.set(digest, text);
      if (largeOptions.size > 100) largeOptions.delete(largeOptions.keys().next().value as string);
    }
  }
}
