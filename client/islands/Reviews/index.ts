import { asButton, delegate } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { reviewLoader } from './load';
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
  const enhance = () => enhancePages(content);
  enhance();

  const list = reviewLoader(
    content,
    props.ajaxUrl,
    (paged) => ({
      action: 'get_single_tour_review',
      tour_id: props.tourId,
      sort_by: sorts.find((s) => s.classList.contains('tourmaster-active'))?.dataset.sortBy ?? 'date',
      filter_by: filter?.value ?? '',
      ...(paged === undefined ? {} : { paged }),
    }),
    enhance,
  );

  const offSort = delegate(section, 'click', '.tourmaster-single-review-sort-by [data-sort-by]', (_e, sort) => {
    if (sort.classList.contains('tourmaster-active')) return;
    for (const s of sorts) {
      s.classList.toggle('tourmaster-active', s === sort);
      s.setAttribute('aria-pressed', String(s === sort));
    }
    void list.load();
  });
  const onFilter = () => void list.load();
  filter?.addEventListener('change', onFilter);
  const offPages = delegate(content, 'click', '[data-paged]', (_e, page) => {
    void list.load(page.dataset.paged).then(() => backToList(section, content));
  });
  return () => {
    list.abort();
    offSort();
    offPages();
    filter?.removeEventListener('change', onFilter);
  };
}

/** The page numbers as keyboard buttons named "Page N", the current one marked. */
function enhancePages(content: HTMLElement): void {
  for (const page of content.querySelectorAll<HTMLElement>('.tourmaster-review-content-pagination [data-paged]')) {
    asButton(page, `Page ${page.dataset.paged}`);
    if (!page.textContent?.trim() || page.querySelector('i')) {
      page.setAttribute('aria-label', `Page ${page.dataset.paged}`);
    }
  }
  for (const current of content.querySelectorAll('.tourmaster-review-content-pagination .tourmaster-active')) {
    current.setAttribute('aria-current', 'page');
  }
}

/** After a page click: the section's top back in view (when above it), focus on the new page numbers. */
function backToList(section: HTMLElement, content: HTMLElement): void {
  const target = section.closest('#tourmaster-single-review') ?? section;
  const top = target.getBoundingClientRect().top + window.scrollY;
  if (top < window.scrollY) window.scrollTo({ top, behavior: 'smooth' });
  content.querySelector<HTMLElement>('.tourmaster-review-content-pagination .tourmaster-active, [data-paged]')?.focus({
    preventScroll: true,
  });
}
