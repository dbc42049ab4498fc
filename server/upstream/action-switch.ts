import { ConfigError, type LegacyUpstreamConfig } from '../core/config';

/**
 * Which admin-ajax actions go to the WordPress upstream during a switch-over. An action we do not
 * serve always does. Of ours: with `SERVE_ACTIONS`, only the listed ones stay here; with
 * `FORWARD_ACTIONS`, the listed ones go. An admin moves actions over one by one by growing the
 * first list or shrinking the second.
 */
export type ActionSwitch = (action: string, served: boolean) => boolean;

/**
 * Builds the switch, refusing names that are not actions we serve: a typo in either list would
 * otherwise silently forward (or keep) an action the admin meant to move.
 */
export function createActionSwitch(config: LegacyUpstreamConfig, ours: Iterable<string>): ActionSwitch {
  const known = new Set(ours);
  for (const [name, list] of [
    ['SERVE_ACTIONS', config.serveActions ?? []],
    ['FORWARD_ACTIONS', config.forwardActions],
  ] as const) {
    const unknown = list.filter((action) => !known.has(action));
    if (unknown.length) {
      throw new ConfigError(
        `${name} names ${unknown.length === 1 ? 'an action' : 'actions'} this server does not have: ${unknown.join(', ')} (it serves ${[...known].sort().join(', ')}).`,
      );
    }
  }
  if (config.serveActions) {
    const serve = new Set(config.serveActions);
    return (action, served) => !served || !serve.has(action);
  }
  const forward = new Set(config.forwardActions);
  return (action, served) => !served || forward.has(action);
}
