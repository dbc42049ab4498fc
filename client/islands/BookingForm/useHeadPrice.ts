import { useCallback, useRef, useState } from 'react';
import { type HeadPriceProps, headPriceSchema } from '../../common/islands/BookingForm';
import { postAjax } from '../../lib/ajax';
import { htmlText } from '../../lib/dom';
import type { FieldValues } from '../../lib/form-fields';

/** The latest answer: the header's price (kept, as the legacy script kept it) and the price box's breakdown. */
export interface HeadPriceState {
  price: string | undefined;
  /** The breakdown of what is chosen now; none while nothing is priced, or from a server without it. */
  box: HeadPriceProps | undefined;
}

/**
 * The price of what is chosen (`tourmaster_update_head_price`), for the bar's "From $X"
 * (HeadPrice.tsx) on a site that updates it: only the latest request's answer is kept. The price
 * stays until the next price, as the legacy script left it; the breakdown (the reply's `props`,
 * issue 18) always shows the latest answer, so it never describes a choice no longer made.
 */
export function useHeadPrice(
  ajaxUrl: string,
  enabled: boolean,
): HeadPriceState & { update: (detail: FieldValues) => void } {
  const latest = useRef(0);
  const [state, setState] = useState<HeadPriceState>({ price: undefined, box: undefined });
  const update = useCallback(
    (detail: FieldValues) => {
      if (!enabled) return;
      const seq = ++latest.current;
      void postAjax<{ price?: unknown; props?: unknown }>(ajaxUrl, {
        action: 'tourmaster_update_head_price',
        data: detail,
      }).then((reply) => {
        // A refusal ("the date is closed") prices nothing: the breakdown goes with it.
        if (seq !== latest.current || reply.kind === 'error') return;
        const { price, props } = reply.data;
        if (typeof price !== 'string') {
          setState((shown) => ({ ...shown, box: undefined }));
          return;
        }
        const typed = headPriceSchema.safeParse(props);
        setState({ price: htmlText(price), box: typed.success ? typed.data : undefined });
      });
    },
    [ajaxUrl, enabled],
  );
  return { ...state, update };
}
