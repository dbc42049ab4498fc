import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRegion } from '../../parity/compare';
import { loadExchange } from '../../parity/exchanges';
import { canonicalHtml } from '../../parity/html-dom';
import { serialize, unserialize } from '../../php/serialize';
import type { PhpValue } from '../../php/values';
import { get, htmlErrors } from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * The single tour page's "Related Tours" (the plugin's single tour template): tours sharing a
 * `tour_tag` with the page's tour, never the tour itself, newest first, as many as
 * `single-related-tour-num-fetch`, printed as the list sections print grid items; off with
 * `enable-single-related-tour`.
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

const CORFU = '/tour/corfu-old-town-paleokastritsa/';
const UNESCO_TT = 26;
const region = (html: string) => extractRegion(html, { className: 'tourmaster-single-related-tour' });
/** The tours a related section links to, in its order. */
const linked = (html: string) =>
  [...(region(html) ?? '').matchAll(/<h3 class="tourmaster-tour-title[^>]*><a href="[^"]*\/tour\/([^/]+)\/"/g)].map(
    (m) => m[1],
  );

/** Runs `body` with `tourmaster_general` changed by `edit`, restoring it after. */
async function withGeneral(edit: (general: Record<string, PhpValue>) => void, body: () => Promise<void>) {
  const { wp } = tdb;
  const row = await wp.knex(wp.t.options).first('option_value').where('option_name', 'tourmaster_general');
  const original = String(row.option_value);
  const general = unserialize(original) as Record<string, PhpValue>;
  edit(general);
  await wp
    .knex(wp.t.options)
    .where('option_name', 'tourmaster_general')
    .update({ option_value: serialize(general) });
  try {
    await body();
  } finally {
    await wp.knex(wp.t.options).where('option_name', 'tourmaster_general').update({ option_value: original });
  }
}

/** Runs `body` with the unesco tag also on these tours, removing it after. */
async function withUnesco(tourIds: number[], body: () => Promise<void>) {
  const { wp } = tdb;
  await wp
    .knex(wp.t.termRelationships)
    .insert(tourIds.map((id) => ({ object_id: id, term_taxonomy_id: UNESCO_TT, term_order: 0 })));
  try {
    await body();
  } finally {
    await wp.knex(wp.t.termRelationships).whereIn('object_id', tourIds).where('term_taxonomy_id', UNESCO_TT).delete();
  }
}

describe('related tours on the tour page', () => {
  it('prints the corfu tour’s related grid as the legacy page did, and none where no tour shares a tag', async () => {
    const legacy = loadExchange('page-tour-corfu').response.body ?? '';
    const reply = await get(server, CORFU);
    expect(reply.status).toBe(200);
    expect(htmlErrors(reply.text)).toEqual([]);
    expect(canonicalHtml(region(reply.text) ?? '(absent)')).toBe(canonicalHtml(region(legacy) ?? '(missing)'));
    expect(linked(reply.text)).toEqual(['delphi-oracle-arachova-day-trip']);
    // Below the description, before the reviews, inside the plugin's template wrapper.
    const at = reply.text.indexOf('tourmaster-single-related-tour ');
    expect(at).toBeGreaterThan(reply.text.indexOf('tourmaster-single-tour-read-more-wrap'));
    const santorini = await get(server, '/tour/santorini-caldera-sunset-cruise/');
    expect(region(santorini.text)).toBeUndefined();
    expect(region(loadExchange('page-tour-santorini').response.body ?? '')).toBeUndefined();
  });

  it('lists only published tours sharing a tag, newest first, as many as the num-fetch option', async () => {
    const { wp } = tdb;
    await withUnesco([4, 5, 8], async () => {
      await wp.knex(wp.t.posts).where('ID', 8).update({ post_status: 'draft' });
      try {
        const dates = await wp.knex(wp.t.posts).select('ID', 'post_name', 'post_date').whereIn('ID', [4, 5, 9]);
        const newestFirst = dates
          .sort((a, b) => String(b.post_date).localeCompare(String(a.post_date)) || b.ID - a.ID)
          .map((r) => r.post_name);
        const two = await get(server, CORFU);
        expect(linked(two.text)).toEqual(newestFirst.slice(0, 2));
        await withGeneral(
          (g) => {
            g['single-related-tour-num-fetch'] = '5';
            g['single-related-tour-column-size'] = '20';
          },
          async () => {
            const all = await get(server, CORFU);
            expect(linked(all.text)).toEqual(newestFirst);
            // Three columns of 20: one row, the first item starts it.
            expect((region(all.text) ?? '').match(/tourmaster-column-20/g)).toHaveLength(3);
            expect((region(all.text) ?? '').match(/tourmaster-column-first/g)).toHaveLength(1);
          },
        );
      } finally {
        await wp.knex(wp.t.posts).where('ID', 8).update({ post_status: 'publish' });
      }
    });
  });

  it('relates every other tour to a tour without tags (the plugin then has no tax query)', async () => {
    const { wp } = tdb;
    const tags = await wp
      .knex(wp.t.termRelationships)
      .select('object_id', 'term_taxonomy_id', 'term_order')
      .where('object_id', 11)
      .whereIn('term_taxonomy_id', [26, 29, 30]);
    await wp.knex(wp.t.termRelationships).where('object_id', 11).whereIn('term_taxonomy_id', [26, 29, 30]).delete();
    try {
      const newest = await wp
        .knex(wp.t.posts)
        .select('post_name')
        .where({ post_type: 'tour', post_status: 'publish' })
        .whereNot('ID', 11)
        .orderBy([
          { column: 'post_date', order: 'desc' },
          { column: 'ID', order: 'desc' },
        ])
        .limit(2);
      const reply = await get(server, CORFU);
      expect(linked(reply.text)).toEqual(newest.map((r) => r.post_name));
    } finally {
      await wp.knex(wp.t.termRelationships).insert(tags);
    }
  });

  it('prints nothing when the option turns the section off', async () => {
    await withGeneral(
      (g) => {
        g['enable-single-related-tour'] = 'disable';
      },
      async () => {
        const reply = await get(server, CORFU);
        expect(reply.status).toBe(200);
        expect(region(reply.text)).toBeUndefined();
      },
    );
  });

  it('holds the options to the list rules: an unknown style is a grid, a huge num-fetch the list cap', async () => {
    await withUnesco([4, 5], async () => {
      await withGeneral(
        (g) => {
          g['single-related-tour-style'] = 'modern';
          g['single-related-tour-num-fetch'] = '100000';
          g['single-related-tour-price-position'] = '"><script>';
        },
        async () => {
          const reply = await get(server, CORFU);
          const section = region(reply.text) ?? '';
          expect(section).toContain('tourmaster-style-grid');
          expect(linked(reply.text)).toHaveLength(3);
          expect(section).not.toContain('<script');
          expect(section).toContain('tourmaster-price-right-title');
        },
      );
    });
  });
});
