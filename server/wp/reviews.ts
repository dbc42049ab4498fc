import type { WpDb } from './tables';

/** A row of `{prefix}tourmaster_review` (scores on the plugin's 1–10 scale). */
export interface TourReview {
  id: number;
  tourId: number;
  orderId: number | null;
  score: number | null;
  type: string | null;
  description: string;
  date: string;
  reviewerName: string | null;
  reviewerEmail: string | null;
}

function toReview(row: Record<string, unknown>): TourReview {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(row.review_id),
    tourId: Number(row.review_tour_id),
    orderId: row.order_id === null || row.order_id === undefined ? null : Number(row.order_id),
    score: row.review_score === null || row.review_score === undefined ? null : Number(row.review_score),
    type: str(row.review_type),
    description: String(row.review_description ?? ''),
    date: String(row.review_date),
    reviewerName: str(row.reviewer_name),
    reviewerEmail: str(row.reviewer_email),
  };
}

/** The reviews of one tour, newest first. */
export async function listReviewsOfTour(wp: WpDb, tourId: number): Promise<TourReview[]> {
  const rows = await wp.knex(wp.t.reviews).select().where('review_tour_id', tourId).orderBy('review_date', 'desc');
  return rows.map(toReview);
}

export async function countReviews(wp: WpDb): Promise<number> {
  const row = await wp.knex(wp.t.reviews).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
