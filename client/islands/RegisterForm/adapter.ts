import type { RegisterTermProps } from '../../common/islands/RegisterForm';
import { REGISTER_SENTENCE } from '../../common/islands/terms-sentence';
import { sentenceFromMarkup } from '../../lib/TermsSentence';

/**
 * The register form's terms as the plugin prints them (legacy-fixtures/pages/register.html and the
 * Sign Up lightbox of every page): `div.tourmaster-register-term` with the box, the sentence and its
 * two links, and `div.tourmaster-notification-box`.
 */
export function registerTermFromMarkup(term: Element): RegisterTermProps {
  const box = term.querySelector<HTMLInputElement>('input[type="checkbox"][name]');
  const links = Array.from(term.querySelectorAll(':scope > a[href]'), (a) => a.getAttribute('href') ?? '');
  return {
    acceptanceName: box?.name ?? 'tourmaster-require-acceptance',
    termsUrl: links[0] ?? '',
    privacyUrl: links[1] ?? '',
    sentence: sentenceFromMarkup(term, REGISTER_SENTENCE),
    notice: (term.querySelector('.tourmaster-notification-box')?.textContent ?? '').trim(),
    ...(box?.checked ? { accepted: true } : {}),
  };
}
