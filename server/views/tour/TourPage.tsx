import type { StarIcon } from '../../tourmaster/reviews';
import type { SafeHtml } from '../html';

/**
 * The single tour page's structure (the plugin's `tourmaster-tour-style-1` template): the header
 * with the title and rating, the booking bar on the right, the tour's facts, the content (with its
 * galleries), the reviews. Rendered with React; the parts the islands and the legacy script bind to
 * (booking bar, reviews, urgency message) are the plugin's own markup, built by the fragment
 * builders and printed as they are.
 */
export interface TourInfoItem {
  /** `duration-text`, `departure-location`, `return-location`, `minimum-age`, `maximum-people`. */
  key: string;
  /** The plugin's icon class (`icon_clock_alt`, `flaticon-takeoff-the-plane`, …). */
  icon: string;
  text: string;
}

export type HeaderRating =
  | { kind: 'none' }
  /** The meta says nobody reviewed the tour yet. */
  | { kind: 'empty' }
  | { kind: 'stars'; icons: StarIcon[]; reviewer: number };

export interface TourPageModel {
  tourId: number;
  /** The title as text (after wptexturize). */
  title: string;
  /** The Product JSON-LD (json-ld.ts). */
  jsonLd: string;
  rating: HeaderRating;
  /** The featured image, the header's background. */
  headerImage?: string;
  /** The inside of the booking bar container (views/tour/booking-bar.ts), when the tour takes bookings or enquiries. */
  bookingBar?: SafeHtml;
  info: readonly TourInfoItem[];
  /** The post content as WordPress prints it (`the_content`), its galleries included. */
  content: SafeHtml;
  /** The "Related Tours" section (views/tour/related-tours.ts): its class and inside, when shown. */
  relatedTours?: { className: string; html: SafeHtml };
  /** The reviews section (views/reviews.ts), when the tour shows reviews and has some. */
  reviews?: SafeHtml;
  urgency?: SafeHtml;
}

/** An element holding HTML a fragment builder made (views/html.ts escapes every value it holds). */
function Html({ html, className, id }: { html: SafeHtml; className: string; id?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml (views/html.ts) escapes every value it holds
  return <div className={className} id={id} dangerouslySetInnerHTML={{ __html: html.value }} />;
}

const STAR_CLASS: Record<StarIcon, string> = { full: 'fa fa-star', half: 'fa fa-star-half-o', empty: 'fa fa-star-o' };

function Rating({ rating }: { rating: HeaderRating }) {
  if (rating.kind === 'none') return null;
  if (rating.kind === 'empty') {
    return (
      <div className="tourmaster-tour-rating tourmaster-tour-rating-empty">
        <span>0</span>
      </div>
    );
  }
  const label = `${rating.reviewer} ${rating.reviewer > 1 ? 'Reviews' : 'Review'}`;
  return (
    <div className="tourmaster-tour-rating">
      {rating.icons.map((icon, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed icons
        <i key={i} className={STAR_CLASS[icon]} />
      ))}
      <span className="tourmaster-tour-rating-text">({label})</span>
    </div>
  );
}

/** The section links under the facts, when the page has more than the description to show. */
function ContentNavigation({ model }: { model: TourPageModel }) {
  const tabs = [{ href: '#tourmaster-single-tour-detail', title: 'Detail' }];
  if (model.content.value.includes('<div id="gallery-1"')) tabs.push({ href: '#gallery-1', title: 'Gallery' });
  if (model.reviews) tabs.push({ href: '#tourmaster-single-review', title: 'Reviews' });
  if (tabs.length < 2) return null;
  return (
    <nav className="tourmaster-content-navigation-item-wrap" aria-label="Tour sections">
      <div className="tourmaster-content-navigation-item-container tourmaster-container">
        <div className="tourmaster-content-navigation-item tourmaster-item-pdlr">
          {tabs.map((tab, i) => (
            <a
              key={tab.href}
              className={`tourmaster-content-navigation-tab${i === 0 ? ' tourmaster-active' : ''}`}
              href={tab.href}
            >
              {tab.title}
            </a>
          ))}
        </div>
      </div>
    </nav>
  );
}

export function TourPage({ model }: { model: TourPageModel }) {
  return (
    <div
      className="tourmaster-page-wrapper tourmaster-tour-style-1 tourmaster-with-sidebar"
      id="tourmaster-page-wrapper"
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (json-ld.ts) */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: model.jsonLd }} />
      <div
        className={`tourmaster-single-header${model.headerImage ? ' tourmaster-with-image' : ''}`}
        style={model.headerImage ? { backgroundImage: `url(${JSON.stringify(model.headerImage)})` } : undefined}
      >
        <div className="tourmaster-single-header-background-overlay" />
        <div className="tourmaster-single-header-top-overlay" />
        <div className="tourmaster-single-header-overlay" />
        <div className="tourmaster-single-header-container tourmaster-container">
          <div className="tourmaster-single-header-container-inner">
            <div className="tourmaster-single-header-title-wrap tourmaster-item-pdlr">
              <h1 className="tourmaster-single-header-title">{model.title}</h1>
              <Rating rating={model.rating} />
            </div>
          </div>
        </div>
      </div>
      <div className="tourmaster-template-wrapper">
        {model.bookingBar ? (
          <Html className="tourmaster-tour-booking-bar-container tourmaster-container" html={model.bookingBar} />
        ) : null}
        {model.info.length ? (
          <div className="tourmaster-tour-info-outer">
            <div className="tourmaster-tour-info-outer-container tourmaster-container">
              <div className="tourmaster-tour-info-wrap clearfix">
                {model.info.map((item) => (
                  <div
                    key={item.key}
                    className={`tourmaster-tour-info tourmaster-tour-info-${item.key} tourmaster-item-pdlr`}
                  >
                    <i className={item.icon} />
                    {item.text}
                  </div>
                ))}
              </div>
            </div>
          </div>
        ) : null}
        <ContentNavigation model={model} />
        <div className="tourmaster-single-tour-content-wrap" id="tourmaster-single-tour-detail">
          <div className="tourmaster-container">
            <div className="tourmaster-page-content tourmaster-item-pdlr">
              <Html className="tourmaster-single-main-content" html={model.content} />
            </div>
          </div>
          {/* Below 767 px the content is folded under a gradient until "Read More" (client/islands/ReadMore). */}
          <div className="tourmaster-single-tour-read-more-gradient" />
          <div className="tourmaster-single-tour-read-more-wrap">
            <div className="tourmaster-container">
              <a
                className="tourmaster-button tourmaster-item-mglr"
                href="#tourmaster-single-tour-detail"
                aria-expanded="false"
              >
                Read More
              </a>
            </div>
          </div>
        </div>
        {model.relatedTours ? <Html className={model.relatedTours.className} html={model.relatedTours.html} /> : null}
        {model.reviews ? <Html className="tourmaster-single-review-wrap" html={model.reviews} /> : null}
      </div>
      {model.urgency ? <Html className="tourmaster-urgency-message-wrap" html={model.urgency} /> : null}
    </div>
  );
}
