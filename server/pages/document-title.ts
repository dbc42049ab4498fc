import type { Site } from '../wp/site';
import { siteNameText } from './account/site';
import { textOf } from './tour/request';

/**
 * `wp_get_document_title`: `{title} – {blogname}`; on the front page `{blogname} – {tagline}`; the
 * posts page `{its title} – {tagline}`; from page 2 on (`paged` or a page's `page`) `… – Page N –
 * {blogname}` instead of the tagline, but on the front page `{blogname} – Page N – {tagline}`
 * (WordPress keeps the tagline there; an empty one is left out).
 */
export function documentTitle(
  site: Site,
  title: string,
  options: { home?: boolean; front?: boolean; paged?: number } = {},
): string {
  const name = siteNameText(site);
  const tagline = textOf(site.description).text;
  const parts = [title];
  if (options.paged && options.paged > 1) parts.push(`Page ${options.paged}`, options.front ? tagline : name);
  else parts.push(options.home ? tagline : name);
  return parts.filter((p) => p !== '').join(' \u2013 ');
}
