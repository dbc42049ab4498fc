/**
 * Query parameters that are credentials in their own right: the guest's signed manage link and the
 * calendar file's token (issue 18), WordPress's password-reset key. A URL is logged with their
 * values masked, so a log shipped elsewhere never hands out a booking or an account.
 */
const SECRET_PARAMS = ['tourmaster-manage', 'token', 'key'] as const;

/** The request's URL as it may be written to a log. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  let masked = false;
  for (const name of SECRET_PARAMS) {
    if (query.has(name)) {
      query.set(name, '…');
      masked = true;
    }
  }
  return masked ? `${url.slice(0, at)}?${query.toString()}` : url;
}
