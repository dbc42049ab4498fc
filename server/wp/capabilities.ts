/**
 * What a user may do, as `WP_User::get_role_caps` and `has_cap` decide it on a single site: the
 * user meta `{prefix}capabilities` lists the user's roles (its keys that are roles of the option
 * `{prefix}user_roles`) and capabilities granted or denied to the user alone; the roles' capabilities
 * are merged in order, then the user's own entries override them. A capability is held when its
 * value is not PHP-empty.
 */
import { isEmpty } from '../php/coerce';
import { isPhpArrayObject, PhpOrderedMap, type PhpValue } from '../php/values';

/** The capability that shows Tour Master's order pages (administrator and `tour_staff` hold it). */
export const MANAGE_TOUR_ORDER = 'manage_tour_order';

/** The administrator's capability (`manage_options`), asked of webhook subscriptions. */
export const MANAGE_OPTIONS = 'manage_options';

export type Capabilities = ReadonlyMap<string, PhpValue>;

/** The user's capability map (`$user->allcaps`) from the user meta and the roles option. */
export function userCapabilities(userCaps: PhpValue | undefined, roles: PhpValue | undefined): Capabilities {
  const own = entriesOf(userCaps);
  const roleMap = new Map(entriesOf(roles));
  const all = new Map<string, PhpValue>();
  for (const [name] of own) {
    const role = roleMap.get(name);
    if (!isPhpArrayObject(role) && !(role instanceof PhpOrderedMap)) continue;
    const caps = role instanceof PhpOrderedMap ? role.get('capabilities') : role.capabilities;
    for (const [cap, granted] of entriesOf(caps)) all.set(cap, granted);
  }
  for (const [cap, granted] of own) all.set(cap, granted);
  return all;
}

/** `has_cap($cap)` for a primitive capability: present and not PHP-empty. */
export function hasCap(capabilities: Capabilities, cap: string): boolean {
  const granted = capabilities.get(cap);
  return granted !== undefined && !isEmpty(granted);
}

function entriesOf(value: PhpValue | undefined): [string, PhpValue][] {
  if (value instanceof PhpOrderedMap) return [...value].map(([k, v]) => [String(k), v]);
  if (isPhpArrayObject(value)) return Object.entries(value);
  return [];
}
