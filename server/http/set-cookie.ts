import type { Response } from 'express';
import { type ReplyCookie, setCookieHeader } from '../wp/set-cookie';

export function appendCookies(res: Response, cookies: readonly ReplyCookie[], now: Date): void {
  for (const cookie of cookies) res.append('Set-Cookie', setCookieHeader(cookie, now));
}
