import { useCallback, useRef, useState } from 'react';
import { postAjax } from '../../lib/ajax';
import { htmlText } from '../../lib/dom';
import type { FieldValues } from '../../lib/form-fields';

/**
 * The price of what is chosen (`tourmaster_update_head_price`), for the bar's "From $X"
 * (HeadPrice.tsx) on a site that updates it: only the latest request's answer is kept.
 */
export function useHeadPrice(
  ajaxUrl: string,
  enabled: boolean,
): { price: string | undefined; update: (detail: FieldValues) => void } {
  const latest = useRef(0);
  const [price, setPrice] = useState<string>();
  const update = useCallback(
    (detail: FieldValues) => {
      if (!enabled) return;
      const seq = ++latest.current;
      void postAjax<{ price?: unknown }>(ajaxUrl, { action: 'tourmaster_update_head_price', data: detail }).then(
        (reply) => {
          if (seq !== latest.current || reply.kind !== 'ok' || typeof reply.data.price !== 'string') return;
          setPrice(htmlText(reply.data.price));
        },
      );
    },
    [ajaxUrl, enabled],
  );
  return { price, update };
}
