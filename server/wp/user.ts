import type { AuthScheme } from './auth-cookie';

/** A row of `{prefix}users`. `pass` is the stored hash; it never leaves the server. */
export interface WpUser {
  id: number;
  login: string;
  pass: string;
  nicename: string;
  email: string;
  url: string;
  registered: string;
  activationKey: string;
  status: number;
  displayName: string;
}

/** The visitor, when a WordPress login cookie validates. */
export interface CurrentUser {
  user: WpUser;
  /** The session token of the cookie that validated (for nonces and logout). */
  sessionToken: string;
  scheme: AuthScheme;
}
