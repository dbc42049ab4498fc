/**
 * How the exchange replay (server/ajax/replay.int.test.ts) treats the payment page: the captured
 * requests it answers and the element they are compared by. The page is served in our shell, so
 * only the plugin's part is compared: `#tourmaster-page-wrapper`, i.e. the head with the step bar
 * and the template wrapper (`data-booking-detail`, sidebar, content). The replies that differ on
 * purpose are in `payment-deviations.ts`.
 */

export const PAYMENT_PAGE_REGION = { className: 'tourmaster-page-wrapper' } as const;

/** `METHOD path?query` of every captured payment-page exchange (`page-payment-*`). */
export const PAYMENT_PAGE_ROUTES: readonly string[] = ['GET /payment/', 'GET /payment/?tid=1', 'GET /payment/?tid=3'];
