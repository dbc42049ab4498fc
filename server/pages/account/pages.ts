import type { FormBody } from '../../http/form-body';
import { str } from '../../php/coerce';
import { customerRoomOrderCount } from '../../services/accounts/customer-orders';
import { postedText } from '../../services/accounts/profile-form';
import { reviewableOrders } from '../../services/reviews/reviewable-orders';
import { removeTourFromWishList } from '../../services/wish-list/remove-from-wish-list';
import { wishListTours } from '../../services/wish-list/wish-list-tours';
import {
  breadcrumbs,
  contentBlock,
  contentInner,
  emptyState,
  updateNotice,
  userAvatar,
} from '../../views/account/common';
import { myProfile } from '../../views/account/profile';
import { type ReviewRow, reviewTable } from '../../views/account/reviews';
import { type WishListRow, wishListTable } from '../../views/account/wish-list';
import { html, type SafeHtml } from '../../views/html';
import { reviewDescriptionHtml } from '../../views/reviews';
import { fullName } from '../../wp/profile';
import { REVIEW_NONCE_ACTION, REVIEW_NONCE_FIELD } from '../review-submission';
import { currentBookings } from './bookings';
import { type AccountRequest, accountPageUrl, nonceInput, siteDate, toursUrl, tourUrl } from './context';

/** The dashboard (engagement.md §5, item 1): profile, current bookings, tour reviews, room reviews. */
export async function dashboardPage(a: AccountRequest): Promise<SafeHtml> {
  const { profile } = a;
  const meta = profile.meta;
  const gender = meta.gender === 'male' ? 'Male' : meta.gender === 'female' ? 'Female' : '';
  const profileBlock = contentBlock({
    extraClass: 'tourmaster-dashboard-profile-wrapper',
    title: 'My Profile',
    link: { url: accountPageUrl(a, 'edit-profile'), text: 'Edit Profile' },
    content: myProfile({
      avatar: userAvatar(profile.avatar, profile.user.email, a.avatar, a.ctx.https),
      name: fullName(profile),
      gender,
      birthDate: meta.birth_date === '' ? '-' : siteDate(a, meta.birth_date) || meta.birth_date,
      country: meta.country,
      email: profile.user.email,
      phone: meta.phone,
      contactAddress: meta.contact_address === '' ? '-' : meta.contact_address,
    }),
  });
  const bookings = contentBlock({
    title: 'Current Booking',
    link: { url: accountPageUrl(a, 'my-booking'), text: 'View All Bookings' },
    content: await currentBookings(a),
  });
  const reviews = contentBlock({
    title: 'Tour Reviews',
    link: { url: accountPageUrl(a, 'reviews'), text: 'View All Reviews' },
    content: await reviewsTable(a, { limit: 5, checkEnabled: false }),
  });
  const roomReviews =
    a.account.roomModule &&
    contentBlock({
      title: 'Room Reviews',
      link: { url: accountPageUrl(a, 'room-reviews'), text: 'View All Reviews' },
      content: await roomSentence(a, 'room-reviews'),
    });
  // The dashboard has no inner wrapper in the plugin: its blocks sit directly in the content.
  return html`${profileBlock}${bookings}${reviews}${roomReviews}`;
}

/** The review table of the user's departed orders (reviews.md §7). */
async function reviewsTable(a: AccountRequest, options: { limit?: number; checkEnabled: boolean }): Promise<SafeHtml> {
  const orders = await reviewableOrders(a.ctx, a.user.user.id, {
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    onlyReviewEnabled: options.checkEnabled,
  });
  const rows: ReviewRow[] = [];
  for (const order of orders) {
    rows.push({
      orderId: order.orderId,
      tourId: order.tourId,
      tourTitle: order.tourTitle,
      review: order.review
        ? {
            description: reviewDescriptionHtml(order.review.description),
            type: str(order.review.type),
            score: order.review.score ?? 0,
          }
        : null,
    });
  }
  if (rows.length === 0)
    return emptyState('You have no tours to review yet: a tour can be reviewed once you have travelled.');
  return reviewTable(rows, await nonceInput(a.ctx, REVIEW_NONCE_FIELD, REVIEW_NONCE_ACTION));
}

/** `?page_type=reviews`. */
export async function reviewsPage(a: AccountRequest): Promise<SafeHtml> {
  return contentInner('review', [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: 'Reviews' }]),
    contentBlock({ content: await reviewsTable(a, { checkEnabled: true }) }),
  ]);
}

/** The nonce action of the wish-list removal forms (ours, DEFECTS.md 18). */
export const WISH_LIST_NONCE = 'tourmaster-wish-list-remove';

/** `?page_type=wish-list`, after any removal. */
export async function wishListPage(a: AccountRequest, notice: SafeHtml | '' = ''): Promise<SafeHtml> {
  const rows: WishListRow[] = (await wishListTours(a.ctx, a.user.user.id)).map((tour) => ({
    tourId: tour.tourId,
    title: tour.title,
    url: tourUrl(a, tour.slug),
    duration: tour.duration,
    thumbnail: tour.thumbnail,
  }));
  return contentInner('wish-list', [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: 'Wish List' }]),
    notice,
    contentBlock({
      content:
        rows.length > 0
          ? wishListTable(rows, await nonceInput(a.ctx, '_wpnonce', WISH_LIST_NONCE))
          : emptyState('Your wish list is empty.', { url: toursUrl(a), text: 'Browse the tours' }),
    }),
  ]);
}

/**
 * The removal post (`remove-from-wish-list={tour id}`): with our nonce, only the posted tour leaves
 * the list (the captures show exactly that; the legacy script had no nonce).
 */
export async function postWishListRemoval(
  a: AccountRequest,
  body: FormBody,
): Promise<{ notice: SafeHtml | ''; status: number }> {
  if (!(await a.ctx.verifyNonce(body.fields._wpnonce, WISH_LIST_NONCE))) {
    return {
      notice: updateNotice('failure', ['The session is expired. Please refesh the page to try again.']),
      status: 200,
    };
  }
  const tourId = postedText(body.fields, 'remove-from-wish-list').trim();
  await removeTourFromWishList(a.ctx, a.user.user.id, tourId);
  return { notice: '', status: 200 };
}

type RoomPage = 'room-booking' | 'room-invoices' | 'room-reviews';

/**
 * What a room page says in place of a list: the room module's orders are not read here, so a
 * customer without any is told there are none, and one with some where to ask (never an empty box).
 */
async function roomSentence(a: AccountRequest, page: RoomPage): Promise<SafeHtml> {
  const count = await customerRoomOrderCount(a.ctx, a.user.user.id);
  if (count > 0) {
    return emptyState('Your room bookings cannot be shown on this site yet. Please contact us for their details.');
  }
  const none = {
    'room-booking': 'You have no room bookings yet.',
    'room-invoices': 'You have no room invoices yet.',
    'room-reviews': 'You have no room stays to review yet.',
  } as const;
  return emptyState(none[page]);
}

/** The room pages (`room-booking`, `room-invoices`, `room-reviews`), while the room module is on. */
export async function roomPage(a: AccountRequest, page: RoomPage): Promise<SafeHtml> {
  const titles = { 'room-booking': 'My Bookings', 'room-invoices': 'Invoices', 'room-reviews': 'Reviews' } as const;
  return contentInner(page, [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: titles[page] }]),
    contentBlock({ content: await roomSentence(a, page) }),
  ]);
}
