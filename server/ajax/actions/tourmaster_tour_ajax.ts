import { z } from 'zod';
import type { ListReplyProps } from '../../../client/common/islands/ListSection';
import { InputError } from '../../core/errors';
import type { FormTree } from '../../php/form-input';
import { formTree } from '../../php/form-input';
import { type PhpArrayObject, PhpObject, type PhpValue } from '../../php/values';
import type { ListingSite } from '../../services/listing/listing-site';
import { renderTourListPage } from '../../services/listing/tour-list-page';
import { applyListOption, readOption } from '../../tourmaster/listing/protocol';
import { type ListSettings, parseListSettings, text } from '../../tourmaster/listing/settings';
import type { SafeHtml } from '../../views/html';
import { ajaxPaginationHtml, loadMoreHtml } from '../../views/tour-list/pagination';
import { pagingProps } from '../../views/tour-list/section-props';
import { type ActionContext, type AjaxReply, defineAction } from '../action';

/** What both list actions post: the list's settings and the control's option. */
export const tourListInput = z.looseObject({ settings: formTree.optional(), option: formTree.optional() });

export const NO_SETTINGS = 'Settings variable is not defined.';

/** The posted settings, whitelisted and bounded (DEFECTS.md 23), or the legacy failure reply. */
export async function postedListSettings(
  posted: FormTree | undefined,
  ctx: ActionContext,
): Promise<{ settings: ListSettings; listing: ListingSite }> {
  // The plugin's settings, the tour terms and the site (which renderListReply reads next) as the
  // tour listings keep them (services/listing/listing-site.ts): no query within SITE_CACHE_MS of the last read.
  const { listing } = await ctx.listing();
  const settings = parseListSettings(posted, listing.listOptions.customTaxonomies);
  if (!settings) throw new InputError({ message: NO_SETTINGS });
  return { settings, listing };
}

export interface TourListReply {
  content: SafeHtml;
  /** The settings after the option (the order filterer's reply echoes them). */
  settings: ListSettings;
  /** `load_more` or `pagination`, markup or 'none'; absent when the list has no pagination. */
  paging?: { key: 'load_more' | 'pagination'; value: string };
  /** The ListSection island's typed props, sent as the reply's top-level `props` (issue 16). */
  props: ListReplyProps;
}

/**
 * The typed props as JSON: an object even when empty (`{}`, not PHP's `[]`), the settings in it as
 * the browser parsed them from the legacy `data-settings`.
 */
export function replyProps(props: ListReplyProps): PhpValue {
  return new PhpObject('stdClass', props as PhpArrayObject);
}

/** The page the settings describe, with the pagination the list uses (listing.md §2.6, §2.7). */
export async function renderListReply(
  settings: ListSettings,
  listing: ListingSite,
  ctx: ActionContext,
): Promise<TourListReply> {
  if (!settings.has('paged')) settings.set('paged', 1);
  const site = await ctx.site();
  const page = await renderTourListPage(ctx.catalogue, settings, listing.listOptions, site, {
    terms: listing.rows.terms,
  });
  const pagination = text(settings, 'pagination') || 'none';
  const target = { ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php` };
  let paging: TourListReply['paging'];
  if (pagination === 'load-more') {
    const markup = loadMoreHtml(settings, page.page, page.maxPages, target);
    paging = { key: 'load_more', value: markup ? markup.value : 'none' };
  } else if (pagination !== 'none') {
    const markup = ajaxPaginationHtml(settings, page.page, page.maxPages, target);
    paging = { key: 'pagination', value: markup ? markup.value : 'none' };
  }
  const props: ListReplyProps = paging ? { paging: pagingProps(settings, page.page, page.maxPages) } : {};
  return { content: page.content, settings, ...(paging ? { paging } : {}), props };
}

/**
 * The tour list's category filterer, ajax pagination and load more (listing.md §2.9): the items
 * of the page the option asks for, and the pagination for it. The settings are not echoed, so the
 * filterer keeps the page's own. A category that is not a slug is refused in the failure shape.
 */
export const tourmaster_tour_ajax = defineAction({
  name: 'tourmaster_tour_ajax',
  access: 'both',
  reads: 'catalogue',
  input: tourListInput,
  async handle(input, ctx): Promise<TourListReply> {
    const { settings, listing } = await postedListSettings(input.settings, ctx);
    const outcome = applyListOption(settings, readOption(input.option));
    if (!outcome.ok) throw new InputError({ message: 'This category cannot be shown.' });
    return renderListReply(outcome.settings, listing, ctx);
  },
  reply: (result): AjaxReply => ({
    kind: 'json',
    body: {
      status: 'success',
      content: result.content.value,
      ...(result.paging ? { [result.paging.key]: result.paging.value } : {}),
      props: replyProps(result.props),
    },
  }),
});
