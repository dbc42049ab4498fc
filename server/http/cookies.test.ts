import { describe, expect, it } from 'vitest';
import { phpCookie, wireCookie, wireCookiesOf } from './cookies';

const request = (cookie: string | undefined) => ({ headers: { cookie } });

describe('request cookies (cookie-parser, values kept as on the wire)', () => {
  const wire = 'admin%7C1700000000%7Ctoken%7Chmac';

  it('keeps the wire value, and the first of two cookies of one name, as PHP does', () => {
    const req = request(`a=1; wordpress_logged_in_x=${wire};wordpress_logged_in_x=second`);
    expect(wireCookie(req, 'wordpress_logged_in_x')).toBe(wire);
    expect(phpCookie(req, 'wordpress_logged_in_x')).toBe('admin|1700000000|token|hmac');
    expect(wireCookie(req, 'missing')).toBeUndefined();
    expect(wireCookie(request(undefined), 'a')).toBeUndefined();
  });

  it('decodes as $_COOKIE does: percent escapes, a + kept, malformed escapes absent', () => {
    const req = request('detail=%7B%22a%22%3A1%7D; plus=a+b; bad=%E0%A4%A');
    expect(phpCookie(req, 'detail')).toBe('{"a":1}');
    expect(phpCookie(req, 'plus')).toBe('a+b');
    expect(phpCookie(req, 'bad')).toBeUndefined();
  });

  it('reads only text: a value cookie-parser would turn into JSON is not a cookie for us', () => {
    expect(wireCookie(request('j=j:{"x":1}'), 'j')).toBeUndefined();
  });

  it('serves tools that hold only the header', () => {
    expect(wireCookiesOf(`x=${wire}`)('x')).toBe(wire);
  });
});
