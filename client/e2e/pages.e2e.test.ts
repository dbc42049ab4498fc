import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../../server/testing/browser';
import { browserSiteForFile } from '../../server/testing/browser-site';
import { withStoredConsent } from './consent-cookie';

/** The browser tier's harness: the real server, the built client, Debian's Chromium. */
const site = browserSiteForFile();

describe('pages in Chromium', () => {
  it('shows the login page and logs a customer in to their account', async () => {
    const page = await site.browser.newPage();
    await withStoredConsent(page, site.server.baseUrl);
    await page.goto(`${site.server.baseUrl}/login/`);
    expect(await page.title()).toMatch(/Login/);
    const form = page.locator('form.tourmaster-login-form').last();
    await form.locator('input[name="log"]').fill('customer1');
    await form.locator('input[name="pwd"]').fill('Cust1#Pass2026');
    await Promise.all([page.waitForNavigation(), form.locator('input[type="submit"]').click()]);
    await page.goto(`${site.server.baseUrl}/my-account/?page_type=dashboard`);
    await expect(page.locator('body')).toBeDefined();
    expect(await page.content()).toContain('Maria Papadopoulou');
    await page.screenshot({ path: screenshotPath('account-dashboard'), fullPage: true });
    await page.close();
  });
});
