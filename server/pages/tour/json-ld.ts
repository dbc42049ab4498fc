import { phpJsonEncode } from '../../php/json';
import type { PhpValue } from '../../php/values';
import { RenderCache } from '../../views/render-cache';

/**
 * The tour's structured data, as the plugin prints it at the top of the page (a `Product` with an
 * `Offer`, and when the tour has reviews its `AggregateRating` and newest `Review`; scores on the
 * plugin's 1–10 scale become 0–5 with two decimals). Encoded like PHP's json_encode; `<` is
 * escaped too, so no text can close the script element.
 */
export interface TourJsonLdInput {
  id: number;
  /** `get_the_title()`: the title after wptexturize (`&` as `&#038;`). */
  name: string;
  /** `blogname`. */
  brand: string;
  url: string;
  /** The excerpt. */
  description: string;
  /** Meta `tourmaster-tour-price` (the lowest price, discount included), as stored. */
  price: string;
  /** `Y-01-01` of next year. */
  priceValidUntil: string;
  /** Meta `tourmaster-tour-rating`, when the tour has reviewers. */
  rating?: { score: number; reviewer: number };
  /** The newest listed review. */
  review?: { score: number; name: string; date: string; body: string };
}

/** PHP `number_format($value, 2)`. */
export function twoDecimals(value: number): string {
  const rounded = Math.round((Math.abs(value) + Number.EPSILON) * 100) / 100;
  return `${value < 0 && rounded !== 0 ? '-' : ''}${rounded.toFixed(2)}`;
}

export function tourJsonLd(input: TourJsonLdInput): string {
  return encoded.get(JSON.stringify(input), () => encode(input));
}

/** The same input, the same text: encoded once while the tour, its rating and newest review stay. */
const encoded = new RenderCache<string>(200);

function encode(input: TourJsonLdInput): string {
  const data: Record<string, PhpValue> = {
    '@context': 'http://schema.org',
    '@type': 'Product',
    name: input.name,
    productID: `tour-${input.id}`,
    brand: input.brand,
    sku: '1',
    url: input.url,
    description: input.description,
    offers: {
      '@type': 'Offer',
      url: input.url,
      price: input.price,
      priceValidUntil: input.priceValidUntil,
      availability: 'http://schema.org/InStock',
    },
  };
  if (input.rating && input.rating.reviewer > 0) {
    data.AggregateRating = [
      {
        '@type': 'AggregateRating',
        ratingValue: twoDecimals(input.rating.score / input.rating.reviewer / 2),
        reviewCount: input.rating.reviewer,
      },
    ];
    if (input.review) {
      data.review = {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: twoDecimals(input.review.score / 2) },
        name: input.review.name,
        author: { '@type': 'Person', name: input.review.name },
        datePublished: input.review.date,
        reviewBody: input.review.body,
      };
    }
  }
  return phpJsonEncode(data as unknown as PhpValue).replace(/</g, '\\u003c');
}
