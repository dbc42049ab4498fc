import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/core/config';
import { CAPTURE_NOW, startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { type AjaxValue, encodeParams } from '../lib/ajax';
import { withStoredConsent } from './consent-cookie';
import { openLegacyPage } from './payment-flow';

/**
 * The tour list controls (ListSection) and the search form (SearchForm) in Chromium, on the search
 * pages WordPress rendered (legacy-fixtures/pages/search-*.html) served with our bundle in place of
 * the plugin's scripts, every ajax call answered by our real admin-ajax. The captured search page
 * has one page of tours and no category filterer, so two lists are built from the captured list
 * settings (legacy-fixtures/exchanges/*tour-list*): the "Tour List" page's filterer with ajax page
 * numbers, and a grid with "Load More"; their first page comes from our server too.
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let ajaxUrl: string;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

const HOLDER = '.tourmaster-tour-item-holder';
/** The ListSection island's marker: the list element, its controls and cards one React tree. */
const LIST = '.tourmaster-tour-item';
const TITLES = `${HOLDER} .tourmaster-tour-title a`;

function exchangeSettings(name: string): Record<string, AjaxValue> {
  const file = path.join(PROJECT_ROOT, 'legacy-fixtures', 'exchanges', `${name}.json`);
  return (
    JSON.parse(readFileSync(file, 'utf8')) as { request: { form_nested: { settings: Record<string, AjaxValue> } } }
  ).request.form_nested.settings;
}

const attr = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#039;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** The `div` that starts at `start`, through its matching `</div>`. */
function divAt(html: string, start: number): { start: number; end: number } {
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) return { start, end: m.index + m[0].length };
  }
  throw new Error('unbalanced div');
}

/** The captured page with its tour list replaced by `section`. */
function withList(section: string) {
  return (html: string) => {
    const at = html.indexOf('<div class="tourmaster-tour-item clearfix');
    const list = divAt(html, at);
    return html.slice(0, list.start) + section + html.slice(list.end);
  };
}

/** A tour list section as the plugin prints it (listing.md §2.1, §2.4), its first page from our server. */
async function listSection(settings: Record<string, AjaxValue>, options: { filterer?: boolean }): Promise<string> {
  const response = await fetch(ajaxUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: encodeParams({ action: 'tourmaster_tour_ajax', settings, option: { name: '', value: '' } }),
  });
  const reply = (await response.json()) as { content: string; pagination?: string; load_more?: string };
  const control = (action: string, cls: string, targetAction: string, inner: string) =>
    `<div class="${cls}" data-tm-ajax="${action}" data-settings="${attr(JSON.stringify(settings))}" data-target="tourmaster-tour-item-holder" data-target-action="${targetAction}" data-ajax-url="${ajaxUrl}" >${inner}</div>`;
  const filterer = options.filterer
    ? control(
        'tourmaster_tour_ajax',
        'tourmaster-filterer-wrap tourmaster-ajax-action  tourmaster-item-pdlr tourmaster-style-text tourmaster-center-align',
        'replace',
        '<a href="#" class="tourmaster-filterer tourmaster-button-color tourmaster-active" >All</a>' +
          [
            ['day-trips', 'Day Trips'],
            ['islands', 'Islands'],
            ['mainland', 'Mainland'],
            ['multi-day', 'Multi-day'],
          ]
            .map(
              ([slug, name]) =>
                `<a href="#" class="tourmaster-filterer tourmaster-button-color" data-ajax-name="category" data-ajax-value="${slug}" >${name}</a>`,
            )
            .join(''),
      )
    : '';
  const paging = [reply.pagination, reply.load_more].filter((p): p is string => !!p && p !== 'none').join('');
  const style = String(settings['tour-style']);
  return `<div class="tourmaster-tour-item clearfix  tourmaster-tour-item-style-${style}" >${filterer}<div class="tourmaster-tour-item-holder gdlr-core-js-2 clearfix" data-layout="fitrows" >${reply.content}</div>${paging}</div>`;
}

async function newContext(viewport: Viewport = VIEWPORTS[0], reducedMotion = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
    ...(viewport.name === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
  });
  await context.route(
    (url) => url.origin !== server.baseUrl,
    (route) => route.abort(),
  );
  // Not about consent: no banner (vanilla-cookieconsent focuses it when it shows, which would take
  // the focus these tests follow).
  await withStoredConsent(context, server.baseUrl);
  return context;
}

/**
 * The search pages are shown with our stylesheet too (client/styles, list-section.css among them):
 * that is how our own search page looks, and it draws the order filterer's icon links.
 */
const openLegacy = (context: BrowserContext, name: string, transform?: (html: string) => string) =>
  openLegacyPage(context, server, name, transform, { ourStylesheet: true });

const isAjax = (action: string) => (request: Request) =>
  request.url().includes('/wp-admin/admin-ajax.php') && (request.postData() ?? '').includes(`action=${action}&`);

/** Waits for the action's reply and for the list to settle (no longer busy, the live region updated). */
async function listLoad(page: Page, action: string, trigger: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse((r) => isAjax(action)(r.request())), trigger()]);
  await page.waitForFunction((holder) => {
    const list = document.querySelector(holder);
    const status = list?.parentElement?.querySelector('[role="status"]');
    return list && !list.hasAttribute('aria-busy') && !!status?.textContent;
  }, HOLDER);
  return response;
}

const option = (response: Response) => {
  const body = new URLSearchParams(response.request().postData() ?? '');
  return { name: body.get('option[name]'), value: body.get('option[value]') };
};
const status = (page: Page) => page.locator(`${HOLDER} + [role="status"]`).textContent();
const titles = (page: Page) => page.locator(TITLES).allTextContents();
const replyTitles = async (response: Response) =>
  [
    ...String(((await response.json()) as { content: string }).content).matchAll(
      /tourmaster-tour-title[^>]*><a [^>]*>([^<]*)</g,
    ),
  ].map((m) => (m[1] ?? '').replaceAll('&#038;', '&'));

async function ready(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}[data-island-ready]`, { state: 'attached' });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  ajaxUrl = `${server.baseUrl}/wp-admin/admin-ajax.php`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

describe.each(VIEWPORTS)('the captured search page ($width px)', (viewport) => {
  it('sorts by price, switches to the grid and back (order filterer)', async () => {
    const context = await newContext(viewport);
    const page = await openLegacy(context, 'search-tours');
    const filterer = page.locator('.tourmaster-tour-order-filterer-wrap');
    await ready(page, LIST);
    expect(await titles(page)).toHaveLength(8);
    expect(await filterer.locator('select[data-ajax-name="order"]').getAttribute('aria-label')).toBe('Sort order');

    const byPrice = await listLoad(page, 'tourmaster_tour_order_ajax', () =>
      filterer.locator('select[data-ajax-name="orderby"]').selectOption('price'),
    );
    expect(option(byPrice)).toEqual({ name: 'orderby', value: 'price' });
    expect((await titles(page))[0]).toBe('Crete Samaria Gorge Private Hike');
    expect(await titles(page)).toEqual(await replyTitles(byPrice));
    expect(await status(page)).toBe('8 tours shown.');

    const ascending = await listLoad(page, 'tourmaster_tour_order_ajax', () =>
      filterer.locator('select[data-ajax-name="order"]').selectOption('asc'),
    );
    // The reply's settings are the filterer's now: the order request carries the price sort.
    expect(new URLSearchParams(ascending.request().postData() ?? '').get('settings[orderby]')).toBe('price');
    const prices = await page.locator(`${HOLDER} .tourmaster-tour-price .tourmaster-tail`).allTextContents();
    expect(prices.map((p) => Number(p.replace(/\D/g, '')))).toEqual([65, 75, 89, 95, 120, 150, 390, 900]);

    const grid = filterer.locator('a[data-ajax-value="grid-style"]');
    expect(await grid.getAttribute('aria-label')).toBe('Grid view');
    expect(await grid.getAttribute('aria-pressed')).toBe('false');
    await listLoad(page, 'tourmaster_tour_order_ajax', () => grid.click());
    expect(await page.locator(`${HOLDER} .tourmaster-tour-grid`).count()).toBe(8);
    expect(await grid.getAttribute('aria-pressed')).toBe('true');
    expect(await filterer.getAttribute('data-settings')).toContain('"tour-style":"grid"');
    expect((await titles(page))[0]).toBe('Athens Acropolis & Plaka Walking Tour');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(450);
    await page.screenshot({ path: screenshotPath(`search-sorted-grid-${viewport.width}`), fullPage: true });

    // Back to the list with the keyboard: the view switch is a button, Enter presses it.
    const list = filterer.locator('a[data-ajax-value="list-style"]');
    await list.focus();
    await listLoad(page, 'tourmaster_tour_order_ajax', () => page.keyboard.press('Enter'));
    expect(await page.locator(`${HOLDER} .tourmaster-tour-medium`).count()).toBe(8);
    expect(await list.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-ajax-value'))).toBe('list-style');
    await context.close();
  });

  it('keeps the list when the server fails, and takes one request at a time', async () => {
    // On the phone with reduced motion: the list is only dimmed, not faded out.
    const reduced = viewport.name === 'mobile';
    const context = await newContext(viewport, reduced);
    const page = await openLegacy(context, 'search-tours');
    await ready(page, LIST);
    const before = await page.locator(HOLDER).innerHTML();
    const filterer = page.locator('.tourmaster-tour-order-filterer-wrap');
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') errors.push(m.text());
    });

    // A slow failure: busy and faded meanwhile, further clicks ignored, then all as before.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posts = 0;
    await page.route('**/wp-admin/admin-ajax.php', async (route) => {
      posts++;
      await held;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"status":"failed","message":"Settings variable is not defined."}',
      });
    });
    await filterer.locator('a[data-ajax-value="grid-style"]').click();
    await page.waitForSelector(`${HOLDER}[aria-busy="true"]`);
    await page.waitForTimeout(200);
    expect(Number(await page.locator(HOLDER).evaluate((el) => getComputedStyle(el).opacity))).toBeCloseTo(
      reduced ? 0.4 : 0,
    );
    await filterer.locator('select[data-ajax-name="orderby"]').selectOption('title');
    expect(await filterer.locator('select[data-ajax-name="orderby"]').inputValue()).toBe('date');
    expect(posts).toBe(1);
    release();
    await page.waitForFunction((h) => !document.querySelector(h)?.hasAttribute('aria-busy'), HOLDER);
    expect(await page.locator(HOLDER).innerHTML()).toBe(before);
    expect(await page.locator(HOLDER).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await filterer.locator('a.tourmaster-active').getAttribute('data-ajax-value')).toBe('list-style');
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent?.includes('could not'),
      `${HOLDER} + [role="status"]`,
    );

    // A network error on a select: the select goes back to what the list shows.
    await page.unroute('**/wp-admin/admin-ajax.php');
    await page.route('**/wp-admin/admin-ajax.php', (route) => route.abort());
    await filterer.locator('select[data-ajax-name="orderby"]').selectOption('rating');
    await page.waitForFunction(
      () => (document.querySelector('select[data-ajax-name="orderby"]') as HTMLSelectElement | null)?.value === 'date',
    );
    expect(await page.locator(HOLDER).innerHTML()).toBe(before);
    expect(errors.some((e) => e.includes('[island ListSection]'))).toBe(true);
    await context.close();
  });

  it('picks and clears a date, rates, toggles the type filter and clears the filters (search form)', async () => {
    const context = await newContext(viewport);
    const typeFilter =
      '<div class="tourmaster-tour-search-item-divier" ></div><div class="tourmaster-tour-search-type-filter" ><h3 class="tourmaster-type-filter-title">Type Filter<i class="fa fa-plus-circle " ></i></h3><div class="tourmaster-type-filter-item-wrap " ><div class="tourmaster-type-filter-item" ><h5 class="tourmaster-type-filter-item-title" >Tour Tags</h5>' +
      ['beach', 'boat', 'hiking', 'history', 'sailing']
        .map(
          (slug) =>
            `<label class="tourmaster-type-filter-term" ><input type="checkbox" name="tax-tour_tag[]" value="${slug}"  /><span class="tourmaster-type-filter-display" ><i class="fa fa-check-circle-o" ></i><span class="tourmaster-head" >${slug}</span></span></label>`,
        )
        .join('') +
      '<label><input class="tourmaster-type-filter-show-more" type="checkbox" /><span class="tourmaster-type-filter-more-button">More<i class="fa fa-angle-down"></i></span><div class="tourmaster-type-filter-hide" ><label class="tourmaster-type-filter-term" ><input type="checkbox" name="tax-tour_tag[]" value="sunset"  /><span class="tourmaster-type-filter-display" ><i class="fa fa-check-circle-o" ></i><span class="tourmaster-head" >sunset</span></span></label></div></label></div></div></div>';
    const page = await openLegacy(context, 'search-tours', (html) =>
      html.replace(
        '<input class="tourmaster-tour-search-submit"',
        `<input type="hidden" name="lang" value="en" />${typeFilter}<input class="tourmaster-tour-search-submit"`,
      ),
    );
    const form = page.locator('.tourmaster-tour-search-item form');
    await ready(page, '.tourmaster-tour-search-item form');
    // The stars are the search form's own (SearchForm), drawn with it.
    await form.locator('.tourmaster-tour-search-field-rating').scrollIntoViewIfNeeded();

    // The labels name their fields.
    expect(await page.getByLabel('Min Price').count()).toBe(1);
    expect(await page.getByLabel('Date', { exact: true }).getAttribute('class')).toContain('tourmaster-datepicker');

    // The date: from today (the capture day) on, shown as "d M yy", kept as Y-m-d.
    const shown = form.locator('input.tourmaster-datepicker');
    await shown.click();
    const calendar = page.locator('.flatpickr-calendar.open');
    await calendar.waitFor();
    expect(await calendar.locator('.flatpickr-day[aria-label="November 20, 2026"]').getAttribute('class')).toContain(
      'flatpickr-disabled',
    );
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath(`search-form-calendar-${viewport.width}`) });
    await calendar.locator('.flatpickr-day[aria-label="November 28, 2026"]').click();
    expect(await shown.inputValue()).toBe('28 Nov 2026');
    expect(await form.locator('input[name="date"]').inputValue()).toBe('2026-11-28');
    const clearDate = form.locator('.tourmaster-clear-date');
    expect(await clearDate.getAttribute('role')).toBe('button');
    await clearDate.focus();
    await page.keyboard.press('Enter');
    expect(await shown.inputValue()).toBe('');
    expect(await form.locator('input[name="date"]').inputValue()).toBe('');

    // The stars (RatingInput) inside the form: 3.5 stars or more.
    const rating = form.locator('.tourmaster-tour-search-field-rating');
    expect(await rating.getAttribute('aria-valuenow')).toBe('0');
    await rating.locator('i[data-rating-score="7"]').click();
    expect(await form.locator('input[name="rating"]').inputValue()).toBe('7');
    expect(await rating.locator('i.fa-star').count()).toBe(3);
    await rating.press('ArrowRight');
    expect(await form.locator('input[name="rating"]').inputValue()).toBe('8');

    // The type filter opens from its title, with the keyboard; "More" shows the folded terms.
    const toggle = form.locator('.tourmaster-type-filter-title i.fa-plus-circle');
    const wrap = form.locator('.tourmaster-type-filter-item-wrap');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await wrap.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await wrap.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await form.locator('.tourmaster-type-filter-term').filter({ hasText: 'hiking' }).click();
    expect(await form.locator('input[value="hiking"]').isChecked()).toBe(true);
    const more = form.locator('.tourmaster-type-filter-more-button');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press(' ');
    await form.locator('.tourmaster-type-filter-hide').waitFor({ state: 'visible' });
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await form.locator('.tourmaster-type-filter-term').filter({ hasText: 'sunset' }).click();
    expect(await form.locator('input[value="sunset"]').isChecked()).toBe(true);
    expect(await more.getAttribute('aria-expanded')).toBe('true');

    // Fill the rest, then "Clear Filter": every filter back to "any", nothing else touched.
    await form.locator('input[name="tour-search"]').fill('island');
    await form.locator('select[name="tax-tour_category"]').selectOption('islands');
    await form.locator('select[name="duration"]').selectOption('5');
    await form.locator('input[name="min-price"]').fill('50');
    await shown.click();
    await page.locator('.flatpickr-calendar.open .flatpickr-day[aria-label="November 30, 2026"]').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath(`search-form-filled-${viewport.width}`), fullPage: true });
    const clear = form.locator('.tourmaster-tour-search-filter-clear');
    expect(await clear.getAttribute('role')).toBe('button');
    await clear.click();
    expect(await form.locator('input[name="tour-search"]').inputValue()).toBe('');
    expect(await form.locator('select[name="tax-tour_category"]').inputValue()).toBe('');
    expect(await form.locator('select[name="duration"]').inputValue()).toBe('');
    expect(await form.locator('input[name="min-price"]').inputValue()).toBe('');
    expect(await shown.inputValue()).toBe('');
    expect(await form.locator('input[name="date"]').inputValue()).toBe('');
    expect(await form.locator('input[name="rating"]').inputValue()).toBe('0');
    expect(await rating.locator('i.fa-star, i.fa-star-half-empty').count()).toBe(0);
    expect(await rating.getAttribute('aria-valuenow')).toBe('0');
    expect(await form.locator('input[name="tax-tour_tag[]"]:checked').count()).toBe(0);
    expect(await form.locator('input[value="hiking"]').count()).toBe(1);
    expect(await form.locator('input.tourmaster-tour-search-submit').inputValue()).toBe('Search');
    expect(await form.locator('input[name="lang"]').inputValue()).toBe('en');
    expect(page.url()).not.toContain('#');

    // The title closes it again; a search is the plain GET the legacy form sent.
    await form.locator('.tourmaster-type-filter-title').click();
    await wrap.waitFor({ state: 'hidden' });
    await form.locator('select[name="duration"]').selectOption('1');
    await rating.locator('span[data-rating-score="8"]').click();
    await shown.click();
    await page.locator('.flatpickr-calendar.open .flatpickr-day[aria-label="December 3, 2026"]').click();
    const search = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/search-tours/?'));
    await page.route(
      (url) => url.pathname === '/search-tours/',
      (route) => route.fulfill({ status: 200, body: 'ok' }),
    );
    await form.locator('input.tourmaster-tour-search-submit').click();
    const query = new URL((await search).url()).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ duration: '1', date: '2026-12-03', rating: '8', lang: 'en' });
    await context.close();
  });
});

describe('a tour list with a category filterer and ajax page numbers (the "Tour List" page settings)', () => {
  it.each(VIEWPORTS)('goes to page 2, back up to the list, and filters by category ($width px)', async (viewport) => {
    const settings = exchangeSettings('tourmaster_tour_ajax-tour-list-category-islands');
    const section = await listSection(settings, { filterer: true });
    const context = await newContext(viewport);
    const page = await openLegacy(context, 'search-tours', withList(section));
    await ready(page, LIST);
    const pagination = page.locator('.tourmaster-pagination');
    expect(await pagination.getAttribute('role')).toBe('navigation');
    expect(await pagination.locator('a[aria-current="page"]').textContent()).toBe('1');
    const first = await titles(page);
    expect(first).toHaveLength(3);

    // Page 2 by mouse from the bottom of the page: the list scrolls back into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bottom = await page.evaluate(() => window.scrollY);
    const two = await listLoad(page, 'tourmaster_tour_ajax', () =>
      pagination.locator('a[data-ajax-value="2"]').click(),
    );
    expect(option(two)).toEqual({ name: 'paged', value: '2' });
    expect(await titles(page)).toEqual(await replyTitles(two));
    expect(await titles(page)).not.toEqual(first);
    await page.waitForFunction((y) => window.scrollY < y, bottom);
    await page.waitForSelector('.tourmaster-pagination a[aria-current="page"]:text-is("2")');
    await page.waitForFunction(() => document.querySelectorAll('.tourmaster-pagination').length === 1);
    expect(await status(page)).toBe('3 tours shown, page 2.');

    // Page 3 with the keyboard: Enter on the page number, focus stays on the (new) current page.
    await page.locator('.tourmaster-pagination a[data-ajax-value="3"]').focus();
    const three = await listLoad(page, 'tourmaster_tour_ajax', () => page.keyboard.press('Enter'));
    expect(option(three)).toEqual({ name: 'paged', value: '3' });
    await page.waitForSelector('.tourmaster-pagination a[aria-current="page"]:text-is("3")');
    expect(
      await page.evaluate(() => [
        document.activeElement?.textContent,
        document.activeElement?.getAttribute('aria-current'),
      ]),
    ).toEqual(['3', 'page']);

    // A category: page 1 of its tours, the pagination redrawn for it.
    const filterer = page.locator('.tourmaster-filterer-wrap');
    expect(await filterer.getAttribute('role')).toBe('group');
    const islands = filterer.locator('a[data-ajax-value="islands"]');
    expect(await islands.getAttribute('aria-pressed')).toBe('false');
    const byCategory = await listLoad(page, 'tourmaster_tour_ajax', () => islands.click());
    expect(option(byCategory)).toEqual({ name: 'category', value: 'islands' });
    expect(await titles(page)).toEqual([
      'Corfu Old Town & Paleokastritsa',
      'Rhodes Medieval Town & Lindos Acropolis',
      'Mykonos & Delos Island Hopping',
    ]);
    expect(await islands.getAttribute('aria-pressed')).toBe('true');
    expect(await filterer.locator('a').first().getAttribute('aria-pressed')).toBe('false');
    await page.waitForSelector('.tourmaster-pagination a[aria-current="page"]:text-is("1")');
    await page.waitForFunction(() => document.querySelectorAll('.tourmaster-pagination').length === 1);
    expect(await page.locator('.tourmaster-pagination a').allTextContents()).toEqual(['1', '2']);
    await page.waitForTimeout(450);
    await page.screenshot({ path: screenshotPath(`search-list-islands-${viewport.width}`), fullPage: true });

    // A click on the active filter sends nothing; "All" sends the list's own settings, no option.
    let sent = 0;
    page.on('request', (r) => {
      if (isAjax('tourmaster_tour_ajax')(r)) sent++;
    });
    await islands.click();
    await page.waitForTimeout(200);
    expect(sent).toBe(0);
    const all = await listLoad(page, 'tourmaster_tour_ajax', () => filterer.locator('a').first().click());
    expect(option(all)).toEqual({ name: '', value: '' });
    expect(await titles(page)).toEqual(first);
    await context.close();
  });

  it('shows "No tours found" for an empty page instead of staying faded', async () => {
    const settings = { ...exchangeSettings('tourmaster_tour_ajax-tour-list-category-islands'), category: 'mainland' };
    const section = await listSection(settings, { filterer: true });
    const context = await newContext();
    const page = await openLegacy(context, 'search-tours', withList(section));
    await ready(page, LIST);
    // Past the last page, as a stale pagination would ask.
    await page.route('**/wp-admin/admin-ajax.php', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"status":"success","content":"","pagination":"none"}',
      }),
    );
    await listLoad(page, 'tourmaster_tour_ajax', () =>
      page.locator('.tourmaster-filterer-wrap a[data-ajax-value="islands"]').click(),
    );
    expect(await page.locator(`${HOLDER} .dropin-list-empty`).textContent()).toBe('No tours found.');
    expect(await page.locator(HOLDER).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await status(page)).toBe('No tours found.');
    await page.waitForTimeout(200);
    expect(await page.locator('.tourmaster-pagination').count()).toBe(0);
    await context.close();
  });
});

describe('a grid with "Load More" (the captured load-more settings)', () => {
  it.each(VIEWPORTS)('loads pages until the button goes, focus on the first new tour ($width px)', async (viewport) => {
    const settings = { ...exchangeSettings('tourmaster_tour_ajax-tour-list-load-more-2'), paged: '' };
    const section = await listSection(settings, {});
    const context = await newContext(viewport);
    const page = await openLegacy(context, 'search-tours', withList(section));
    await ready(page, LIST);
    expect(await titles(page)).toHaveLength(3);
    const button = page.locator('.tourmaster-load-more');
    expect(await button.getAttribute('role')).toBe('button');

    const two = await listLoad(page, 'tourmaster_tour_ajax', () => button.click());
    expect(option(two)).toEqual({ name: 'paged', value: '2' });
    expect(await titles(page)).toHaveLength(6);
    const added = await replyTitles(two);
    expect((await titles(page)).slice(3)).toEqual(added);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(added[0]);
    expect(await status(page)).toBe('3 more tours loaded, 6 tours shown.');
    await page.waitForSelector('.tourmaster-load-more-wrap a[data-ajax-value="3"]');
    expect(await page.locator('.tourmaster-load-more-wrap').count()).toBe(1);

    // The last page with the keyboard: the button goes, focus on the first of the new tours.
    await page.locator('.tourmaster-load-more').focus();
    const three = await listLoad(page, 'tourmaster_tour_ajax', () => page.keyboard.press('Enter'));
    expect(option(three)).toEqual({ name: 'paged', value: '3' });
    const last = await replyTitles(three);
    expect(await titles(page)).toHaveLength(6 + last.length);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(last[0]);
    await page.locator('.tourmaster-load-more-wrap').waitFor({ state: 'detached' });
    expect(await status(page)).toBe(
      `${last.length} more ${last.length === 1 ? 'tour' : 'tours'} loaded. All ${6 + last.length} tours are shown.`,
    );
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath(`search-load-more-${viewport.width}`), fullPage: true });
    await context.close();
  });
});

describe('our own search page', () => {
  it('sorts its list and clears its form when the server renders it', async (ctx) => {
    const html = await (await fetch(`${server.baseUrl}/?tour-search=`)).text();
    if (!html.includes('data-tm-ajax') || !html.includes('tourmaster-tour-search-item')) ctx.skip();
    const context = await newContext();
    const page = await context.newPage();
    await page.clock.setFixedTime(CAPTURE_NOW);
    await page.goto(`${server.baseUrl}/?tour-search=`);
    await ready(page, LIST);
    await ready(page, '.tourmaster-tour-search-item form');
    const byPrice = await listLoad(page, 'tourmaster_tour_order_ajax', () =>
      page.locator('select[data-ajax-name="orderby"]').selectOption('price'),
    );
    expect(await titles(page)).toEqual(await replyTitles(byPrice));
    await page.locator('input[name="min-price"]').fill('100');
    await page.locator('.tourmaster-tour-search-filter-clear').click();
    expect(await page.locator('input[name="min-price"]').inputValue()).toBe('');
    await page.screenshot({ path: screenshotPath('search-own-page-1280'), fullPage: true });
    await context.close();
  });
});
