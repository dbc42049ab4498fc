import { describe, expect, it } from 'vitest';
import type { ActualReply } from './compare';
import { canonicalJson, compareReply, normaliseVolatile } from './compare';
import type { Exchange } from './exchanges';
import { canonicalHtml, looksLikeHtml } from './html-dom';

describe('canonicalHtml', () => {
  const base = '<div id="tour" class="tourmaster-item tour-grid" data-id="4"><p>Santorini <b>cruise</b></p></div>';

  const same: [string, string][] = [
    [
      'attribute order',
      '<div data-id="4" class="tourmaster-item tour-grid" id="tour"><p>Santorini <b>cruise</b></p></div>',
    ],
    ['quote style', `<div id='tour' class='tourmaster-item tour-grid' data-id=4><p>Santorini <b>cruise</b></p></div>`],
    [
      'class token order',
      '<div id="tour" class="tour-grid  tourmaster-item" data-id="4"><p>Santorini <b>cruise</b></p></div>',
    ],
    [
      'indentation and whitespace',
      '\n<div id="tour" class="tourmaster-item tour-grid" data-id="4">\n  <p>\n    Santorini   <b>cruise</b>\n  </p>\n</div>\n',
    ],
    [
      'comments',
      '<!-- grid --><div id="tour" class="tourmaster-item tour-grid" data-id="4"><p>Santorini <!-- x --><b>cruise</b></p></div>',
    ],
    [
      'entity spelling',
      '<div id="tour" class="tourmaster-item tour-grid" data-id="&#52;"><p>Santorini <b>cruise</b></p></div>',
    ],
  ];
  it.each(same)('ignores %s', (_what, html) => {
    expect(canonicalHtml(html)).toBe(canonicalHtml(base));
  });

  const different: [string, string][] = [
    [
      'an attribute value',
      '<div id="tour" class="tourmaster-item tour-grid" data-id="5"><p>Santorini <b>cruise</b></p></div>',
    ],
    [
      'a class token',
      '<div id="tour" class="tourmaster-item tour-list" data-id="4"><p>Santorini <b>cruise</b></p></div>',
    ],
    ['a missing attribute', '<div id="tour" class="tourmaster-item tour-grid"><p>Santorini <b>cruise</b></p></div>'],
    ['the text', '<div id="tour" class="tourmaster-item tour-grid" data-id="4"><p>Mykonos <b>cruise</b></p></div>'],
    ['a tag', '<div id="tour" class="tourmaster-item tour-grid" data-id="4"><p>Santorini <i>cruise</i></p></div>'],
    ['nesting', '<div id="tour" class="tourmaster-item tour-grid" data-id="4"><p>Santorini </p><b>cruise</b></div>'],
  ];
  it.each(different)('sees a change of %s', (_what, html) => {
    expect(canonicalHtml(html)).not.toBe(canonicalHtml(base));
  });

  it('compares whole documents, doctype aside', () => {
    const a = '<!DOCTYPE html><html lang="en"><head><title>Tours</title></head><body><h1>Tours</h1></body></html>';
    const b = '<html lang=en>\n<head>\n<title>Tours</title>\n</head>\n<body>\n  <h1>Tours</h1>\n</body>\n</html>';
    expect(canonicalHtml(a, { document: true })).toBe(canonicalHtml(b, { document: true }));
    expect(canonicalHtml(a, { document: true })).not.toBe(canonicalHtml(b.replace('en', 'el'), { document: true }));
  });

  it('looks into <template> content', () => {
    expect(canonicalHtml('<template><p>a</p></template>')).not.toBe(canonicalHtml('<template><p>b</p></template>'));
  });

  const htmlish: [string, boolean][] = [
    ['<p>x</p>', true],
    ['text with <br/> inside', true],
    ['plain text', false],
    ['1 < 2 and 3 > 2', false],
  ];
  it.each(htmlish)('looksLikeHtml(%j) is %s', (value, expected) => {
    expect(looksLikeHtml(value)).toBe(expected);
  });
});

describe('normaliseVolatile', () => {
  const cases: [string, string, string][] = [
    ['a _wpnonce query argument', 'logout&#038;_wpnonce=1d111c9788">', 'logout&#038;_wpnonce={nonce}">'],
    ['a nonce in JSON', '{"nonce":"c2db59db67"}', '{"nonce":"{nonce}"}'],
    ['a security form field', 'terms=on&security=a98a8fed9d&x=1', 'terms=on&security={nonce}&x=1'],
    [
      'a hidden security input',
      '<input type="hidden" name="security" value="abcdef0123" />',
      '<input type="hidden" name="security" value="{nonce}" />',
    ],
    [
      'a hidden security input inside a JSON string',
      '<input type=\\"hidden\\" id=\\"security\\" name=\\"security\\" value=\\"90d7e972f0\\" \\/>',
      '<input type=\\"hidden\\" id=\\"security\\" name=\\"security\\" value=\\"{nonce}\\" \\/>',
    ],
    [
      'a login cookie value',
      'wordpress_logged_in_0123456789abcdef0123456789abcdef=customer1%7C1795000000%7Ctok%7Chmac; path=/',
      'wordpress_logged_in_0123456789abcdef0123456789abcdef={cookie}; path=/',
    ],
    [
      'an auth cookie value',
      'wordpress_sec_0123456789abcdef0123456789abcdef=customer1%7Cx; path=/wp-admin',
      'wordpress_sec_0123456789abcdef0123456789abcdef={cookie}; path=/wp-admin',
    ],
    ['an invoice number (01 + dmYHis + order id)', 'Invoice #012111202622372016.', 'Invoice #{invoice}.'],
    ['a time of day on the capture date', 'booked 2026-11-21 22:37:20 by', 'booked 2026-11-21 {time} by'],
  ];
  it.each(cases)('replaces %s', (_what, text, expected) => {
    expect(normaliseVolatile(text)).toBe(expected);
  });

  const unchanged: [string, string][] = [
    ['a phone number', '{"phone":"6900000000","country":"Greece"}'],
    ['a phone number in a form', 'phone=6900000000&email=a%40b.test'],
    ['a longer hex string after a nonce name', '_wpnonce=1d111c9788ab'],
    ['a 9-digit nonce-like value', 'security=a98a8fed9'],
    ['a time on another date', '2026-11-22 10:00:00'],
    ['a date without a time', '2026-11-21'],
    ['a short number starting with 01', 'ref 0123456789'],
    ['a cookie hash that is not 32 hex digits', 'wordpress_logged_in_abc=customer1'],
  ];
  it.each(unchanged)('leaves %s alone', (_what, text) => {
    expect(normaliseVolatile(text)).toBe(text);
  });
});

function exchange(response: Partial<Exchange['response']>): Exchange {
  return {
    name: 'test-exchange',
    description: 'hand-made',
    tags: [],
    request: { method: 'POST', path: '/wp-admin/admin-ajax.php', headers: {}, body: 'action=x', form: [], cookies: {} },
    response: { status: 200, headers: [], body_kind: 'text', body: '', ...response },
  };
}

function reply(status: number, headers: [string, string][], text: string): ActualReply {
  return { status, headers: new Headers(headers), text };
}

describe('compareReply', () => {
  const legacyJson = { status: 'success', content: '<div class="a b"><p>Hi</p></div>', count: 2, list: [1, 'x'] };
  const legacyHeaders: [string, string][] = [
    ['Content-Type', 'text/html; charset=UTF-8'],
    ['X-Robots-Tag', 'noindex'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Set-Cookie', 'wordpress_test_cookie=WP%20Cookie%20check; path=/'],
    ['Set-Cookie', 'tourmaster-room-cart=abc; path=/'],
  ];
  const jsonExchange = exchange({
    headers: legacyHeaders,
    body_kind: 'json',
    json: legacyJson,
    body: JSON.stringify(legacyJson),
  });
  const ourHeaders: [string, string][] = [
    ['content-type', 'application/json; charset=UTF-8'],
    ['x-robots-tag', 'noindex'],
    ['x-content-type-options', 'nosniff'],
    ['set-cookie', 'tourmaster-room-cart=other-value; path=/; HttpOnly'],
    ['set-cookie', 'wordpress_test_cookie=WP%20Cookie%20check; path=/'],
  ];

  it('finds no difference in identical JSON, whatever the Content-Type and cookie values', () => {
    expect(compareReply(jsonExchange, reply(200, ourHeaders, JSON.stringify(legacyJson)))).toStrictEqual([]);
  });

  it('ignores the typed props our replies carry for the islands, and nothing else added', () => {
    const withProps = { ...legacyJson, props: { step: 2 } };
    expect(compareReply(jsonExchange, reply(200, ourHeaders, JSON.stringify(withProps)))).toStrictEqual([]);
    const withOther = { ...legacyJson, typed: { step: 2 } };
    expect(compareReply(jsonExchange, reply(200, ourHeaders, JSON.stringify(withOther)))).toHaveLength(1);
  });

  it('ignores the islands’ props scripts in our markup', () => {
    const html = '<div class="a"><p>Hi</p></div>';
    const page = exchange({ headers: legacyHeaders, body_kind: 'text', body: html });
    const ours =
      '<div class="a"><script type="application/json" data-island-props="Demo">{"a":"\\u003c/p>"}</script><p>Hi</p></div>';
    expect(compareReply(page, reply(200, ourHeaders, ours))).toStrictEqual([]);
  });

  it('finds a difference in key order, which PHP keeps', () => {
    const reordered = { content: legacyJson.content, status: 'success', count: 2, list: [1, 'x'] };
    const diffs = compareReply(jsonExchange, reply(200, ourHeaders, JSON.stringify(reordered)));
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatch(/^body differs at character 2:/);
  });

  const jsonDiffs: [string, unknown][] = [
    ['a value', { ...legacyJson, count: 3 }],
    ['a number sent as a string', { ...legacyJson, count: '2' }],
    ['a missing key', { status: 'success', content: legacyJson.content, count: 2 }],
    ['the text inside HTML', { ...legacyJson, content: '<div class="a b"><p>Hello</p></div>' }],
  ];
  it.each(jsonDiffs)('finds a difference in %s', (_what, ours) => {
    const diffs = compareReply(jsonExchange, reply(200, ourHeaders, JSON.stringify(ours)));
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatch(/^body differs at /);
  });

  it('compares HTML inside JSON strings as DOM', () => {
    const reformatted = { ...legacyJson, content: "<div class='b a'>\n  <p>Hi</p>\n</div>" };
    expect(compareReply(jsonExchange, reply(200, ourHeaders, JSON.stringify(reformatted)))).toStrictEqual([]);
  });

  it('compares JSON strings after normalising the nonces in them', () => {
    const link = (nonce: string) => ({
      menu: `<a href="/wp-login.php?action=logout&amp;_wpnonce=${nonce}">Log Out</a>`,
    });
    const legacy = exchange({ body_kind: 'json', json: link('1a8f40529e') });
    expect(compareReply(legacy, reply(200, [], JSON.stringify(link('0000aaaa11'))))).toStrictEqual([]);
    expect(compareReply(legacy, reply(200, [], JSON.stringify(link('not-a-nonce'))))).toHaveLength(1);
  });

  it('reports a body that is not JSON', () => {
    expect(compareReply(jsonExchange, reply(200, ourHeaders, '<p>Fatal error</p>'))).toStrictEqual([
      'body is not JSON: <p>Fatal error</p>',
    ]);
  });

  it('reports a different status with both statuses', () => {
    expect(compareReply(jsonExchange, reply(403, ourHeaders, JSON.stringify(legacyJson)))).toStrictEqual([
      'status 403, legacy 200',
    ]);
  });

  it('reports a legacy header we do not send', () => {
    const headers = ourHeaders.filter(([name]) => name !== 'x-robots-tag');
    expect(compareReply(jsonExchange, reply(200, headers, JSON.stringify(legacyJson)))).toStrictEqual([
      'header x-robots-tag: (none), legacy noindex',
    ]);
  });

  it('reports a compared header we send and the legacy site did not', () => {
    const headers: [string, string][] = [...ourHeaders, ['x-frame-options', 'DENY']];
    expect(compareReply(jsonExchange, reply(200, headers, JSON.stringify(legacyJson)))).toStrictEqual([
      'header x-frame-options: DENY, legacy (none)',
    ]);
  });

  it('accepts the hardening headers we add where the legacy site sent none', () => {
    const headers: [string, string][] = [
      ...ourHeaders,
      ['x-frame-options', 'SAMEORIGIN'],
      ['referrer-policy', 'strict-origin-when-cross-origin'],
    ];
    expect(compareReply(jsonExchange, reply(200, headers, JSON.stringify(legacyJson)))).toStrictEqual([]);
  });

  it('ignores headers outside the compared list', () => {
    const headers: [string, string][] = [...ourHeaders, ['x-powered-by', 'Express'], ['content-length', '99']];
    expect(compareReply(jsonExchange, reply(200, headers, JSON.stringify(legacyJson)))).toStrictEqual([]);
  });

  it('compares Set-Cookie by cookie names', () => {
    const missing = ourHeaders.filter(([, v]) => !v.startsWith('tourmaster-room-cart'));
    expect(compareReply(jsonExchange, reply(200, missing, JSON.stringify(legacyJson)))).toStrictEqual([
      'cookies set: wordpress_test_cookie, legacy tourmaster-room-cart, wordpress_test_cookie',
    ]);
    const extra: [string, string][] = [...ourHeaders, ['set-cookie', 'PHPSESSID=1; path=/']];
    expect(compareReply(jsonExchange, reply(200, extra, JSON.stringify(legacyJson)))).toStrictEqual([
      'cookies set: PHPSESSID, tourmaster-room-cart, wordpress_test_cookie, legacy tourmaster-room-cart, wordpress_test_cookie',
    ]);
  });

  it('compares a redirect Location after normalising its nonce', () => {
    const legacy = exchange({ status: 302, headers: [['Location', '/my-account/?_wpnonce=63656cd27b']] });
    expect(compareReply(legacy, reply(302, [['location', '/my-account/?_wpnonce=0123456789']], ''))).toStrictEqual([]);
    expect(compareReply(legacy, reply(302, [['location', '/login/']], ''))).toStrictEqual([
      'header location: /login/, legacy /my-account/?_wpnonce=63656cd27b',
    ]);
  });

  it('compares HTML pages as DOM and plain text as text', () => {
    const page = exchange({ body: '<!DOCTYPE html><html><body><p class="x y">Hello</p></body></html>' });
    expect(
      compareReply(page, reply(200, [], '<html>\n<body>\n<p class="y x">Hello</p>\n</body>\n</html>')),
    ).toStrictEqual([]);
    expect(compareReply(page, reply(200, [], '<html><body><p class="x y">Bye</p></body></html>'))).toHaveLength(1);
    const text = exchange({ body: '0' });
    expect(compareReply(text, reply(200, [], '0'))).toStrictEqual([]);
    expect(compareReply(text, reply(200, [], ' 0'))).toHaveLength(1);
  });
});

describe('canonicalJson', () => {
  it('keeps key order and marks strings holding HTML', () => {
    const same = (t: string) => t;
    expect(canonicalJson({ b: 1, a: ['x', null, true] }, same)).toBe('{"b":1,"a":["x",null,true]}');
    expect(canonicalJson({ html: '<p  class="z">t</p>' }, same)).toBe(
      `{"html":html:${JSON.stringify('<p class="z">t</p>')}}`,
    );
  });
});
