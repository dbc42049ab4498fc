import { phpJsonEncode } from '../../php/json';
import { PhpOrderedMap, type PhpValue } from '../../php/values';
import type { MetaClause } from '../../tourmaster/listing/search-query';
import type { ListSettings, SettingValue } from '../../tourmaster/listing/settings';
import { escapeHtml, raw, type SafeHtml } from '../html';

/**
 * The settings as the legacy site echoes them (`json_encode($settings)`): the posted key order,
 * strings as posted, the server's own `paged` as an int, and the search queries in the shapes the
 * search page builds (`{relation, 0: [clause]}` and `{relation, 0: clause}`). Only validated
 * settings get here (tourmaster/listing/settings.ts).
 */
export function settingsPhpValue(settings: ListSettings): PhpValue {
  const out = new PhpOrderedMap();
  for (const [key, value] of settings) out.set(key, settingPhpValue(value));
  return out;
}

function settingPhpValue(value: SettingValue): PhpValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return [...(value as readonly string[])];
  const v = value as Exclude<SettingValue, string | number | boolean | readonly string[]>;
  if (v.kind === 'shadow') return { x: v.x, y: v.y, size: v.size };
  const map = new PhpOrderedMap([['relation', v.relation]]);
  if (v.kind === 'tax') {
    v.clauses.forEach((c, i) => {
      map.set(i, [
        { terms: typeof c.terms === 'string' ? c.terms : [...c.terms], taxonomy: c.taxonomy, field: 'slug' },
      ]);
    });
  } else {
    v.clauses.forEach((c, i) => {
      map.set(i, metaClausePhpValue(c));
    });
  }
  return map;
}

function metaClausePhpValue(c: MetaClause): PhpValue {
  switch (c.compare) {
    case 'EXISTS':
      return { key: c.key, compare: 'EXISTS' };
    case 'LIKE':
      return { key: c.key, value: c.value, compare: 'LIKE' };
    case 'BETWEEN':
      return { key: c.key, value: [c.value[0], c.value[1]], compare: 'BETWEEN', type: 'NUMERIC' };
    default:
      return c.key === 'tourmaster-tour-discount'
        ? { key: c.key, value: c.value, compare: c.compare }
        : { key: c.key, value: c.value, compare: c.compare, type: 'NUMERIC' };
  }
}

/** `data-settings="…"`'s value: the JSON, attribute-escaped. */
export function settingsAttr(settings: ListSettings): SafeHtml {
  return raw(escapeHtml(phpJsonEncode(settingsPhpValue(settings))));
}
