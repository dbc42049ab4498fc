import { isSet, str } from '../php/coerce';

/** The plugin's site-wide settings the booking rules read, and the site's time zone. */
export interface TourmasterSettings {
  /** `tourmaster_general` (unserialised; keys as the plugin's settings page names them). */
  general: Readonly<Record<string, unknown>>;
  /** `tourmaster_payment`. */
  payment: Readonly<Record<string, unknown>>;
  timezone: string;
  gmtOffsetHours: number;
}

/** A setting as the plugin reads it: the stored value when set (non-empty or '0'), else the default. */
export function setting(options: Readonly<Record<string, unknown>>, key: string, fallback = ''): string {
  const value = options[key];
  return isSet(value) ? str(value) : fallback;
}
