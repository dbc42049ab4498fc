import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { postAjax } from '../../lib/ajax';
import { announceContent } from '../../lib/dom';
import { fieldsOf, tourInput } from '../../lib/form-fields';
import { parseHtml } from '../../lib/markup';
import { type Block, parseBlocks } from './blocks';
import { keepSteps } from './booking-rules';

/**
 * The steps after a new date (1) or package (2), from `tourmaster_tour_booking` (booking.md §3):
 * the later blocks go at once, the reply's blocks are added after the kept ones. The request is
 * every named field of the form as the page shows it; a newer request cancels an older one, and
 * the form is marked busy meanwhile.
 */
export function useStepLoader(
  form: HTMLFormElement,
  ajaxUrl: string,
  setBlocks: Dispatch<SetStateAction<Block[]>>,
): (step: 1 | 2) => Promise<void> {
  const request = useRef<AbortController | undefined>(undefined);
  const [loaded, setLoaded] = useState(0);

  useEffect(() => () => request.current?.abort(), []);
  // Islands in the new markup (a lightbox opener, …) are mounted once it is in the page.
  useEffect(() => {
    if (loaded > 0) announceContent(form);
  }, [form, loaded]);

  return useCallback(
    async (step: 1 | 2) => {
      const data = { ...tourInput(fieldsOf(form)), step };
      setBlocks((blocks) => keepSteps(blocks, step));
      request.current?.abort();
      const mine = new AbortController();
      request.current = mine;
      form.setAttribute('aria-busy', 'true');
      const reply = await postAjax<{ content?: unknown }>(
        ajaxUrl,
        { action: 'tourmaster_tour_booking', data },
        { signal: mine.signal },
      );
      if (mine.signal.aborted) return;
      form.removeAttribute('aria-busy');
      if (reply.kind !== 'ok') {
        console.warn('[island BookingForm] tourmaster_tour_booking', reply);
        return;
      }
      const content = reply.data.content;
      const added = typeof content === 'string' && content !== '' ? parseBlocks(parseHtml(content)) : [];
      setBlocks((blocks) => [...keepSteps(blocks, step), ...added]);
      if (added.length > 0) setLoaded((n) => n + 1);
    },
    [form, ajaxUrl, setBlocks],
  );
}
