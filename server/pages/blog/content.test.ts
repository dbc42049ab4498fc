import { describe, expect, it } from 'vitest';
import { raw } from '../../views/html';
import { pluginShortcodes, postContent, postExcerpt, stripShortcodes, withRenderedShortcodes } from './content';

describe('post content as the_content prints it', () => {
  it('makes paragraphs of classic content and curls quotes', () => {
    expect(postContent("First line\nsecond line\n\nIt's done.", 1).value).toBe(
      '<p>First line<br />\nsecond line</p>\n<p>It&#8217;s done.</p>\n',
    );
  });

  it('passes block markup through without its comments and without wpautop', () => {
    const content = '<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:latest-posts /-->';
    expect(postContent(content, 2).value.trim()).toBe('<p>One</p>');
  });

  it('removes shortcodes it does not print, keeps enclosed text and prose in brackets', () => {
    expect(stripShortcodes('[tourmaster_tour tour-style="medium" num-fetch="3"]')).toBe('');
    expect(stripShortcodes('a [contact-form-7 id="5" title="Contact"] b')).toBe('a  b');
    expect(stripShortcodes('[box]inside[/box]')).toBe('inside');
    expect(stripShortcodes('[gdlr_core_divider]')).toBe('');
    expect(stripShortcodes('a [citation needed] and [1]')).toBe('a [citation needed] and [1]');
    expect(stripShortcodes('show [[gallery]] literally')).toBe('show [gallery] literally');
    expect(postContent('Before\n\n[tourmaster_tour num-fetch="3"]\n\nAfter', 3).value).toBe(
      '<p>Before</p>\n<p>After</p>\n',
    );
  });

  it('prints [caption] as a figure and the more tag as its anchor', () => {
    const out = postContent(
      '[caption id="attachment_7" align="alignleft" width="300"]<img src="/a.jpg" alt="" /> The caldera[/caption]\n\nText<!--more-->Rest',
      9,
    ).value;
    expect(out).toContain(
      '<figure id="attachment_7" aria-describedby="caption-attachment_7" style="width: 300px" class="wp-caption alignleft"><img src="/a.jpg" alt="" /><figcaption id="caption-attachment_7" class="wp-caption-text">The caldera</figcaption></figure>',
    );
    expect(out).not.toContain('<p><figure');
    expect(out).toContain('Text<span id="more-9"></span>Rest');
  });
});

describe('post excerpt as the_excerpt prints it', () => {
  it("uses the content's words when there is no excerpt (capture page-blog-index-p1)", () => {
    const post = {
      excerpt: '',
      password: '',
      content:
        "<p>Corfu's Venetian Heritage. Practical notes from our guides in Greece.</p><p>Plan early, travel light and respect local customs.</p>",
    };
    expect(postExcerpt(post).value).toBe(
      '<p>Corfu&#8217;s Venetian Heritage. Practical notes from our guides in Greece. Plan early, travel light and respect local customs.</p>\n',
    );
  });

  it('cuts at 55 words with […], stops at the more tag, and prefers the excerpt', () => {
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(postExcerpt({ excerpt: '', password: '', content: long }).value).toMatch(/w54 \[&hellip;\]<\/p>\n$/);
    expect(postExcerpt({ excerpt: '', password: '', content: 'Intro<!--more-->Hidden' }).value).toBe('<p>Intro</p>\n');
    expect(postExcerpt({ excerpt: 'Own & short', password: '', content: 'x' }).value).toBe('<p>Own &#038; short</p>\n');
  });

  it('shows no text of a protected post', () => {
    expect(postExcerpt({ excerpt: 'secret', password: 'pw', content: 'secret' }).value).toContain('protected post');
  });
});

describe('the renderer hook for the plugin`s shortcodes', () => {
  const content =
    'Intro\n\n[tourmaster_tour tour-style="grid" column-size=\'3\' num-fetch=2]\n\n[[tourmaster_tour]] and [tourmaster_tour_search fields="keywords" /]';

  it('finds the rendered shortcodes and their attributes, not the escaped ones', () => {
    const calls = pluginShortcodes(content);
    expect(calls.map((c) => c.name)).toEqual(['tourmaster_tour', 'tourmaster_tour_search']);
    expect([...calls[0]!.attrs]).toEqual([
      ['tour-style', 'grid'],
      ['column-size', '3'],
      ['num-fetch', '2'],
    ]);
    expect(pluginShortcodes('No list here [tourmaster_tours]')).toEqual([]);
  });

  it('keeps tokens when asked, and prints the renderer`s markup outside paragraphs', () => {
    const filtered = postContent(content, 9, { shortcodes: true });
    const out = withRenderedShortcodes(filtered, [raw('<div class="list"></div>'), raw('<div class="form"></div>')]);
    expect(out.value).toBe(
      '<p>Intro</p>\n<div class="list"></div>\n<p>[tourmaster_tour] and <div class="form"></div></p>\n',
    );
    expect(filtered.value).toContain('<p>DROPINSHORTCODE0TOKEN</p>');
    // Without the renderer the shortcodes are removed as before.
    expect(postContent(content, 9).value).toBe('<p>Intro</p>\n<p>[tourmaster_tour] and </p>\n');
  });
});
