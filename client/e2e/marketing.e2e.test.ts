import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/app';
import { launchBrowser, screenshotPath } from '../../server/testing/browser';
import { createTestDatabase, type TestDatabase } from '../../server/testing/db';
import { insertPost } from '../../server/testing/posts';
import { withStoredConsent } from './consent-cookie';

/**
 * A marketing page as an editor builds it (a WordPress page served by our server): a fading slider,
 * a carousel, a section with a background video, and a WordPress gallery. In Chromium: the slider
 * moves every 7 s and stops while hovered or out of view, the carousel shows one item on a phone,
 * the video is never requested on a phone, the gallery opens in the lightbox.
 */
let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;

const slides = (n: number, prefix: string) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<li><div class="dropin-test-slide" style="height:240px;background:hsl(${i * 60} 50% 45%);color:#fff;font:700 32px sans-serif;display:flex;align-items:center;justify-content:center">${prefix} ${i + 1}</div></li>`,
  ).join('');
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

const CONTENT = `<div class="gdlr-core-flexslider" id="hero" data-type="slider" data-nav="both"><ul class="slides">${slides(3, 'Slide')}</ul></div>
<div style="height:40px"></div>
<div class="gdlr-core-flexslider" id="tours" data-type="carousel" data-column="3" data-nav="bullet"><ul class="slides">${slides(5, 'Tour')}</ul></div>
<div class="gdlr-core-pbf-background-video" id="video" style="height:200px"><video poster="${PIXEL}"><source data-src="/media/aegean.mp4" type="video/mp4"></video></div>
<figure class="wp-block-gallery"><figure class="wp-block-image"><a href="/media/one.jpg"><img src="${PIXEL}" alt="Oia at dusk" width="120" height="80"></a></figure><figure class="wp-block-image"><a href="/media/two.jpg"><img src="${PIXEL}" alt="Red beach" width="120" height="80"></a></figure></figure>
<div style="height:1600px"></div>`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await insertPost(tdb.wp, { type: 'page', slug: 'summer-in-greece', title: 'Summer in Greece', content: CONTENT });
  server = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tdb?.drop();
});

async function open(width: number): Promise<{ page: Page; media: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await withStoredConsent(page, server.baseUrl);
  const media: string[] = [];
  await page.route('**/media/**', (route) => {
    media.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.from(PIXEL.split(',')[1]!, 'base64') });
  });
  await page.clock.install();
  await page.goto(`${server.baseUrl}/summer-in-greece/`);
  await page.waitForSelector('#hero[data-island-ready="Slider"]', { state: 'attached' });
  // The fake clock runs with real time until paused: pause it now, so a busy machine's slow steps
  // do not count as the sliders' time. Pausing is a jump forward: when the page's time has already
  // passed the target, jump further.
  for (let ahead = 50; ; ahead *= 4) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ahead);
      break;
    } catch (err) {
      if (ahead > 5000 || !/past/.test(String(err))) throw err;
    }
  }
  return { page, media };
}

const activeIndex = (page: Page, id: string) =>
  page.$eval(`#${id}`, (root) =>
    Array.from(root.querySelectorAll('.splide__slide:not(.splide__slide--clone)')).findIndex((s) =>
      s.classList.contains('is-active'),
    ),
  );

describe('sliders', () => {
  it('the hero fades to the next slide every 7 seconds, and stops while hovered', async () => {
    const { page } = await open(1280);
    expect(await activeIndex(page, 'hero')).toBe(0);
    // Some of the first 7 s may have passed before the clock was paused: find the first change,
    // then time the next one from it.
    let waited = 0;
    while ((await activeIndex(page, 'hero')) === 0 && waited < 8000) {
      await page.clock.runFor(100);
      waited += 100;
    }
    await page.waitForFunction(() =>
      document.querySelector('#hero .splide__slide.is-active')?.textContent?.includes('Slide 2'),
    );
    await page.clock.runFor(6000);
    expect(await activeIndex(page, 'hero')).toBe(1);
    await page.clock.runFor(2000);
    await page.waitForFunction(() =>
      document.querySelector('#hero .splide__slide.is-active')?.textContent?.includes('Slide 3'),
    );
    await page.screenshot({ path: screenshotPath('marketing-slider-1280') });
    await page.hover('#hero');
    await page.clock.runFor(15_000);
    expect(await activeIndex(page, 'hero')).toBe(2);
    await page.close();
  });

  it('stops while out of view', async () => {
    const { page } = await open(1280);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(100);
    await page.clock.runFor(15_000);
    expect(await activeIndex(page, 'hero')).toBe(0);
    await page.close();
  });

  it('stops while the tab is hidden, and goes on when it is shown again', async () => {
    const { page } = await open(1280);
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { value: h, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await page.clock.runFor(15_000);
    expect(await activeIndex(page, 'hero')).toBe(0);
    await setHidden(false);
    await page.clock.runFor(7100);
    expect(await activeIndex(page, 'hero')).toBe(1);
    await page.close();
  });

  it('arrows and bullets work with the keyboard', async () => {
    const { page } = await open(1280);
    await page.focus('#hero .splide__arrow--next');
    await page.keyboard.press('Enter');
    await page.clock.runFor(700);
    expect(await activeIndex(page, 'hero')).toBe(1);
    await page.close();
  });

  it('the carousel shows three items on a desktop and one on a phone', async () => {
    for (const [width, perView] of [
      [1280, 3],
      [390, 1],
    ] as const) {
      const { page } = await open(width);
      await page.waitForSelector('#tours[data-island-ready="Slider"]', { state: 'attached' });
      const ratio = await page.$eval('#tours', (root) => {
        const track = root.querySelector('.splide__track')!.getBoundingClientRect().width;
        const slide = root.querySelector('.splide__slide.is-active')!.getBoundingClientRect().width;
        return track / slide;
      });
      expect(Math.round(ratio)).toBe(perView);
      if (width === 390) await page.screenshot({ path: screenshotPath('marketing-carousel-390') });
      await page.close();
    }
  });
});

describe('background video', () => {
  it('is loaded and played on a desktop', async () => {
    const { page, media } = await open(1280);
    await page.waitForSelector('#video[data-background-video="playing"]', { state: 'attached' });
    await page.waitForFunction(
      () => document.querySelector('#video source')?.getAttribute('src') === '/media/aegean.mp4',
    );
    expect(await page.$eval('#video video', (v) => (v as HTMLVideoElement).muted)).toBe(true);
    expect(media).toContain('/media/aegean.mp4');
    await page.close();
  });

  it('is never requested on a phone', async () => {
    const { page, media } = await open(390);
    await page.waitForSelector('#video[data-background-video="poster"]', { state: 'attached' });
    await page.clock.runFor(2000);
    expect(media).not.toContain('/media/aegean.mp4');
    expect(await page.$eval('#video source', (s) => s.getAttribute('src'))).toBeNull();
    await page.close();
  });
});

describe('WordPress gallery', () => {
  it('opens its images in the lightbox', async () => {
    const { page } = await open(1280);
    await page.clock.resume();
    await page.waitForSelector('.wp-block-gallery a[data-island-ready]', { state: 'attached' });
    await page.click('.wp-block-gallery a[href="/media/two.jpg"]');
    // glightbox is fetched on this first click.
    await page.waitForSelector('.glightbox-container .gslide.current img[src$="/media/two.jpg"]');
    // The arrow keys move through the gallery; Escape closes it and gives focus back to the link.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.glightbox-container .gslide.current img[src$="/media/one.jpg"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.glightbox-container', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/media/two.jpg');
    await page.close();
  });
});
