import { maybeSerialize, maybeUnserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';
import type { TourmasterSettings } from '../tourmaster/settings';
import { optionRecord } from '../wp/parse-cache';
import { toText } from './dialect';
import type { WpDb } from './tables';

/**
 * `{prefix}options`, read and written as get_option/update_option do: values pass through
 * maybe_unserialize / maybe_serialize at this edge only.
 */
export async function getOption(wp: WpDb, name: string): Promise<PhpValue | undefined> {
  const row = await wp.knex(wp.t.options).first('option_value').where('option_name', name);
  return row ? maybeUnserialize(String(row.option_value ?? '')) : undefined;
}

/** Several options in one query; names that have no row are absent from the map. */
export async function getOptions(wp: WpDb, names: readonly string[]): Promise<Map<string, PhpValue>> {
  const raw = await getRawOptions(wp, names);
  return new Map([...raw].map(([name, text]) => [name, maybeUnserialize(text)]));
}

/** Several options as stored (serialised text left as it is), in one query. */
export async function getRawOptions(wp: WpDb, names: readonly string[]): Promise<Map<string, string>> {
  const rows: { option_name: string; option_value: string | null }[] = await wp
    .knex(wp.t.options)
    .select('option_name', 'option_value')
    .whereIn('option_name', [...names]);
  return new Map(rows.map((r) => [r.option_name, String(r.option_value ?? '')]));
}

/** update_option: rewrites the row or inserts it (autoload `yes` for new rows, as WordPress does). */
export async function updateOption(
  wp: WpDb,
  name: string,
  value: PhpValue,
  autoload: 'yes' | 'no' = 'yes',
): Promise<void> {
  const stored = toText(maybeSerialize(value));
  await wp
    .knex(wp.t.options)
    .insert({ option_name: name, option_value: stored, autoload })
    .onConflict('option_name')
    .merge(['option_value']);
}

/** add_option: inserts only when the option does not exist yet, never overwriting a concurrent writer. */
export async function addOption(
  wp: WpDb,
  name: string,
  value: PhpValue,
  autoload: 'yes' | 'no' = 'yes',
): Promise<void> {
  await wp
    .knex(wp.t.options)
    .insert({ option_name: name, option_value: toText(maybeSerialize(value)), autoload })
    .onConflict('option_name')
    .ignore();
}

/** The plugin's settings and the site's time zone, from the options' raw text. */
export function settingsFromOptions(options: ReadonlyMap<string, string>): TourmasterSettings {
  return {
    general: optionRecord(options.get('tourmaster_general')),
    payment: optionRecord(options.get('tourmaster_payment')),
    timezone: options.get('timezone_string') ?? '',
    gmtOffsetHours: Number(options.get('gmt_offset') ?? 0) || 0,
  };
}
