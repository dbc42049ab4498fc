import { escUrl, html, raw, type SafeHtml } from '../../views/html';
import type { Attachment } from '../../wp/attachment';

/**
 * WordPress's `[gallery]` shortcode in a tour's content (the classic editor's gallery): the images
 * of `ids` as `div.gallery` of figures linking to the full files, as WordPress 6.3 prints it, plus
 * `data-lightbox-group` so the LightboxGallery island opens them in place. Other shortcodes stay as
 * written (WordPress would run the plugins that own them; none is served here).
 */
export interface GalleryShortcode {
  /** The shortcode as written, `[gallery ids="1,2"]`. */
  text: string;
  ids: number[];
  columns: number;
}

const SHORTCODE = /\[gallery(\s[^\]]*)?\]/g;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g;

export function galleryShortcodes(content: string): GalleryShortcode[] {
  const out: GalleryShortcode[] = [];
  for (const match of content.matchAll(SHORTCODE)) {
    const attrs = new Map<string, string>();
    for (const a of (match[1] ?? '').matchAll(ATTRIBUTE)) attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    const ids = (attrs.get('ids') ?? attrs.get('include') ?? '')
      .split(',')
      .map((id) => Number.parseInt(id.trim(), 10))
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    const columns = Math.min(9, Math.max(1, Number.parseInt(attrs.get('columns') ?? '3', 10) || 3));
    out.push({ text: match[0], ids, columns });
  }
  return out;
}

/** A token the text filters leave alone, standing for a gallery until it is printed. */
export function galleryToken(index: number): string {
  return `DROPINGALLERY${index}TOKEN`;
}

export function galleryHtml(
  index: number,
  tourId: number,
  shortcode: GalleryShortcode,
  attachments: ReadonlyMap<number, Attachment>,
): SafeHtml {
  const images = shortcode.ids.map((id) => attachments.get(id)).filter((a): a is Attachment => a !== undefined);
  if (images.length === 0) return raw('');
  return html`<div id="gallery-${index + 1}" class="gallery galleryid-${tourId} gallery-columns-${shortcode.columns} gallery-size-thumbnail">${images.map(
    (image) =>
      html`<figure class="gallery-item"><div class="gallery-icon ${image.width >= image.height ? 'landscape' : 'portrait'}"><a href="${escUrl(image.url)}" data-lightbox-group="gallery-${tourId}"><img ${
        image.width ? html`width="${image.width}" height="${image.height}" ` : raw('')
      }src="${escUrl(image.thumbnailUrl)}" class="attachment-thumbnail size-thumbnail" alt="${image.alt}" decoding="async" loading="lazy" /></a></div>${
        image.caption && html`<figcaption class="wp-caption-text gallery-caption">${image.caption}</figcaption>`
      }</figure>`,
  )}</div>`;
}
