import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { withScriptNonce } from '../views/script-nonce';

/**
 * Security headers and cookie attributes for the responses this server writes itself. A response
 * is "ours" when a route we wrap (`ourPages`, `ourAdminAjax`) writes it; whatever a route passes on
 * with next() (and anything forwarded to the WordPress upstream: `notOurs`) is left as it is, since
 * WordPress answers for its own pages.
 *
 * - Pages: helmet, with a content-security policy that allows what our islands and PayPal's JS SDK
 *   need and nothing else (and Stripe.js on the payment page where Stripe takes card payments:
 *   `allowStripe`). Inline scripts need this request's nonce (`scriptNonce()`).
 * - Admin-ajax replies: the same hardening without a CSP (they are JSON or fragments, never a page),
 *   their legacy content types untouched.
 * - Both: every cookie set gets `SameSite=Lax`, `Secure` when the request came over TLS (as Express
 *   sees it: behind a proxy only with TRUST_PROXY), and `HttpOnly` unless the front end reads it.
 */

type Kind = 'page' | 'ajax' | 'api';

interface ResponseLocals {
  securityKind?: Kind;
  cspNonce?: string;
  /** The page mounts Stripe's card form (allowStripe). */
  cspStripe?: boolean;
}

/** Cookies the front end reads or rewrites from script, so they cannot be HttpOnly. */
export const SCRIPT_READABLE_COOKIES: ReadonlySet<string> = new Set([
  // The booking detail: the booking form and the payment page write it from script (booking.md §7.3).
  'tourmaster-booking-detail',
  // The urgency message's "seen" flag (client/islands/UrgencyMessage).
  'tourmaster-urgency-message',
  // The visitor's cookie decision (vanilla-cookieconsent).
  'cc_cookie',
]);

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];

/** Players and maps a page's content may embed (shown only after consent: views/consent-embeds.ts). */
const EMBEDS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.google.com',
  'https://maps.google.com',
];

const nonceOf = (_req: IncomingMessage, res: ServerResponse) =>
  `'nonce-${((res as Response).locals as ResponseLocals).cspNonce}'`;

/** The policy's directives (exported for the header test, which checks the header itself). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  // Our bundle (/dropin-assets/), this request's nonced inline scripts, PayPal's SDK.
  scriptSrc: ["'self'", nonceOf, ...PAYPAL],
  // No inline event handler runs: our markup has none (pages/inline-handlers.int.test.ts scans it).
  scriptSrcAttr: ["'none'"],
  // The plugin's markup and the islands set style attributes; PayPal's buttons add their own styles.
  styleSrc: ["'self'", "'unsafe-inline'", ...PAYPAL],
  // Post content and tour galleries may show images from anywhere served over https; WordPress
  // links avatars over http on a site served over http.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http://*.gravatar.com'],
  mediaSrc: ["'self'", 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...PAYPAL],
  frameSrc: ["'self'", ...PAYPAL, ...EMBEDS],
  childSrc: ["'self'", ...PAYPAL, ...EMBEDS],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  // PayPal standard posts the visitor to PayPal (payments/paypal-standard-form.ts).
  formAction: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * What Stripe.js needs, as Stripe's integration security guide lists it for Stripe.js and
 * Elements (docs.stripe.com/security/guide, "Content Security Policy"): scripts from
 * `https://js.stripe.com` and `https://*.js.stripe.com`; frames (the Payment Element, 3-D
 * Secure) from those two and `https://hooks.stripe.com`; calls to `https://api.stripe.com`. The
 * guide's `maps.googleapis.com` entries are for the Address Element's autocomplete, which we do not
 * use; images (https:) and inline styles are already allowed. `child-src` gets the frame sources
 * too, since our policy sets it (browsers that predate `frame-src` read it for frames). Only on
 * the payment page where Stripe is configured.
 */
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_JS, 'https://hooks.stripe.com'];

export const STRIPE_CSP_DIRECTIVES = {
  ...CSP_DIRECTIVES,
  scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...STRIPE_JS],
  frameSrc: [...CSP_DIRECTIVES.frameSrc, ...STRIPE_FRAMES],
  childSrc: [...CSP_DIRECTIVES.childSrc, ...STRIPE_FRAMES],
  connectSrc: [...CSP_DIRECTIVES.connectSrc, 'https://api.stripe.com'],
};

// WordPress sends `strict-origin-when-cross-origin` (admin-ajax); the attribution code needs the
// referrer of internal navigations. PayPal's checkout window talks to its opener: popups allowed.
// HSTS is the TLS terminator's decision (it covers the whole host, WordPress's pages too).
const common = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'sameorigin' as const },
};

const pageHelmet = (https: boolean, directives: typeof CSP_DIRECTIVES) =>
  helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      // Upgrading only makes sense (and only works) on a page served over https.
      directives: https ? { ...directives, upgradeInsecureRequests: [] } : directives,
    },
    // Cross-origin resources (gravatar, PayPal, embeds) send no CORP/CORS: not required of them.
    crossOriginEmbedderPolicy: false,
  });

/** A page's helmet: over TLS or not, with Stripe's sources or not (exported for the header test). */
export const pageHelmets = {
  plain: pageHelmet(false, CSP_DIRECTIVES),
  tls: pageHelmet(true, CSP_DIRECTIVES),
  stripePlain: pageHelmet(false, STRIPE_CSP_DIRECTIVES),
  stripeTls: pageHelmet(true, STRIPE_CSP_DIRECTIVES),
};

const ajaxHelmet = helmet({
  ...common,
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  // Same-origin reads only: the site's own pages (and CORS for its home/site URLs) still work.
  crossOriginResourcePolicy: { policy: 'same-origin' },
});

/**
 * The public JSON API (rest/): the same hardening, but readable from other origins, as WordPress's
 * REST API is (`rest_send_cors_headers`): a partner's booking widget reads availability from its own
 * site. Without credentials (`*`), so a browser never sends the visitor's cookies along.
 */
const apiHelmet = helmet({
  ...common,
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/** Where the nonce goes in a recorded page policy (helmet refuses `;` and `,` in a value, nothing else). */
const NONCE_MARK = 'dropin-nonce-mark';

/**
 * What a helmet does to any response (it reads nothing of the request, and of the response only
 * the nonce its policy names): the headers it sets and removes, taken once from a recording
 * response with a mark where the nonce goes, so a reply gets them, with its own nonce in a page's
 * policy, without running helmet's dozen middlewares and building the policy each time. Exported
 * for the header test, which compares it with helmet's own output.
 */
export function recordedHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) {
  const set: [string, string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    locals: { cspNonce: NONCE_MARK },
    setHeader: (name: string, value: string) => set.push([name, String(value).split(NONCE_MARK)]),
    removeHeader: (name: string) => removed.push(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return (res: ServerResponse, nonce = '') => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, parts] of set) res.setHeader(name, parts.length === 1 ? (parts[0] as string) : parts.join(nonce));
  };
}

const ajaxHeaders = recordedHeaders(ajaxHelmet);
const apiHeaders = recordedHeaders(apiHelmet);

const pageHeaders = {
  plain: recordedHeaders(pageHelmets.plain),
  tls: recordedHeaders(pageHelmets.tls),
  stripePlain: recordedHeaders(pageHelmets.stripePlain),
  stripeTls: recordedHeaders(pageHelmets.stripeTls),
};

/** Marks a response as not ours (e.g. forwarded from the WordPress upstream): no headers are added. */
export function notOurs(res: Response): void {
  (res.locals as ResponseLocals).securityKind = undefined;
}

/**
 * The page about to be answered mounts Stripe's card form (the payment page, where Stripe is
 * configured): its content-security policy allows Stripe.js (STRIPE_CSP_DIRECTIVES).
 */
export function allowStripe(res: Response): void {
  (res.locals as ResponseLocals).cspStripe = true;
}

/** Wraps a page route: what it answers gets the page headers; what it passes on is left alone. */
export function ourPages(route: RequestHandler): RequestHandler {
  return wrap('page', route);
}

/** Wraps the admin-ajax dispatcher: its replies get the hardening headers without a CSP. */
export function ourAdminAjax(route: RequestHandler): RequestHandler {
  return wrap('ajax', route);
}

/** Wraps a JSON API route (rest/): the hardening of admin-ajax replies, readable cross-origin. */
export function ourApi(route: RequestHandler): RequestHandler {
  return wrap('api', route);
}

function wrap(kind: Kind, route: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = res.locals as ResponseLocals;
    installHook(req, res);
    locals.securityKind = kind;
    const pass = (err?: unknown) => {
      // Passed on: the next route decides (an error page is still ours).
      if (err === undefined || err === 'route' || err === 'router') locals.securityKind = undefined;
      next(err);
    };
    if (kind !== 'page') return route(req, res, pass);
    locals.cspNonce ??= randomBytes(16).toString('base64');
    return withScriptNonce(locals.cspNonce, () => route(req, res, pass));
  };
}

/** The response's own writeHead, kept on it when the hook goes in (also says the hook is in). */
const ORIGINAL_WRITE_HEAD = Symbol('writeHead before the security headers');

type HookedResponse = Response & { [ORIGINAL_WRITE_HEAD]?: Response['writeHead'] };

/**
 * Adds the headers when the response's head is written, so only the route that answers decides.
 * One shared function reads the response from `this` (and the request from `res.req`): no
 * closures, and no WeakSet entry (which the GC must visit as an ephemeron), per request.
 */
function installHook(_req: Request, res: Response): void {
  const hooked = res as HookedResponse;
  if (hooked[ORIGINAL_WRITE_HEAD]) return;
  hooked[ORIGINAL_WRITE_HEAD] = res.writeHead;
  res.writeHead = writeHeadWithSecurityHeaders as typeof res.writeHead;
}

function writeHeadWithSecurityHeaders(this: HookedResponse, ...args: unknown[]): ServerResponse {
  const req = this.req as Request;
  const locals = this.locals as ResponseLocals;
  const kind = locals.securityKind;
  if (kind && !this.headersSent) {
    if (kind === 'ajax') ajaxHeaders(this);
    else if (kind === 'api') apiHeaders(this);
    else pageHeadersFor(req.secure, locals.cspStripe === true)(this, String(locals.cspNonce));
    if (kind === 'api') this.setHeader('Access-Control-Allow-Origin', '*');
    const cookies = this.getHeader('set-cookie');
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)];
      this.setHeader(
        'Set-Cookie',
        list.map((c) => hardenCookie(c, req.secure)),
      );
    }
  }
  return (this[ORIGINAL_WRITE_HEAD] as (...a: unknown[]) => ServerResponse).apply(this, args);
}

function pageHeadersFor(tls: boolean, stripe: boolean) {
  if (stripe) return tls ? pageHeaders.stripeTls : pageHeaders.stripePlain;
  return tls ? pageHeaders.tls : pageHeaders.plain;
}

/**
 * One `Set-Cookie` value with the attributes it lacks: `SameSite=Lax` (WordPress sets none; Lax is
 * what browsers assume, said out loud), `Secure` over TLS, `HttpOnly` unless script reads it.
 */
export function hardenCookie(setCookie: string, secure: boolean): string {
  const name = setCookie.slice(0, Math.max(0, setCookie.indexOf('='))).trim();
  const attributes = new Set(
    setCookie
      .split(';')
      .slice(1)
      .map((a) => a.split('=')[0]!.trim().toLowerCase()),
  );
  let out = setCookie;
  if (secure && !attributes.has('secure')) out += '; secure';
  if (!attributes.has('httponly') && !SCRIPT_READABLE_COOKIES.has(name)) out += '; HttpOnly';
  if (!attributes.has('samesite')) out += '; SameSite=Lax';
  return out;
}
