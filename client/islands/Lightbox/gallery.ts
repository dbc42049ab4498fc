import GLightbox from 'glightbox';
import 'glightbox/dist/css/glightbox.min.css';
import { readProps } from '../../lib/props';
import { galleryProps } from './props';

/** WordPress's own galleries (the gallery block, the classic `[gallery]`): their links to image files. */
const WP_GALLERY = '.wp-block-gallery, .gallery';
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

/**
 * Image galleries (the page builder's `a.gdlr-core-lightgallery` links, and WordPress galleries whose
 * images link to their files): a click opens glightbox on the links of the same `data-lightbox-group`
 * (or the same WordPress gallery), starting at the clicked one. glightbox is created on the click and
 * destroyed when it closes; its own keys apply (arrows, Escape). A gallery link to an attachment page
 * is left to the browser.
 */
export function mount(link: HTMLElement): () => void {
  const { lightboxGroup } = readProps('Lightbox', link, galleryProps);
  const wpGallery = lightboxGroup ? null : link.closest(WP_GALLERY);
  if (wpGallery && !IMAGE_FILE.test(link.getAttribute('href') ?? '')) return () => {};
  const onClick = (event: Event) => {
    event.preventDefault();
    const group = lightboxGroup
      ? Array.from(
          document.querySelectorAll<HTMLAnchorElement>(`a[data-lightbox-group="${CSS.escape(lightboxGroup)}"][href]`),
        )
      : wpGallery
        ? Array.from(wpGallery.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((a) =>
            IMAGE_FILE.test(a.getAttribute('href') ?? ''),
          )
        : [link as HTMLAnchorElement];
    const elements = group.map((a) => ({
      href: a.href,
      type: 'image',
      title: a.getAttribute('title') ?? a.querySelector('img')?.alt ?? '',
    }));
    const box = GLightbox({
      // glightbox's types declare `elements` as an empty tuple; it takes slide configs.
      elements: elements as unknown as [],
      startAt: Math.max(0, group.indexOf(link as HTMLAnchorElement)),
      openEffect: 'fade',
      closeEffect: 'fade',
    });
    box.on('close', () => {
      setTimeout(() => box.destroy(), 0);
      link.focus({ preventScroll: true });
    });
    box.open();
  };
  link.addEventListener('click', onClick);
  return () => link.removeEventListener('click', onClick);
}
