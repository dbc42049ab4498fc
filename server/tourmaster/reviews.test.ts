import { describe, expect, it } from 'vitest';
import { phpFloatToString } from '../php/float';
import {
  aggregateRating,
  orderReviewRefusal,
  readReviewSubmission,
  readTourRating,
  reviewOffset,
  reviewPage,
  reviewPagination,
  reviewSortColumn,
  reviewTypeFilter,
  starIcons,
  travellerTypeLabel,
} from './reviews';

/** The pagination as the captured markup reads: `<` prev, `[n]` active, `n` link, `…` dots, `>` next. */
function plan(count: number, current: number): string {
  return reviewPagination(count, current)
    .map((p) =>
      p.kind === 'prev'
        ? `<${p.paged}`
        : p.kind === 'next'
          ? `>${p.paged}`
          : p.kind === 'dots'
            ? '…'
            : p.active
              ? `[${p.n}]`
              : String(p.n),
    )
    .join(' ');
}

describe('review list request', () => {
  it('sorts by rating only for `rating`; date otherwise, including unsupported values', () => {
    expect(reviewSortColumn('rating')).toBe('review_score');
    expect(reviewSortColumn('date')).toBe('review_date');
    expect(reviewSortColumn('')).toBe('review_date');
    expect(reviewSortColumn(undefined)).toBe('review_date');
    expect(reviewSortColumn('rating-asc')).toBe('review_date');
    expect(reviewSortColumn('date-asc')).toBe('review_date');
    expect(reviewSortColumn(['rating'])).toBe('review_date');
  });

  it('filters by a non-empty type (PHP empty(): "" and "0" do not filter)', () => {
    expect(reviewTypeFilter('couple')).toBe('couple');
    expect(reviewTypeFilter('honeymoon')).toBe('honeymoon');
    expect(reviewTypeFilter('')).toBeUndefined();
    expect(reviewTypeFilter('0')).toBeUndefined();
    expect(reviewTypeFilter(undefined)).toBeUndefined();
    expect(reviewTypeFilter({ a: 'b' })).toBeUndefined();
  });

  it('reads `paged`: empty and 0 are page 1, numbers are intval, non-numbers page 1 (legacy: HTTP 500)', () => {
    expect(reviewPage(undefined)).toBe(1);
    expect(reviewPage('')).toBe(1);
    expect(reviewPage('0')).toBe(1);
    expect(reviewPage('2')).toBe(2);
    expect(reviewPage(' 3')).toBe(3);
    expect(reviewPage('2.9')).toBe(2);
    expect(reviewPage('50')).toBe(50);
    expect(reviewPage('abc')).toBe(1);
    expect(reviewPage('-4')).toBe(1);
    expect(reviewPage(['2'])).toBe(1);
    expect(reviewPage('1e99')).toBe(1_000_000_000);
  });

  it('pages by 5: page 1 or less at 0, page n at (n-1)·5', () => {
    expect(reviewOffset(1)).toBe(0);
    expect(reviewOffset(2)).toBe(5);
    expect(reviewOffset(50)).toBe(245);
  });
});

describe('review pagination (the legacy quirk)', () => {
  it('prints nothing for 5 reviews or fewer', () => {
    expect(plan(0, 1)).toBe('');
    expect(plan(3, 1)).toBe('');
    expect(plan(5, 1)).toBe('');
    expect(plan(3, 2)).toBe('');
  });

  it('7 reviews: "1" and a next arrow; on page 2 the active page has no number', () => {
    expect(plan(7, 1)).toBe('[1] >2');
    expect(plan(7, 2)).toBe('<1 1');
  });

  it('8 reviews, page 50: a back arrow to 49 and the first page', () => {
    expect(plan(8, 50)).toBe('<49 1');
  });

  it('an exact multiple of 5 numbers its last page', () => {
    expect(plan(10, 1)).toBe('[1] 2 >2');
    expect(plan(10, 2)).toBe('<1 1 [2]');
  });

  it('long lists show first, last, neighbours and dots', () => {
    expect(plan(50, 1)).toBe('[1] 2 … 10 >2');
    expect(plan(50, 5)).toBe('<4 1 … 4 [5] 6 … 10 >6');
    expect(plan(50, 9)).toBe('<8 1 … 8 [9] 10 >10');
    expect(plan(52, 10)).toBe('<9 1 … 9 [10] >11');
    expect(plan(52, 11)).toBe('<10 1 … 10');
  });
});

describe('stars and labels', () => {
  it('scores 1–10 as five stars, halves on odd scores', () => {
    const text = (s: number) => starIcons(s).join(' ');
    expect(text(10)).toBe('full full full full full');
    expect(text(9)).toBe('full full full full half');
    expect(text(7)).toBe('full full full half empty');
    expect(text(4)).toBe('full full empty empty empty');
    expect(text(1)).toBe('half empty empty empty empty');
    expect(text(0)).toBe('empty empty empty empty empty');
    expect(text(7.875)).toBe('full full full full empty');
    expect(text(6.3333333333333)).toBe('full full full empty empty');
    expect(text(6.6666666666667)).toBe('full full full half empty');
  });

  it('labels the four traveller types; anything else is blank', () => {
    expect(travellerTypeLabel('solo')).toBe('Solo Traveller');
    expect(travellerTypeLabel('couple')).toBe('Couple Traveller');
    expect(travellerTypeLabel('family')).toBe('Family Traveller');
    expect(travellerTypeLabel('group')).toBe('Group Traveller');
    expect(travellerTypeLabel('honeymoon')).toBe('');
    expect(travellerTypeLabel(null)).toBe('');
  });
});

describe('aggregate rating', () => {
  it("Santorini's 63/8 plus a 10 is 73/9, stored as PHP prints 8.1111111111111", () => {
    const before = aggregateRating([10, 8, 9, 6, 4, 10, 7, 9]);
    expect(before).toEqual({ score: 63, reviewer: 8, average: 7.875 });
    const after = aggregateRating([10, 8, 9, 6, 4, 10, 7, 9, 10]);
    expect(after).toMatchObject({ score: 73, reviewer: 9 });
    expect(phpFloatToString(after.average!)).toBe('8.1111111111111');
  });

  it('the fixture tours: 19/3 → 6.3333333333333, 27/3 → 9, none → no average', () => {
    expect(phpFloatToString(aggregateRating([2, 9, 8]).average!)).toBe('6.3333333333333');
    expect(aggregateRating([10, 8, 9]).average).toBe(9);
    expect(aggregateRating([])).toEqual({ score: 0, reviewer: 0, average: undefined });
    expect(aggregateRating([null, 5])).toEqual({ score: 5, reviewer: 1, average: 5 });
  });

  it('reads the stored meta', () => {
    expect(readTourRating({ score: 63, reviewer: 8 })).toEqual({ score: 63, reviewer: 8 });
    expect(readTourRating({ score: '19', reviewer: '3' })).toEqual({ score: 19, reviewer: 3 });
    expect(readTourRating('')).toBeUndefined();
    expect(readTourRating(undefined)).toBeUndefined();
  });
});

describe('review submission', () => {
  const form = { description: 'Lovely', 'traveller-type': 'couple', rating: '9', review_id: '11', tour_id: '4' };

  it('reads the form as posted', () => {
    expect(readReviewSubmission(form)).toEqual({
      ok: true,
      value: { orderId: 11, score: 9, type: 'couple', description: 'Lovely' },
    });
  });

  it('keeps the description as typed (no escaping, no tag stripping), trimmed, newlines as \\n', () => {
    const r = readReviewSubmission({ ...form, description: '  <b>Great</b> & "fun"\r\nTwo lines  ' });
    expect(r).toMatchObject({ ok: true, value: { description: '<b>Great</b> & "fun"\nTwo lines' } });
  });

  it('defaults the type to solo, refuses unknown types', () => {
    expect(readReviewSubmission({ ...form, 'traveller-type': '' })).toMatchObject({ value: { type: 'solo' } });
    expect(readReviewSubmission({ ...form, 'traveller-type': undefined })).toMatchObject({ value: { type: 'solo' } });
    expect(readReviewSubmission({ ...form, 'traveller-type': 'honeymoon' })).toEqual({ ok: false, reason: 'bad-type' });
  });

  it('refuses scores outside 1–10 (legacy stored 15 and 0)', () => {
    for (const rating of ['0', '11', '15', '-1', '', 'ten', '9.5', '100'])
      expect(readReviewSubmission({ ...form, rating })).toEqual({ ok: false, reason: 'bad-score' });
    expect(readReviewSubmission({ ...form, rating: '1' })).toMatchObject({ ok: true });
    expect(readReviewSubmission({ ...form, rating: '10' })).toMatchObject({ ok: true });
  });

  it('refuses a missing or non-numeric order id', () => {
    for (const review_id of ['', 'abc', '0', '-3', '11; DROP TABLE'])
      expect(readReviewSubmission({ ...form, review_id })).toEqual({ ok: false, reason: 'no-order' });
    expect(readReviewSubmission({ ...form, review_id: undefined })).toEqual({ ok: false, reason: 'no-order' });
  });

  it('refuses an overlong description', () => {
    expect(readReviewSubmission({ ...form, description: 'x'.repeat(10_001) })).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });

  it('only the owner of a departed order may review it', () => {
    expect(orderReviewRefusal({ userId: 2, status: 'departed' }, 2)).toBeUndefined();
    expect(orderReviewRefusal({ userId: 3, status: 'departed' }, 2)).toBe('not-owner');
    expect(orderReviewRefusal({ userId: 0, status: 'departed' }, 0)).toBe('not-owner');
    for (const status of ['approved', 'online-paid', 'deposit-paid', 'pending', 'cancel', null])
      expect(orderReviewRefusal({ userId: 2, status }, 2)).toBe('not-departed');
    expect(orderReviewRefusal(undefined, 2)).toBe('no-order');
  });
});
