import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { cdata, rfc822, rss2Xml, xmlText } from './feed';

describe('the RSS 2.0 feed', () => {
  it('keeps any text, `]]>` and characters XML forbids included, well-formed', () => {
    const nasty = 'a ]]> b <![CDATA[ c ]]]]> & < > " \u0001 end';
    const xml = rss2Xml({
      title: nasty,
      selfLink: 'http://x.test/feed/?a=1&b=2',
      homeLink: 'http://x.test',
      description: nasty,
      lastBuild: '2026-11-06 09:00:00',
      language: 'en-US',
      items: [
        {
          title: nasty,
          link: 'http://x.test/p/',
          creator: nasty,
          dateGmt: '2026-11-06 09:00:00',
          categories: [nasty],
          guid: 'http://x.test/?p=1&x=<',
          description: nasty,
          content: nasty,
        },
      ],
    });
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const expected = nasty.replace('\u0001', '');
    for (const tag of ['title', 'description', 'dc:creator', 'category', 'content:encoded'])
      expect([
        tag,
        doc.getElementsByTagName(tag)[1]?.textContent ?? doc.getElementsByTagName(tag)[0]?.textContent,
      ]).toEqual([tag, expected]);
    expect(doc.getElementsByTagName('guid')[0]?.textContent).toBe('http://x.test/?p=1&x=<');
  });

  it('dates as mysql2date prints them, escapes as esc_html does', () => {
    expect(rfc822('2026-11-06 09:05:03')).toBe('Fri, 06 Nov 2026 09:05:03 +0000');
    expect(rfc822('0000-00-00 00:00:00')).toBe('');
    expect(xmlText(`<a href='x'>&</a>`)).toBe('&lt;a href=&#039;x&#039;&gt;&amp;&lt;/a&gt;');
    expect(cdata('x]]>y')).toBe('<![CDATA[x]]]]><![CDATA[>y]]>');
  });
});
