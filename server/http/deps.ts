import type { Database } from '../data/db';
import type { Replicas } from '../data/replicas';
import type { ServiceDeps } from '../services/context';
import type { LegacyUpstream } from '../upstream/legacy-upstream';

/** Everything the HTTP layer needs, built once in main.ts (or by a test) and passed in. */
export interface AppDeps extends ServiceDeps {
  db: Database;
  /** The WordPress site behind us during a switch-over (`LEGACY_UPSTREAM`), if any. */
  upstream?: LegacyUpstream;
  /** Read replicas for the catalogue's reads (`DATABASE_REPLICA_URL`); absent: everything reads `db`. */
  replicas?: Replicas;
}
