import { useRef, useState } from 'react';
import type { BookLaterProps } from '../../../common/islands/payment-step';
import { legacyButton } from '../../../lib/button-keys';
import { cloneTemplate, openLightbox } from '../../../lib/lightbox';

const LIGHTBOX = 'book-and-pay-later-login';

/**
 * "Book and pay later" for a guest who must log in first: the plugin's `data-tmlb` opener and its
 * hidden lightbox template (title, the login page's button). The opener shows a copy of the
 * template through client/lib/lightbox.ts itself, as the Lightbox island does for the server's
 * markup; `data-island-ready` tells client/main.ts that island is not to mount on it as well.
 */
export function LoginFirst({ label, login }: { label: string; login: NonNullable<BookLaterProps['login']> }) {
  const opener = useRef<HTMLAnchorElement>(null);
  const template = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    const content = template.current;
    if (!content) return;
    setOpen(true);
    openLightbox(cloneTemplate(content), opener.current, { onClose: () => setOpen(false) });
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the plugin's link (the theme's CSS selects `a`), a button for assistive technology and the keyboard. */}
      <a
        ref={opener}
        className="tourmaster-button tourmaster-payment-method-booking-button"
        data-tmlb={LIGHTBOX}
        data-island-ready="Lightbox"
        {...legacyButton(show, false)}
        role="button"
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {label}
      </a>
      <div ref={template} className="tourmaster-lightbox-content-wrap" data-tmlb-id={LIGHTBOX}>
        <div className="tourmaster-lightbox-head">
          <h3 className="tourmaster-lightbox-title">{login.title}</h3>
          <i className="tourmaster-lightbox-close icon_close" />
        </div>
        <div className="tourmaster-lightbox-content">
          <a className="tourmaster-button" href={login.url}>
            Login
          </a>
        </div>
      </div>
    </>
  );
}
