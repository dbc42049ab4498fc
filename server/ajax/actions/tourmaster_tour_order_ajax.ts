import { applyOrderOption, readOption } from '../../tourmaster/listing/protocol';
import { settingsPhpValue } from '../../views/tour-list/settings-json';
import { type AjaxReply, defineAction } from '../action';
import {
  postedListSettings,
  renderListReply,
  replyProps,
  type TourListReply,
  tourListInput,
} from './tourmaster_tour_ajax';

/**
 * The tour list's order filterer (listing.md §2.9): orderby, order or the list/grid switch, then
 * page 1; the reply echoes the updated settings for the filterer to keep.
 */
export const tourmaster_tour_order_ajax = defineAction({
  name: 'tourmaster_tour_order_ajax',
  access: 'both',
  reads: 'catalogue',
  input: tourListInput,
  async handle(input, ctx): Promise<TourListReply> {
    const { settings, listing } = await postedListSettings(input.settings, ctx);
    return renderListReply(applyOrderOption(settings, readOption(input.option)), listing, ctx);
  },
  reply: (result): AjaxReply => ({
    kind: 'json',
    body: {
      status: 'success',
      content: result.content.value,
      settings: settingsPhpValue(result.settings),
      ...(result.paging ? { [result.paging.key]: result.paging.value } : {}),
      props: replyProps(result.props),
    },
  }),
});
