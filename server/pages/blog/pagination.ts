import { escUrl, html, raw, type SafeHtml } from '../../views/html';

/**
 * The posts index's link pagination as the theme prints it (`the_posts_pagination` with "Previous
 * page" / "Next page" and a screen-reader "Page " before each number; capture
 * `page-blog-index-p1`): WordPress core's `nav.navigation.pagination` around `paginate_links`
 * (end size 1, mid size 1, dots between). Nothing when there is one page.
 */
export interface PaginationInput {
  current: number;
  total: number;
  /** The URL of page `n` (page 1 is the list's own URL). */
  url: (n: number) => string;
}

/** `number_format_i18n` in the default locale: thousands with commas. */
function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

/** The items of `paginate_links` (type `plain`), in order. */
export function paginateLinks(input: PaginationInput, options = { endSize: 1, midSize: 1 }): SafeHtml[] {
  const { current, total } = input;
  const items: SafeHtml[] = [];
  const before = raw('<span class="meta-nav screen-reader-text">Page </span>');
  if (current > 1)
    items.push(html`<a class="prev page-numbers" href="${escUrl(input.url(current - 1))}">Previous page</a>`);
  let dots = false;
  for (let n = 1; n <= total; n++) {
    if (n === current) {
      items.push(html`<span aria-current="page" class="page-numbers current">${before}${numberText(n)}</span>`);
      dots = true;
    } else if (
      n <= options.endSize ||
      (n >= current - options.midSize && n <= current + options.midSize) ||
      n > total - options.endSize
    ) {
      items.push(html`<a class="page-numbers" href="${escUrl(input.url(n))}">${before}${numberText(n)}</a>`);
      dots = true;
    } else if (dots) {
      items.push(raw('<span class="page-numbers dots">&hellip;</span>'));
      dots = false;
    }
  }
  if (current < total)
    items.push(html`<a class="next page-numbers" href="${escUrl(input.url(current + 1))}">Next page</a>`);
  return items;
}

/** `the_posts_pagination()`: the `nav` of `_navigation_markup`, or nothing for a single page. */
export function postsPagination(input: PaginationInput): SafeHtml {
  if (input.total <= 1) return raw('');
  const links = paginateLinks(input)
    .map((item) => item.value)
    .join('\n');
  return html`
	<nav class="navigation pagination" aria-label="Posts">
		<h2 class="screen-reader-text">Posts navigation</h2>
		<div class="nav-links">${raw(links)}</div>
	</nav>`;
}
