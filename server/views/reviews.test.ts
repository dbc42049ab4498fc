import { describe, expect, it } from 'vitest';
import type { ListedReview, ReviewerProfile } from '../tourmaster/reviews';
import { gravatarImg, readAvatarSettings, safeImageUrl } from './avatar';
import {
  type ReviewDisplay,
  reviewerFullName,
  reviewItemsHtml,
  reviewPaginationHtml,
  starIconsHtml,
  tourRatingPlainHtml,
} from './reviews';

const SETTINGS = readAvatarSettings(
  new Map([
    ['show_avatars', '1'],
    ['avatar_default', 'mystery'],
    ['avatar_rating', 'G'],
  ]),
);
const DISPLAY: ReviewDisplay = { avatar: SETTINGS, dateFormat: 'F j, Y', https: false };

function review(overrides: Partial<ListedReview> = {}): ListedReview {
  return {
    id: 1,
    tourId: 4,
    orderId: null,
    score: 10,
    type: 'solo',
    description: 'Absolutely wonderful, our guide was brilliant.',
    date: '2026-01-01 08:00:00',
    reviewerName: 'Sophie Martin',
    reviewerEmail: 'sophie@example.test',
    userId: 0,
    ...overrides,
  };
}

describe('gravatar (WordPress 6.3 get_avatar)', () => {
  it('http: numbered host from the hash, s/d/r query, srcset at twice the size', () => {
    expect(gravatarImg('john.smith@example.test', 85, SETTINGS, false)).toBe(
      "<img alt='' src='http://0.gravatar.com/avatar/fc33537091b11805c9fbf2b86a0f4d46?s=85&#038;d=mm&#038;r=g' srcset='http://0.gravatar.com/avatar/fc33537091b11805c9fbf2b86a0f4d46?s=170&#038;d=mm&#038;r=g 2x' class='avatar avatar-85 photo' height='85' width='85' loading='lazy' decoding='async'/>",
    );
  });

  it('https: the secure host; the address is trimmed and lower-cased before hashing', () => {
    expect(gravatarImg(' John.Smith@Example.test ', 85, SETTINGS, true)).toContain(
      "src='https://secure.gravatar.com/avatar/fc33537091b11805c9fbf2b86a0f4d46?s=85&#038;d=mm&#038;r=g'",
    );
  });

  it('no address: the default image, class avatar-default; avatars off: nothing', () => {
    expect(gravatarImg('', 85, SETTINGS, false)).toContain("class='avatar avatar-85 photo avatar-default'");
    expect(gravatarImg('a@b.cc', 85, { ...SETTINGS, show: false }, false)).toBe('');
  });

  it('reads the discussion settings', () => {
    expect(readAvatarSettings(new Map())).toEqual({ show: true, defaultImage: 'mm', rating: '' });
    expect(readAvatarSettings(new Map([['avatar_default', 'gravatar_default']])).defaultImage).toBe('');
    expect(readAvatarSettings(new Map([['show_avatars', '']])).show).toBe(false);
  });

  it('profile pictures: only http(s) or site URLs', () => {
    expect(safeImageUrl('http://x.test/a.jpg?x=1&y=2')).toBe('http://x.test/a.jpg?x=1&#038;y=2');
    expect(safeImageUrl('javascript:alert(1)')).toBe('');
    expect(safeImageUrl("/up/a'b.jpg")).toBe('/up/a&#039;b.jpg');
  });
});

describe('review items', () => {
  it('an admin review: gravatar of the reviewer e-mail, name, type, description, stars, date', () => {
    expect(String(reviewItemsHtml([review()], new Map(), DISPLAY))).toBe(
      '<div class="tourmaster-single-review-content-item clearfix" ><div class="tourmaster-single-review-user clearfix" ><div class="tourmaster-single-review-avatar tourmaster-media-image" >' +
        gravatarImg('sophie@example.test', 85, SETTINGS, false) +
        '</div><h4 class="tourmaster-single-review-user-name" >Sophie Martin</h4><div class="tourmaster-single-review-user-type" >Solo Traveller</div></div><div class="tourmaster-single-review-detail" ><div class="tourmaster-single-review-detail-description" ><p>Absolutely wonderful, our guide was brilliant.</p>\n</div><div class="tourmaster-single-review-detail-rating" ><i class="fa fa-star" ></i><i class="fa fa-star" ></i><i class="fa fa-star" ></i><i class="fa fa-star" ></i><i class="fa fa-star" ></i></div><div class="tourmaster-single-review-detail-date" >January 1, 2026</div></div></div>',
    );
  });

  it('a customer review: the profile name and its picture, else the gravatar of the account e-mail', () => {
    const profile: ReviewerProfile = {
      email: 'john.smith@example.test',
      displayName: 'John Smith',
      firstName: '',
      lastName: '',
      avatar: undefined,
    };
    const html = String(
      reviewItemsHtml(
        [review({ userId: 3, reviewerName: null, reviewerEmail: null })],
        new Map([[3, profile]]),
        DISPLAY,
      ),
    );
    expect(html).toContain('fc33537091b11805c9fbf2b86a0f4d46');
    expect(html).toContain('>John Smith</h4>');
    const withPicture = String(
      reviewItemsHtml(
        [review({ userId: 3 })],
        new Map([
          [3, { ...profile, firstName: 'Johnny', lastName: 'S', avatar: { thumbnail: 'http://x.test/j.jpg' } }],
        ]),
        DISPLAY,
      ),
    );
    expect(withPicture).toContain('<img src="http://x.test/j.jpg" alt="profile-image" />');
    expect(withPicture).toContain('>Johnny S</h4>');
  });

  it('no avatar block without user or e-mail; no description block when empty; unknown type blank', () => {
    const html = String(
      reviewItemsHtml([review({ reviewerEmail: '', description: '', type: 'x' })], new Map(), DISPLAY),
    );
    expect(html).not.toContain('tourmaster-single-review-avatar');
    expect(html).not.toContain('detail-description');
    expect(html).toContain('<div class="tourmaster-single-review-user-type" ></div>');
  });

  it('escapes names and descriptions (the legacy list printed admin HTML: stored XSS)', () => {
    const html = String(
      reviewItemsHtml(
        [review({ reviewerName: '<b>Bob</b>', description: '<script>alert(1)</script>\nIt\'s "great" & cheap' })],
        new Map(),
        DISPLAY,
      ),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Bob</b>');
    expect(html).toContain('&lt;b&gt;Bob&lt;/b&gt;');
    expect(html).toContain(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;<br />\nIt&#8217;s &#8220;great&#8221; &amp; cheap</p>',
    );
  });

  it('full names as the plugin builds them', () => {
    const p = { email: '', displayName: 'Display', firstName: 'Maria', lastName: 'Papadopoulou', avatar: undefined };
    expect(reviewerFullName(p)).toBe('Maria Papadopoulou');
    expect(reviewerFullName({ ...p, firstName: '' })).toBe('Display');
    expect(reviewerFullName(undefined)).toBe('');
  });
});

describe('pagination and rating markup', () => {
  it('prints the captured pagination markup', () => {
    expect(String(reviewPaginationHtml(8, 1))).toBe(
      '<div class="tourmaster-review-content-pagination" ><span class="tourmaster-active" >1</span><span data-paged="2" ><i class="fa fa-angle-right" ></i></span></div>',
    );
    expect(String(reviewPaginationHtml(8, 50))).toBe(
      '<div class="tourmaster-review-content-pagination" ><span data-paged="49" ><i class="fa fa-angle-left" ></i></span><span data-paged="1" >1</span></div>',
    );
    expect(String(reviewPaginationHtml(3, 1))).toBe('');
    expect(String(reviewPaginationHtml(50, 5))).toContain('<span class="dots">...</span>');
  });

  it('the head rating: N Reviews and the stars of the average; 0; nothing', () => {
    expect(String(tourRatingPlainHtml({ score: 63, reviewer: 8 }))).toBe(
      `<div class="tourmaster-tour-rating"  ><span class="tourmaster-tour-rating-text" >8 Reviews</span>${starIconsHtml(7.875)}</div>`,
    );
    expect(String(tourRatingPlainHtml({ score: 9, reviewer: 1 }))).toContain('>1 Review<');
    expect(String(tourRatingPlainHtml({ score: 0, reviewer: 0 }))).toBe(
      '<div class="tourmaster-tour-rating tourmaster-tour-rating-empty" ><span>0</span></div>',
    );
    expect(String(tourRatingPlainHtml(undefined))).toBe('');
  });
});
