import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import type { Salts } from '../data/salts';
import type { WpDb } from '../data/tables';
import type { Mailer } from '../mail/mailer';
import type { Site } from '../wp/site';
import type { CurrentUser } from '../wp/user';
import type { ListingSite } from './listing/listing-site';

/**
 * What the use cases need of the application, built once at start (boot.ts). The HTTP layer's
 * dependencies (http/deps.ts) add what only it uses.
 */
export interface ServiceDeps {
  config: Config;
  wp: WpDb;
  log: Logger;
  /** The clock: the real one in production, fixed to the capture day in replays. */
  clock: () => Date;
  /** Outgoing mail (SMTP, or .eml files when no SMTP is configured). */
  mailer: Mailer;
  /** The `wp_salt()` values; resolved once (they come from wp-config or stored options). */
  salts: () => Promise<Salts>;
}

/**
 * What a use case knows about the request it serves. Built per request by the HTTP layer, for an
 * admin-ajax action and a page alike (http/visitor.ts); no module keeps request state.
 */
export interface RequestContext {
  log: Logger;
  /** The request's clock (fixed in tests and replays). */
  now: Date;
  /** The primary: every write, and every read that is not the catalogue's. */
  wp: WpDb;
  /**
   * The catalogue's reads (tours, lists, reviews, posts, archives), which may lag a few seconds
   * behind: a read replica's when the request does not write and its visitor wrote nothing
   * lately, else the primary (http/read-routing.ts). Never for seats, orders, accounts or anything
   * read to decide a write.
   */
  catalogue: WpDb;
  /** The site's URLs and names, read on first use. */
  site(): Promise<Site>;
  /** The site and the raw text of other options (one query when the site was not read yet). */
  siteWith(names: readonly string[]): Promise<{ site: Site; options: Map<string, string> }>;
  /** For the tour lists only: the site's options, pages and terms as kept for `SITE_CACHE_MS`, and the site. */
  listing(): Promise<{ site: Site; listing: ListingSite }>;
  /** The visitor as WordPress would see them, or null for a guest (resolved on first use). */
  user(): Promise<CurrentUser | null>;
  /** A request cookie as PHP reads `$_COOKIE` (percent-decoded, `+` kept), or undefined. */
  cookie(name: string): string | undefined;
  ip: string;
  userAgent: string;
  /** The request came over https (cookies it sets are then Secure). */
  https: boolean;
  deps: ServiceDeps;
}
