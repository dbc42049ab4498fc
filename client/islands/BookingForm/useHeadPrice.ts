import { useCallback, useEffect, useRef } from 'react';
import { postAjax } from '../../lib/ajax';
import { htmlText } from '../../lib/dom';
import type { FieldValues } from '../../lib/form-fields';

const TAILS = '.tourmaster-header-price .tourmaster-tour-price .tourmaster-tail';

/**
 * The live head price (booking.md §2, `tourmaster-update-header-price`): the bar's "From $120"
 * becomes the price of what is chosen (`tourmaster_update_head_price`), the discount shown beside
 * it goes. The header is page markup outside the form, so it is written directly; only the latest
 * request's answer is shown, and it is read out politely.
 */
export function useHeadPrice(ajaxUrl: string, enabled: boolean): (detail: FieldValues) => void {
  const latest = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    for (const tail of document.querySelectorAll<HTMLElement>(TAILS)) tail.setAttribute('aria-live', 'polite');
  }, [enabled]);

  return useCallback(
    (detail: FieldValues) => {
      if (!enabled) return;
      const seq = ++latest.current;
      void postAjax<{ price?: unknown }>(ajaxUrl, { action: 'tourmaster_update_head_price', data: detail }).then(
        (reply) => {
          if (seq !== latest.current || reply.kind !== 'ok' || typeof reply.data.price !== 'string') return;
          showHeadPrice(htmlText(reply.data.price));
        },
      );
    },
    [ajaxUrl, enabled],
  );
}

function showHeadPrice(price: string): void {
  for (const head of document.querySelectorAll<HTMLElement>('.tourmaster-header-price')) {
    for (const discount of head.querySelectorAll('.tourmaster-tour-discount-price')) discount.remove();
    for (const wrap of head.querySelectorAll('.tourmaster-tour-price-wrap'))
      wrap.classList.remove('tourmaster-discount');
    head.classList.add('tourmaster-price-updated');
    for (const tail of head.querySelectorAll<HTMLElement>('.tourmaster-tour-price .tourmaster-tail')) {
      tail.textContent = price;
    }
  }
}
