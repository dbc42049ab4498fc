import type { Request } from 'express';
import type { PageContext } from '../../http/page-context';
import type { TourPageRows, TourPost } from '../../services/tour-page/load-tour-page';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { postTitleHtml } from '../../views/post-title';
import type { Site } from '../../wp/site';
import { decodeEntities } from '../../wp/text';
import type { CurrentUser } from '../../wp/user';

/** One tour page request: who asks, the tour, and the rows read for it (one query). */
export interface TourRequest {
  req: Request;
  ctx: PageContext;
  site: Site;
  user: CurrentUser | null;
  tour: Tour;
  post: TourPost;
  rows: TourPageRows;
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  settings: TourmasterSettings;
  /** A single-valued tour meta as text ('' when missing). */
  single: (key: string) => string;
  /** `/tour/<slug>/` on the site's home URL. */
  permalink: string;
  ajaxUrl: string;
  /** The site's local wall-clock time, `Y-m-d H:i:s`. */
  nowLocal: string;
  /** WordPress `date_format`. */
  dateFormat: string;
}

/**
 * A title as WordPress prints it (`get_the_title()`: wptexturize, so `&` is `&#038;` and quotes
 * curl) and as text (for React, which escapes it again). Tags in a title are shown as text.
 */
export function textOf(title: string): { html: string; text: string } {
  const html = postTitleHtml(title);
  return { html, text: decodeEntities(html) };
}
