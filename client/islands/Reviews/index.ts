import { postAjax } from '../../lib/ajax';
import { asButton, delegate } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { reviewsProps } from './props';

/**
 * The tour's review list (reviews.md §2–§6): "Sort By" (date, rating), "Filter By" (traveller type)
 * and the page numbers reload the list with `get_single_tour_review`, without leaving the page.
 * Sorting and filtering go back to page 1; a page click also scrolls back to the section's top.
 */
export function mount(section: HTMLElement): () => void {
  const content = section.querySelector<HTMLElement>(
    '#tourmaster-single-review-content, .tourmaster-single-review-content',
  );
  if (!content) throw new Error('[island Reviews] no review content element');
  const props = readProps('Reviews', content, reviewsProps);
  const sorts = Array.from(section.querySelectorAll<HTMLElement>('.tourmaster-single-review-sort-by [data-sort-by]'));
  const filter = section.querySelector<HTMLSelectElement>(
    '#tourmaster-filter-by, .tourmaster-single-review-filter-by select',
  );
  filter?.setAttribute('aria-label', 'Filter reviews by traveller type');
  for (const sort of sorts) {
    asButton(sort);
    sort.setAttribute('aria-pressed', String(sort.classList.contains('tourmaster-active')));
  }
  const enhancePages = () => {
    for (const page of content.querySelectorAll<HTMLElement>('.tourmaster-review-content-pagination [data-paged]')) {
      asButton(page, `Page ${page.dataset.paged}`);
      if (!page.textContent?.trim() || page.querySelector('i')) {
        page.setAttribute('aria-label', `Page ${page.dataset.paged}`);
      }
    }
    for (const current of content.querySelectorAll('.tourmaster-review-content-pagination .tourmaster-active')) {
      current.setAttribute('aria-current', 'page');
    }
  };
  enhancePages();

  let request: AbortController | undefined;
  const load = async (paged?: string) => {
    request?.abort();
    const mine = new AbortController();
    request = mine;
    content.setAttribute('aria-busy', 'true');
    content.style.transition = 'opacity 200ms';
    content.style.opacity = '0.2';
    const reply = await postAjax<{ content?: unknown }>(
      props.ajaxUrl,
      {
        action: 'get_single_tour_review',
        tour_id: props.tourId,
        sort_by: sorts.find((s) => s.classList.contains('tourmaster-active'))?.dataset.sortBy ?? 'date',
        filter_by: filter?.value ?? '',
        ...(paged === undefined ? {} : { paged }),
      },
      { signal: mine.signal },
    );
    if (mine.signal.aborted) return;
    content.style.opacity = '1';
    content.removeAttribute('aria-busy');
    if (reply.kind === 'ok' && typeof reply.data.content === 'string') {
      content.innerHTML = reply.data.content;
      enhancePages();
    }
  };

  const offSort = delegate(section, 'click', '.tourmaster-single-review-sort-by [data-sort-by]', (_e, sort) => {
    if (sort.classList.contains('tourmaster-active')) return;
    for (const s of sorts) {
      s.classList.toggle('tourmaster-active', s === sort);
      s.setAttribute('aria-pressed', String(s === sort));
    }
    void load();
  });
  const onFilter = () => void load();
  filter?.addEventListener('change', onFilter);
  const offPages = delegate(content, 'click', '[data-paged]', (_e, page) => {
    void load(page.dataset.paged).then(() => {
      const target = section.closest('#tourmaster-single-review') ?? section;
      const top = target.getBoundingClientRect().top + window.scrollY;
      if (top < window.scrollY) window.scrollTo({ top, behavior: 'smooth' });
      content
        .querySelector<HTMLElement>('.tourmaster-review-content-pagination .tourmaster-active, [data-paged]')
        ?.focus({
          preventScroll: true,
        });
    });
  });
  return () => {
    request?.abort();
    offSort();
    offPages();
    filter?.removeEventListener('change', onFilter);
  };
}
