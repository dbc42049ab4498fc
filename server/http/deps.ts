import type { ActionRegistry } from '../ajax/registry';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import type { Database } from '../data/db';
import type { Salts } from '../data/salts';
import type { WpDb } from '../data/tables';
import type { Mailer } from '../mail/mailer';
import type { LegacyUpstream } from '../upstream/legacy-upstream';

/** Everything the HTTP layer needs, built once in main.ts (or by a test) and passed in. */
export interface AppDeps {
  config: Config;
  db: Database;
  wp: WpDb;
  registry: ActionRegistry;
  log: Logger;
  /** The clock: the real one in production, fixed to the capture day in replays. */
  clock: () => Date;
  /** Outgoing mail (SMTP, or .eml files when no SMTP is configured). */
  mailer: Mailer;
  /** The `wp_salt()` values; resolved once (they come from wp-config or stored options). */
  salts: () => Promise<Salts>;
  /** The WordPress site behind us during a switch-over (`LEGACY_UPSTREAM`), if any. */
  upstream?: LegacyUpstream;
}
