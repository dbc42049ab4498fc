import { createHash } from 'node:crypto';
import { maybeUnserialize } from '../php/serialize';

/** The site as WordPress describes it in its options. URLs carry no trailing slash. */
export interface Site {
  siteUrl: string;
  homeUrl: string;
  /** md5(siteurl): the suffix of every WordPress cookie name. */
  cookieHash: string;
  name: string;
  description: string;
  /** `timezone_string`, or '' when the site uses a fixed `gmt_offset`. */
  timezone: string;
  gmtOffsetHours: number;
}

/**
 * The site from option rows already read (a page's own statement, the listing site): the same URLs
 * (following the request's origin when the config says so), cookie hash and name, without a query.
 */
export function siteFromOptions(o: ReadonlyMap<string, string>, origin: string | undefined): Site {
  const str = (name: string) => {
    const v = maybeUnserialize(o.get(name) ?? '');
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const siteUrl = withOrigin(untrailingslashit(str('siteurl')), origin);
  const homeUrl = withOrigin(untrailingslashit(str('home') || str('siteurl')), origin);
  return {
    siteUrl,
    homeUrl,
    cookieHash: createHash('md5').update(siteUrl).digest('hex'),
    name: str('blogname'),
    description: str('blogdescription'),
    timezone: str('timezone_string'),
    gmtOffsetHours: Number(str('gmt_offset')) || 0,
  };
}

export function untrailingslashit(url: string): string {
  return url.replace(/[/\\]+$/, '');
}

/** `http://host:port` from a Host header, or undefined if the header is not a plain host[:port]. */
export function originFromHost(host: string | undefined, https = false): string | undefined {
  if (!host || !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) return undefined;
  return `${https ? 'https' : 'http'}://${host.toLowerCase()}`;
}

function withOrigin(url: string, origin: string | undefined): string {
  if (!origin) return url;
  try {
    const parsed = new URL(url || '/', origin);
    return untrailingslashit(`${origin}${parsed.pathname === '/' ? '' : parsed.pathname}`);
  } catch {
    return origin;
  }
}
