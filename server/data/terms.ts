import type { WpTerm } from '../wp/post';
import type { WpDb } from './tables';

/** A row of terms joined to term_taxonomy, without its post count. */
export function toTermWithoutCount(row: Record<string, unknown>): Omit<WpTerm, 'count'> {
  return {
    termId: Number(row.term_id),
    termTaxonomyId: Number(row.term_taxonomy_id),
    name: String(row.name ?? ''),
    slug: String(row.slug ?? ''),
    taxonomy: String(row.taxonomy),
    description: String(row.description ?? ''),
    parentId: Number(row.parent) || 0,
  };
}

function toTerm(row: Record<string, unknown>): WpTerm {
  return { ...toTermWithoutCount(row), count: Number(row.count) };
}

function termQuery(wp: WpDb) {
  return wp
    .knex(`${wp.t.terms} as t`)
    .join(`${wp.t.termTaxonomy} as tt`, 'tt.term_id', 't.term_id')
    .select(
      't.term_id',
      't.name',
      't.slug',
      'tt.term_taxonomy_id',
      'tt.taxonomy',
      'tt.description',
      'tt.parent',
      'tt.count',
    );
}

/** All terms of a taxonomy, by name (get_terms' default order). */
export async function listTerms(wp: WpDb, taxonomy: string): Promise<WpTerm[]> {
  const rows = await termQuery(wp).where('tt.taxonomy', taxonomy).orderBy('t.name');
  return rows.map(toTerm);
}

/** A term by slug; slugs compare as the site collation does (case- and accent-insensitive). */
export async function getTermBySlug(wp: WpDb, taxonomy: string, slug: string): Promise<WpTerm | undefined> {
  const row = await wp.dialect.whereFolded(termQuery(wp).where('tt.taxonomy', taxonomy), 't.slug', slug).first();
  return row ? toTerm(row) : undefined;
}

/** The terms attached to each object, for the given taxonomies, in one query. */
export async function getObjectTerms(
  wp: WpDb,
  objectIds: readonly number[],
  taxonomies: readonly string[],
): Promise<Map<number, WpTerm[]>> {
  const out = new Map<number, WpTerm[]>();
  if (!objectIds.length || !taxonomies.length) return out;
  const rows = await termQuery(wp)
    .join(`${wp.t.termRelationships} as tr`, 'tr.term_taxonomy_id', 'tt.term_taxonomy_id')
    .select('tr.object_id')
    .whereIn('tr.object_id', [...objectIds])
    .whereIn('tt.taxonomy', [...taxonomies])
    .orderBy([{ column: 'tr.object_id' }, { column: 't.name' }]);
  for (const row of rows) {
    const id = Number(row.object_id);
    const list = out.get(id) ?? [];
    list.push(toTerm(row));
    out.set(id, list);
  }
  return out;
}
