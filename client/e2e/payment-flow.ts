import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { PROJECT_ROOT } from '../../server/core/config';
import { getOption, updateOption } from '../../server/data/options';
import type { WpDb } from '../../server/data/tables';
import type { PhpValue } from '../../server/php/values';
import { CAPTURE_NOW, type TestServer } from '../../server/testing/app';
import { storedConsent } from './consent-cookie';

/**
 * Shared steps of the booking-flow, accessibility and legacy-page browser tests: a context that
 * only talks to the test server, the captured WordPress pages with their plugin scripts swapped for
 * our bundle (what scripts/wp-mu-plugin/tourmaster-dropin.php does on a live site), the tour page's
 * booking form, and the payment page's contact step.
 */

const LEGACY_ORIGIN = 'http://127.0.0.1:8080';
const FIXTURE_CSS_PATH = path.join(PROJECT_ROOT, 'client', 'e2e', 'fixtures', 'legacy-min.css');

export const TOUR_PATH = '/tour/santorini-caldera-sunset-cruise/';

/** The built client's entry (`client/main.ts`) and its stylesheets, as a page loads them. */
export function bundleAssets(): { entry: string; styles: string[] } {
  const manifest = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, 'dist', 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; css?: string[] }>;
  const main = manifest['client/main.ts'];
  if (!main) throw new Error('client/main.ts is not in the build manifest');
  return { entry: `/dropin-assets/${main.file}`, styles: (main.css ?? []).map((f) => `/dropin-assets/${f}`) };
}

export const entryScript = (): string => bundleAssets().entry;

export interface LegacyPageOptions {
  /** Also link our stylesheet (client/styles), as on a site whose theme CSS we replace. */
  ourStylesheet?: boolean;
  /**
   * Leave the page on the browser's own clock (default: the capture day, so the fixtures' travel
   * dates are ahead). For pages that set cookies through a library that dates them from the page's
   * clock (the consent banner): a date years back would expire them at once.
   */
  realClock?: boolean;
}

const MU_PLUGIN_PATH = path.join(PROJECT_ROOT, 'scripts', 'wp-mu-plugin', 'tourmaster-dropin.php');

/**
 * What the mu-plugin prints in `wp_footer` (the cookie consent marker), read from the plugin file
 * itself so the browser tests exercise the markup it ships: its printf format filled in as PHP's
 * esc_url/esc_html would for these plain values.
 */
export function muPluginFooterHtml(privacyUrl: string): string {
  const php = readFileSync(MU_PLUGIN_PATH, 'utf8');
  const call = /function tourmaster_dropin_cookie_settings\(\)[\s\S]*?printf\(([\s\S]*?)\);/.exec(php)?.[1];
  if (!call) throw new Error('the mu-plugin no longer prints the cookie settings marker with printf');
  const format = [...call.split('"\\n"')[0]!.matchAll(/'([^']*)'/g)].map((m) => m[1]).join('');
  const values = [privacyUrl, 'Cookie settings'];
  return format.replace(/%s/g, () => values.shift() ?? '');
}

/**
 * A captured WordPress page as the mu-plugin serves it: the plugin's and theme's scripts removed
 * (WordPress's markup and its `data-ajax-url` kept), our bundle's entry added, the plugin's footer
 * marker printed, links pointing at the test server. The plugin's stylesheet is not in the
 * captures: a small stand-in keeps hidden parts hidden.
 */
export function legacyPageHtml(
  server: TestServer,
  name: string,
  transform: (html: string) => string = (h) => h,
  options: LegacyPageOptions = {},
): string {
  const css = readFileSync(FIXTURE_CSS_PATH, 'utf8');
  const { entry, styles } = bundleAssets();
  const links = options.ourStylesheet ? styles.map((href) => `<link rel="stylesheet" href="${href}" />`).join('') : '';
  const html = readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'pages', `${name}.html`), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel=['"]stylesheet['"][^>]*>/gi, '')
    .replaceAll(LEGACY_ORIGIN, server.baseUrl);
  return transform(html)
    .replace('</head>', `<style>${css}</style>${links}<script type="module" src="${entry}"></script></head>`)
    .replace('</body>', `${muPluginFooterHtml(`${server.baseUrl}/privacy-policy/`)}</body>`);
}

/**
 * A browser context that only talks to the test server. It starts with a stored cookie decision
 * (technical cookies only, consent-cookie.ts), so the consent banner stays away; `undecided: true`
 * for the tests about the banner itself.
 */
export async function newContext(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
  options: { undecided?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  if (!options.undecided) await context.addCookies([storedConsent(server.baseUrl)]);
  // The machine's network is closed: anything not on the test server is refused at once.
  await context.route(
    (url) => url.origin !== server.baseUrl,
    (route) => route.abort(),
  );
  return context;
}

/** Opens a captured WordPress page (see legacyPageHtml) at `/__legacy/{name}/` on the test server's origin. */
export async function openLegacyPage(
  context: BrowserContext,
  server: TestServer,
  name: string,
  transform?: (html: string) => string,
  options: LegacyPageOptions = {},
): Promise<Page> {
  const page = await context.newPage();
  if (!options.realClock) await page.clock.setFixedTime(CAPTURE_NOW);
  const url = `${server.baseUrl}/__legacy/${name}/`;
  const body = legacyPageHtml(server, name, transform, options);
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=UTF-8', body }));
  await page.goto(url);
  return page;
}

/**
 * The Santorini tour page: ours (`/tour/santorini-caldera-sunset-cruise/`, rendered by the tour page
 * routes) when the server has it, else the captured WordPress page with our bundle, so the flow is
 * tested either way. Returns which one was opened.
 */
export async function openTourPage(
  context: BrowserContext,
  server: TestServer,
): Promise<{ page: Page; ours: boolean }> {
  const probe = await fetch(`${server.baseUrl}${TOUR_PATH}`);
  const ours = probe.ok && (await probe.text()).includes('id="tourmaster-single-tour-booking-fields"');
  if (!ours) return { page: await openLegacyPage(context, server, 'tour-santorini-fixed'), ours };
  const page = await context.newPage();
  await page.clock.setFixedTime(CAPTURE_NOW);
  await page.goto(`${server.baseUrl}${TOUR_PATH}`);
  return { page, ours };
}

const isAjax = (action: string) => (request: Request) =>
  request.url().includes('/wp-admin/admin-ajax.php') && (request.postData() ?? '').includes(`action=${action}`);

export function waitForAjax(page: Page, action: string) {
  return page.waitForResponse((response) => isAjax(action)(response.request()));
}

/** Records the admin-ajax actions the page posts. */
export function recordAjax(page: Page): string[] {
  const actions: string[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/wp-admin/admin-ajax.php')) return;
    const action = new URLSearchParams(r.postData() ?? '').get('action');
    if (action) actions.push(action);
  });
  return actions;
}

export async function islandReady(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}[data-island-ready]`, { state: 'attached' });
}

/** Opens the booking calendar, shows the date's month (the month list) and clicks the date ("June 5, 2027"). */
export async function pickDate(page: Page, label: string): Promise<void> {
  await page.locator('form#tourmaster-single-tour-booking-fields input.tourmaster-datepicker').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await calendar.waitFor();
  const month = new Date(`${label} 12:00 UTC`).getUTCMonth();
  const months = calendar.locator('select.flatpickr-monthDropdown-months');
  if ((await months.count()) > 0 && (await months.inputValue()) !== String(month)) {
    await months.selectOption(String(month));
  }
  // A day may say more after its date ("May 22, 2027, 3 left": the availability marks).
  const day = '.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)';
  await calendar.locator(`${day}[aria-label="${label}"], ${day}[aria-label^="${label}, "]`).click();
}

export const headPrice = (page: Page) =>
  page
    .locator('.tourmaster-tour-booking-bar-wrap .tourmaster-header-price .tourmaster-tour-price .tourmaster-tail')
    .first();

export interface Traveller {
  first: string;
  last: string;
}

export interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  address: string;
}

/** Fills the contact step of the payment page (travellers, contact details) by clicking and typing. */
export async function fillContactStep(page: Page, travellers: readonly Traveller[], contact: Contact): Promise<void> {
  const content = page.locator('#tourmaster-tour-payment-content');
  for (const [i, t] of travellers.entries()) {
    await content.locator('input[name="traveller_first_name[]"]').nth(i).fill(t.first);
    await content.locator('input[name="traveller_last_name[]"]').nth(i).fill(t.last);
  }
  await content.locator('input[name="first_name"]').fill(contact.firstName);
  await content.locator('input[name="last_name"]').fill(contact.lastName);
  await content.locator('input[name="email"]').fill(contact.email);
  await content.locator('input[name="phone"]').fill(contact.phone);
  await content.locator('select[name="country"]').selectOption(contact.country);
  await content.locator('textarea[name="contact_address"]').fill(contact.address);
}

/** Two travellers on the Santorini cruise with titles and an address, contact step filled: ready to pay. */
export const BERG_BOOKING_AT_STEP_3 = {
  'tour-id': '4',
  'tour-date': '2027-05-29',
  'tour-people': '2',
  traveller_title: ['mr', 'mr'],
  traveller_first_name: ['Jonas', 'Lukas'],
  traveller_last_name: ['Berg', 'Berg'],
  first_name: 'Jonas',
  last_name: 'Berg',
  email: 'jonas.berg@example.test',
  phone: '+49 30 1234567',
  country: 'Germany',
  contact_address: 'Unter den Linden 1, Berlin',
  step: '3',
} as const;

/** Two travellers on the Santorini cruise, contact step filled: a booking ready for its services and payment. */
export const WEBER_BOOKING_AT_STEP_3 = {
  'tour-id': '4',
  'tour-date': '2027-05-29',
  'tour-people': '2',
  traveller_first_name: ['Anna', 'Ben'],
  traveller_last_name: ['Weber', 'Weber'],
  first_name: 'Anna',
  last_name: 'Weber',
  email: 'anna.weber@example.test',
  phone: '+41 44 123 45 67',
  country: 'Switzerland',
  step: '3',
} as const;

/**
 * Runs `fn` with the site switched to PayPal's JS SDK (test credentials; PayPal itself is a stand-in
 * the test serves, the network being closed), then switches the payment settings back.
 */
export async function withPayPalJsSdk<T>(wp: WpDb, fn: () => Promise<T>): Promise<T> {
  const payment = (await getOption(wp, 'tourmaster_payment')) as Record<string, PhpValue>;
  await updateOption(wp, 'tourmaster_payment', {
    ...payment,
    'paypal-method': 'js-sdk',
    'paypal-client-id': 'test-client-id',
    'paypal-client-secret': 'test-secret',
  });
  try {
    return await fn();
  } finally {
    await updateOption(wp, 'tourmaster_payment', payment);
  }
}

/**
 * Starts a booking where the tour page leaves it: the `tourmaster-booking-detail` cookie (JSON,
 * percent-encoded, as the plugin's script writes it) holding `detail`.
 */
export async function setBookingCookie(
  context: BrowserContext,
  baseUrl: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await context.addCookies([
    { name: 'tourmaster-booking-detail', value: encodeURIComponent(JSON.stringify(detail)), url: baseUrl },
  ]);
}

/** The `tourmaster-booking-detail` cookie, decoded. */
export async function bookingCookie(context: BrowserContext): Promise<unknown> {
  const cookie = (await context.cookies()).find((c) => c.name === 'tourmaster-booking-detail');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined;
}

/** The step bar as a visitor reads it: each step's title and state. */
export async function stepBar(
  page: Page,
): Promise<{ title: string; state: string; current: boolean; enabled: boolean }[]> {
  return page.locator('.tourmaster-payment-step-list > li').evaluateAll((items) =>
    items.map((li) => {
      const button = li.querySelector('button');
      return {
        title: li.querySelector('.tourmaster-payment-step-item-title')?.textContent ?? '',
        state:
          ['tourmaster-checked', 'tourmaster-current', 'tourmaster-enable'].find((c) => li.classList.contains(c)) ?? '',
        current: button?.getAttribute('aria-current') === 'step',
        enabled: button ? !button.disabled : false,
      };
    }),
  );
}
