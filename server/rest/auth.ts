import { authenticateApplicationPassword } from '../services/api-keys/authenticate';
import { basicCredentials } from '../services/api-keys/basic-credentials';
import { hitApiKeyLimit } from '../services/api-keys/rate-limit';
import { RestError } from './errors';
import type { ApiPrincipal, Authenticate } from './route';

/**
 * Who calls a route, as WordPress's REST API decides it with Application Passwords
 * (`wp_validate_application_password`, `rest_application_password_check_errors`):
 *
 * - Credentials are read only over TLS (as Express sees it: behind a proxy with TRUST_PROXY), or from
 *   this machine: WordPress offers application passwords only on https sites
 *   (`wp_is_application_passwords_available`), since Basic sends the password in clear. Elsewhere
 *   they are refused, 401 `application_passwords_disabled`, rather than silently ignored.
 * - HTTP Basic credentials that fail are refused with WordPress's own code and 401, on any route
 *   (a public one too: WordPress refuses a request whose Authorization fails, it does not serve it
 *   as a guest's); a header that is not Basic credentials is no attempt (a guest).
 * - An address with too many failures (keys and the login form together) is refused unchecked: 429.
 * - A key that authenticates is counted against its limit (`API_RATE_LIMIT` a minute): 429 with
 *   `Retry-After` over it.
 * - A route that is not public then needs its capability: no key is 401, a key whose user lacks it
 *   403 (`rest_forbidden`, `rest_authorization_required_code()`).
 */
export const applicationPasswords: Authenticate = async (req, route, ctx) => {
  const principal = await principalOf(req.get('authorization'), ctx);
  if (route.auth === 'public') return principal;
  if (!principal) throw forbidden(401);
  const allowed = route.auth === 'orders' ? principal.canManageOrders : principal.isAdmin;
  if (!allowed) throw forbidden(403);
  return principal;
};

async function principalOf(header: string | undefined, ctx: Parameters<Authenticate>[2]): Promise<ApiPrincipal | null> {
  const credentials = basicCredentials(header);
  if (!credentials) return null;
  if (!ctx.https && !isLoopback(ctx.ip)) {
    throw new RestError(401, 'application_passwords_disabled', 'Application passwords are not available.');
  }
  const check = await authenticateApplicationPassword(ctx.wp, credentials, { ip: ctx.ip, now: ctx.now });
  if (!check.ok && check.code === 'limited') {
    throw tooMany('Too many failed attempts from this address. Please try again later.', check.retryAfter);
  }
  if (!check.ok) throw new RestError(401, check.code, check.message);
  const limit = await hitApiKeyLimit(ctx.wp, check.user.keyUuid, ctx.deps.config.apiRateLimit, ctx.now);
  if (!limit.allowed) throw tooMany('Too many requests with this application password.', limit.retryAfter);
  return check.user;
}

function tooMany(message: string, retryAfter: number): RestError {
  return new RestError(429, 'rest_too_many_requests', message, undefined, { 'Retry-After': String(retryAfter) });
}

function forbidden(status: 401 | 403): RestError {
  return new RestError(status, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`), as Express reports them. */
export function isLoopback(ip: string): boolean {
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || ip === '::1';
}
