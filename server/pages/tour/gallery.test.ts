import { describe, expect, it } from 'vitest';
import { raw } from '../../views/html';
import { tourContent, withGalleries } from './content';
import { galleryHtml, galleryShortcodes } from './gallery';

describe('[gallery] in a tour', () => {
  it('reads the ids and columns of each shortcode', () => {
    expect(galleryShortcodes('a [gallery ids="3, 5,x" columns=4] b [gallery include=\'7\']')).toEqual([
      { text: '[gallery ids="3, 5,x" columns=4]', ids: [3, 5], columns: 4 },
      { text: "[gallery include='7']", ids: [7], columns: 3 },
    ]);
  });

  it('keeps the shortcode out of the text filters and prints the gallery in its place', () => {
    const content = tourContent('Intro "quoted".\n\n[gallery ids="1,2"]\n\nOutro.');
    expect(content.value).toBe('<p>Intro &#8220;quoted&#8221;.</p>\n<p>DROPINGALLERY0TOKEN</p>\n<p>Outro.</p>\n');
    const printed = withGalleries(content, [raw('<div id="gallery-1"></div>')]);
    expect(printed.value).toBe('<p>Intro &#8220;quoted&#8221;.</p>\n<div id="gallery-1"></div><p>Outro.</p>\n');
  });

  it('prints the images as WordPress does, for the lightbox island, and nothing without images', () => {
    const attachments = new Map([
      [
        1,
        {
          id: 1,
          url: 'http://h/u/a.jpg',
          thumbnailUrl: 'http://h/u/a-150x150.jpg',
          width: 150,
          height: 150,
          alt: 'Oia "sunset"',
          caption: '',
        },
      ],
    ]);
    const shortcode = { text: '', ids: [1, 9], columns: 3 };
    expect(galleryHtml(0, 4, shortcode, attachments).value).toBe(
      '<div id="gallery-1" class="gallery galleryid-4 gallery-columns-3 gallery-size-thumbnail"><figure class="gallery-item"><div class="gallery-icon landscape"><a href="http://h/u/a.jpg" data-lightbox-group="gallery-4"><img width="150" height="150" src="http://h/u/a-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="Oia &quot;sunset&quot;" decoding="async" loading="lazy" /></a></div></figure></div>',
    );
    expect(galleryHtml(0, 4, { text: '', ids: [9], columns: 3 }, attachments).value).toBe('');
  });
});
