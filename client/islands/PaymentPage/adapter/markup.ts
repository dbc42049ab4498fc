import type { CardImage, TermsProps } from '../../../common/islands/payment-sidebar';
import { AGREE_SENTENCE } from '../../../common/islands/terms-sentence';
import { sentenceFromMarkup } from '../../../lib/TermsSentence';

/**
 * What the payment page's legacy readers (sidebar.ts, payment-step.ts) read alike:
 * texts, `head`/`tail` pairs, the terms box and the card logos, each as the plugin printed it.
 */

/** The text of the first `selector` under `root` ('' when there is none). */
export function textOf(root: ParentNode | null | undefined, selector: string): string {
  return root?.querySelector(selector)?.textContent ?? '';
}

/** The texts of an element's `.tourmaster-head` and `.tourmaster-tail`. */
export function headTailOf(el: Element): { head: string; tail: string } {
  return { head: textOf(el, '.tourmaster-head'), tail: textOf(el, '.tourmaster-tail') };
}

/** The head of a `head : tail` line without the separator the plugin prints after it ("Travel Date : "). */
export function label(head: string): string {
  return head.replace(/\s*:\s*$/, '');
}

const TERMS_MESSAGE = 'Please agree to all the terms and conditions before proceeding to the next step.';

/**
 * `.tourmaster-payment-terms`: its two links, the words around them and its error box's sentence;
 * the plugin's own sentence where a block has no terms box (no payment method at all).
 */
export function termsOf(box: Element | null): TermsProps {
  const links = box?.querySelectorAll('a') ?? [];
  return {
    termsUrl: links[0]?.getAttribute('href') ?? '',
    privacyUrl: links[1]?.getAttribute('href') ?? '',
    sentence: sentenceFromMarkup(box, AGREE_SENTENCE),
    message:
      box?.querySelector<HTMLElement>('.tourmaster-tour-booking-required-error')?.dataset.default ?? TERMS_MESSAGE,
  };
}

/** The card logos of `.tourmaster-payment-credit-card-type` under `root`. */
export function cardImagesOf(root: ParentNode): CardImage[] {
  return [...root.querySelectorAll('.tourmaster-payment-credit-card-type img')].map((img) => ({
    src: img.getAttribute('src') ?? '',
    alt: img.getAttribute('alt') ?? '',
  }));
}
