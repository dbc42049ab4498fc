import { describe, expect, it } from 'vitest';
import { removeQueryArgs } from '../../pages/wp-login';
import { logoutConfirmPage } from '../../views/account/auth-pages';
import { gravatarUrl } from '../../views/top-bar';
import { setCookieHeader } from '../../wp/set-cookie';
import { testCookies } from './cookies';
import { sanitizeUserLogin } from './login';
import { logoutUrl } from './logout';
import { passwordResetMail, rawurlencode, resetLink, specialcharsDecode } from './lost-password';
import { loginAccountKey } from './rate-limits';
import { safeRedirect, sanitizeRedirect } from './redirect';
import { parseResetCookie, passwordProblem, resetFormProblem } from './reset-password';
import { isAbsoluteUrl, withArgs } from './special-pages';

const HOME = 'http://127.0.0.1:8080';
const redirect = (location: string) =>
  safeRedirect(location, { homeUrl: HOME, requestPath: '/wp-login.php', fallback: `${HOME}/wp-admin/` });

describe('wp_safe_redirect', () => {
  it('keeps this site, relative paths and the captured targets', () => {
    expect(redirect(`${HOME}/login/`)).toBe(`${HOME}/login/`);
    expect(redirect('/login/')).toBe('/login/');
    expect(redirect('wp-login.php?checkemail=confirm')).toBe('/wp-login.php?checkemail=confirm');
    expect(redirect('HTTP://127.0.0.1:8080/x')).toBe('HTTP://127.0.0.1:8080/x');
    expect(safeRedirect('page.php', { homeUrl: HOME, requestPath: '/blog/wp-login.php', fallback: 'x' })).toBe(
      '/blog/page.php',
    );
  });

  it('sends other hosts, schemes and tricks to the fallback', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      'http:evil.example',
      'http://127.0.0.1:8080@evil.example/',
      'http://evil.example\\@127.0.0.1:8080/',
      ' \thttps://evil.example',
    ]) {
      expect(redirect(evil), evil).toBe(`${HOME}/wp-admin/`);
    }
  });

  it('strips what wp_sanitize_redirect strips', () => {
    // %0d and %0a go, repeatedly: `%0%0dd` becomes `%0d`, which goes too.
    expect(sanitizeRedirect('/a b"<>\'%0d%0A%0%0dd')).toBe('/a%20b');
    expect(sanitizeRedirect('/café')).toBe('/caf%C3%A9');
  });
});

describe('helpers', () => {
  it('sanitizes login names as sanitize_user does', () => {
    expect(sanitizeUserLogin('  <b>maria</b>  %41 &amp; x  ')).toBe('maria x');
    expect(sanitizeUserLogin('john.smith@example.test')).toBe('john.smith@example.test');
  });

  it('keys the account limit by user, else by a hash of the typed name (never the name itself)', () => {
    expect(loginAccountKey(7, 'whatever')).toBe('user:7');
    const key = loginAccountKey(undefined, ' Nobody ');
    expect(key).toMatch(/^name:[0-9a-f]{32}$/);
    expect(key).not.toContain('nobody');
    expect(loginAccountKey(undefined, 'NOBODY')).toBe(key);
    expect(loginAccountKey(undefined, 'somebody')).not.toBe(key);
  });

  it('builds the logout link as wp_logout_url does', () => {
    expect(logoutUrl(HOME, 'abc1234567', `${HOME}/`)).toBe(
      `${HOME}/wp-login.php?action=logout&redirect_to=http%3A%2F%2F127.0.0.1%3A8080%2F&_wpnonce=abc1234567`,
    );
    expect(logoutUrl(HOME, 'abc1234567')).toBe(`${HOME}/wp-login.php?action=logout&_wpnonce=abc1234567`);
  });

  it('prints the 403 logout page with the site name and link escaped', () => {
    const page = logoutConfirmPage('A & <B>', `${HOME}/wp-login.php?action=logout&_wpnonce=abc`);
    expect(page).toContain('<title>You are attempting to log out of A &amp; &lt;B&gt;</title>');
    expect(page).toContain(`<a href="${HOME}/wp-login.php?action=logout&amp;_wpnonce=abc">log out</a>?</div>`);
  });

  it('adds query args, relative to the request on a dangling page', () => {
    expect(withArgs(`${HOME}/my-account/`, { page_type: 'dashboard' }, '/x')).toBe(
      `${HOME}/my-account/?page_type=dashboard`,
    );
    expect(withArgs(`${HOME}/?tourmaster-user`, { page_type: 'wish-list' }, '/x')).toBe(
      `${HOME}/?tourmaster-user&page_type=wish-list`,
    );
    expect(withArgs('', { page_type: 'dashboard' }, '/wp-admin/admin-ajax.php')).toBe(
      '/wp-admin/admin-ajax.php?page_type=dashboard',
    );
  });

  it('recognises absolute URLs only', () => {
    expect(isAbsoluteUrl(`${HOME}/tour/x/`)).toBe(true);
    expect(isAbsoluteUrl('/tour/x/')).toBe(false);
    expect(isAbsoluteUrl('payment')).toBe(false);
    expect(isAbsoluteUrl('http://a b/')).toBe(false);
  });

  it('removes the reset key from the request URI, keeping the rest in order', () => {
    expect(
      removeQueryArgs('/wp-login.php?source=tm&action=rp&key=abc&login=maria&wp_lang=en_US', ['key', 'login']),
    ).toBe('/wp-login.php?source=tm&action=rp&wp_lang=en_US');
    expect(removeQueryArgs('/wp-login.php?key=a&login=b', ['key', 'login'])).toBe('/wp-login.php');
  });

  it('splits the reset cookie at the first colon', () => {
    expect(parseResetCookie('maria:abc:def')).toEqual({ login: 'maria', key: 'abc:def' });
    expect(parseResetCookie(':abc')).toBeUndefined();
    expect(parseResetCookie(undefined)).toBeUndefined();
  });

  it('writes Set-Cookie as PHP does, Max-Age from the request clock', () => {
    const now = new Date('2026-11-21T23:30:00Z');
    expect(
      setCookieHeader(
        { name: 'a', value: 'x|y z', path: '/', expires: new Date('2026-12-06T11:30:00Z'), httpOnly: true },
        now,
      ),
    ).toBe('a=x%7Cy%20z; expires=Sun, 06 Dec 2026 11:30:00 GMT; Max-Age=1252800; path=/; HttpOnly');
    const [test] = testCookies(
      { siteUrl: HOME, homeUrl: HOME, cookieHash: '', name: '', description: '', timezone: '', gmtOffsetHours: 0 },
      false,
    );
    expect(setCookieHeader(test!, now)).toBe('wordpress_test_cookie=WP%20Cookie%20check; path=/');
  });

  it('hashes the Gravatar e-mail trimmed and lower-cased, picking the server from its first digit', () => {
    expect(gravatarUrl(' Maria.Papadopoulou@Example.test ', 30, false)).toBe(
      'http://1.gravatar.com/avatar/454d8298d4d700e9e4c711fa05a06896?s=30&d=mm&r=g',
    );
    expect(gravatarUrl('maria.papadopoulou@example.test', 60, true)).toBe(
      'https://secure.gravatar.com/avatar/454d8298d4d700e9e4c711fa05a06896?s=60&d=mm&r=g',
    );
  });
});

describe('password rules and the reset mail', () => {
  const user = { login: 'maria', email: 'maria@example.test' };

  it('asks for 8 characters, not the name or address, and equal fields', () => {
    expect(passwordProblem('Str0ng#Pass', user)).toBeUndefined();
    expect(passwordProblem('   ', user)).toMatch(/enter a new password/);
    expect(passwordProblem('short', user)).toMatch(/at least 8/);
    expect(passwordProblem(' 1234567 ', user)).toMatch(/at least 8/);
    expect(passwordProblem('MARIA@example.test', user)).toMatch(/cannot be your username/);
    expect(passwordProblem('"'.repeat(2049), user)).toMatch(/too long/);
    expect(resetFormProblem('Str0ng#Pass', 'Str0ng#Pas', user)).toMatch(/do not match/);
    expect(resetFormProblem('Str0ng#Pass', ' Str0ng#Pass ', user)).toBeUndefined();
  });

  it('links as the captured mails do', () => {
    expect(resetLink(HOME, 'customer2', 'gLlnIjzYIgb0K89TXAiQ', 'en_US')).toBe(
      `${HOME}/wp-login.php?source=tm&action=rp&key=gLlnIjzYIgb0K89TXAiQ&login=customer2&wp_lang=en_US`,
    );
    expect(rawurlencode("a b@c!'()*")).toBe('a%20b%40c%21%27%28%29%2A');
    expect(specialcharsDecode('Tom &amp; Jerry&#039;s &quot;x&quot;')).toBe('Tom & Jerry\'s "x"');
  });

  it('writes the WordPress reset message', () => {
    const mail = passwordResetMail({
      site: {
        siteUrl: HOME,
        homeUrl: HOME,
        cookieHash: '',
        name: 'A &amp; B',
        description: '',
        timezone: '',
        gmtOffsetHours: 0,
      },
      user: {
        id: 3,
        login: 'customer2',
        pass: '',
        nicename: '',
        email: 'john.smith@example.test',
        url: '',
        registered: '',
        activationKey: '',
        status: 0,
        displayName: '',
      },
      key: 'gLlnIjzYIgb0K89TXAiQ',
      locale: 'en_US',
      from: 'wordpress@127.0.0.1',
      requesterIp: '127.0.0.1',
      now: new Date('2026-11-21T23:22:58Z'),
    });
    expect(mail.subject).toBe('[A & B] Password Reset');
    expect(mail.to).toEqual(['john.smith@example.test']);
    expect(mail.from).toEqual({ name: 'WordPress', address: 'wordpress@127.0.0.1' });
    for (const line of [
      'Someone has requested a password reset for the following account:',
      'Site Name: A &amp; B',
      'Username: customer2',
      'If this was a mistake, ignore this email and nothing will happen.',
      'To reset your password, visit the following address:',
      `<a href="${HOME}/wp-login.php?source=tm&amp;action=rp&amp;key=gLlnIjzYIgb0K89TXAiQ&amp;login=customer2&amp;wp_lang=en_US">`,
      'This password reset request originated from the IP address 127.0.0.1.',
    ]) {
      expect(mail.html).toContain(line);
    }
  });
});
