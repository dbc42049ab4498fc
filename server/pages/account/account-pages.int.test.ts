import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config';
import { setWishList } from '../../data/profile';
import { withOurEmptyStates } from '../../parity/account-deviations';
import { extractRegion, normaliseVolatile, withoutIslandProps } from '../../parity/compare';
import { canonicalHtml } from '../../parity/html-dom';
import { legacyMarkupAsOurs } from '../../parity/legacy-markup';
import { classTokens, get, htmlErrors, type Login, loginAs, textOf } from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * The account pages of customer1 against the captured pages (legacy-fixtures/pages/user-*.html),
 * compared by their content region; guests, other users' orders, unknown page types, and the
 * booking cancel link.
 */
const REGION = { className: 'tourmaster-template-wrapper' };

/** A captured page, its inline handlers written as ours (DEVIATIONS.md 93), its empty blocks as ours (99). */
function captured(name: string): string {
  return withOurEmptyStates(
    legacyMarkupAsOurs(readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'pages', name), 'utf8')),
  );
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
let customer2: Login;
let customer3: Login;
/** The fixture's administrator: no orders, reviews or wish list, so every list of theirs is empty. */
let nobody: Login;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
  customer1 = await loginAs(tdb, server, 'customer1');
  customer2 = await loginAs(tdb, server, 'customer2');
  customer3 = await loginAs(tdb, server, 'customer3');
  nobody = await loginAs(tdb, server, 'admin');
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

type Node = { nodeName: string; value?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };

const textIn = (node: Node): string =>
  node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(textIn).join('');
const hasClass = (node: Node, name: string) =>
  node.attrs
    ?.find((a) => a.name === 'class')
    ?.value.split(/\s+/)
    .includes(name) ?? false;

/**
 * Headings of the content (not the navigation's) with nothing under them: a block title whose block
 * content is empty, or any other heading with no text after it in its parent.
 */
function emptyHeadings(page: string): string[] {
  const content = extractRegion(page, { className: 'tourmaster-user-content' });
  if (!content) throw new Error('no account content');
  const found: string[] = [];
  const walk = (node: Node, ancestors: Node[]) => {
    const kids = node.childNodes ?? [];
    kids.forEach((child, i) => {
      if (/^h[1-6]$/.test(child.nodeName) && !hasClass(child, 'tourmaster-lightbox-title')) {
        const title = textIn(child).trim();
        const wrap = hasClass(node, 'tourmaster-user-content-title-wrap');
        const block = wrap ? ancestors.at(-1) : undefined;
        const after = block
          ? (block.childNodes ?? []).filter((n) => hasClass(n, 'tourmaster-user-content-block-content')).map(textIn)
          : kids.slice(i + 1).map(textIn);
        if (after.join('').trim() === '') found.push(title);
      }
      walk(child, [...ancestors, node]);
    });
  };
  walk(parseFragment(content) as unknown as Node, []);
  return found;
}

describe('the account pages as a visitor reads them (issue 17, item 3)', () => {
  const CUSTOMER1_PAGES = [
    'dashboard',
    'my-booking',
    'my-booking&status=pending',
    'invoices',
    'reviews',
    'wish-list',
    'room-booking',
    'room-invoices',
    'room-reviews',
    'my-booking&sub_page=single&id=1',
    'my-booking&sub_page=single&id=5',
    'my-booking&sub_page=single&id=11',
  ];
  it.each(CUSTOMER1_PAGES)('customer1 ?page_type=%s: no heading over nothing, valid HTML', async (type) => {
    const reply = await get(server, `/my-account/?page_type=${type}`, customer1.cookie);
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(emptyHeadings(reply.text)).toEqual([]);
  });

  it('the breadcrumbs and the status filter keep their separators, one between each two entries', async () => {
    const reply = await get(server, '/my-account/?page_type=my-booking', customer1.cookie);
    expect(textOf(reply.text, 'tourmaster-user-breadcrumbs')).toBe('Dashboard &gt; My Bookings');
    expect(textOf(reply.text, 'tourmaster-my-booking-filter')).toBe(
      '| All | Pending | Approved | Receipt Submitted | Online Paid | Deposit Paid | Departed | Rejected | Wait For Approval',
    );
  });

  it("a pending booking offers the receipt form (the plugin's fields) and the online payment", async () => {
    const url = '/my-account/?page_type=my-booking&sub_page=single&id=3&tour_id=5';
    const reply = await get(server, url, customer2.cookie);
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(emptyHeadings(reply.text)).toEqual([]);
    // The sidebar as printed (from its start to the booking's details).
    const from = reply.text.indexOf('<div class="tourmaster-my-booking-single-sidebar" >');
    const sidebar = reply.text.slice(from, reply.text.indexOf('<div class="tourmaster-my-booking-single-content" >'));
    expect(from).toBeGreaterThan(0);
    expect(textOf(sidebar, 'tourmaster-my-booking-single-sub-title')).toBe('Bank Payment Receipt');
    expect(sidebar).toContain(
      '<a data-tmlb="payment-receipt" class="tourmaster-my-booking-single-receipt-button tourmaster-button" >Submit Payment Receipt</a>',
    );
    expect(sidebar).toContain(
      '<form class="tourmaster-payment-receipt-form tourmaster-form-field tourmaster-with-border" method="post" enctype="multipart/form-data" action="/my-account/?page_type=my-booking&amp;sub_page=single&amp;id=3&amp;tour_id=5" >',
    );
    expect(sidebar).toMatch(/<input type="file" name="receipt" /);
    expect(sidebar).toMatch(/<input type="text" name="transaction-id" value="" maxlength="100" data-required /);
    expect(sidebar).toContain('<input type="hidden" name="action" value="payment-receipt" />');
    expect(sidebar).toContain('<input type="hidden" name="id" value="3" />');
    // Ours: the form's nonce (the legacy form had none; payment-receipt.int.test.ts posts it).
    expect(sidebar).toMatch(/<input type="hidden" name="security" value="[0-9a-f]{10}" \/><\/form>/);
    expect(sidebar).toMatch(
      /<a href="http:\/\/127\.0\.0\.1:\d+\/payment\/\?tid=3&amp;step=3" class="tourmaster-my-booking-single-payment-button tourmaster-button" >Make an Online Payment<\/a>/,
    );
  });

  it('a paid booking lists its payment under the heading and offers no form; one awaiting approval has neither', async () => {
    const paid = await get(server, '/my-account/?page_type=my-booking&sub_page=single&id=1', customer1.cookie);
    const sidebar = extractRegion(paid.text, { className: 'tourmaster-my-booking-single-sidebar' })!;
    expect(textOf(sidebar, 'tourmaster-my-booking-single-sub-title')).toBe('Bank Payment Receipt');
    expect(textOf(sidebar, 'tourmaster-deposit-item-head')).toBe('Deposit 1 : $480.00');
    expect(sidebar).not.toContain('payment-receipt');
    const waiting = await get(server, '/my-account/?page_type=my-booking&sub_page=single&id=5', customer1.cookie);
    expect(waiting.text).not.toContain('Bank Payment Receipt');
    expect(waiting.text).not.toContain('tourmaster-my-booking-single-billing-detail-column');
  });

  it('a deposit paid by receipt names the method as the plugin does, and takes another receipt', async () => {
    const reply = await get(server, '/my-account/?page_type=my-booking&sub_page=single&id=6', customer3.cookie);
    expect(reply.status).toBe(200);
    const sidebar = extractRegion(reply.text, { className: 'tourmaster-my-booking-single-sidebar' })!;
    expect(sidebar).toContain(
      '<span class="tourmaster-head">Payment Method :</span> <span class="tourmaster-tail">Receipt Submission</span>',
    );
    expect(sidebar).toContain('data-tmlb="payment-receipt"');
    expect(emptyHeadings(reply.text)).toEqual([]);
  });

  const EMPTY: [string, string, string | null][] = [
    ['my-booking', 'You have no bookings yet. Find a tour', '/?tour-search='],
    ['invoices', 'You have no invoices yet. Find a tour', '/?tour-search='],
    ['reviews', 'You have no tours to review yet: a tour can be reviewed once you have travelled.', null],
    ['wish-list', 'Your wish list is empty. Browse the tours', '/?tour-search='],
    ['room-booking', 'You have no room bookings yet.', null],
    ['room-invoices', 'You have no room invoices yet.', null],
    ['room-reviews', 'You have no room stays to review yet.', null],
  ];
  it.each(EMPTY)('?page_type=%s with nothing to list says so: "%s"', async (type, sentence, link) => {
    const reply = await get(server, `/my-account/?page_type=${type}`, nobody.cookie);
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(emptyHeadings(reply.text)).toEqual([]);
    const block = extractRegion(reply.text, { className: 'tourmaster-user-content-block-content' })!;
    expect(textOf(block, 'tourmaster-user-empty-state')).toBe(sentence);
    expect(block).not.toContain('<table');
    if (link) expect(block).toMatch(new RegExp(`<a href="http://127\\.0\\.0\\.1:\\d+${link.replace(/[?]/g, '\\?')}">`));
  });

  it('the dashboard with nothing to show says so in each block', async () => {
    const reply = await get(server, '/my-account/?page_type=dashboard', nobody.cookie);
    expect(emptyHeadings(reply.text)).toEqual([]);
    const sentences = [...reply.text.matchAll(/<p class="tourmaster-user-empty-state" >(.*?)<\/p>/g)].map((m) =>
      m[1]!.replace(/<[^>]*>/g, ''),
    );
    expect(sentences).toEqual([
      'You have no bookings yet. Find a tour',
      'You have no tours to review yet: a tour can be reviewed once you have travelled.',
      'You have no room stays to review yet.',
    ]);
  });

  it('a filter that matches nothing names the status', async () => {
    const reply = await get(server, '/my-account/?page_type=my-booking&status=rejected', customer1.cookie);
    expect(textOf(reply.text, 'tourmaster-user-empty-state')).toBe('You have no bookings with the status “Rejected”.');
  });

  it('room pages of a customer with room orders say they cannot be shown here, never an empty box', async () => {
    await tdb.wp.knex(tdb.wp.t.roomOrders).insert({ user_id: customer2.userId, booking_date: '2026-11-01 10:00:00' });
    for (const type of ['room-booking', 'room-invoices', 'room-reviews']) {
      const reply = await get(server, `/my-account/?page_type=${type}`, customer2.cookie);
      expect(textOf(reply.text, 'tourmaster-user-empty-state')).toBe(
        'Your room bookings cannot be shown on this site yet. Please contact us for their details.',
      );
    }
  });
});
