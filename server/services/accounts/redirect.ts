/**
 * `wp_safe_redirect`: where WordPress lets a login, logout or reset send the browser. Only the
 * site's own host (or a relative path) is allowed; anything else goes to the fallback.
 */

/** `wp_sanitize_redirect`: UTF-8 percent-encoded, spaces as %20, every character outside the allowed set removed. */
export function sanitizeRedirect(location: string): string {
  const encoded = location.replace(/[\u0080-\u{10ffff}]+/gu, (run) => encodeURIComponent(run)).replace(/ /g, '%20');
  let out = encoded.replace(/[^a-z0-9\-~+_.?#=&;,/:%!*[\]()@]/gi, '');
  // Remove %0d and %0a (any case), repeatedly, as `_deep_replace` does.
  let previous: string;
  do {
    previous = out;
    out = out.replace(/%0[da]/gi, '');
  } while (out !== previous);
  return out;
}

export interface SafeRedirectOptions {
  /** The site's `home` URL: its host is the one allowed host. */
  homeUrl: string;
  /** The path of the current request (`/wp-login.php`): relative locations resolve against its folder. */
  requestPath: string;
  /** Where a refused location goes (WordPress: `admin_url()`). */
  fallback: string;
}

/** `wp_validate_redirect(wp_sanitize_redirect($location), $fallback)`. */
export function safeRedirect(location: string, options: SafeRedirectOptions): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: PHP's trim set (" \t\n\r\0\x08\x0B") is what is stripped
  let target = sanitizeRedirect(location.replace(/^[ \t\n\r\0\x08\x0B]+|[ \t\n\r\0\x08\x0B]+$/g, ''));
  if (target.startsWith('//')) target = `http:${target}`;
  const cut = target.indexOf('?');
  const test = cut > 0 ? target.slice(0, cut) : target;
  const parts = parseUrl(test);
  if (!parts) return options.fallback;
  if (parts.scheme !== undefined && parts.scheme !== 'http' && parts.scheme !== 'https') return options.fallback;
  if (parts.host === undefined && parts.path !== '' && !parts.path.startsWith('/')) {
    // A relative path: WordPress prefixes the folder of the current request.
    const folder = options.requestPath.replace(/\/[^/]*$/, '');
    target = `/${`${folder}/`.replace(/^\/+/, '')}${target}`;
  }
  if (parts.host === undefined && (parts.scheme !== undefined || parts.port !== undefined)) return options.fallback;
  // WordPress lets `user@host` through when the host is ours; nobody needs credentials in a redirect.
  if (parts.userinfo !== undefined) return options.fallback;
  if (parts.host !== undefined && /[:/?#@]/.test(parts.host)) return options.fallback;
  if (parts.host !== undefined) {
    const home = parseUrl(options.homeUrl)?.host ?? '';
    if (parts.host.toLowerCase() !== home.toLowerCase()) return options.fallback;
  }
  return target;
}

interface UrlParts {
  scheme?: string;
  userinfo?: string;
  host?: string;
  port?: string;
  path: string;
}

/** Enough of PHP's `parse_url` for the checks above; undefined where it returns false. */
function parseUrl(url: string): UrlParts | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  let rest = url;
  const parts: UrlParts = { path: '' };
  if (scheme && !/^\d+$/.test(url.slice(scheme[0].length).split(/[/?#]/)[0] ?? '')) {
    parts.scheme = scheme[1]!.toLowerCase();
    rest = url.slice(scheme[0].length);
  }
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    const authority = end === -1 ? rest.slice(2) : rest.slice(2, 2 + end);
    rest = end === -1 ? '' : rest.slice(2 + end);
    const at = authority.lastIndexOf('@');
    if (at !== -1) parts.userinfo = authority.slice(0, at);
    const hostPort = at === -1 ? authority : authority.slice(at + 1);
    const port = /:(\d*)$/.exec(hostPort);
    if (port) {
      if (port[1] !== '' && Number(port[1]) > 65535) return undefined;
      parts.port = port[1];
    }
    parts.host = port ? hostPort.slice(0, port.index) : hostPort;
    if (parts.host === '') return undefined;
  }
  parts.path = rest.split(/[?#]/)[0] ?? '';
  return parts;
}
