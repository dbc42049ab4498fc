import { COUNTRY_PROMPT } from '../tourmaster/countries';
import { MAIL_WRAP_STYLE } from '../views/mail-layout';

/**
 * Legacy markup we change on purpose, written as ours, so comparisons with captured or live legacy
 * pages still compare what is around it. Applied to raw or re-serialised HTML (canonicalised
 * afterwards), so spaces before `>` and the case of attribute names may vary.
 *
 * - DEVIATIONS.md 93: the plugin's inline event handlers (our content-security policy refuses them).
 * - DEVIATIONS.md 95: our mails' card breaks long words (legacyMailAsOurs).
 * - DEVIATIONS.md 94: the review form starts with no score (it started at 10), requires its text and
 *   score, and has the lightbox forms' error box.
 * - DEVIATIONS.md 98: country selects start with a "Select country" prompt (chosen when no country
 *   is); the register form's terms box comes back as posted (our `checked` is left out of both sides).
 */
/** A captured mail's body as ours writes it: the card's style with MAIL_WRAP_STYLE (DEVIATIONS.md 95). */
export function legacyMailAsOurs(body: string): string {
  return body.replace(
    /(<div class="tourmaster-mail-template" style="[^"]*?color: #838383;)(" >)/g,
    `$1 ${MAIL_WRAP_STYLE}$2`,
  );
}

/** The plugin's country list printed in a select: its first option is Afghanistan (no prompt). */
const LEGACY_COUNTRY_SELECT = /(<select\b[^>]*>)(\s*<option value="Afghanistan"[\s\S]*?)(?=<\/select>)/gi;

export function legacyMarkupAsOurs(html: string): string {
  return html
    .replace(LEGACY_COUNTRY_SELECT, (_, open: string, options: string) => {
      const chosen = /<option\b[^>]*\sselected\b/i.test(options) ? '' : ' selected';
      return `${open}<option value=""${chosen}>${COUNTRY_PROMPT}</option>${options}`;
    })
    .replace(/(<input type="checkbox" name="tourmaster-require-acceptance")\s+checked(="")?/g, '$1')
    .replace(/<select onchange="location=this\.options\[this\.selectedIndex\]\.value;"\s*>/gi, '<select>')
    .replace(
      /(<form class="tourmaster-wish-list-remove-item" method="POST" action="")\s+onclick="this\.submit\(\);"\s*>(<i class="fa fa-trash-o"\s*><\/i>Remove)/gi,
      '$1><button type="submit" class="tourmaster-wish-list-remove-button">$2</button>',
    )
    .replace(/checked(="")?\s+onclick="return false;"/gi, 'checked$1 data-mandatory aria-disabled="true"')
    .replace(/(What do you say about this tour\? \*<\/div>\s*<textarea name="description")\s*>/g, '$1 data-required>')
    .replace(/(<input type="hidden" name="rating" value=")10"(\s*\/?>)/g, '$1" data-required$2')
    .replace(
      /(?<!required fields\.<\/div>\s*)(\s*)(<input class="tourmaster-button" type="submit" value="Submit Review"\s*\/?>)/g,
      '$1<div class="tourmaster-lb-submit-error" style="display: none;">Please fill all required fields.</div>$1$2',
    );
}
