import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { type BookingBlock, bookingStepSchema } from '../../common/islands/BookingForm';
import { postAjax } from '../../lib/ajax';
import { announceContent } from '../../lib/dom';
import { tourInput } from '../../lib/form-fields';
import { bookingBlocksFromHtml } from './adapter';
import { type Shown, show } from './booking-block';
import { keepSteps } from './booking-rules';
import { submission } from './submission';

/**
 * The steps after a new date (1) or package (2), from `tourmaster_tour_booking` (booking.md §3):
 * the later blocks go at once, the reply's blocks are added after the kept ones. Our server's
 * reply carries them as `props`; a reply WordPress gave has only the markup, read by adapter.ts.
 * The request is the form's fields as the legacy script posted them (every named field, those
 * the island does not hold included); a newer request cancels an older one, and the form is
 * marked busy meanwhile.
 */
export function useStepLoader(
  form: HTMLFormElement,
  ajaxUrl: string,
  setShown: Dispatch<SetStateAction<Shown[]>>,
): (step: 1 | 2) => Promise<void> {
  const request = useRef<AbortController | undefined>(undefined);
  const [loaded, setLoaded] = useState(0);

  useEffect(() => () => request.current?.abort(), []);
  // Islands in the new markup (the date selects of an extra field) are mounted once it is in the page.
  useEffect(() => {
    if (loaded > 0) announceContent(form);
  }, [form, loaded]);

  return useCallback(
    async (step: 1 | 2) => {
      const data = { ...tourInput(submission(form)), step };
      setShown((shown) => keepSteps(shown, step));
      request.current?.abort();
      const mine = new AbortController();
      request.current = mine;
      form.setAttribute('aria-busy', 'true');
      const reply = await postAjax<{ content?: unknown; props?: unknown }>(
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
      const added = show(stepBlocks(reply.data));
      setShown((shown) => [...keepSteps(shown, step), ...added]);
      if (added.length > 0) setLoaded((n) => n + 1);
    },
    [form, ajaxUrl, setShown],
  );
}

/** The reply's blocks: its typed `props`, else its legacy `content` read by the adapter. */
export function stepBlocks(reply: { content?: unknown; props?: unknown }): BookingBlock[] {
  const typed = bookingStepSchema.safeParse(reply.props);
  if (typed.success) return typed.data.blocks;
  return typeof reply.content === 'string' && reply.content !== '' ? bookingBlocksFromHtml(reply.content) : [];
}
