import type { Knex } from 'knex';
import type { TourListQuery } from '../listing/query';
import type { MetaClause, TaxClause } from '../listing/search-query';
import { parseSearch } from '../listing/search-terms';
import { foldKey, foldLikePattern } from './dialect';
import { getOptions } from './options';
import type { PhpValue } from './php-values';
import { quoteTable, type WpDb } from './tables';

/**
 * The tour lists' reads (listing.md §1.2, §2.3, §3): one query for the page of tours and how many
 * match (a window count), one for the terms a taxonomy filter names, one for the page's metas.
 * Everything the query does comes from a validated TourListQuery (listing/query.ts).
 */

/** The options a list needs: the plugin's settings and its custom tour taxonomies. */
export interface TourListOptions {
  general: Readonly<Record<string, unknown>>;
  customTaxonomies: string[];
}

export async function loadTourListOptions(wp: WpDb): Promise<TourListOptions> {
  const options = await getOptions(wp, ['tourmaster_general', 'tourmaster_custom_tour_taxs']);
  const general = options.get('tourmaster_general');
  const custom = options.get('tourmaster_custom_tour_taxs');
  return {
    general: isRecord(general) ? general : {},
    customTaxonomies: isRecord(custom) ? Object.keys(custom).filter((k) => /^[a-z0-9_-]{1,32}$/.test(k)) : [],
  };
}

/** One row of a list page: the post columns the items print. */
export interface TourListRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  date: string;
}

export interface TourListPage {
  rows: TourListRow[];
  /** Tours matching the query; 0 when the page asked for is past the end (WordPress's found_posts). */
  found: number;
}

/** Meta keys whose value is a number for sorting (`meta_value_num`); `tour-date` sorts as text. */
const SORT_KEYS: ReadonlyMap<string, { key: string; numeric: boolean }> = new Map([
  ['tour-date', { key: 'tourmaster-tour-date-avail', numeric: false }],
  ['price', { key: 'tourmaster-tour-price', numeric: true }],
  ['duration', { key: 'tourmaster-tour-duration', numeric: true }],
  ['popularity', { key: 'tourmaster-view-count', numeric: true }],
  ['rating', { key: 'tourmaster-tour-rating-score', numeric: true }],
]);

/** The page of published tours the query describes, and how many there are in all. */
export async function queryTourList(wp: WpDb, query: TourListQuery): Promise<TourListPage> {
  const termIds = query.tax ? await termTaxonomyIds(wp, query.tax.clauses) : [];
  const k = wp.knex;
  const d = wp.dialect;
  const qb = k({ p: wp.t.posts })
    .select('p.ID', 'p.post_title', 'p.post_name', 'p.post_excerpt', 'p.post_content', 'p.post_date')
    .select(k.raw('COUNT(*) OVER () AS found'))
    .where('p.post_type', 'tour')
    .andWhere('p.post_status', 'publish');

  if (query.tax) {
    const tax = query.tax;
    qb.where((outer) => {
      tax.clauses.forEach((_, i) => {
        const ids = termIds[i] ?? [];
        const exists = (sub: Knex.QueryBuilder) => {
          if (ids.length === 0) return sub.whereRaw('1 = 0');
          return sub.whereExists(
            k
              .select(k.raw('1'))
              .from({ tr: wp.t.termRelationships })
              .whereRaw('?? = ??', ['tr.object_id', 'p.ID'])
              .whereIn('tr.term_taxonomy_id', ids),
          );
        };
        if (tax.relation === 'AND') outer.andWhere(exists);
        else outer.orWhere(exists);
      });
    });
  }

  for (const clause of query.meta) qb.whereExists(metaExists(wp, clause));

  const search = parseSearch(query.keywords);
  if (search.terms.length) {
    // Password-protected tours are never found by their words.
    qb.andWhere('p.post_password', '');
    for (const term of search.terms) {
      const pattern = foldLikePattern(wp.engine, term.text);
      const columns = ['p.post_title', 'p.post_excerpt', 'p.post_content'].map((c) => d.likeFolded(c, term.exclude));
      qb.whereRaw(`(${columns.join(term.exclude ? ' AND ' : ' OR ')})`, [pattern, pattern, pattern]);
    }
  }

  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const sort = SORT_KEYS.get(query.orderby);
  if (sort) {
    // WordPress joins on the sort key, so tours without it are not listed; a tie keeps the newest first.
    qb.join({ sm: wp.t.postmeta }, (on) => {
      on.on('sm.post_id', '=', 'p.ID').andOn('sm.meta_key', '=', k.raw('?', [sort.key]));
      on.andOn(
        'sm.meta_id',
        '=',
        k.raw(
          `(SELECT MIN(m2.meta_id) FROM ${quoteTable(wp, wp.t.postmeta)} m2 WHERE m2.post_id = p.ID AND m2.meta_key = ?)`,
          [sort.key],
        ),
      );
    });
    qb.orderByRaw(`${sort.numeric ? d.castNumber('sm.meta_value') : 'sm.meta_value'} ${direction}`);
    qb.orderBy([
      { column: 'p.post_date', order: 'desc' },
      { column: 'p.ID', order: 'desc' },
    ]);
  } else if (query.orderby === 'title') {
    qb.orderByRaw(`${d.orderText('p.post_title')} ${direction}, p.ID ${direction}`);
  } else if (query.orderby === 'menu_order') {
    qb.orderByRaw(`p.menu_order ${direction}, p.ID ${direction}`);
  } else if (query.orderby === 'rand') {
    qb.orderByRaw(d.random());
  } else if (query.orderby === 'relevance' && search.terms.length) {
    const relevance = relevanceOrder(wp, search);
    qb.orderByRaw(relevance.sql, relevance.bindings);
    qb.orderBy([
      { column: 'p.post_date', order: 'desc' },
      { column: 'p.ID', order: 'desc' },
    ]);
  } else {
    qb.orderBy([
      { column: 'p.post_date', order: direction.toLowerCase() },
      { column: 'p.ID', order: direction.toLowerCase() },
    ]);
  }

  qb.limit(query.perPage).offset((query.page - 1) * query.perPage);
  const rows: Record<string, unknown>[] = await qb;
  return {
    rows: rows.map((r) => ({
      id: Number(r.ID),
      title: String(r.post_title ?? ''),
      slug: String(r.post_name ?? ''),
      excerpt: String(r.post_excerpt ?? ''),
      content: String(r.post_content ?? ''),
      date: String(r.post_date ?? ''),
    })),
    found: rows.length ? Number(rows[0]?.found ?? 0) : 0,
  };
}

/** `EXISTS (postmeta of the tour with the key and the clause's condition)`. */
function metaExists(wp: WpDb, clause: MetaClause): Knex.QueryBuilder {
  const k = wp.knex;
  const sub = k
    .select(k.raw('1'))
    .from({ m: wp.t.postmeta })
    .whereRaw('?? = ??', ['m.post_id', 'p.ID'])
    .andWhere('m.meta_key', clause.key);
  const signed = wp.dialect.castSigned('m.meta_value');
  switch (clause.compare) {
    case 'EXISTS':
      return sub;
    case 'LIKE':
      return sub.whereRaw(wp.dialect.likeFolded('m.meta_value'), [foldLikePattern(wp.engine, clause.value)]);
    case 'BETWEEN':
      return sub.whereRaw(`${signed} BETWEEN ? AND ?`, [Number(clause.value[0]), Number(clause.value[1])]);
    case '=':
      if (clause.key === 'tourmaster-tour-discount') return sub.andWhere('m.meta_value', clause.value);
      return sub.whereRaw(`${signed} = ?`, [Number(clause.value)]);
    default:
      return sub.whereRaw(`${signed} ${clause.compare} ?`, [Number(clause.value)]);
  }
}

/**
 * WordPress's search order: several words rank a title with the whole phrase, then all words in
 * the title, then any word in the title, then the phrase in the excerpt, then in the content;
 * one word ranks titles holding it first.
 */
function relevanceOrder(wp: WpDb, search: ReturnType<typeof parseSearch>): { sql: string; bindings: string[] } {
  const d = wp.dialect;
  const titleTerms = search.terms.filter((t) => !t.exclude).map((t) => foldLikePattern(wp.engine, t.text));
  const title = d.likeFolded('p.post_title');
  if (search.rawCount <= 1) {
    if (titleTerms.length === 0) return { sql: 'p.ID DESC', bindings: [] };
    return { sql: `(CASE WHEN ${title} THEN 1 ELSE 0 END) DESC`, bindings: [titleTerms[0]!] };
  }
  const parts: string[] = [];
  const bindings: string[] = [];
  const phrase = search.phrase ? foldLikePattern(wp.engine, search.phrase) : '';
  if (phrase) {
    parts.push(`WHEN ${title} THEN 1`);
    bindings.push(phrase);
  }
  if (titleTerms.length > 0 && titleTerms.length < 7) {
    parts.push(`WHEN ${titleTerms.map(() => title).join(' AND ')} THEN 2`);
    bindings.push(...titleTerms);
    if (titleTerms.length > 1) {
      parts.push(`WHEN ${titleTerms.map(() => title).join(' OR ')} THEN 3`);
      bindings.push(...titleTerms);
    }
  }
  if (phrase) {
    parts.push(`WHEN ${d.likeFolded('p.post_excerpt')} THEN 4`, `WHEN ${d.likeFolded('p.post_content')} THEN 5`);
    bindings.push(phrase, phrase);
  }
  if (parts.length === 0) return { sql: 'p.ID DESC', bindings: [] };
  return { sql: `(CASE ${parts.join(' ')} ELSE 6 END) ASC`, bindings };
}

/**
 * The term_taxonomy ids each clause matches: its slugs (compared as the site collation compares)
 * and every descendant term, as WP_Tax_Query includes children. One query for all clauses.
 */
async function termTaxonomyIds(wp: WpDb, clauses: readonly TaxClause[]): Promise<number[][]> {
  const taxonomies = [...new Set(clauses.map((c) => c.taxonomy))];
  if (taxonomies.length === 0) return [];
  const rows: Record<string, unknown>[] = await wp
    .knex({ t: wp.t.terms })
    .join({ tt: wp.t.termTaxonomy }, 'tt.term_id', 't.term_id')
    .select('t.term_id', 't.slug', 'tt.term_taxonomy_id', 'tt.taxonomy', 'tt.parent')
    .whereIn('tt.taxonomy', taxonomies);
  return clauses.map((clause) => {
    const terms = rows.filter((r) => r.taxonomy === clause.taxonomy);
    const wanted = new Set((typeof clause.terms === 'string' ? [clause.terms] : clause.terms).map(foldKey));
    const roots = terms.filter((r) => wanted.has(foldKey(String(r.slug))));
    const ids = new Set<number>();
    const seen = new Set<number>();
    const visit = (termId: number) => {
      if (seen.has(termId)) return;
      seen.add(termId);
      for (const r of terms) {
        if (Number(r.term_id) === termId) ids.add(Number(r.term_taxonomy_id));
        if (Number(r.parent) === termId) visit(Number(r.term_id));
      }
    };
    for (const root of roots) visit(Number(root.term_id));
    return [...ids];
  });
}

/** The metas the items print, for the page's tours, in one query (first value per key, as get_post_meta). */
export async function loadTourListMeta(
  wp: WpDb,
  ids: readonly number[],
  keys: readonly string[],
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  if (ids.length === 0) return out;
  const rows: { post_id: unknown; meta_key: string; meta_value: string | null }[] = await wp
    .knex(wp.t.postmeta)
    .select('post_id', 'meta_key', 'meta_value')
    .whereIn('post_id', [...ids])
    .whereIn('meta_key', [...keys])
    .orderBy('meta_id');
  for (const row of rows) {
    const id = Number(row.post_id);
    const meta = out.get(id) ?? new Map<string, string>();
    if (!meta.has(row.meta_key)) meta.set(row.meta_key, String(row.meta_value ?? ''));
    out.set(id, meta);
  }
  return out;
}

/** A category filterer's terms (listing.md §2.4): every tour category, a single category's children, or the ones named. */
export async function filtererTerms(
  wp: WpDb,
  categories: readonly string[],
): Promise<{ current?: { name: string }; terms: { name: string; slug: string }[] }> {
  const rows: Record<string, unknown>[] = await wp
    .knex({ t: wp.t.terms })
    .join({ tt: wp.t.termTaxonomy }, 'tt.term_id', 't.term_id')
    .select('t.term_id', 't.name', 't.slug', 'tt.parent')
    .where('tt.taxonomy', 'tour_category')
    .orderBy('t.name');
  const all = rows.map((r) => ({
    id: Number(r.term_id),
    name: String(r.name),
    slug: String(r.slug),
    parent: Number(r.parent),
  }));
  const bySlug = (slug: string) => all.find((t) => foldKey(t.slug) === foldKey(slug));
  if (categories.length === 0) return { terms: all };
  if (categories.length === 1) {
    const current = bySlug(categories[0]!);
    return current ? { current, terms: all.filter((t) => t.parent === current.id) } : { terms: [] };
  }
  return { terms: categories.map(bySlug).filter((t): t is (typeof all)[number] => t !== undefined) };
}

function isRecord(value: PhpValue | undefined): value is Record<string, PhpValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);
}
