import { relatedTourQuery, relatedTourSettings } from '../../tourmaster/listing/related';
import { type ListSettings, text } from '../../tourmaster/listing/settings';
import { relatedToursClass, relatedToursHtml } from '../../views/tour/related-tours';
import { tourListPageHtml } from '../../views/tour-list/section';
import type { Site } from '../../wp/site';
import type { RequestContext } from '../context';
import { loadTourListPage } from '../listing/tour-list-page';

/** The "Related Tours" section: its class and inside, or undefined when disabled or no tour is related. */
export async function relatedTours(
  ctx: Pick<RequestContext, 'catalogue'>,
  tourId: number,
  general: Readonly<Record<string, unknown>>,
  site: Site,
): Promise<{ className: string; html: ReturnType<typeof relatedToursHtml> } | undefined> {
  const settings = relatedSettingsOf(general);
  if (!settings) return undefined;
  const options = { general, customTaxonomies: [] };
  const query = relatedTourQuery(settings, tourId);
  const data = await loadTourListPage(ctx.catalogue, settings, options, site, { query });
  if (data.page.rows.length === 0) return undefined;
  const { content } = tourListPageHtml(data, settings, options, site);
  return { className: relatedToursClass(text(settings, 'tour-style')), html: relatedToursHtml(settings, content) };
}

/**
 * The related tours' settings per parsed `tourmaster_general`: parse-cache.ts gives the same frozen
 * object while the option's text is unchanged, so an edit makes a new entry (and the old one goes
 * with its object). Read-only to every caller.
 */
const settingsByGeneral = new WeakMap<object, { settings: ListSettings | undefined }>();

function relatedSettingsOf(general: Readonly<Record<string, unknown>>): ListSettings | undefined {
  let kept = settingsByGeneral.get(general);
  if (!kept) {
    kept = { settings: relatedTourSettings(general) };
    settingsByGeneral.set(general, kept);
  }
  return kept.settings;
}
