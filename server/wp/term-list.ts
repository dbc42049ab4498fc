import { foldKey } from './fold-key';
import type { WpTerm } from './post';

/**
 * A term of a tour taxonomy, as the lists, the search form and the archives use it: a term without
 * its post count. The name is as stored (WordPress keeps names HTML-escaped: `Food &amp; Wine`).
 */
export type TourTerm = Omit<WpTerm, 'count'>;

const termLists = new WeakMap<readonly TourTerm[], Set<string>>();

/** The taxonomies a term list was loaded for (`loadTourTerms` records them). */
export function knownTaxonomies(terms: readonly TourTerm[]): Set<string> {
  return termLists.get(terms) ?? new Set(terms.map((t) => t.taxonomy));
}

/** `get_terms`' order: by name as the site collation compares (case and accents folded), then id. */
export function byTermName(a: TourTerm, b: TourTerm): number {
  const x = nameKey(a);
  const y = nameKey(b);
  return x < y ? -1 : x > y ? 1 : a.termId - b.termId;
}

/** Folded names (the terms are read on every request; their names rarely change). */
const nameKeys = new Map<string, string>();

function nameKey(term: TourTerm): string {
  let key = nameKeys.get(term.name);
  if (key === undefined) {
    key = foldKey(term.name);
    if (nameKeys.size >= 2000) nameKeys.clear();
    nameKeys.set(term.name, key);
  }
  return key;
}

/** Terms of two reads as one list (the taxonomies of both known). */
export function mergeTerms(a: readonly TourTerm[], b: readonly TourTerm[]): TourTerm[] {
  const merged = [...a, ...b].sort(byTermName);
  termLists.set(merged, new Set([...knownTaxonomies(a), ...knownTaxonomies(b)]));
  return merged;
}

/** The taxonomies a term list holds every term of. */
export function termTaxonomies(terms: readonly TourTerm[]): ReadonlySet<string> {
  return knownTaxonomies(terms);
}

/** Sorts a list read from the database in `get_terms`' order (in place) and returns it. */
export function sortTermsByName<T extends TourTerm>(terms: T[]): T[] {
  return terms.sort(byTermName);
}

/** Records which taxonomies a list holds every term of (its reader asked for them). */
export function withTaxonomies<T extends readonly TourTerm[]>(terms: T, taxonomies: Iterable<string>): T {
  termLists.set(terms, new Set(taxonomies));
  return terms;
}
