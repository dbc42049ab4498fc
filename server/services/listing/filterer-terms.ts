import { loadTourTerms } from '../../data/tour-list';
import { foldKey } from '../../wp/fold-key';
import type { TourTerm } from '../../wp/term-list';
import type { RequestContext } from '../context';

/** A category filterer's terms (listing.md §2.4): every tour category, a single category's children, or the ones named. */
export async function filtererTerms(
  ctx: Pick<RequestContext, 'wp'>,
  categories: readonly string[],
): Promise<{ current?: { name: string }; terms: { name: string; slug: string }[] }> {
  return filtererTermsFrom(await loadTourTerms(ctx.wp, ['tour_category']), categories);
}

/** `filtererTerms` from the tour categories already read. */
export function filtererTermsFrom(
  terms: readonly TourTerm[],
  categories: readonly string[],
): { current?: { name: string }; terms: { name: string; slug: string }[] } {
  const all = terms
    .filter((t) => t.taxonomy === 'tour_category')
    .map((t) => ({ id: t.termId, name: t.name, slug: t.slug, parent: t.parentId }));
  const bySlug = (slug: string) => all.find((t) => foldKey(t.slug) === foldKey(slug));
  if (categories.length === 0) return { terms: all };
  if (categories.length === 1) {
    const current = bySlug(categories[0]!);
    return current ? { current, terms: all.filter((t) => t.parent === current.id) } : { terms: [] };
  }
  return { terms: categories.map(bySlug).filter((t): t is (typeof all)[number] => t !== undefined) };
}
