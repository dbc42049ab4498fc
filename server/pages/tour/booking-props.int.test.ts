// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFormSchema, bookingStepSchema } from '../../../client/common/islands/BookingForm';
import { bookingBlocksFromHtml, bookingFormFromMarkup } from '../../../client/islands/BookingForm/adapter';
import { PROJECT_ROOT } from '../../core/config';
import { sendExchange } from '../../parity/compare';
import { DEVIATIONS, withDeviation } from '../../parity/deviations';
import { exchangeLogin, loadExchanges } from '../../parity/exchanges';
import { get } from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * The booking island's one legacy adapter (client/islands/BookingForm/adapter.ts) against what
 * WordPress printed: for the same fixture data, the props it reads from the captured page's form
 * and from each captured `tourmaster_tour_booking` reply are the props our server writes.
 */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { secrets: fixtureSecrets() });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const formIn = (html: string) => {
  const form = new DOMParser()
    .parseFromString(html, 'text/html')
    .querySelector('form#tourmaster-single-tour-booking-fields');
  if (!(form instanceof HTMLFormElement)) throw new Error('no booking form');
  return form;
};

describe('the booking form’s legacy adapter', () => {
  it.each([
    ['tour-santorini-fixed', 'santorini-caldera-sunset-cruise'],
    ['tour-mykonos-packages', 'mykonos-delos-island-hopping'],
    ['tour-corfu-booking-enquiry', 'corfu-old-town-paleokastritsa'],
  ])('reads from %s the props our page writes', async (file, slug) => {
    const legacy = readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures/pages', `${file}.html`), 'utf8');
    const ours = formIn((await get(server, `/tour/${slug}/`)).text);
    const script = ours.querySelector('script[data-island-props="BookingForm"]');
    const written = bookingFormSchema.parse(JSON.parse(script?.textContent ?? ''));
    expect(written.blocks.length).toBeGreaterThan(0);
    // Our calendar's availability API is in the props only: the markup (ours and WordPress's) is the plugin's.
    const { availability, ...calendar } =
      written.date?.kind === 'calendar' ? written.date : { availability: undefined };
    if (written.date?.kind === 'calendar') {
      expect(availability?.url).toMatch(/\/wp-json\/tourmaster\/v1\/tours\/\d+\/availability$/);
    }
    const markupProps = availability ? { ...written, date: calendar } : written;
    expect(bookingFormFromMarkup(formIn(legacy))).toEqual(markupProps);
    script?.remove();
    expect(bookingFormFromMarkup(ours)).toEqual(markupProps);
  });

  // The legacy reply as parity expects it: a documented deviation's reply where there is one.
  const steps = loadExchanges()
    .map((ex) => (DEVIATIONS[ex.name] ? withDeviation(ex, DEVIATIONS[ex.name]!) : ex))
    .filter(
      (ex) =>
        ex.name.startsWith('tour_booking-') &&
        !exchangeLogin(ex) &&
        typeof (ex.response.json as { content?: unknown })?.content === 'string',
    );

  it.each(steps.map((ex) => [ex.name, ex] as const))(
    'reads from %s the blocks our reply carries',
    async (_name, ex) => {
      const reply = await sendExchange(server.baseUrl, ex, ex.request.cookies);
      const body = JSON.parse(reply.text) as { content: string; props: unknown };
      const { blocks } = bookingStepSchema.parse(body.props);
      expect(bookingBlocksFromHtml((ex.response.json as { content: string }).content)).toEqual(blocks);
      expect(bookingBlocksFromHtml(body.content)).toEqual(blocks);
    },
  );
});
