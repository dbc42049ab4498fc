import { parse, parseFragment, serialize } from 'parse5';
import type { Deviation } from './deviation';
import { loadExchange } from './exchanges';

/**
 * The replies the login, register and account pages give on purpose where the legacy site's differ
 * (scratch/deviations-account.md has the entries). The replay and the parity check import it
 * through parity/deviations.ts. Each expected page is the captured page with our change applied to its
 * content region, so everything else in the region is still compared.
 */

const EXPIRED = 'The session is expired. Please refesh the page to try again.';
const REGION_START = '<div class="tourmaster-template-wrapper';

const body = (name: string) => loadExchange(name).response.body ?? '';
const headers = (name: string) => loadExchange(name).response.headers;

/** Applies `change` to the part of a captured page from the content region on. */
function inRegion(page: string, change: (region: string) => string): string {
  const at = page.indexOf(REGION_START);
  if (at < 0) throw new Error('captured page without a content region');
  return page.slice(0, at) + change(page.slice(at));
}

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`deviation: ${String(from)} not found in the captured page`);
  return out;
}

type Node = {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  parentNode?: Node;
};

/** Replaces the first element with `className` by `markup` (parsed as HTML). */
function replaceElement(page: string, className: string, markup: string): string {
  const document = parse(page) as unknown as Node;
  const find = (node: Node): Node | undefined => {
    for (const child of node.childNodes ?? []) {
      if (
        child.attrs
          ?.find((a) => a.name === 'class')
          ?.value.split(/\s+/)
          .includes(className)
      )
        return child;
      const inner = find(child);
      if (inner) return inner;
    }
    return undefined;
  };
  const target = find(document);
  const parent = target?.parentNode;
  if (!target || !parent?.childNodes) throw new Error(`deviation: no .${className} in the captured page`);
  const nodes = (parseFragment(markup) as unknown as Node).childNodes ?? [];
  for (const n of nodes) n.parentNode = parent;
  parent.childNodes.splice(parent.childNodes.indexOf(target), 1, ...nodes);
  return serialize(document as never);
}

const NONCE = (name: string) => `<input type="hidden" name="${name}" value="0000000000" />`;
const REFERER_FIELD = (uri: string) =>
  `<input type="hidden" id="security" name="security" value="0000000000" /><input type="hidden" name="_wp_http_referer" value="${uri}" />`;

/** Our nonce fields in the captured forms that had none (DEFECTS.md 16–18). */
const withReviewNonce = (page: string) =>
  inRegion(page, (r) =>
    r.replaceAll(
      '<input class="tourmaster-button" type="submit" value="Submit Review" />',
      `${NONCE('_wpnonce')}<input class="tourmaster-button" type="submit" value="Submit Review" />`,
    ),
  );
const withWishListNonces = (page: string) =>
  inRegion(page, (r) =>
    r.replace(/(<input type="hidden" name="remove-from-wish-list" value="\d+" \/>)/g, `$1${NONCE('_wpnonce')}`),
  );
const withProfileNonce = (page: string) =>
  inRegion(page, (r) => replaceOnce(r, '</form>', `${REFERER_FIELD('/my-account/?page_type=edit-profile')}</form>`));

/**
 * The account pages' blocks that had nothing in them (DEVIATIONS.md 99): the dashboard's "Room
 * Reviews" says there is nothing to review (the fixture's customers have no room orders), and a
 * booking's "Billing Detail" heading over no details is left out.
 */
export function withOurEmptyStates(page: string): string {
  return inRegion(page, (r) =>
    r
      .replace(
        /(<h3 class="tourmaster-user-content-title">Room Reviews<\/h3>[\s\S]*?<div class="tourmaster-user-content-block-content" >)(<\/div>)/,
        '$1<p class="tourmaster-user-empty-state" >You have no room stays to review yet.</p>$2',
      )
      .replace(
        /<div class="tourmaster-my-booking-single-billing-detail-column [^>]*><h3 class="tourmaster-my-booking-single-title">Billing Detail<\/h3><\/div>/,
        '',
      ),
  );
}

const page = (status: number, text: string, entry: string, replyHeaders?: [string, string][]): Deviation => ({
  status,
  json: null,
  text,
  entry,
  ...(replyHeaders ? { headers: replyHeaders } : {}),
});

/** A register form re-rendered with our notice and the passwords left empty. */
function registerAgain(name: string, message: string, change: (region: string) => string = (r) => r): Deviation {
  return page(
    200,
    inRegion(body(name), (r) =>
      change(
        replaceOnce(
          r.replace(/(name="(?:confirm-)?password" value=")[^"]*"/g, '$1"'),
          '<form class="tourmaster-register-form',
          `<div class="tourmaster-notification-box tourmaster-failure" >${message}</div><form class="tourmaster-register-form`,
        ),
      ),
    ),
    'registration checked on the server',
  );
}

/** The edit-profile post of a captured form without our nonce: refused, the values kept. */
function profileRefused(name: string): Deviation {
  return page(
    200,
    withProfileNonce(
      inRegion(body(name), (r) =>
        replaceOnce(
          r,
          /(<div class="tourmaster-user-update-notification tourmaster-failure" >)[\s\S]*?(<\/div>)/,
          `$1${EXPIRED}$2`,
        ),
      ),
    ),
    'profile edit needs our nonce',
  );
}

/** The wish list after a removal post without our nonce: nothing removed, tours 4 and 7, the notice. */
function wishListRefused(): Deviation {
  const list = inRegion(body('page-user-customer1-wish-list'), (r) =>
    replaceOnce(
      r,
      /(<div class="tourmaster-user-breadcrumbs" >[\s\S]*?<\/div>)/,
      `$1<div class="tourmaster-user-update-notification tourmaster-failure" >${EXPIRED}</div>`,
    ),
  );
  return page(200, withWishListNonces(list), 'wish-list removal needs our nonce, removes one tour');
}

/** The cancel link without our nonce: a refusal page in place of the legacy redirect. */
function cancelRefused(name: string): Deviation {
  const refusal =
    '<div class="tourmaster-user-content-inner tourmaster-user-content-inner-my-booking" ><div class="tourmaster-user-breadcrumbs" ><a class="tourmaster-user-breadcrumbs-item " href="http://127.0.0.1:8080/my-account/?page_type=dashboard" >Dashboard</a><span class="tourmaster-sep" >></span><a class="tourmaster-user-breadcrumbs-item" href="http://127.0.0.1:8080/my-account/?page_type=my-booking" >My Bookings</a><span class="tourmaster-sep" >></span><span class="tourmaster-user-breadcrumbs-item tourmaster-active" >Cancel Booking</span></div>' +
    `<div class="tourmaster-user-update-notification tourmaster-failure" >${EXPIRED}</div></div>`;
  const replyHeaders = headers(name).filter(([k]) => !/^(location|x-redirect-by)$/i.test(k));
  return page(
    403,
    replaceElement(body(name), 'tourmaster-user-content-inner', refusal),
    'booking cancel needs our nonce',
    replyHeaders,
  );
}

/** What `zz-state-01` gets from us: the login cookies and a redirect to the account page. */
function registeredAndLoggedIn(): Deviation {
  const cookies = headers('form-login-page-customer1-ok').filter(
    ([k, v]) =>
      k.toLowerCase() === 'set-cookie' && v.startsWith('wordpress_') && !v.startsWith('wordpress_test_cookie'),
  );
  const base = headers('zz-state-01-form-register-ok');
  return {
    status: 302,
    json: null,
    text: '',
    entry: 'registration logs in by cookie',
    headers: [...base, ...cookies, ['X-Redirect-By', 'WordPress'], ['Location', 'http://127.0.0.1:8080/my-account/']],
  };
}

export function accountDeviations(): Record<string, Deviation> {
  const expiredPasswordForm = page(200, body('zz-state-39-form-change-password-bad-nonce'), 'stale captured nonce');
  return {
    // Pages: our nonces in forms the legacy pages printed without one.
    'page-user-customer1-dashboard': page(
      200,
      withOurEmptyStates(withReviewNonce(body('page-user-customer1-dashboard'))),
      'review form nonce; empty blocks say so',
    ),
    'page-user-customer1-my-booking-single': page(
      200,
      withOurEmptyStates(body('page-user-customer1-my-booking-single')),
      'empty blocks say so',
    ),
    'page-user-customer1-edit-profile': page(
      200,
      withProfileNonce(body('page-user-customer1-edit-profile')),
      'profile edit needs our nonce',
    ),
    'page-user-customer1-wish-list': page(
      200,
      withWishListNonces(body('page-user-customer1-wish-list')),
      'wish-list removal needs our nonce, removes one tour',
    ),
    // Registration.
    'zz-state-01-form-register-ok': registeredAndLoggedIn(),
    'zz-state-05-form-register-weak-password': registerAgain(
      'zz-state-04-form-register-password-mismatch',
      'The password must be at least 8 characters long.',
      (r) =>
        replaceOnce(
          replaceOnce(
            replaceOnce(
              r,
              '<div class="tourmaster-notification-box tourmaster-failure" >Password does not match the confirm password.</div>',
              '',
            ),
            'value="another2"',
            'value="weakpass"',
          ),
          'value="x2@example.test"',
          'value="weak@example.test"',
        ),
    ),
    'zz-state-11-form-register-no-nonce': registerAgain('zz-state-11-form-register-no-nonce', EXPIRED),
    'zz-state-12-form-register-bad-nonce': registerAgain('zz-state-12-form-register-bad-nonce', EXPIRED),
    // Wish list, cancel, profile: the captured posts carry none of our nonces.
    'zz-state-23-form-wish-list-remove-customer1-7': wishListRefused(),
    'zz-state-24-form-wish-list-remove-not-in-list': wishListRefused(),
    'zz-state-45-form-wish-list-remove-customer1-4': wishListRefused(),
    'zz-state-26-form-booking-cancel-customer2-own-pending': cancelRefused(
      'zz-state-26-form-booking-cancel-customer2-own-pending',
    ),
    'zz-state-27-form-booking-cancel-customer1-other-users-order': cancelRefused(
      'zz-state-27-form-booking-cancel-customer1-other-users-order',
    ),
    'zz-state-30-form-edit-profile-ok': profileRefused('zz-state-30-form-edit-profile-ok'),
    'zz-state-31-form-edit-profile-invalid-email': profileRefused('zz-state-31-form-edit-profile-invalid-email'),
    'zz-state-33-form-edit-profile-invalid-phone': profileRefused('zz-state-33-form-edit-profile-invalid-phone'),
    // Change password: the captured nonce belonged to the capture's session (legacy-fixtures/README
    // "Logged-in exchanges"): the legacy site then answers as `zz-state-39`. Without a nonce we say
    // so too (the legacy page silently showed the form again with the passwords in it).
    'zz-state-35-form-change-password-mismatch': expiredPasswordForm,
    'zz-state-36-form-change-password-wrong-old': expiredPasswordForm,
    'zz-state-38-form-change-password-no-nonce': expiredPasswordForm,
  };
}
