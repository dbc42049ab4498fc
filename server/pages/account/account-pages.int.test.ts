import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config';
import { setWishList } from '../../data/profile';
import { extractRegion, normaliseVolatile, withoutIslandProps } from '../../parity/compare';
import { canonicalHtml } from '../../parity/html-dom';
import { legacyMarkupAsOurs } from '../../parity/legacy-markup';
import { classTokens, get, htmlErrors, type Login, loginAs } from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * The account pages of customer1 against the captured pages (legacy-fixtures/pages/user-*.html),
 * compared by their content region; guests, other users' orders, unknown page types, and the
 * booking cancel link.
 */
const REGION = { className: 'tourmaster-template-wrapper' };

/** A captured page, its inline handlers written as ours (DEVIATIONS.md 93). */
function captured(name: string): string {
  return legacyMarkupAsOurs(readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'pages', name), 'utf8'));
}

function region(html: string): string {
  // The islands' props (the review form's star input) are ours alone.
  const found = extractRegion(withoutIslandProps(html), REGION);
  if (!found) throw new Error('no content region');
  // The islands' typed props (issue 16) are ours alone, as in the parity replay.
  return canonicalHtml(normaliseVolatile(withoutIslandProps(found)));
}

let tdb: TestDatabase;
let server: TestServer;
let customer1: Login;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
  customer1 = await loginAs(tdb, server, 'customer1');
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

/** Our additions to the legacy markup (nonces the legacy forms lacked), removed for the comparison. */
function withoutOurNonces(html: string): string {
  return html
    .replace(/<input type="hidden" name="_wpnonce" value="[0-9a-f]{10}" \/>/g, '')
    .replace(
      /<input type="hidden" id="security" name="security" value="[0-9a-f]{10}" \/><input type="hidden" name="_wp_http_referer" value="[^"]*" \/>(?=<\/form>)/g,
      (m) => (m.includes('edit-profile') ? '' : m),
    );
}

describe('account pages as the captured customer1 pages', () => {
  const pages: [string, string][] = [
    ['/my-account/?page_type=dashboard', 'user-dashboard-customer1.html'],
    ['/my-account/?page_type=my-booking', 'user-my-booking-customer1.html'],
    ['/my-account/?page_type=invoices', 'user-invoices-customer1.html'],
    ['/my-account/?page_type=my-booking&sub_page=single&id=1&tour_id=4', 'user-my-booking-single-customer1.html'],
    ['/my-account/?page_type=invoices&sub_page=single&id=1', 'user-invoices-single-customer1.html'],
    ['/my-account/?page_type=reviews', 'user-reviews-customer1.html'],
    ['/my-account/?page_type=change-password', 'user-change-password-customer1.html'],
    ['/my-account/?page_type=edit-profile', 'user-edit-profile-customer1.html'],
    ['/my-account/?page_type=wish-list', 'user-wish-list-customer1.html'],
  ];
  it.each(pages)('%s', async (url, file) => {
    // The captured wish list had tour 6 added by an earlier capture.
    if (file.includes('wish-list')) await setWishList(tdb.wp, customer1.userId, ['4', '7', '6']);
    const reply = await get(server, url, customer1.cookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(reply.text).toContain('<span class="tourmaster-user-top-bar-name" >Maria Papadopoulou</span>');
    const legacy = captured(file);
    expect(region(withoutOurNonces(reply.text))).toBe(region(legacy));
    // Every class of the legacy content region is in ours.
    const ours = classTokens(extractRegion(reply.text, REGION)!);
    for (const token of classTokens(extractRegion(legacy, REGION)!)) expect(ours, token).toContain(token);
  });
});
