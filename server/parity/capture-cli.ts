import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { convertHar, type Har } from './har';
import { liveSafety } from './read-only';

const USAGE = `Usage: npm run parity:capture -- --har FILE.har --out DIR [options]

  --har FILE        a HAR file saved from the browser's developer tools (Network, "Save all as HAR")
  --out DIR         where the exchanges are written, one JSON file each (a new or empty folder)
  --site URL        the site's address, when the first page or admin-ajax call is not on it
  --keep-cookies    keep every cookie as sent, logins included (default: the plugin's own only)
  --keep-personal-data  keep names, e-mail addresses, phone numbers and text as typed
                    (default: masked in requests and wherever the replies show them)
`;

/** `npm run parity:capture`: 0 when exchanges were written, 2 for a usage or input error. */
export async function captureMain(argv: string[], out: (text: string) => void): Promise<number> {
  let values: {
    har?: string;
    out?: string;
    site?: string;
    'keep-cookies'?: boolean;
    'keep-personal-data'?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        har: { type: 'string' },
        out: { type: 'string' },
        site: { type: 'string' },
        'keep-cookies': { type: 'boolean' },
        'keep-personal-data': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
    if (!values.har || !values.out) throw new Error('--har and --out are required.');
  } catch (err) {
    out(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const dir = values.out;
  if (existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.json'))) {
    out(`${dir} already holds exchanges; give a new or empty folder.\n`);
    return 2;
  }
  let har: Har;
  let result: ReturnType<typeof convertHar>;
  try {
    har = JSON.parse(readFileSync(values.har, 'utf8')) as Har;
    result = convertHar(har, {
      site: values.site,
      keepCookies: values['keep-cookies'],
      keepPersonalData: values['keep-personal-data'],
    });
  } catch (err) {
    out(`Cannot read ${values.har} as a HAR file: ${(err as Error).message}\n`);
    return 2;
  }
  mkdirSync(dir, { recursive: true });
  for (const ex of result.exchanges)
    writeFileSync(path.join(dir, `${ex.name}.json`), `${JSON.stringify(ex, null, 1)}\n`);

  const kept = new Map<string, { count: number; readOnly: number }>();
  for (const ex of result.exchanges) {
    const key = ex.tags[0] === 'page' ? `${ex.request.method} page` : ex.tags[0]!;
    const row = kept.get(key) ?? { count: 0, readOnly: 0 };
    row.count++;
    if (liveSafety(ex).readOnly) row.readOnly++;
    kept.set(key, row);
  }
  const lines = [`Site: ${result.site}`, `Kept ${result.exchanges.length} exchanges in ${dir}:`];
  for (const [key, row] of [...kept].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(
      `  ${String(row.count).padStart(4)}  ${key}${row.readOnly < row.count ? `  (${row.count - row.readOnly} state-changing: never sent to the live site)` : ''}`,
    );
  const skipped = Object.entries(result.skipped).sort(([, a], [, b]) => b - a);
  lines.push(`Skipped ${skipped.reduce((n, [, c]) => n + c, 0)} requests:`);
  for (const [reason, count] of skipped) lines.push(`  ${String(count).padStart(4)}  ${reason}`);
  lines.push(
    values['keep-cookies']
      ? 'Cookies: kept as sent (the files hold login cookies: keep them private).'
      : `Cookies dropped: ${result.droppedCookies.join(', ') || 'none'}.`,
    values['keep-personal-data']
      ? 'Personal data: kept as typed (keep the files private).'
      : `Personal data masked in: ${result.maskedFields.join(', ') || 'no field'}.`,
  );
  out(`${lines.join('\n')}\n`);
  return 0;
}
