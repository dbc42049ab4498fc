import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewForm, reviewTable } from '../../../server/views/account/reviews';
import { raw } from '../../../server/views/html';
import { ratingInputProps } from '../../common/islands/RatingInput';
import { readIslandProps } from '../../lib/island-props';
import { legacyPage, place } from '../../testing/legacy-markup';
import { ratingFromMarkup } from './adapter';
import { mount } from './index';

const REVIEW_FORM = String(reviewForm({ orderId: 11, tourId: 4, tourTitle: 'Santorini' }, raw('')));

function marker(root: ParentNode, selector: string): HTMLElement {
  return root.querySelector<HTMLElement>(selector)!;
}

async function mounted(html: string, selector: string) {
  const field = marker(place(html), selector);
  await act(async () => {
    mount(field);
  });
  const input = field.querySelector<HTMLInputElement>('input[name="rating"]')!;
  const stars = () =>
    [...field.querySelectorAll('i.tourmaster-rating-select')].map((i) =>
      i.className.replace('tourmaster-rating-select ', ''),
    );
  return { field, input, stars };
}

/** jsdom parses the captured pages and renders slowly on a loaded machine (the default is 5 s). */
const SLOW_MACHINE = 20_000;

describe('the star input’s props', { timeout: SLOW_MACHINE }, () => {
  it('reads the review form WordPress printed', () => {
    expect(ratingFromMarkup(marker(legacyPage('user-reviews-customer1'), '.tourmaster-review-form-rating'))).toEqual({
      name: 'rating',
      required: false,
      min: 1,
      max: 10,
      value: 10,
      shown: 10,
    });
  });

  it.each([['the review form', REVIEW_FORM, '.tourmaster-review-form-rating']])(
    'reads from the markup what our page writes (%s)',
    (_name, html, selector) => {
      const field = marker(place(html), selector);
      const written = readIslandProps('RatingInput', field, ratingInputProps);
      expect(written).toBeDefined();
      expect(ratingFromMarkup(field)).toEqual(written);
    },
  );

  it('leaves a review’s read-only stars alone', async () => {
    const row = {
      orderId: 3,
      tourId: 4,
      tourTitle: 'Santorini',
      review: { description: raw('Fine'), type: 'solo', score: 7 },
    };
    const field = marker(place(String(reviewTable([row], raw('')))), '.tourmaster-review-form-rating');
    expect(ratingFromMarkup(field)).toBeUndefined();
    const before = field.outerHTML;
    await act(async () => {
      expect(mount(field)).toBeUndefined();
    });
    expect(field.outerHTML).toBe(before);
  });
});

describe('RatingInput', { timeout: SLOW_MACHINE }, () => {
  it('the review form: empty until chosen, then the chosen score posted and drawn', async () => {
    const { field, input, stars } = await mounted(REVIEW_FORM, '.tourmaster-review-form-rating');
    expect(input.value).toBe('');
    expect(input.hasAttribute('data-required')).toBe(true);
    expect(stars()).toEqual(Array(5).fill('fa fa-star-o'));
    expect(field.getAttribute('aria-valuetext')).toBe('No rating chosen');
    await userEvent.click(marker(field, '[data-rating-score="7"]'));
    expect(input.value).toBe('7');
    expect(stars()).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star', 'fa fa-star-half-empty', 'fa fa-star-o']);
    await userEvent.click(marker(field, 'span[data-rating-score="4"]'));
    expect(input.value).toBe('4');
    expect(stars()).toEqual(['fa fa-star', 'fa fa-star', 'fa fa-star-o', 'fa fa-star-o', 'fa fa-star-o']);
    expect(field.getAttribute('aria-valuenow')).toBe('4');
    expect(field.getAttribute('aria-valuetext')).toBe('2 of 5 stars');
  });

  it('is a slider: arrows step half a star within 1–10, Home and End go to the ends', async () => {
    const page = place(`<div class="tourmaster-review-form-rating-wrap" >${REVIEW_FORM}</div>`);
    const field = marker(page, '.tourmaster-review-form-rating');
    await act(async () => {
      mount(field);
    });
    expect(field.getAttribute('role')).toBe('slider');
    expect(document.getElementById(field.getAttribute('aria-labelledby')!)?.textContent).toBe('Rate this tour *');
    const input = marker(field, 'input');
    field.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(input).toHaveProperty('value', '1');
    await userEvent.keyboard('{ArrowLeft}{End}');
    expect(input).toHaveProperty('value', '10');
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveProperty('value', '10');
    await userEvent.keyboard('{Home}{ArrowDown}');
    expect(input).toHaveProperty('value', '1');
    expect(field.getAttribute('aria-valuemin')).toBe('1');
  });
});
