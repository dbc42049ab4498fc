import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../core/config';

/** One captured request/reply of the legacy site (legacy-fixtures/exchanges/*.json). */
export interface Exchange {
  name: string;
  description: string;
  tags: string[];
  request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string | null;
    form: [string, string][];
    cookies: Record<string, string>;
  };
  response: {
    status: number;
    headers: [string, string][];
    body_kind: 'json' | 'text';
    json?: unknown;
    body: string | null;
    raw_body?: string;
  };
}

export const EXCHANGES_DIR = path.join(PROJECT_ROOT, 'legacy-fixtures', 'exchanges');

/** Every exchange, in name order (the order a replay from one fresh load must follow). */
export function loadExchanges(dir = EXCHANGES_DIR): Exchange[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Exchange);
}

export function loadExchange(name: string, dir = EXCHANGES_DIR): Exchange {
  return JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Exchange;
}

/** The admin-ajax action an exchange calls (POST field, else query), or undefined for pages and forms. */
export function exchangeAction(ex: Exchange): string | undefined {
  if (!ex.request.path.startsWith('/wp-admin/admin-ajax.php')) return undefined;
  const fromForm = ex.request.form.find(([k]) => k === 'action')?.[1];
  if (fromForm !== undefined) return fromForm;
  const query = ex.request.path.split('?')[1] ?? '';
  return new URLSearchParams(query).get('action') ?? '';
}

/** The login the exchange's WordPress cookie belongs to, if it was sent logged in. */
export function exchangeLogin(ex: Exchange): string | undefined {
  for (const [name, value] of Object.entries(ex.request.cookies)) {
    if (name.startsWith('wordpress_logged_in_')) return decodeURIComponent(value).split('|')[0];
  }
  return undefined;
}
