import { publishedPagePath } from '../../data/posts';
import { str } from '../../php/coerce';
import type { Site } from '../../wp/site';
import type { RequestContext } from '../context';

/** A page option (`term-of-service-page`, `user-page` …): a page id's permalink, or the URL written there. */
export async function pageUrl(ctx: RequestContext, site: Site, value: unknown, fallback: string): Promise<string> {
  const text = str(value);
  if (text === '') return fallback;
  if (!/^\d+$/.test(text)) return text;
  const path = await publishedPagePath(ctx.wp, Number(text));
  return path === undefined ? '' : `${site.homeUrl}${path}`;
}
