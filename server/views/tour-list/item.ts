import type { TourInfoKey } from '../../tourmaster/listing/settings';
import type { TourRating } from '../../tourmaster/reviews';
import type { HeaderPrice } from '../tour/price';

/** One tour as a list prints it: what the items read from the post and its metas. */
export interface TourListItem {
  id: number;
  /** `/tour/<slug>/` on the home URL. */
  url: string;
  /** The title as WordPress prints it (escaped and texturized). */
  titleHtml: string;
  /** `post_excerpt` and `post_content`, as stored. */
  excerpt: string;
  content: string;
  price: HeaderPrice | undefined;
  /** Meta `tourmaster-tour-rating`, when the tour has it. */
  rating: TourRating | undefined;
  /** The tour-info facts the tour has (option values as text; `maximum-people` from its meta). */
  info: Partial<Record<TourInfoKey, string>>;
  /** The featured image, when the tour has one. */
  thumbnail?: { url: string; alt: string };
  /** `promo-text` of the tour option and its colours (validated `#hex`). */
  ribbon?: { text: string; color?: string; background?: string };
}
