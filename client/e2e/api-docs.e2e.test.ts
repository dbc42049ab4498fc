import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/router';
import { browserSiteForFile } from '../../server/testing/browser-site';

/**
 * The API reference page in Chromium: Swagger UI, loaded from our own address under the page's
 * content-security policy, renders the generated document with an operation per route, and the
 * browser reports no policy violation and no console error.
 */
const site = browserSiteForFile();

describe('/wp-json/tourmaster/v1/docs', () => {
  it('lists the operations, with no CSP violation or console error', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => {
        seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`);
      });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content[- ]Security[- ]Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(site.server.baseUrl) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    try {
      const response = await page.goto(`${site.server.baseUrl}/wp-json/tourmaster/v1/docs`);
      expect(response?.status()).toBe(200);
      const operations = page.locator('.opblock');
      await operations.first().waitFor({ timeout: 30_000 });
      expect(await operations.count()).toBe(restRoutes.length);
      // Swagger UI shows what it cannot read of the document in a box above the operations.
      expect(await page.locator('.errors-wrapper').allTextContents()).toEqual([]);
      const summaries = await page.locator('.opblock-summary-description').allTextContents();
      for (const route of restRoutes) expect(summaries).toContain(route.summary);
      // Opening an operation renders its parameters from the zod schemas.
      await operations.first().locator('.opblock-summary').click();
      await page.locator('.parameters-container').first().waitFor();
      await page.locator('.responses-wrapper').first().waitFor();
      // Its error answers show WordPress's error object, from the document's components.
      await page.locator('.responses-wrapper').first().getByText('rest_invalid_param').first().waitFor();
      const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      expect({ violations, problems, outside }).toEqual({ violations: [], problems: [], outside: [] });
    } finally {
      await context.close();
    }
  });
});
