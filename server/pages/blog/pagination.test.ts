import { describe, expect, it } from 'vitest';
import { paginateLinks, postsPagination } from './pagination';

const url = (n: number) => (n === 1 ? 'http://x/' : `http://x/page/${n}/`);
const items = (current: number, total: number) =>
  paginateLinks({ current, total, url }).map((i) =>
    i.value
      .replace('<span class="meta-nav screen-reader-text">Page </span>', '')
      .replace(
        /<a class="(prev |next )?page-numbers" href="([^"]+)">([^<]+)<\/a>/,
        (_, kind: string, href: string, text: string) => (kind ? `${kind.trim()}→${href}` : `${text}→${href}`),
      )
      .replace(/<span aria-current="page" class="page-numbers current">(\d+)<\/span>/, '[$1]')
      .replace('<span class="page-numbers dots">&hellip;</span>', '…'),
  );

describe('posts pagination (paginate_links with end size 1, mid size 1)', () => {
  it('prints nothing for a single page', () => {
    expect(postsPagination({ current: 1, total: 1, url }).value).toBe('');
    expect(postsPagination({ current: 1, total: 0, url }).value).toBe('');
  });

  it('links page 1 to the list itself and the next page to /page/2/, as the capture', () => {
    expect(items(1, 2)).toEqual(['[1]', '2→http://x/page/2/', 'next→http://x/page/2/']);
    expect(items(2, 2)).toEqual(['prev→http://x/', '1→http://x/', '[2]']);
  });

  it('puts dots in the gaps', () => {
    expect(items(5, 9)).toEqual([
      'prev→http://x/page/4/',
      '1→http://x/',
      '…',
      '4→http://x/page/4/',
      '[5]',
      '6→http://x/page/6/',
      '…',
      '9→http://x/page/9/',
      'next→http://x/page/6/',
    ]);
    expect(items(1, 5)).toEqual(['[1]', '2→http://x/page/2/', '…', '5→http://x/page/5/', 'next→http://x/page/2/']);
  });

  it('wraps the links in the core navigation markup with the screen-reader label', () => {
    const nav = postsPagination({ current: 1, total: 3, url }).value;
    expect(nav).toContain('<nav class="navigation pagination" aria-label="Posts">');
    expect(nav).toContain('<h2 class="screen-reader-text">Posts navigation</h2>');
    expect(nav).toContain(
      '<span aria-current="page" class="page-numbers current"><span class="meta-nav screen-reader-text">Page </span>1</span>',
    );
  });

  it('escapes the URLs as esc_url does', () => {
    const nav = postsPagination({ current: 1, total: 2, url: (n) => `http://x/page/${n}/?a=1&b="2"` }).value;
    expect(nav).toContain('href="http://x/page/2/?a=1&#038;b=&quot;2&quot;"');
  });
});
