import { generateSecret, resolveSalt, type SaltScheme, type WpSecretConstants } from '../wp/wp-salt';
import { addOption, getOptions } from './options';
import type { WpDb } from './tables';

export type Salts = Readonly<Record<SaltScheme, string>>;

const SCHEMES: readonly SaltScheme[] = ['auth', 'secure_auth', 'logged_in', 'nonce'];
const OPTION_NAMES = SCHEMES.flatMap((s) => [`${s}_key`, `${s}_salt`]);

/**
 * The four `wp_salt()` values. Constants come from wp-config.php; any that are missing or unusable
 * fall back to the site options WordPress itself generates and stores on first use, so a site
 * configured by DATABASE_URL (or the embedded default) still signs cookies WordPress accepts.
 * add_option never overwrites, so two processes starting together agree on one value.
 */
export async function loadSalts(wp: WpDb, constants: WpSecretConstants): Promise<Salts> {
  const read = async () => {
    const stored = await getOptions(wp, OPTION_NAMES);
    return { get: (name: string) => (typeof stored.get(name) === 'string' ? (stored.get(name) as string) : undefined) };
  };
  let options = await read();
  const missing = new Set(SCHEMES.flatMap((s) => resolveSalt(s, constants, options).missingOptions));
  if (missing.size) {
    for (const name of missing) await addOption(wp, name, generateSecret(), 'no');
    options = await read();
  }
  const salts = {} as Record<SaltScheme, string>;
  for (const scheme of SCHEMES) {
    const resolved = resolveSalt(scheme, constants, options);
    if (resolved.salt === null) throw new Error(`Could not establish the ${scheme} salt.`);
    salts[scheme] = resolved.salt;
  }
  return salts;
}
