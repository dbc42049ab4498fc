import { readProps } from '../../lib/props';
import { galleryProps } from './props';

/** WordPress's own galleries (the gallery block, the classic `[gallery]`): their links to image files. */
const WP_GALLERY = '.wp-block-gallery, .gallery';
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

/** glightbox and its stylesheet, fetched on the first click on a gallery image (15 KB nobody else needs). */
function loadGlightbox() {
  return Promise.all([import('glightbox'), import('glightbox/dist/css/glightbox.min.css')]).then(([m]) => m.default);
}

/**
 * Image galleries (the page builder's `a.gdlr-core-lightgallery` links, and WordPress galleries whose
 * images link to their files): a click opens glightbox on the links of the same `data-lightbox-group`
 * (or the same WordPress gallery), starting at the clicked one. glightbox is created on the click and
 * destroyed when it closes; its own keys apply (arrows, Escape) and focus returns to the link. A
 * gallery link to an attachment page is left to the browser.
 */
export function mount(link: HTMLElement): () => void {
  const { lightboxGroup } = readProps('Lightbox', link, galleryProps);
  const wpGallery = lightboxGroup ? null : link.closest(WP_GALLERY);
  if (wpGallery && !IMAGE_FILE.test(link.getAttribute('href') ?? '')) return () => {};
  let opening = false;
  const onClick = async (event: Event) => {
    event.preventDefault();
    if (opening) return;
    opening = true;
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
    try {
      const GLightbox = await loadGlightbox();
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
    } catch {
      // The chunk could not be fetched (offline): the image itself is still a link away.
      window.location.assign((link as HTMLAnchorElement).href);
    } finally {
      opening = false;
    }
  };
  link.addEventListener('click', onClick);
  return () => link.removeEventListener('click', onClick);
}
