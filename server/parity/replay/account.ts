import { setWishList } from '../../data/profile';
import type { WpDb } from '../../data/tables';

/**
 * How the exchange replay (server/ajax/replay.int.test.ts) treats the pages and forms of the login,
 * register and account pages: the captured routes we serve, the element their pages are compared
 * by (our page shell is deliberately not the theme's), and the state the capture had when a page
 * lists rows that other exchanges of a name-ordered replay change. The replies we give on purpose
 * are in `account-deviations.ts`.
 */

/** The plugin's content: the first element with this class (the top bar's forms come before it but sit outside). */
export const ACCOUNT_PAGE_REGION = { className: 'tourmaster-template-wrapper' } as const;

/** `METHOD path?query` of every captured page and form exchange these routes answer. */
export const ACCOUNT_ROUTES: readonly string[] = [
  'GET /login/',
  'GET /register/',
  'POST /register/',
  'GET /my-account/?page_type=dashboard',
  'GET /my-account/?page_type=edit-profile',
  'GET /my-account/?page_type=invoices',
  'GET /my-account/?page_type=invoices&sub_page=single&id=1',
  'GET /my-account/?page_type=my-booking',
  'GET /my-account/?page_type=my-booking&sub_page=single&id=1&tour_id=4',
  'GET /my-account/?page_type=reviews',
  'GET /my-account/?page_type=wish-list',
  'POST /my-account/?page_type=wish-list',
  'GET /my-account/?page_type=my-booking&action=remove&id=3',
  'GET /my-account/?page_type=my-booking&action=remove&id=10',
  'GET /my-account/?page_type=my-booking&action=remove&id=9',
  'POST /my-account/?page_type=edit-profile',
  'POST /my-account/?page_type=change-password',
];

const CUSTOMER1 = 2;

/**
 * The capture-time state of rows other exchanges change when the folder is replayed in name order
 * (legacy-fixtures/README "Capture order"): the `zz-state` posts began from a fresh load, where
 * customer1's wish list held tours 4 and 7 (`wish_list-customer1-add` has added tour 6 by then in a
 * name-ordered replay).
 */
export const ACCOUNT_REPLAY_SETUP: Readonly<Record<string, (wp: WpDb) => Promise<void>>> = {
  'zz-state-23-form-wish-list-remove-customer1-7': (wp) => setWishList(wp, CUSTOMER1, ['4', '7']),
};
