/**
 * WordPress's wp_get_nocache_headers(): what admin-ajax, wp-login.php and wp_die() send so no
 * cache keeps the reply. Since WordPress 6.3 a logged-in visitor's Cache-Control also says
 * `no-store, private`.
 */
export function noCacheHeaders(loggedIn: boolean): { Expires: string; 'Cache-Control': string } {
  return {
    Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
    'Cache-Control': loggedIn
      ? 'no-cache, must-revalidate, max-age=0, no-store, private'
      : 'no-cache, must-revalidate, max-age=0',
  };
}
