import { z } from 'zod';
import { str } from '../../php/coerce';
import { formText } from '../../php/form-input';
import { renderTopBar } from '../../services/accounts/top-bar';
import { defineAction } from '../action';
import { ADMIN_AJAX_PATH } from '../reply';

/**
 * The top bar, re-rendered for the visitor's current login state (engagement.md §3): every page's
 * script posts `redirect={data-redirect}` so cached pages still show the right bar. Guests get the
 * Login / Sign Up bar with both lightboxes; users their menu with a Sign Out link whose `log-out`
 * nonce belongs to this session. `{"content":null}` when membership is disabled.
 */
export const refresh_user_top_bar = defineAction({
  name: 'refresh_user_top_bar',
  access: 'both',
  input: z.looseObject({ redirect: formText.optional() }),
  async handle(input, ctx): Promise<string | null> {
    const bar = await renderTopBar(ctx, { redirect: str(input.redirect), requestUri: ADMIN_AJAX_PATH });
    return bar === null ? null : bar.value;
  },
  reply: (content) => ({ kind: 'json', body: { content } }),
});
