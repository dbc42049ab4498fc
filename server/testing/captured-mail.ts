import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../core/config';
import { legacyMailAsOurs } from '../parity/legacy-markup';

/**
 * A mail the legacy site sent (`legacy-fixtures/mails/{name}.eml`): its headers (lower-case names)
 * and its body as PHP passed it, with the changes we make on purpose applied (legacyMailAsOurs).
 */
export function capturedMail(name: string): { headers: Map<string, string>; body: string } {
  const text = readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'mails', `${name}.eml`), 'utf8');
  const split = text.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of text.slice(0, split).split('\n')) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { headers, body: legacyMailAsOurs(text.slice(split + 2).replace(/\n+$/, '')) };
}
