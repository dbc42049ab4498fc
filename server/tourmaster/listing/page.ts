/** The options a list needs: the plugin's settings and its custom tour taxonomies. */
export interface TourListOptions {
  general: Readonly<Record<string, unknown>>;
  customTaxonomies: string[];
}

/** One row of a list page: the post columns the items print. */
export interface TourListRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  date: string;
}

export interface TourListPage {
  rows: TourListRow[];
  /** Tours matching the query; 0 when the page asked for is past the end (WordPress's found_posts). */
  found: number;
}

/** A page of tours with the metas its items print (`queryTourList` with meta keys). */
export interface TourListPageWithMeta extends TourListPage {
  /** The first value of each asked key, per tour (get_post_meta's single value). */
  metas: Map<number, Map<string, string>>;
}
