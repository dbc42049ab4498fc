import { raw, type SafeHtml } from '../../views/html';
import { RenderCache } from '../../views/render-cache';
import { contentFilter, convertChars, wptexturize } from '../../wp/text';
import { galleryToken } from './gallery';

/**
 * The tour's `post_content` as WordPress prints it (`the_content`): classic content gets
 * wptexturize, convert_chars and wpautop (`<p>` from blank lines, `<br />` from newlines);
 * block-editor content (`<!-- wp:… -->`) is already HTML, so its block comments are dropped and
 * wpautop is skipped, as `do_blocks` does. The content is the site's own HTML, printed as such.
 * `[gallery]` shortcodes become tokens here and are printed by `withGalleries` (gallery.ts).
 */
export function tourContent(content: string): SafeHtml {
  return filtered.get(content, () => filterContent(withGalleryTokens(content)));
}

/** The content with each `[gallery]` as a token (gallery.ts), so the filters do not touch it. */
function withGalleryTokens(content: string): string {
  let index = 0;
  return content.replace(/\[gallery(\s[^\]]*)?\]/g, () => galleryToken(index++));
}

/** The filtered content with its galleries printed (an empty gallery prints nothing). */
export function withGalleries(filtered: SafeHtml, galleries: readonly SafeHtml[]): SafeHtml {
  if (galleries.length === 0) return filtered;
  return raw(
    filtered.value.replace(
      /(?:<p>)?DROPINGALLERY(\d+)TOKEN(?:<\/p>)?\n?/g,
      (_, n: string) => galleries[Number(n)]?.value ?? '',
    ),
  );
}

function filterContent(content: string): SafeHtml {
  if (/<!--\s+wp:/.test(content)) {
    return raw(convertChars(wptexturize(content.replace(/<!--\s+\/?wp:[\s\S]*?-->\n?/g, ''))));
  }
  return raw(contentFilter(content));
}

/** The filters' output for each content text (the text is read on every request). */
const filtered = new RenderCache<SafeHtml>(200);
