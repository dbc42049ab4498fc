import { type Site, siteFromOptions } from '../wp/site';
import { getRawOptions } from './options';
import type { WpDb } from './tables';

/** The options a Site is made of (pages and actions that read more ask for these too, in one query). */
export const SITE_OPTIONS = [
  'siteurl',
  'home',
  'blogname',
  'blogdescription',
  'timezone_string',
  'gmt_offset',
] as const;

/**
 * Reads the site options (one query). With `origin`, the embedded default's URLs follow the address
 * the visitor used (`http://127.0.0.1:9090`), keeping the stored path, so every link works on any
 * port; a real site keeps the URLs it stores, as WordPress does.
 */
export async function loadSite(wp: WpDb, origin?: string): Promise<Site> {
  return (await loadSiteWith(wp, origin, [])).site;
}

/** The site and the raw text of other options, in the same query. */
export async function loadSiteWith(
  wp: WpDb,
  origin: string | undefined,
  names: readonly string[],
): Promise<{ site: Site; options: Map<string, string> }> {
  const options = await getRawOptions(wp, [...SITE_OPTIONS, ...names]);
  return { site: siteFromOptions(options, origin), options };
}
