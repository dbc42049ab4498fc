import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGREE_SENTENCE, REGISTER_SENTENCE } from '../common/islands/terms-sentence';
import { legacyPage, place } from '../testing/legacy-markup';
import { sentenceFromMarkup, sentenceText, TermsSentenceText } from './TermsSentence';

describe('the sentence beside a terms box', () => {
  it('reads the register page WordPress printed as the words our server writes', () => {
    const term = legacyPage('register').querySelector('.tourmaster-register-term');
    expect(sentenceFromMarkup(term, AGREE_SENTENCE)).toEqual(REGISTER_SENTENCE);
  });

  it('keeps a translated site’s words, and renders them with the page’s links', () => {
    const term = place(
      '<div class="tourmaster-enquiry-term"><input type="checkbox" name="x" />* J’accepte les <a href="/cgv/">Conditions</a> et la <a href="/vie-privee/">Politique de confidentialité</a> !<div>message</div></div>',
    ).firstElementChild;
    const sentence = sentenceFromMarkup(term, AGREE_SENTENCE);
    expect(sentence).toEqual({
      before: '* J’accepte les ',
      terms: 'Conditions',
      between: ' et la ',
      privacy: 'Politique de confidentialité',
      after: ' !',
    });
    expect(sentenceText(sentence)).toBe('J’accepte les Conditions et la Politique de confidentialité !');
    const { container } = render(<TermsSentenceText sentence={sentence} termsUrl="/cgv/" privacyUrl="/vie-privee/" />);
    expect(container.textContent).toBe('* J’accepte les Conditions et la Politique de confidentialité !');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/cgv/', '/vie-privee/']);
  });

  it('falls back to the plugin’s words where the markup has no links', () => {
    expect(
      sentenceFromMarkup(place('<div><input type="checkbox" />text</div>').firstElementChild, AGREE_SENTENCE),
    ).toBe(AGREE_SENTENCE);
  });
});
