import type { ReviewItem, ReviewStar, ReviewSummary } from '../../common/islands/Reviews';
import { Avatar } from '../../lib/Avatar';
import { ServerFragment } from '../../lib/ServerFragment';

const STAR_CLASS: Readonly<Record<ReviewStar, string>> = {
  full: 'fa fa-star',
  half: 'fa fa-star-half-o',
  empty: 'fa fa-star-o',
};

/** Five star icons (`tourmaster_get_rating`). */
export function Stars({ stars }: { stars: readonly ReviewStar[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: five icons in a fixed order; a position is their identity
  return stars.map((star, i) => <i key={i} className={STAR_CLASS[star]} />);
}

/** The tour's rating in the section's head ("plain" style, reviews.md §5). */
export function RatingSummary({ summary }: { summary: ReviewSummary }) {
  if (!summary) return null;
  if (summary.kind === 'empty') {
    return (
      <div className="tourmaster-tour-rating tourmaster-tour-rating-empty">
        <span>{summary.text}</span>
      </div>
    );
  }
  return (
    <div className="tourmaster-tour-rating">
      <span className="tourmaster-tour-rating-text">{summary.text}</span>
      <Stars stars={summary.stars} />
    </div>
  );
}

/** One review (reviews.md §3); its text is the server's HTML, pure content. */
export function ReviewEntry({ item }: { item: ReviewItem }) {
  return (
    <div className="tourmaster-single-review-content-item clearfix">
      <div className="tourmaster-single-review-user clearfix">
        {item.avatar && (
          <div className="tourmaster-single-review-avatar tourmaster-media-image">
            {item.avatar.image && <Avatar avatar={item.avatar.image} />}
          </div>
        )}
        <h4 className="tourmaster-single-review-user-name">{item.name}</h4>
        <div className="tourmaster-single-review-user-type">{item.type}</div>
      </div>
      <div className="tourmaster-single-review-detail">
        {item.description && (
          <ServerFragment html={item.description} className="tourmaster-single-review-detail-description" />
        )}
        <div className="tourmaster-single-review-detail-rating">
          <Stars stars={item.stars} />
        </div>
        <div className="tourmaster-single-review-detail-date">{item.date}</div>
      </div>
    </div>
  );
}
