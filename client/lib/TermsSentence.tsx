import type { TermsSentence } from '../common/islands/terms-sentence';

/** The words beside a terms box with its two links, each opening in a new tab as the plugin's do. */
export function TermsSentenceText({
  sentence,
  termsUrl,
  privacyUrl,
}: {
  sentence: TermsSentence;
  termsUrl: string;
  privacyUrl: string;
}) {
  return (
    <>
      {sentence.before}
      <a href={termsUrl} target="_blank" rel="noopener">
        {sentence.terms}
      </a>
      {sentence.between}
      <a href={privacyUrl} target="_blank" rel="noopener">
        {sentence.privacy}
      </a>
      {sentence.after}
    </>
  );
}

/** The sentence as one line of text (a box's accessible name), without the required mark. */
export function sentenceText(sentence: TermsSentence): string {
  const { before, terms, between, privacy, after } = sentence;
  return `${before}${terms}${between}${privacy}${after}`.replace(/^\s*\*\s*/, '').trim();
}

/**
 * The sentence as a page printed it (the adapters' reading): the text of the box's container
 * around its first two direct links; `fallback` where the markup has no such links.
 */
export function sentenceFromMarkup(container: Element | null, fallback: TermsSentence): TermsSentence {
  const links = container ? [...container.children].filter((child) => child instanceof HTMLAnchorElement) : [];
  const [terms, privacy] = links;
  if (!container || !terms || !privacy) return fallback;
  const textBetween = (from: Node | null, to: Node | null) => {
    let text = '';
    for (let node = from; node && node !== to; node = node.nextSibling) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    }
    return text;
  };
  return {
    before: textBetween(container.firstChild, terms),
    terms: terms.textContent ?? '',
    between: textBetween(terms.nextSibling, privacy),
    privacy: privacy.textContent ?? '',
    after: textBetween(privacy.nextSibling, null),
  };
}
