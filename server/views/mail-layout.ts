import { isSet, str } from '../php/coerce';
import { contentFilter } from '../wp/text';

/**
 * The plugin's HTML mail layout (`tourmaster_mail_content`), as the captured mails show it
 * (`legacy-fixtures/mails/*.eml`): a 600 px card with a dark header (the logo of option
 * `mail-header-logo`), the content after the WordPress text filters with every link coloured, and a
 * two-column footer from options `mail-footer-left` / `mail-footer-right`.
 *
 * `content` is HTML: the caller has escaped every value that came from a visitor.
 */
export interface MailLayoutOptions {
  /** `tourmaster_general`, for the footer texts. */
  general: Readonly<Record<string, unknown>>;
  /** The header logo's URL (the attachment of `mail-header-logo`), when the caller resolved one. */
  logoUrl?: string | undefined;
  /** Card width in px (the invoice uses 1210). */
  width?: number;
  /** Content padding (the invoice uses `0px 1px`). */
  padding?: string;
  /** Run the WordPress text filters over the content (the invoice is sent without them). */
  filter?: boolean;
}

/**
 * Added to the card's style: a word longer than the card (a name, an e-mail address) breaks
 * rather than widen the mail (`word-wrap` for older mail clients). DEVIATIONS.md 95.
 */
export const MAIL_WRAP_STYLE = 'word-wrap: break-word; overflow-wrap: anywhere;';

const CLEAR =
  '<div style="display: block; clear: both; visibility: hidden; line-height: 0; height: 0; zoom: 1;" ></div>';

export function mailLayout(content: string, options: MailLayoutOptions): string {
  const width = options.width ?? 600;
  const padding = options.padding ?? '60px 60px 40px';
  let out = '<html><body>';
  out += `<div class="tourmaster-mail-template" style="line-height: 1.7; background: #f5f5f5; margin: 40px auto 40px; min-width: ${width}px; width: ${width}px; font-size: 14px; font-family: Arial, Helvetica, sans-serif; color: #838383; ${MAIL_WRAP_STYLE}" >`;
  out += '<div class="tourmaster-mail-header" style="background: #353d46; padding: 25px 35px;" >';
  if (options.logoUrl) out += `<img src="${attr(options.logoUrl)}" alt="" />`;
  out += `${CLEAR}</div>`;
  const body = options.filter === false ? content : contentFilter(content);
  out += `<div class="tourmaster-mail-content" style="padding: ${padding};" >${styleLinks(body)}</div>`;

  const left = option(options.general, 'mail-footer-left');
  const right = option(options.general, 'mail-footer-right');
  out += '<div class="tourmaster-mail-footer" style="background: #ebedef; font-size: 13px; padding: 25px 30px 5px;" >';
  if (left)
    out += `<div class="tourmaster-mail-footer-left" style="float: left; text-align: left;" >${contentFilter(left)}</div>`;
  if (right)
    out += `<div class="tourmaster-mail-footer-right" style="float: right; text-align: right;" >${contentFilter(right)}</div>`;
  out += `${CLEAR}</div>`;
  out += '</div></body></html>';
  return out;
}

const LINK_STYLE = ' style="color: #4290de; text-decoration: none;" ';

/**
 * Every `<a` whose tag has no `style=` gets the plugin's link colour, inserted right after `<a`
 * (hence the double space of the captured mails: `<a style="…"  href=…`). Unlike the plugin, other
 * tags that merely start with "a" (`<abbr>`, `<address>`) are left alone.
 */
export function styleLinks(html: string): string {
  return html.replace(/<a(?=[\s>])([^>]*)>/gi, (tag, rest: string) =>
    /style=/i.test(rest) ? tag : `<a${LINK_STYLE}${rest}>`,
  );
}

/** `tourmaster_get_option($group, $key, $default)`: the stored value when set, else the default. */
export function option(values: Readonly<Record<string, unknown>>, key: string, fallback = ''): string {
  return isSet(values[key]) ? str(values[key]) : fallback;
}

function attr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
