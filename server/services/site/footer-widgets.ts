import { getRawOptions } from '../../data/options';
import { type ArchiveMonthRow, monthlyArchives } from '../../data/post-archives';
import { listTerms } from '../../data/terms';
import { archivesBlockHtml, categoriesBlockHtml, footerColumnsHtml, widgetHtml } from '../../views/footer-widgets';
import { raw, type SafeHtml } from '../../views/html';
import { type Block, parseBlocks, renderBlocks } from '../../wp/blocks';
import { optionRecord } from '../../wp/parse-cache';
import { categoryPath, datePath, type PermalinkSettings } from '../../wp/permalinks';
import type { WpTerm } from '../../wp/post';
import { decodeName } from '../../wp/stored-name';
import { categoryAncestry } from '../blog/archives';
import type { RequestContext } from '../context';

/**
 * The theme's footer widget areas (`footer-1` … `footer-4` in option `sidebars_widgets`), read on
 * each request so an edit in the admin shows on the next page (the parse of identical option text
 * is shared: wp/parse-cache.ts; the tour listings bring the rows in their one statement and keep
 * them with their shell for `SITE_CACHE_MS`). Block widgets (`block-N`, their content in option `widget_block`)
 * are rendered with the archives and categories blocks filled in from the posts; the other widget
 * types (the classic and the page builder's widgets) are not printed. Undefined when every area is
 * empty: the footer then shows only its bottom bar.
 */
const AREAS = ['footer-1', 'footer-2', 'footer-3', 'footer-4'];
const OPTIONS = ['sidebars_widgets', 'widget_block', 'permalink_structure', 'category_base'];
/** At most this many widgets an area (a site has a handful). */
const MAX_WIDGETS = 30;

export interface FooterWidgets {
  /** The areas' columns, as HTML (undefined: no widgets). */
  html: SafeHtml | undefined;
  /** Pretty permalinks are on: the site's feed is served at `/feed/`. */
  pretty: boolean;
}

/** What the footer's areas are printed from: the options, and the archives and categories blocks' rows. */
export interface FooterRows {
  /** `sidebars_widgets`, `widget_block`, `permalink_structure`, `category_base` (raw text). */
  options: ReadonlyMap<string, string>;
  /** Undefined: not read yet (read here when a block needs them). */
  months?: readonly ArchiveMonthRow[];
  categories?: readonly WpTerm[];
}

/**
 * The footer's areas from rows a page has already read (the listing pages' single statement), or
 * read here: the options, then the months and categories when an archives or categories block asks.
 */
export async function loadFooterWidgets(
  ctx: Pick<RequestContext, 'wp'>,
  homeUrl: string,
  read?: FooterRows,
): Promise<FooterWidgets> {
  if (!read?.months || !read.categories) return renderFooterWidgets(ctx, homeUrl, read);
  const { options, months, categories } = read;
  // Everything the areas show besides the two parsed options, which key the outer maps.
  const key = JSON.stringify([
    homeUrl,
    options.get('permalink_structure'),
    options.get('category_base'),
    months,
    categories,
  ]);
  const byBlocks = kept(rendered, optionRecord(options.get('sidebars_widgets')), () => new WeakMap());
  const byKey = kept(byBlocks, optionRecord(options.get('widget_block')), () => new Map());
  const hit = byKey.get(key);
  if (hit) return hit;
  const footer = await renderFooterWidgets(ctx, homeUrl, read);
  byKey.set(key, footer);
  if (byKey.size > MAX_KEPT) byKey.delete(byKey.keys().next().value as string);
  return footer;
}

/**
 * Footers rendered from rows a page read itself, reused while they stay the same: by the parsed
 * `sidebars_widgets` and `widget_block` (wp/parse-cache.ts gives the same frozen value for the same
 * stored text, so an edit makes new ones and the old entries go with them), then by the text of the
 * rest (the URLs, the permalink settings, the months and categories, read on every request).
 */
const rendered = new WeakMap<object, WeakMap<object, Map<string, FooterWidgets>>>();
const MAX_KEPT = 20;

function kept<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

async function renderFooterWidgets(
  ctx: Pick<RequestContext, 'wp'>,
  homeUrl: string,
  read?: FooterRows,
): Promise<FooterWidgets> {
  const options = read?.options ?? (await getRawOptions(ctx.wp, OPTIONS));
  const pretty = (options.get('permalink_structure') ?? '').trim() !== '';
  const sidebars = optionRecord(options.get('sidebars_widgets'));
  const blocks = optionRecord(options.get('widget_block'));
  const areas = AREAS.map((area) => {
    const ids = sidebars[area];
    const list = ids && typeof ids === 'object' ? Object.values(ids as Record<string, unknown>) : [];
    return list
      .filter((id): id is string => typeof id === 'string')
      .slice(0, MAX_WIDGETS)
      .flatMap((id) => {
        const n = /^block-(\d+)$/.exec(id)?.[1];
        const stored = n === undefined ? undefined : (blocks[n] as Record<string, unknown> | undefined);
        const content = stored && typeof stored === 'object' ? stored.content : undefined;
        return typeof content === 'string' ? [{ id, parts: parseBlocks(content) }] : [];
      });
  });
  if (areas.every((widgets) => widgets.length === 0)) return { html: undefined, pretty };

  const names = new Set(areas.flat().flatMap((w) => blockNames(w.parts)));
  const permalinks: PermalinkSettings = {
    structure: options.get('permalink_structure') ?? '',
    categoryBase: (options.get('category_base') ?? '').replace(/^\/+|\/+$/g, ''),
    tagBase: '',
  };
  const [months, categories] = await Promise.all([
    read?.months ?? (names.has('core/archives') ? monthlyArchives(ctx.wp) : Promise.resolve([])),
    read?.categories ?? (names.has('core/categories') ? listTerms(ctx.wp, 'category') : Promise.resolve([])),
  ]);
  const byId = new Map(categories.map((c) => [c.termId, c]));
  const categoryItems = categories.map((c) => {
    const slugs = categoryAncestry(c, byId);
    return {
      termId: c.termId,
      parentId: c.parentId,
      name: decodeName(c.name),
      count: c.count,
      url: `${homeUrl}${categoryPath(permalinks, c.termId, slugs)}`,
    };
  });
  const render = (block: Block): string | undefined => {
    const flag = (name: string) => block.attrs[name] === true;
    if (block.name === 'core/archives') {
      const yearly = block.attrs.type === 'yearly';
      const entries = yearly ? byYear(months) : months;
      return archivesBlockHtml(
        entries.map((m) => ({
          ...m,
          url: `${homeUrl}${datePath(permalinks, m.year, yearly ? undefined : m.month)}`,
        })),
        { yearly, showPostCounts: flag('showPostCounts') },
      );
    }
    if (block.name === 'core/categories') {
      return categoriesBlockHtml(categoryItems, {
        showHierarchy: flag('showHierarchy'),
        showPostCounts: flag('showPostCounts'),
        showOnlyTopLevel: flag('showOnlyTopLevel'),
        showEmpty: flag('showEmpty'),
      });
    }
    return undefined;
  };
  const html = raw(
    footerColumnsHtml(
      areas.map((widgets) =>
        widgets.map((w) => widgetHtml(w.id, 'widget_block', renderBlocks(w.parts, render))).join(''),
      ),
    ),
  );
  return { html, pretty };
}

/** The names of every block in the parts, nested ones included. */
function blockNames(parts: readonly (string | Block)[]): string[] {
  return parts.flatMap((p) => (typeof p === 'string' ? [] : [p.name, ...blockNames(p.parts)]));
}

function byYear(months: readonly { year: number; month: number; count: number }[]) {
  const years = new Map<number, number>();
  for (const m of months) years.set(m.year, (years.get(m.year) ?? 0) + m.count);
  return [...years].map(([year, count]) => ({ year, month: 1, count }));
}
