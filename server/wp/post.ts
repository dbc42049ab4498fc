import type { Attachment } from './attachment';

/** A row of `{prefix}posts`, with the columns the public site uses. */
export interface WpPost {
  id: number;
  authorId: number;
  date: string;
  dateGmt: string;
  modified: string;
  modifiedGmt: string;
  content: string;
  title: string;
  excerpt: string;
  status: string;
  slug: string;
  parentId: number;
  menuOrder: number;
  type: string;
  password: string;
  guid: string;
  commentCount: number;
  /** `comment_status` is `open`. */
  commentsOpen: boolean;
}

/** A term in one taxonomy (terms joined to term_taxonomy). */
export interface WpTerm {
  termId: number;
  termTaxonomyId: number;
  name: string;
  slug: string;
  taxonomy: string;
  description: string;
  parentId: number;
  count: number;
}

/** What the theme prints around a post besides its own row. */
export interface PostDecoration {
  categories: WpTerm[];
  tags: WpTerm[];
  /** `aside`, `quote`…, or `standard`. */
  format: string;
  author: { nicename: string; displayName: string } | undefined;
  thumbnail: Attachment | undefined;
}

/** Several posts' decorations, and every category (with its parents, for archive paths). */
export interface PostDecorations {
  byPost: Map<number, PostDecoration>;
  categories: Map<number, WpTerm>;
}
