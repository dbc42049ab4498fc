import { describe, expect, it } from 'vitest';
import { originFromHost, untrailingslashit } from '../wp/site';

describe('untrailingslashit', () => {
  const cases: [string, string][] = [
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://example.test/shop///', 'https://example.test/shop'],
    ['https://example.test/shop\\', 'https://example.test/shop'],
    ['https://example.test/shop/\\/', 'https://example.test/shop'],
    ['https://example.test/a/b', 'https://example.test/a/b'],
    ['/', ''],
    ['', ''],
  ];
  it.each(cases)('%j -> %j', (url, expected) => {
    expect(untrailingslashit(url)).toBe(expected);
  });
});

describe('originFromHost', () => {
  const accepted: [string, boolean, string][] = [
    ['127.0.0.1:9090', false, 'http://127.0.0.1:9090'],
    ['localhost', false, 'http://localhost'],
    ['[::1]:8080', false, 'http://[::1]:8080'],
    ['[::1]', false, 'http://[::1]'],
    ['Example.COM', false, 'http://example.com'],
    ['shop.example.com:443', true, 'https://shop.example.com:443'],
    ['example.com', true, 'https://example.com'],
  ];
  it.each(accepted)('accepts %j (https: %s) as %j', (host, https, origin) => {
    expect(originFromHost(host, https)).toBe(origin);
  });

  it('uses http unless told the request came over https', () => {
    expect(originFromHost('example.com')).toBe('http://example.com');
  });

  const rejected: [string, string | undefined][] = [
    ['a path', 'evil.test/path'],
    ['a space', 'a b'],
    ['a double quote', 'x"y'],
    ['a single quote', "x'y"],
    ['user info', 'user@evil.test'],
    ['a query', 'evil.test?x=1'],
    ['a fragment', 'evil.test#x'],
    ['a backslash', 'evil.test\\x'],
    ['a newline', 'example.com\nX-Injected: 1'],
    ['a port longer than five digits', 'example.com:123456'],
    ['an empty port', 'example.com:'],
    ['a bare IPv6 address', '::1'],
    ['an IPv6 address with letters outside hex', '[::g]'],
    ['an empty host', ''],
    ['no host', undefined],
  ];
  it.each(rejected)('rejects a host with %s', (_what, host) => {
    expect(originFromHost(host)).toBeUndefined();
    expect(originFromHost(host, true)).toBeUndefined();
  });
});
