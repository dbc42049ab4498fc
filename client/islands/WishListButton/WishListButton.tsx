import { useState } from 'react';
import type { WishListButtonProps } from '../../common/islands/WishListButton';
import { postAjax } from '../../lib/ajax';
import { clickOnEnterOrSpace, useMarkerEvent, useMarkerState } from '../../lib/marker-state';
import { openTopBarLogin } from './login';

type Saving = 'no' | 'sending' | 'saved';

/**
 * "Save To Wish List" (engagement.md §2). The marker `div.tourmaster-save-wish-list` stays the
 * button the theme styles (`tourmaster-active` fills the heart); its content and its saved state
 * are this component's. A customer's click marks it saved at once and sends
 * `tourmaster_add_wish_list` (the reply, an echo of the request, carries nothing to show); it
 * cannot be sent twice. A request that fails (HTTP error, no JSON, a refusal) takes the mark back,
 * so the visitor can try again (the legacy script left it on). A guest's button opens its own login lightbox through the Lightbox island
 * (`data-tmlb`), or, when it has none, the top bar's login.
 */
export function WishListButton({ marker, label, button }: WishListButtonProps & { marker: HTMLElement }) {
  const [saving, setSaving] = useState<Saving>(button.kind === 'saved' ? 'saved' : 'no');
  const saved = saving !== 'no';

  const activate = () => {
    if (button.kind === 'guest') {
      if (button.lightbox === null) openTopBarLogin(marker);
      return;
    }
    if (button.kind !== 'add' || saved) return;
    setSaving('sending');
    void postAjax(button.ajaxUrl, { action: 'tourmaster_add_wish_list', 'tour-id': button.tourId }).then((reply) =>
      setSaving(reply.kind === 'ok' ? 'saved' : 'no'),
    );
  };
  useMarkerEvent(marker, 'click', activate);
  useMarkerEvent(marker, 'keydown', (event) => clickOnEnterOrSpace(marker, event));
  useMarkerState(
    marker,
    {
      role: 'button',
      tabindex: '0',
      'aria-pressed': String(saved),
      'aria-disabled': saved ? 'true' : null,
      'aria-busy': saving === 'sending' ? 'true' : null,
    },
    { 'tourmaster-active': saved },
  );

  return (
    <>
      <span className="tourmaster-save-wish-list-icon-wrap">
        <i className="tourmaster-icon-active fa fa-heart" />
        <i className="tourmaster-icon-inactive fa fa-heart-o" />
      </span>
      {label}
    </>
  );
}
