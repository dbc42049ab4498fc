import type { TourListPage, TourListPageWithMeta, TourListRow } from '../tourmaster/listing/page';
import type { TourListQuery } from '../tourmaster/listing/query';
import type { MetaClause, TaxClause } from '../tourmaster/listing/search-query';
import { parseSearch } from '../tourmaster/listing/search-terms';
import { foldKey } from '../wp/fold-key';
import type { PageRow } from '../wp/menus';
import type { WpTerm } from '../wp/post';
import { knownTaxonomies, sortTermsByName, type TourTerm, withTaxonomies } from '../wp/term-list';
import { foldLikePattern, SQLITE_FOLD_FUNCTION } from './dialect';
import { largeOptionColumns, resolveLargeOptions } from './large-options';
import { type ArchiveMonthRow, archiveMonths } from './post-archives';
import { SITE_OPTIONS } from './site';
import { placeholders, preparedRows, quoteTable, type WpDb } from './tables';
import { toTermWithoutCount } from './terms';

/**
 * The tour lists' reads (listing.md §1.2, §2.3, §3): one query for the page of tours and how many
 * match (a window count), one for the terms a taxonomy filter names, one for the page's metas.
 * Everything the query does comes from a validated TourListQuery (tourmaster/listing/query.ts).
 */

/** Meta keys whose value is a number for sorting (`meta_value_num`); `tour-date` sorts as text. */
const SORT_KEYS: ReadonlyMap<string, { key: string; numeric: boolean }> = new Map([
  ['tour-date', { key: 'tourmaster-tour-date-avail', numeric: false }],
  ['price', { key: 'tourmaster-tour-price', numeric: true }],
  ['duration', { key: 'tourmaster-tour-duration', numeric: true }],
  ['popularity', { key: 'tourmaster-view-count', numeric: true }],
  ['rating', { key: 'tourmaster-tour-rating-score', numeric: true }],
]);

/**
 * The page of published tours the query describes, and how many there are in all, in one prepared
 * statement; with `metaKeys`, the page's metas come back in the same statement. `knownTerms`: the
 * terms of the clauses' taxonomies when the caller has read them already (no query for them).
 */
export async function queryTourList(
  wp: WpDb,
  query: TourListQuery,
  knownTerms?: readonly TourTerm[],
): Promise<TourListPage>;
export async function queryTourList(
  wp: WpDb,
  query: TourListQuery,
  knownTerms: readonly TourTerm[] | undefined,
  metaKeys: readonly string[],
): Promise<TourListPageWithMeta>;
export async function queryTourList(
  wp: WpDb,
  query: TourListQuery,
  knownTerms?: readonly TourTerm[],
  metaKeys?: readonly string[],
): Promise<TourListPage | TourListPageWithMeta> {
  const termIds = query.tax ? await termTaxonomyIds(wp, query.tax.clauses, knownTerms) : [];
  const statement = tourListStatement(wp, query, termIds, metaKeys ?? []);
  const rows = await listRows<UnionRow>(wp, statement.sql, statement.bindings);
  const page = listPageFrom(rows);
  return metaKeys ? page : { rows: page.rows, found: page.found };
}

/**
 * A row of the union statements here: `src` names the member (`p` a tour of the page, `m` one of its
 * metas; `o` an option, `g` a page, `t` a term), the other columns are positional, as each
 * member's SQL says.
 */
type UnionRow = {
  src: string;
  c1: unknown;
  c2: unknown;
  c3: unknown;
  c4: unknown;
  c5: unknown;
  c6: unknown;
  c7: unknown;
  c8: unknown;
};

/** A column's text ('' for NULL). */
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The page (in its order), the count and the metas from the list statement's rows. */
function listPageFrom(rows: readonly UnionRow[]): TourListPageWithMeta {
  const page: { row: TourListRow; rn: number }[] = [];
  const metaRows: { postId: number; key: string; value: string; id: number }[] = [];
  let found = 0;
  for (const r of rows) {
    if (r.src === 'p') {
      found = Number(r.c7 ?? 0);
      page.push({
        row: {
          id: Number(r.c1),
          title: text(r.c2),
          slug: text(r.c3),
          excerpt: text(r.c4),
          content: text(r.c5),
          date: text(r.c6),
        },
        rn: Number(r.c8 ?? 0),
      });
    } else if (r.src === 'm')
      metaRows.push({ postId: Number(r.c1), key: text(r.c2), value: text(r.c3), id: Number(r.c8 ?? 0) });
  }
  // The union's members come back in any order: the page's own order is its row number.
  page.sort((x, y) => x.rn - y.rn);
  metaRows.sort((x, y) => x.id - y.id);
  const metas = new Map<number, Map<string, string>>();
  for (const m of metaRows) {
    const meta = metas.get(m.postId) ?? new Map<string, string>();
    if (!meta.has(m.key)) meta.set(m.key, m.value);
    metas.set(m.postId, meta);
  }
  return { rows: page.map((p) => p.row), found: page.length ? found : 0, metas };
}

/**
 * The list statements' texts run as prepared statements (MariaDB keeps each per connection): at
 * most this many different texts, a bound on what the server holds whatever filters visitors
 * combine; texts beyond it are sent as plain queries.
 */
const MAX_PREPARED_LISTS = 256;
const preparedLists = new Set<string>();

async function listRows<T>(wp: WpDb, sql: string, bindings: readonly (string | number)[]): Promise<T[]> {
  if (preparedLists.has(sql) || preparedLists.size < MAX_PREPARED_LISTS) {
    preparedLists.add(sql);
    return preparedRows<T>(wp, sql, bindings);
  }
  const result = await wp.knex.raw(sql, [...bindings]);
  return (wp.engine === 'mysql' ? (result as [T[]])[0] : result) as T[];
}

/** SQL text with its parameters, in the order they appear. */
type Sql = { sql: string; bindings: (string | number)[] };

/**
 * The list statement as it is built: `FROM … WHERE …` with its parameters, and the common table
 * expressions at the head of the statement with theirs.
 */
interface ListStatementBuilder {
  readonly wp: WpDb;
  from: string;
  readonly where: string[];
  /** FROM … WHERE …'s parameters, in the order they appear. */
  readonly fromBindings: (string | number)[];
  readonly withParts: string[];
  readonly withBindings: (string | number)[];
}

/**
 * The list query as SQL: a `pg` expression chooses the page's ids (with the count of all that
 * match and each row's place in the order); one member reads those tours, and with `metaKeys` a
 * second reads their metas. Written out directly (no query builder on the hot path); every value
 * is a bound parameter, the page size and offset are ints.
 */
function tourListStatement(
  wp: WpDb,
  query: TourListQuery,
  termIds: readonly (readonly number[])[] | 'in-sql',
  metaKeys: readonly string[],
): Sql & { members: Sql; with: Sql } {
  const search = parseSearch(query.keywords);
  const sort = SORT_KEYS.get(query.orderby);
  const builder: ListStatementBuilder = {
    wp,
    from: `FROM ${quoteTable(wp, wp.t.posts)} p`,
    where: ["p.post_type = 'tour'", "p.post_status = 'publish'"],
    fromBindings: [],
    withParts: [],
    withBindings: [],
  };
  if (sort) joinSortKey(builder, sort.key);
  if (query.tax) filterByTerms(builder, query.tax, termIds);
  if (query.relatedTo) filterRelated(builder, query.relatedTo.tourId);
  for (const clause of query.meta) filterByMeta(builder, clause);
  if (search.terms.length) filterBySearch(builder, search);
  const order = listOrder(wp, query, sort, search);
  addPageExpression(builder, query, order);
  const members = pageMembers(wp, metaKeys);
  const withClause = { sql: `WITH RECURSIVE ${builder.withParts.join(', ')} `, bindings: builder.withBindings };
  return {
    sql: `${withClause.sql}${members.sql}`,
    bindings: [...withClause.bindings, ...members.bindings],
    members,
    with: withClause,
  };
}

/** WordPress joins on the sort key, so tours without it are not listed; a tie keeps the newest first. */
function joinSortKey(builder: ListStatementBuilder, key: string): void {
  const postmeta = quoteTable(builder.wp, builder.wp.t.postmeta);
  builder.from +=
    ` INNER JOIN ${postmeta} sm ON sm.post_id = p.ID AND sm.meta_key = ? AND sm.meta_id = ` +
    `(SELECT MIN(m2.meta_id) FROM ${postmeta} m2 WHERE m2.post_id = p.ID AND m2.meta_key = ?)`;
  builder.fromBindings.push(key, key);
}

function filterByTerms(
  builder: ListStatementBuilder,
  tax: NonNullable<TourListQuery['tax']>,
  termIds: readonly (readonly number[])[] | 'in-sql',
): void {
  const clauses = tax.clauses.map((clause, i) =>
    termIds === 'in-sql' ? termClauseInSql(builder, clause, i) : termClauseByIds(builder, termIds[i] ?? []),
  );
  if (clauses.length) builder.where.push(`(${clauses.join(tax.relation === 'AND' ? ' AND ' : ' OR ')})`);
}

/**
 * With the terms resolved in SQL, a clause's terms and their descendants are a recursive common
 * table expression at the head of the statement.
 */
function termClauseInSql(builder: ListStatementBuilder, clause: TaxClause, i: number): string {
  const { wp } = builder;
  const slugs = (typeof clause.terms === 'string' ? [clause.terms] : [...clause.terms]).map((slug) =>
    wp.engine === 'mysql' ? slug : foldKey(slug),
  );
  const slugColumn = wp.engine === 'mysql' ? 't.slug' : `${SQLITE_FOLD_FUNCTION}(t.slug)`;
  const terms = quoteTable(wp, wp.t.terms);
  const taxonomyTable = quoteTable(wp, wp.t.termTaxonomy);
  builder.withParts.push(
    `tc${i}(term_id, term_taxonomy_id) AS (SELECT tt.term_id, tt.term_taxonomy_id FROM ${taxonomyTable} tt ` +
      `JOIN ${terms} t ON t.term_id = tt.term_id WHERE tt.taxonomy = ? AND ${slugColumn} IN (${placeholders(slugs.length)}) ` +
      `UNION SELECT c.term_id, c.term_taxonomy_id FROM ${taxonomyTable} c JOIN tc${i} ON c.parent = tc${i}.term_id WHERE c.taxonomy = ?)`,
  );
  builder.withBindings.push(clause.taxonomy, ...slugs, clause.taxonomy);
  return `EXISTS (SELECT 1 FROM ${quoteTable(wp, wp.t.termRelationships)} tr WHERE tr.object_id = p.ID AND tr.term_taxonomy_id IN (SELECT term_taxonomy_id FROM tc${i}))`;
}

function termClauseByIds(builder: ListStatementBuilder, ids: readonly number[]): string {
  if (ids.length === 0) return '1 = 0';
  builder.fromBindings.push(...ids);
  return `EXISTS (SELECT 1 FROM ${quoteTable(builder.wp, builder.wp.t.termRelationships)} tr WHERE tr.object_id = p.ID AND tr.term_taxonomy_id IN (${placeholders(ids.length)}))`;
}

/**
 * Tours related to one (tourmaster single tour template): not that tour, and sharing one of its
 * `tour_tag` terms when it has any (without tags the plugin's query has no tax query at all).
 */
function filterRelated(builder: ListStatementBuilder, tourId: number): void {
  const { wp } = builder;
  const relationships = quoteTable(wp, wp.t.termRelationships);
  const taxonomy = quoteTable(wp, wp.t.termTaxonomy);
  const tagsOf = (alias: string, post: string) =>
    `SELECT ${alias}.term_taxonomy_id FROM ${relationships} ${alias} JOIN ${taxonomy} ${alias}t ON ${alias}t.term_taxonomy_id = ${alias}.term_taxonomy_id ` +
    `WHERE ${alias}.object_id = ${post} AND ${alias}t.taxonomy = 'tour_tag'`;
  builder.where.push(
    'p.ID <> ?',
    `(NOT EXISTS (${tagsOf('rt', '?')}) OR EXISTS (SELECT 1 FROM ${relationships} rp WHERE rp.object_id = p.ID AND rp.term_taxonomy_id IN (${tagsOf('rs', '?')})))`,
  );
  builder.fromBindings.push(tourId, tourId, tourId);
}

function filterByMeta(builder: ListStatementBuilder, clause: MetaClause): void {
  const condition = metaCondition(builder.wp, clause);
  builder.where.push(
    `EXISTS (SELECT 1 FROM ${quoteTable(builder.wp, builder.wp.t.postmeta)} m WHERE m.post_id = p.ID AND m.meta_key = ?${condition.sql ? ` AND ${condition.sql}` : ''})`,
  );
  builder.fromBindings.push(clause.key, ...condition.bindings);
}

function filterBySearch(builder: ListStatementBuilder, search: ReturnType<typeof parseSearch>): void {
  const conditions = searchConditions(builder.wp, search);
  builder.where.push(...conditions.where);
  builder.fromBindings.push(...conditions.bindings);
}

/**
 * WordPress's keyword search on posts aliased `p` (`WP_Query::parse_search`): every term in the
 * title, excerpt or content (an excluded term in none), compared as the site collation compares.
 * Password-protected posts are never found by their words. Shared with the blog's search page.
 */
export function searchConditions(
  wp: WpDb,
  search: ReturnType<typeof parseSearch>,
): { where: string[]; bindings: string[] } {
  const where = ["p.post_password = ''"];
  const bindings: string[] = [];
  for (const term of search.terms) {
    const pattern = foldLikePattern(wp.engine, term.text);
    const columns = ['p.post_title', 'p.post_excerpt', 'p.post_content'].map((c) =>
      wp.dialect.likeFolded(c, term.exclude),
    );
    where.push(`(${columns.join(term.exclude ? ' AND ' : ' OR ')})`);
    bindings.push(pattern, pattern, pattern);
  }
  return { where, bindings };
}

/** The list's ORDER BY, with its parameters. */
function listOrder(
  wp: WpDb,
  query: TourListQuery,
  sort: { numeric: boolean } | undefined,
  search: ReturnType<typeof parseSearch>,
): Sql {
  const d = wp.dialect;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  if (sort) {
    const key = sort.numeric ? d.castNumber('sm.meta_value') : 'sm.meta_value';
    return { sql: `${key} ${direction}, p.post_date DESC, p.ID DESC`, bindings: [] };
  }
  if (query.orderby === 'title') {
    return { sql: `${d.orderText('p.post_title')} ${direction}, p.ID ${direction}`, bindings: [] };
  }
  if (query.orderby === 'menu_order') return { sql: `p.menu_order ${direction}, p.ID ${direction}`, bindings: [] };
  if (query.orderby === 'rand') return d.random(Math.floor(Math.random() * 2 ** 31));
  if (query.orderby === 'relevance' && search.terms.length) {
    const relevance = relevanceOrder(wp, search);
    return { sql: `${relevance.sql}, p.post_date DESC, p.ID DESC`, bindings: relevance.bindings };
  }
  return { sql: `p.post_date ${direction}, p.ID ${direction}`, bindings: [] };
}

/**
 * The page's ids, the count and each row's place, on ids alone: a window function over the text
 * columns makes MariaDB build its temporary table on disk every time. The order is evaluated
 * once (the page is its first row numbers), so both members read the same page, a random one too.
 */
function addPageExpression(builder: ListStatementBuilder, query: TourListQuery, order: Sql): void {
  const perPage = Math.max(1, Math.trunc(query.perPage));
  const offset = Math.max(0, Math.trunc(query.page - 1)) * perPage;
  const body = `${builder.from} WHERE ${builder.where.join(' AND ')}`;
  builder.withParts.push(
    `pg(ID, f, g) AS (SELECT p.ID, COUNT(*) OVER () AS f, ROW_NUMBER() OVER (ORDER BY ${order.sql}) AS g ${body} ` +
      `ORDER BY g LIMIT ${perPage} OFFSET ${offset})`,
  );
  builder.withBindings.push(...order.bindings, ...builder.fromBindings);
}

/** The statement's members: the page's tours, and with `metaKeys` their metas. */
function pageMembers(wp: WpDb, metaKeys: readonly string[]): Sql {
  const tours =
    "SELECT 'p' AS src, p.ID AS c1, p.post_title AS c2, p.post_name AS c3, p.post_excerpt AS c4, p.post_content AS c5, " +
    `p.post_date AS c6, pg.f AS c7, pg.g AS c8 FROM pg JOIN ${quoteTable(wp, wp.t.posts)} p ON p.ID = pg.ID`;
  if (metaKeys.length === 0) return { sql: tours, bindings: [] };
  return {
    sql:
      `${tours} UNION ALL SELECT 'm', m.post_id, m.meta_key, m.meta_value, NULL, NULL, NULL, NULL, m.meta_id ` +
      `FROM ${quoteTable(wp, wp.t.postmeta)} m JOIN pg ON m.post_id = pg.ID WHERE m.meta_key IN (${placeholders(metaKeys.length)})`,
    bindings: [...metaKeys],
  };
}

/** The condition of a meta clause on `m.meta_value` (EXISTS: none), with its parameters. */
function metaCondition(wp: WpDb, clause: MetaClause): { sql: string; bindings: (string | number)[] } {
  const signed = wp.dialect.castSigned('m.meta_value');
  switch (clause.compare) {
    case 'EXISTS':
      return { sql: '', bindings: [] };
    case 'LIKE':
      return { sql: wp.dialect.likeFolded('m.meta_value'), bindings: [foldLikePattern(wp.engine, clause.value)] };
    case 'BETWEEN':
      return { sql: `${signed} BETWEEN ? AND ?`, bindings: [Number(clause.value[0]), Number(clause.value[1])] };
    case '=':
      if (clause.key === 'tourmaster-tour-discount') return { sql: 'm.meta_value = ?', bindings: [clause.value] };
      return { sql: `${signed} = ?`, bindings: [Number(clause.value)] };
    default:
      return { sql: `${signed} ${clause.compare} ?`, bindings: [Number(clause.value)] };
  }
}

/**
 * WordPress's search order: several words rank a title with the whole phrase, then all words in
 * the title, then any word in the title, then the phrase in the excerpt, then in the content;
 * one word ranks titles holding it first.
 */
export function relevanceOrder(wp: WpDb, search: ReturnType<typeof parseSearch>): { sql: string; bindings: string[] } {
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
 * and every descendant term, as WP_Tax_Query includes children. One query for all clauses, none
 * when the caller passes the terms of every clause's taxonomy.
 */
async function termTaxonomyIds(
  wp: WpDb,
  clauses: readonly TaxClause[],
  knownTerms?: readonly TourTerm[],
): Promise<number[][]> {
  const taxonomies = [...new Set(clauses.map((c) => c.taxonomy))];
  if (taxonomies.length === 0) return [];
  const known = knownTerms && taxonomies.every((t) => knownTaxonomies(knownTerms).has(t));
  const terms = known ? knownTerms : await loadTourTerms(wp, taxonomies);
  return clauses.map((clause) => {
    const inTaxonomy = terms.filter((t) => t.taxonomy === clause.taxonomy);
    const wanted = new Set((typeof clause.terms === 'string' ? [clause.terms] : clause.terms).map(foldKey));
    const roots = inTaxonomy.filter((t) => wanted.has(foldKey(t.slug)));
    const ids = new Set<number>();
    const seen = new Set<number>();
    const visit = (termId: number) => {
      if (seen.has(termId)) return;
      seen.add(termId);
      for (const t of inTaxonomy) {
        if (t.termId === termId) ids.add(t.termTaxonomyId);
        if (t.parentId === termId) visit(t.termId);
      }
    };
    for (const root of roots) visit(root.termId);
    return [...ids];
  });
}

/** Every term of the given taxonomies, by name as `get_terms` orders them (`hide_empty=0`), in one query. */
export async function loadTourTerms(wp: WpDb, taxonomies: readonly string[]): Promise<TourTerm[]> {
  if (taxonomies.length === 0) return [];
  const rows: Record<string, unknown>[] = await wp
    .knex({ t: wp.t.terms })
    .join({ tt: wp.t.termTaxonomy }, 'tt.term_id', 't.term_id')
    .select('t.term_id', 't.name', 't.slug', 'tt.term_taxonomy_id', 'tt.taxonomy', 'tt.description', 'tt.parent')
    .whereIn('tt.taxonomy', [...new Set(taxonomies)]);
  const terms = rows.map(toTermWithoutCount);
  return withTaxonomies(sortTermsByName(terms), taxonomies);
}

/** What a listing page (search, archive) prints around its list: options by name (raw text), the published pages, terms. */
export interface ListingPageRows {
  options: Map<string, string>;
  /** Published pages, by `menu_order` then title (the pages menu, the plugin pages' permalinks). */
  pages: PageRow[];
  /** The terms of the taxonomies asked for, by name. */
  terms: TourTerm[];
  /** The footer's archives and categories blocks' rows (services/site/footer-widgets.ts). */
  months: ArchiveMonthRow[];
  categories: WpTerm[];
}

/** The options a listing page and its shell read. */
export const LISTING_PAGE_OPTIONS = [
  ...SITE_OPTIONS,
  'date_format',
  'posts_per_page',
  'permalink_structure',
  'tourmaster_general',
  'tourmaster_custom_tour_taxs',
  'wp_page_for_privacy_policy',
  'stylesheet',
  // The footer's widget areas (services/site/footer-widgets.ts).
  'sidebars_widgets',
  'widget_block',
  'category_base',
] as const;

const listingSql = new Map<string, string>();

function listingPageSql(wp: WpDb, taxonomies: number): string {
  const key = `${wp.engine}:${wp.prefix}:${taxonomies}`;
  let sql = listingSql.get(key);
  if (sql) return sql;
  const q = (name: string) => quoteTable(wp, name);
  const like = wp.engine === 'mysql' ? "'theme\\\\_mods\\\\_%' ESCAPE '\\\\'" : "'theme\\_mods\\_%' ESCAPE '\\'";
  const { value, digest } = largeOptionColumns(wp);
  // Nine columns, as the list statement's members have (they may follow in the same statement).
  sql =
    `SELECT 'o' AS src, option_name AS c1, ${value} AS c2, ${digest} AS c3, NULL AS c4, NULL AS c5, NULL AS c6, NULL AS c7, NULL AS c8 FROM ${q(wp.t.options)} ` +
    `WHERE option_name IN (${placeholders(LISTING_PAGE_OPTIONS.length)}) OR option_name LIKE ${like} ` +
    `UNION ALL SELECT 'g', post_name, post_title, ID, post_parent, menu_order, NULL, NULL, NULL FROM ${q(wp.t.posts)} ` +
    `WHERE post_type = 'page' AND post_status = 'publish'`;
  // The footer's archives block (published posts by month) and categories block.
  sql +=
    ` UNION ALL SELECT 'y', substr(post_date, 1, 7), COUNT(*), NULL, NULL, NULL, NULL, NULL, NULL FROM ${q(wp.t.posts)} ` +
    `WHERE post_type = 'post' AND post_status = 'publish' GROUP BY substr(post_date, 1, 7)` +
    ` UNION ALL SELECT 'c', t.slug, t.name, t.term_id, tt.term_taxonomy_id, tt.parent, tt.count, NULL, NULL ` +
    `FROM ${q(wp.t.terms)} t JOIN ${q(wp.t.termTaxonomy)} tt ON tt.term_id = t.term_id WHERE tt.taxonomy = 'category'`;
  if (taxonomies > 0)
    sql +=
      ` UNION ALL SELECT 't', t.slug, t.name, t.term_id, tt.term_taxonomy_id, tt.parent, tt.taxonomy, tt.description, NULL ` +
      `FROM ${q(wp.t.terms)} t JOIN ${q(wp.t.termTaxonomy)} tt ON tt.term_id = t.term_id WHERE tt.taxonomy IN (${placeholders(taxonomies)})`;
  listingSql.set(key, sql);
  return sql;
}

/**
 * The site's options, the published pages and the terms of `taxonomies` in one prepared statement.
 * The terms are sorted as `get_terms` sorts them (by name, as the site collation compares). With
 * `list`, the same statement also reads that page of tours and its metas (`queryTourList`), the
 * list's taxonomy clauses resolved in SQL: a page with a list costs one round trip.
 */
export async function loadListingPageRows(wp: WpDb, taxonomies?: readonly string[]): Promise<ListingPageRows>;
export async function loadListingPageRows(
  wp: WpDb,
  taxonomies: readonly string[],
  list: { query: TourListQuery; metaKeys: readonly string[] },
): Promise<ListingPageRows & { list: TourListPageWithMeta }>;
export async function loadListingPageRows(
  wp: WpDb,
  taxonomies: readonly string[] = [],
  list?: { query: TourListQuery; metaKeys: readonly string[] },
): Promise<ListingPageRows & { list?: TourListPageWithMeta }> {
  const asked = [...new Set(taxonomies)];
  let sql = listingPageSql(wp, asked.length);
  let bindings: (string | number)[] = [...LISTING_PAGE_OPTIONS, ...asked];
  if (list) {
    const statement = tourListStatement(wp, list.query, 'in-sql', list.metaKeys);
    sql = `${statement.with.sql}${sql} UNION ALL ${statement.members.sql}`;
    bindings = [...statement.with.bindings, ...bindings, ...statement.members.bindings];
  }
  const rows = list ? await listRows<UnionRow>(wp, sql, bindings) : await preparedRows<UnionRow>(wp, sql, bindings);
  const options = new Map<string, string>();
  const digests = new Map<string, string>();
  const pages: PageRow[] = [];
  const terms: TourTerm[] = [];
  const listed: UnionRow[] = [];
  const monthRows: { ym: unknown; n: unknown }[] = [];
  const categories: WpTerm[] = [];
  for (const row of rows) {
    if (row.src === 'o') {
      if (row.c3 === null || row.c3 === undefined) options.set(text(row.c1), text(row.c2));
      else digests.set(text(row.c1), text(row.c3));
    } else if (row.src === 'g')
      pages.push({
        id: Number(row.c3),
        slug: text(row.c1),
        title: text(row.c2),
        parentId: Number(row.c4) || 0,
        menuOrder: Number(row.c5) || 0,
      });
    else if (row.src === 't')
      terms.push({
        termId: Number(row.c3),
        termTaxonomyId: Number(row.c4),
        name: text(row.c2),
        slug: text(row.c1),
        taxonomy: text(row.c6),
        description: text(row.c7),
        parentId: Number(row.c5) || 0,
      });
    else if (row.src === 'y') monthRows.push({ ym: row.c1, n: row.c2 });
    else if (row.src === 'c')
      categories.push({
        termId: Number(row.c3),
        termTaxonomyId: Number(row.c4),
        name: text(row.c2),
        slug: text(row.c1),
        taxonomy: 'category',
        description: '',
        parentId: Number(row.c5) || 0,
        count: Number(row.c6) || 0,
      });
    // The list's members (`p`, `m`), read by listPageFrom.
    else listed.push(row);
  }
  if (digests.size) await resolveLargeOptions(wp, digests, options);
  pages.sort((x, y) => x.menuOrder - y.menuOrder || x.title.localeCompare(y.title) || x.id - y.id);
  withTaxonomies(sortTermsByName(terms), asked);
  categories.sort((a, b) => a.name.localeCompare(b.name) || a.termId - b.termId);
  return {
    options,
    pages,
    terms,
    months: archiveMonths(monthRows),
    categories,
    ...(list ? { list: listPageFrom(listed) } : {}),
  };
}
