import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config';
import { updateMeta } from '../../data/meta';
import { updateTourRating } from '../../data/reviews';
import { withoutIslandProps } from '../../parity/compare';
import { canonicalHtml } from '../../parity/html-dom';
import { renderTourReviewSection } from '../../services/reviews/review-list';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { withReviewFilterLabel } from '../../views/reviews';

/**
 * get_single_tour_review and the server-rendered review section on both engines: sort, filter,
 * paging (the legacy quirk), `paged=abc`, cancelled orders, escaping, and the section a tour page
 * prints, compared with the captured tour pages as parsed DOM.
 */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function list(fields: Record<string, string>): Promise<{ status: number; json: unknown; type: string | null }> {
  const reply = await postAjax(server.baseUrl, new URLSearchParams({ action: 'get_single_tour_review', ...fields }));
  return { status: reply.status, json: reply.json(), type: reply.headers.get('content-type') };
}

async function names(fields: Record<string, string>): Promise<string[]> {
  const { json } = await list(fields);
  const content = String((json as { content: string }).content);
  return [...content.matchAll(/user-name" >([^<]*)</g)].map((m) => m[1]!.replaceAll('&#039;', "'"));
}

async function pagination(fields: Record<string, string>): Promise<string> {
  const { json } = await list(fields);
  return (
    /<div class="tourmaster-review-content-pagination" >.*<\/div>$/.exec(
      String((json as { content: string }).content),
    )?.[0] ?? ''
  );
}

describe('get_single_tour_review', () => {
  it('page 1 by date, 5 per page, as JSON', async () => {
    const reply = await list({ tour_id: '4', paged: '1', sort_by: 'date', filter_by: '' });
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('application/json; charset=UTF-8');
    expect(await names({ tour_id: '4', sort_by: 'date' })).toEqual([
      'John Smith',
      'Olivia Brown',
      'Ahmed Hassan',
      'Emma Jensen',
      'Carlos Diaz',
    ]);
    expect(await names({ tour_id: '4', sort_by: 'date', paged: '2' })).toEqual([
      'Yuki Tanaka',
      "Liam O'Brien",
      'Sophie Martin',
    ]);
  });

  it('by rating, best first; equal scores in table order; unsupported sorts are by date', async () => {
    expect(await names({ tour_id: '4', sort_by: 'rating' })).toEqual([
      'Sophie Martin',
      'Ahmed Hassan',
      'Yuki Tanaka',
      'John Smith',
      "Liam O'Brien",
    ]);
    const byDate = await names({ tour_id: '4', sort_by: 'date' });
    expect(await names({ tour_id: '4', sort_by: 'rating-asc' })).toEqual(byDate);
    expect(await names({ tour_id: '4', sort_by: 'nonsense' })).toEqual(byDate);
    expect(await names({ tour_id: '4' })).toEqual(byDate);
  });

  it('filters by traveller type (unknown types match nothing; "0" does not filter)', async () => {
    expect(await names({ tour_id: '4', sort_by: 'date', filter_by: 'couple' })).toEqual([
      'John Smith',
      'Ahmed Hassan',
      "Liam O'Brien",
    ]);
    expect(await list({ tour_id: '4', filter_by: 'honeymoon' })).toMatchObject({ json: { content: '' } });
    expect(await names({ tour_id: '4', filter_by: '0' })).toHaveLength(5);
    expect(await list({ tour_id: '4', filter_by: "couple' OR '1'='1" })).toMatchObject({ json: { content: '' } });
  });

  it('the pagination quirk: 8 reviews give "1" and a next arrow, page 2 has no number, page 50 is empty', async () => {
    expect(await pagination({ tour_id: '4', paged: '1' })).toBe(
      '<div class="tourmaster-review-content-pagination" ><span class="tourmaster-active" >1</span><span data-paged="2" ><i class="fa fa-angle-right" ></i></span></div>',
    );
    expect(await pagination({ tour_id: '4', paged: '0' })).toBe(await pagination({ tour_id: '4', paged: '1' }));
    expect(await pagination({ tour_id: '4', paged: '2' })).toBe(
      '<div class="tourmaster-review-content-pagination" ><span data-paged="1" ><i class="fa fa-angle-left" ></i></span><span data-paged="1" >1</span></div>',
    );
    expect(await list({ tour_id: '4', paged: '50' })).toEqual({
      status: 200,
      type: 'application/json; charset=UTF-8',
      json: {
        content:
          '<div class="tourmaster-review-content-pagination" ><span data-paged="49" ><i class="fa fa-angle-left" ></i></span><span data-paged="1" >1</span></div>',
        // The same page typed, for the Reviews island (the legacy script reads `content` only).
        props: {
          sort: 'date',
          filter: '',
          page: 50,
          items: [],
          pagination: [
            { kind: 'prev', paged: 49 },
            { kind: 'page', n: 1, active: false },
          ],
        },
      },
    });
    // 3 reviews: no pagination at all, even on page 2.
    expect(await list({ tour_id: '5', paged: '2' })).toMatchObject({ json: { content: '' } });
  });

  it('paged=abc is page 1 (legacy: HTTP 500); a negative page too', async () => {
    const first = await list({ tour_id: '4', sort_by: 'date' });
    expect(await list({ tour_id: '4', sort_by: 'date', paged: 'abc' })).toEqual(first);
    expect(await list({ tour_id: '4', sort_by: 'date', paged: '-3' })).toEqual(first);
  });

  it('no tour id answers [], an unknown tour ""', async () => {
    expect((await list({ paged: '1' })).json).toEqual([]);
    expect((await list({ tour_id: '' })).json).toEqual([]);
    expect((await list({ tour_id: '0' })).json).toEqual([]);
    const none = { content: '', props: { sort: 'date', filter: '', page: 1, items: [], pagination: [] } };
    expect((await list({ tour_id: '999999' })).json).toEqual(none);
    expect((await list({ tour_id: 'abc' })).json).toEqual(none);
    const get = await fetch(`${server.baseUrl}/wp-admin/admin-ajax.php?action=get_single_tour_review&tour_id=4`);
    expect(await get.json()).toEqual([]);
  });

  it('hides reviews whose order was cancelled; keeps admin reviews and reviews of a vanished order', async () => {
    const before = await names({ tour_id: '4', sort_by: 'date' });
    expect(before[0]).toBe('John Smith');
    await tdb.wp.knex(tdb.wp.t.orders).where('id', 8).update({ order_status: 'cancel' });
    try {
      expect(await names({ tour_id: '4', sort_by: 'date' })).not.toContain('John Smith');
      expect(await pagination({ tour_id: '4' })).toContain('tourmaster-active');
    } finally {
      await tdb.wp.knex(tdb.wp.t.orders).where('id', 8).update({ order_status: 'departed' });
    }
  });

  it('a page asked again is the same reply, and an edit of a review shows on the next request (pages are kept by what they show)', async () => {
    const fields = { tour_id: '4', sort_by: 'date', paged: '2' };
    const first = await postAjax(server.baseUrl, new URLSearchParams({ action: 'get_single_tour_review', ...fields }));
    const again = await postAjax(server.baseUrl, new URLSearchParams({ action: 'get_single_tour_review', ...fields }));
    expect(again.text).toBe(first.text);
    const review = await tdb.wp
      .knex(tdb.wp.t.reviews)
      .first('review_id', 'review_description')
      .where({ review_tour_id: 4, reviewer_name: 'Sophie Martin' });
    await tdb.wp
      .knex(tdb.wp.t.reviews)
      .where('review_id', review.review_id)
      .update({ review_description: 'Edited in the admin: still wonderful' });
    try {
      const edited = await list(fields);
      const { content, props } = edited.json as { content: string; props: { items: { text?: string }[] } };
      expect(content).toContain('Edited in the admin: still wonderful');
      expect(JSON.stringify(props)).toContain('Edited in the admin: still wonderful');
      expect(content).not.toContain(String(review.review_description).slice(0, 30));
    } finally {
      await tdb.wp.knex(tdb.wp.t.reviews).where('review_id', review.review_id).update({
        review_description: review.review_description,
      });
    }
    expect(
      (await postAjax(server.baseUrl, new URLSearchParams({ action: 'get_single_tour_review', ...fields }))).text,
    ).toBe(first.text);
  });

  it('escapes admin-entered HTML in names and descriptions (legacy: stored XSS)', async () => {
    const [id] = await tdb.wp.knex(tdb.wp.t.reviews).insert({
      review_tour_id: 11,
      order_id: null,
      review_score: 7,
      review_type: 'group',
      review_description: '<img src=x onerror=alert(1)>Great',
      review_date: '2026-11-01 10:00:00',
      reviewer_name: '<script>alert(2)</script>',
      reviewer_email: 'x@example.test',
    });
    try {
      const content = String(((await list({ tour_id: '11' })).json as { content: string }).content);
      expect(content).not.toMatch(/<img src=x|<script>/);
      expect(content).toContain('&lt;img src=x onerror=alert(1)&gt;Great');
      expect(content).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    } finally {
      await tdb.wp.knex(tdb.wp.t.reviews).where('review_id', Number(id)).delete();
    }
  });

  it("a customer's own profile picture replaces the gravatar", async () => {
    await updateMeta(tdb.wp, 'user', 3, 'tourmaster-user-avatar', {
      file_url: 'http://127.0.0.1:8080/wp-content/uploads/john.jpg',
      thumbnail: 'http://127.0.0.1:8080/wp-content/uploads/john-150x150.jpg',
    });
    try {
      const content = String(((await list({ tour_id: '4', filter_by: 'couple' })).json as { content: string }).content);
      expect(content).toContain(
        '<img src="http://127.0.0.1:8080/wp-content/uploads/john-150x150.jpg" alt="profile-image" />',
      );
    } finally {
      await tdb.wp.knex(tdb.wp.t.usermeta).where({ user_id: 3, meta_key: 'tourmaster-user-avatar' }).delete();
    }
  });
});

describe('the review section of a tour page', () => {
  /** The captured page's review section, from its container to the element after it. */
  function capturedSection(page: string): string {
    const text = readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'pages', `${page}.html`), 'utf8');
    const start = text.indexOf('<div class="tourmaster-single-review-container');
    const end = text.indexOf('<footer>', start);
    // The section is followed by the closing tags of the page's wrappers; a fragment parser drops them.
    return text.slice(start, end);
  }

  const section = (tourId: number, enableReview = '') =>
    renderTourReviewSection({
      wp: tdb.wp,
      tourId,
      enableReview,
      ajaxUrl: 'http://127.0.0.1:8080/wp-admin/admin-ajax.php',
      https: false,
    });

  it('Santorini and Mykonos: as the captured pages print it (the island’s props aside)', async () => {
    expect(canonicalHtml(withoutIslandProps(String(await section(4))))).toBe(
      canonicalHtml(withReviewFilterLabel(capturedSection('tour-santorini-fixed'))),
    );
    expect(canonicalHtml(withoutIslandProps(String(await section(8))))).toBe(
      canonicalHtml(withReviewFilterLabel(capturedSection('tour-mykonos-packages'))),
    );
  });

  it('nothing for a tour without reviews (Corfu) or with reviews switched off', async () => {
    expect(String(await section(11))).toBe('');
    expect(String(await section(4, 'disable'))).toBe('');
    expect(String(await section(4, 'enable'))).not.toBe('');
  });

  it('the head follows the rating meta', async () => {
    await updateMeta(tdb.wp, 'post', 4, 'tourmaster-tour-rating', { score: 9, reviewer: 1 });
    expect(String(await section(4))).toContain('<span class="tourmaster-tour-rating-text" >1 Review</span>');
    await updateTourRating(tdb.wp, 4);
    expect(String(await section(4))).toContain('<span class="tourmaster-tour-rating-text" >8 Reviews</span>');
  });
});
