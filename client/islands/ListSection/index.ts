import { type AjaxValue, postAjax } from '../../lib/ajax';
import { announceContent, fragment } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { dim, growFrom, scrollToList, slideIn, slideOut } from './motion';
import { type ListSectionProps, listSectionProps } from './props';
import { announcement, type ListReply, parseSettings, readReply, requestBody, type Slot } from './protocol';

/**
 * A tour list's ajax controls (listing.md §2.4–§2.8, the legacy `tourmaster_ajax`): the category
 * filterer, the order filterer ("Sort by", list/grid), the ajax page numbers and "Load More". Each
 * `[data-tm-ajax]` element posts its action with its current settings and the clicked link's (or
 * changed select's) `data-ajax-name`/`value`, and fills the sibling holder its `data-target` names:
 * `replace` fades the holder, swaps the items and the pagination or load-more; `append` adds the
 * items and replaces or removes the load-more. A reply's `settings` become the element's.
 *
 * Beyond the legacy script: a failed request leaves the list as it was (controls included) and says
 * so; an empty page says "No tours found" instead of staying faded; one request per list at a time;
 * the holder is `aria-busy` while loading and a polite live region tells how many tours are shown;
 * the links are keyboard controls (Enter, and Space on the buttons) with their pressed or current
 * state; after "Load More" focus moves to the first new tour. New markup fires `island:content`.
 */
const PAGINATION = '.tourmaster-pagination, .gdlr-core-pagination';
const LOAD_MORE = '.tourmaster-load-more-wrap, .gdlr-core-load-more-wrap';
const ITEM = '.gdlr-core-item-list, .tourmaster-item-list';
const ACTIVE = 'tourmaster-active';

/** Lists with a request in flight (shared by every control of a list). */
const busy = new WeakSet<HTMLElement>();
/** Each list's live region. */
const statuses = new WeakMap<HTMLElement, HTMLElement>();
/** A select's value as last sent, to put it back when its request fails or is not sent. */
const sent = new WeakMap<HTMLSelectElement, string>();

/** One list control: what it posts, and the holder it fills. */
interface ListControl {
  element: HTMLElement;
  props: ListSectionProps;
  /** The list's settings as last sent back by the server. */
  settings: AjaxValue;
  append: boolean;
  holder(): HTMLElement | undefined;
}

export function mount(element: HTMLElement): () => void {
  const props = readProps('ListSection', element, listSectionProps);
  const control: ListControl = {
    element,
    props,
    settings: parseSettings(props.settings),
    append: props.targetAction === 'append',
    holder: () =>
      Array.from(element.parentElement?.children ?? []).find(
        (el): el is HTMLElement => el instanceof HTMLElement && el !== element && el.classList.contains(props.target),
      ),
  };
  enhance(element);
  const list = control.holder();
  if (list) statusOf(list);
  rememberSelects(element);

  const onClick = (event: MouseEvent) => clickLink(control, event);
  const onChange = (event: Event) => changeSelect(control, event);
  const onKey = (event: KeyboardEvent) => pressLink(element, event);
  element.addEventListener('click', onClick);
  element.addEventListener('change', onChange);
  element.addEventListener('keydown', onKey);
  return () => {
    element.removeEventListener('click', onClick);
    element.removeEventListener('change', onChange);
    element.removeEventListener('keydown', onKey);
  };
}

/** A filter, view, page or load-more link: active at once, given back if its request fails. */
function clickLink(control: ListControl, event: MouseEvent): void {
  const { element } = control;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || !element.contains(link)) return;
  event.preventDefault();
  const target = control.holder();
  if (link.classList.contains(ACTIVE) || (target && busy.has(target))) return;
  const before = Array.from(link.parentElement?.children ?? []).filter((el) => el.classList.contains(ACTIVE));
  activate(link, [link]);
  void load(control, link.getAttribute('data-ajax-name'), link.getAttribute('data-ajax-value'), () =>
    activate(link, before),
  );
}

/** An order select: its value is sent, or put back while the list is busy or when the request fails. */
function changeSelect(control: ListControl, event: Event): void {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !control.element.contains(select)) return;
  const previous = sent.get(select) ?? select.value;
  const target = control.holder();
  if (target && busy.has(target)) {
    select.value = previous;
    return;
  }
  void load(control, select.getAttribute('data-ajax-name'), select.value, () => {
    select.value = previous;
  });
}

/** Enter on any link, Space on the ones that are buttons. */
function pressLink(element: HTMLElement, event: KeyboardEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || !element.contains(link)) return;
  if (event.key === 'Enter' || (event.key === ' ' && link.getAttribute('role') === 'button')) {
    event.preventDefault();
    link.click();
  }
}

/** Posts the control's action with `name`/`value` and fills the holder; `undo` when nothing changed. */
async function load(control: ListControl, name: string | null, value: string | null, undo: () => void): Promise<void> {
  const { element, props } = control;
  const target = control.holder();
  if (!target) {
    console.warn(`[island ListSection] no sibling .${props.target} to fill`);
    undo();
    return;
  }
  busy.add(target);
  target.setAttribute('aria-busy', 'true');
  const hadFocus = element.contains(document.activeElement);
  let fade: Animation | undefined;
  if (!control.append) {
    scrollToList(target);
    fade = dim(target);
  }
  const result = await postAjax(props.ajaxUrl, requestBody(props.tmAjax, control.settings, name, value));
  const reply = result.kind === 'ok' ? readReply(result.data) : undefined;
  fade?.cancel();
  busy.delete(target);
  target.removeAttribute('aria-busy');
  if (!reply) {
    console.warn(`[island ListSection] ${props.tmAjax} failed; the list is unchanged`, result);
    undo();
    say(target, announcement({ kind: 'failed' }));
    return;
  }
  if (reply.settings !== undefined) {
    control.settings = reply.settings;
    element.dataset.settings = JSON.stringify(control.settings);
  }
  rememberSelects(element);
  if (control.append) appendPage(element, target, reply);
  else replacePage(element, target, reply, { hadFocus, page: name === 'paged' ? Number(value) : 1 });
  const section = target.parentElement;
  if (section) announceContent(section);
}

function rememberSelects(element: HTMLElement): void {
  for (const select of element.querySelectorAll('select')) sent.set(select, select.value);
}

/** The clicked link becomes the active one among its siblings (or the ones given back on failure). */
function activate(link: HTMLAnchorElement, active: readonly Element[]): void {
  for (const sibling of link.parentElement?.children ?? []) sibling.classList.toggle(ACTIVE, active.includes(sibling));
  const control = link.closest<HTMLElement>('[data-tm-ajax]');
  if (control) enhance(control);
}

/** `replace`: the page's items instead of the old ones, and the pagination or load-more the reply brings. */
function replacePage(
  element: HTMLElement,
  holder: HTMLElement,
  reply: ListReply,
  how: { hadFocus: boolean; page: number },
): void {
  const from = holder.getBoundingClientRect().height;
  if (reply.content) holder.replaceChildren(fragment(reply.content));
  else holder.replaceChildren(emptyNote());
  growFrom(holder, from);

  const parent = element.parentElement;
  const isPagination = element.matches(PAGINATION);
  const pagination = swap(reply.pagination, isPagination ? [element] : siblingsOf(element, PAGINATION), parent);
  swap(reply.loadMore, siblingsOf(element, LOAD_MORE), parent);
  if (how.hadFocus && isPagination && reply.pagination) {
    // The page numbers that were used are gone: the new ones take the focus, on the current page.
    const current = pagination?.querySelector<HTMLElement>(`a.${ACTIVE}`) ?? pagination?.querySelector('a');
    if (current) current.focus({ preventScroll: true });
    else focusItem(itemsIn(holder)[0] ?? holder);
  }
  say(holder, announcement({ kind: 'replaced', shown: itemsIn(holder).length, page: how.page }));
}

/** `append`: the next page's items after the others; the load-more moves on or goes away. */
function appendPage(element: HTMLElement, holder: HTMLElement, reply: ListReply): void {
  const content = fragment(reply.content);
  const added = itemsIn(content);
  holder.append(content);
  const next = swap(
    reply.loadMore ?? (reply.content ? undefined : { kind: 'none' }),
    [element],
    element.parentElement,
    {
      // The next button takes this one's place at once; only the last one slides away (as the legacy script did).
      atOnce: true,
    },
  );
  const first = added[0];
  if (first) focusItem(first);
  else next?.querySelector<HTMLElement>('a')?.focus();
  say(holder, announcement({ kind: 'appended', added: added.length, shown: itemsIn(holder).length, more: !!next }));
}

/**
 * A control the reply renews: the old ones slide out (`'none'`) or give way to the new markup,
 * which is appended to the list's section, made keyboard-ready and slid in.
 */
function swap(
  slot: Slot,
  old: readonly HTMLElement[],
  parent: HTMLElement | null,
  options: { atOnce?: boolean } = {},
): HTMLElement | undefined {
  if (!slot) return undefined;
  for (const control of old) {
    control.inert = true;
    if (options.atOnce && slot.kind === 'markup') control.remove();
    else slideOut(control);
  }
  if (slot.kind === 'none' || !parent) return undefined;
  const created = Array.from(fragment(slot.html).children).filter((el): el is HTMLElement => el instanceof HTMLElement);
  parent.append(...created);
  for (const control of created) {
    enhance(control);
    slideIn(control);
  }
  return created[0];
}

function siblingsOf(element: HTMLElement, selector: string): HTMLElement[] {
  return Array.from(element.parentElement?.children ?? []).filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el !== element && el.matches(selector),
  );
}

function itemsIn(root: ParentNode): HTMLElement[] {
  return Array.from(root.children).filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches(ITEM));
}

function focusItem(item: HTMLElement): void {
  const link = item.querySelector<HTMLElement>('.tourmaster-tour-title a[href]') ?? item.querySelector('a[href]');
  if (link) {
    link.focus();
    return;
  }
  item.tabIndex = -1;
  item.focus();
}

function emptyNote(): HTMLElement {
  const note = document.createElement('p');
  note.className = 'dropin-list-empty tourmaster-item-pdlr';
  note.textContent = 'No tours found.';
  return note;
}

/** The list's polite live region (made once, after the holder, before it is needed). */
function statusOf(holder: HTMLElement): HTMLElement {
  let status = statuses.get(holder);
  if (!status) {
    status = document.createElement('div');
    status.className = 'dropin-visually-hidden';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    holder.after(status);
    statuses.set(holder, status);
  }
  return status;
}

function say(holder: HTMLElement, text: string): void {
  const status = statusOf(holder);
  // A change of text is what is announced; cleared first so the same words are heard again.
  status.textContent = '';
  window.setTimeout(() => {
    status.textContent = text;
  }, 50);
}

/**
 * Roles and states for the legacy links (idempotent, run again after each change): page numbers are
 * links in a navigation with the current page marked; filter, view and load-more links are buttons
 * (pressed when active); the order selects get names.
 */
function enhance(control: HTMLElement): void {
  const isPagination = control.matches(PAGINATION);
  if (isPagination) {
    control.setAttribute('role', 'navigation');
    control.setAttribute('aria-label', 'Tour list pages');
  } else if (control.matches('.tourmaster-filterer-wrap, .gdlr-core-filterer-wrap')) {
    control.setAttribute('role', 'group');
    control.setAttribute('aria-label', 'Filter tours by category');
  }
  for (const link of control.querySelectorAll('a')) {
    const active = link.classList.contains(ACTIVE);
    if (!link.hasAttribute('href')) link.tabIndex = 0;
    if (isPagination) {
      link.setAttribute('role', 'link');
      link.setAttribute('aria-label', `Page ${link.textContent?.trim() ?? ''}`);
      if (active) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
      continue;
    }
    link.setAttribute('role', 'button');
    if (link.closest(LOAD_MORE)) continue;
    link.setAttribute('aria-pressed', String(active));
    const style = link.getAttribute('data-ajax-value');
    if (link.getAttribute('data-ajax-name') === 'item-style' && !link.textContent?.trim()) {
      link.setAttribute('aria-label', style === 'grid-style' ? 'Grid view' : 'List view');
    }
  }
  const title = control.querySelector<HTMLElement>('.tourmaster-tour-order-filterer-title');
  for (const select of control.querySelectorAll('select')) {
    if (select.hasAttribute('aria-label') || select.hasAttribute('aria-labelledby')) continue;
    const name = select.getAttribute('data-ajax-name');
    if (name === 'orderby' && title) {
      title.id ||= `tourmaster-order-title-${Math.random().toString(36).slice(2, 8)}`;
      select.setAttribute('aria-labelledby', title.id);
    } else select.setAttribute('aria-label', name === 'order' ? 'Sort order' : 'Sort by');
  }
}
