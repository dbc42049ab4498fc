import { readdirSync, readFileSync } from 'node:fs';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListedReview, ReviewerProfile } from '../../../server/tourmaster/reviews';
import { readAvatarSettings } from '../../../server/views/avatar';
import {
  type ReviewDisplay,
  reviewItemProps,
  reviewItemsHtml,
  reviewPaginationHtml,
  reviewSectionHtml,
  reviewsPageProps,
} from '../../../server/views/reviews';
import { type ReviewsPage, reviewsProps } from '../../common/islands/Reviews';
import { readIslandProps } from '../../lib/island-props';
import { capturedReply } from '../../testing/admin-ajax';
import { legacyPage, place } from '../../testing/legacy-markup';
import { replyPage, reviewsFromMarkup } from './adapter';
import { mount } from './index';
import { ReviewList } from './ReviewList';

/** Markup as a comparable text: attributes sorted; our ARIA, roles, tab stops and styles left out. */
function canonical(html: string): string {
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .filter((a) => !/^(role|tabindex|style|aria-.*)$/.test(a.name))
      .map((a) => `${a.name}="${a.value}"`)
      .sort();
    return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
  };
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.childNodes].map(walk).join('');
}

/** The list of a page as the components render it. */
function rendered(page: ReviewsPage): string {
  const { container } = render(<ReviewList page={page} onPage={() => {}} focusRef={{ current: null }} />);
  return container.innerHTML;
}

/** Every captured reply with a list (not the `[]` of no tour, nor the legacy HTTP 500 of `paged=abc`). */
const LEGACY_REPLIES = readdirSync('legacy-fixtures/exchanges')
  .filter((file) => /^review-.*\.json$/.test(file))
  .map((file) => file.replace(/\.json$/, ''))
  .filter((name) => {
    const exchange = JSON.parse(readFileSync(`legacy-fixtures/exchanges/${name}.json`, 'utf8'));
    return typeof exchange.response.json?.content === 'string';
  });

const ASKED = { sort: 'date', filter: '', page: 1 };

/** jsdom parses the captured pages and renders slowly on a loaded machine (the default is 5 s). */
const SLOW_MACHINE = 20_000;

describe('the legacy replies and pages, read and rendered again', { timeout: SLOW_MACHINE }, () => {
  it('reads some sixty captured replies', () => expect(LEGACY_REPLIES.length).toBeGreaterThan(60));

  it.each(LEGACY_REPLIES)('%s: the components print what the plugin printed', (name) => {
    const { content } = capturedReply(name) as { content: string };
    const page = replyPage({ content }, ASKED)!;
    expect(canonical(rendered(page))).toBe(canonical(content));
  });

  it.each(['tour-santorini-fixed', 'tour-mykonos-packages'])(
    '%s: the section mounted is the section printed',
    async (name) => {
      const printed = legacyPage(name).querySelector('.tourmaster-single-review')!.innerHTML;
      const marker = place(`<div class="tourmaster-single-review" >${printed}</div>`).firstElementChild as HTMLElement;
      await act(async () => {
        mount(marker);
      });
      expect(canonical(marker.innerHTML)).toBe(canonical(printed));
    },
  );

  it('a reply of ours: its typed page is read, not its markup', () => {
    const props: ReviewsPage = { ...ASKED, items: [], pagination: [] };
    expect(replyPage({ content: '<div class="tourmaster-single-review-content-item"></div>', props }, ASKED)).toEqual(
      props,
    );
    expect(replyPage([], ASKED)).toBeUndefined();
  });
});

const AVATARS_ON = readAvatarSettings(new Map([['avatar_rating', 'G']]));
const display = (show: boolean): ReviewDisplay => ({
  avatar: { ...AVATARS_ON, show },
  dateFormat: 'F j, Y',
  https: false,
});
const review = (overrides: Partial<ListedReview>): ListedReview => ({
  id: 1,
  tourId: 4,
  orderId: null,
  score: 10,
  type: 'solo',
  description: 'Absolutely wonderful.',
  date: '2026-01-01 08:00:00',
  reviewerName: 'Sophie Martin',
  reviewerEmail: 'sophie@example.test',
  userId: 0,
  ...overrides,
});
/** An admin's review, a customer's with the Gravatar, one with a picture and HTML in the text, one without avatar. */
const REVIEWS = [
  review({}),
  review({ userId: 3, reviewerName: null, reviewerEmail: null, score: 7, type: 'couple' }),
  review({ userId: 5, score: 4, type: 'family', description: 'It\'s "great" <b>&</b>\nsecond line' }),
  review({ reviewerEmail: '', description: '', type: 'x', score: 1, reviewerName: '<b>Bob</b>' }),
];
const PROFILES = new Map<number, ReviewerProfile>([
  [3, { email: 'john.smith@example.test', displayName: 'John Smith', firstName: '', lastName: '', avatar: undefined }],
  [
    5,
    {
      email: 'm@example.test',
      displayName: 'M',
      firstName: 'Maria',
      lastName: 'P',
      avatar: { thumbnail: 'http://x.test/m.jpg?a=1&b=2' },
    },
  ],
]);

/** Descriptions compared as markup (the DOM writes `&#8217;` as the character it stands for). */
function comparable<T extends { items: { description: string }[] }>(page: T): T {
  return { ...page, items: page.items.map((item) => ({ ...item, description: canonical(item.description) })) };
}

describe('the props our server writes are what the adapter reads from the markup it prints', {
  timeout: SLOW_MACHINE,
}, () => {
  it.each([
    [true, 4, 1],
    [true, 23, 3],
    [false, 8, 2],
  ])('a reply (avatars %s, %i reviews, page %i)', (avatars, count, page) => {
    const asked = { ...ASKED, page };
    const content = `${reviewItemsHtml(REVIEWS, PROFILES, display(avatars))}${reviewPaginationHtml(count, page)}`;
    const props = reviewsPageProps({ asked, items: reviewItemProps(REVIEWS, PROFILES, display(avatars)), count });
    expect(comparable(replyPage({ content }, asked)!)).toEqual(comparable(props));
  });

  it.each([{ score: 30, reviewer: 4 }, { score: 0, reviewer: 0 }, undefined])('the section (rating %o)', (rating) => {
    const items = reviewItemProps(REVIEWS, PROFILES, display(true));
    const section = reviewSectionHtml({
      style: 'style-1',
      rating,
      tourId: 4,
      ajaxUrl: 'http://127.0.0.1:8080/wp-admin/admin-ajax.php?lang=en&x=1',
      items: reviewItemsHtml(REVIEWS, PROFILES, display(true)),
      pagination: reviewPaginationHtml(8, 1),
      page: reviewsPageProps({ asked: ASKED, items, count: 8 }),
    });
    const marker = place(String(section)).querySelector<HTMLElement>('.tourmaster-single-review')!;
    const written = readIslandProps('Reviews', marker, reviewsProps)!;
    const read = reviewsFromMarkup(marker);
    expect({ ...read, list: comparable(read.list) }).toEqual({ ...written, list: comparable(written.list) });
  });
});
