import { type AjaxValue, postAjax } from '../../lib/ajax';

/**
 * The review list reloaded with `get_single_tour_review`: dimmed and busy while it loads; a newer
 * request aborts the one before, so only the last choice fills the list.
 */
export function reviewLoader(
  content: HTMLElement,
  ajaxUrl: string,
  query: (paged: string | undefined) => Record<string, AjaxValue>,
  enhancePages: () => void,
): { load: (paged?: string) => Promise<void>; abort: () => void } {
  let request: AbortController | undefined;
  const load = async (paged?: string) => {
    request?.abort();
    const mine = new AbortController();
    request = mine;
    content.setAttribute('aria-busy', 'true');
    content.style.transition = 'opacity 200ms';
    content.style.opacity = '0.2';
    const reply = await postAjax<{ content?: unknown }>(ajaxUrl, query(paged), { signal: mine.signal });
    if (mine.signal.aborted) return;
    content.style.opacity = '1';
    content.removeAttribute('aria-busy');
    if (reply.kind === 'ok' && typeof reply.data.content === 'string') {
      content.innerHTML = reply.data.content;
      enhancePages();
    }
  };
  return { load, abort: () => request?.abort() };
}
