import type { RatingInputProps } from '../../../client/common/islands/RatingInput';
import { html, raw, type SafeHtml } from '../html';
import { islandProps } from '../island-props';
import { starIconsHtml } from '../reviews';

/**
 * The account pages' review table (reviews.md §7): the user's departed orders, each with the
 * review form in a lightbox (pending) or a read-only view of the review (submitted). The form
 * posts to the page it is on; `server/pages/review-submission.ts` handles it.
 */
export interface ReviewRow {
  orderId: number;
  tourId: number;
  tourTitle: string;
  review: { description: SafeHtml; type: string; score: number } | null;
}

const CLOSE = raw('<i class="tourmaster-lightbox-close icon_close" ></i>');

function lightbox(id: string, title: string, content: SafeHtml): SafeHtml {
  return html`<div class="tourmaster-lightbox-content-wrap tourmaster-style-1" data-tmlb-id="${id}" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >${title}</h3>${CLOSE}</div><div class="tourmaster-lightbox-content" >${content}</div></div>`;
}

/**
 * The submit form: ten rating positions (even ones are half-star spans). No score is chosen until
 * the visitor picks one (the plugin's form started at 10, so untouched stars published 5 stars),
 * and both it and the text are `data-required`: the lightbox's form check (client/lib/lightbox.ts)
 * says so in the form's own error box before anything is sent; the server refuses them too.
 */
/** The form's star input (client/common/islands/RatingInput.ts): 1–10, empty until chosen, required. */
const REVIEW_RATING: RatingInputProps = { name: 'rating', required: true, min: 1, max: 10, value: null, shown: 0 };

export function reviewForm(row: Pick<ReviewRow, 'orderId' | 'tourId' | 'tourTitle'>, nonceField: SafeHtml): SafeHtml {
  const rating: SafeHtml[] = [];
  for (let i = 1; i <= 10; i++) {
    rating.push(
      i % 2 === 0
        ? html`<span class="tourmaster-rating-select" data-rating-score="${i}" ></span>`
        : html`<i class="tourmaster-rating-select fa fa-star" data-rating-score="${i}" ></i>`,
    );
  }
  return html`
<form class="tourmaster-review-form tourmaster-form-field tourmaster-with-border" method="POST" >
	<div class="tourmaster-review-form-title">
		<span class="tourmaster-head" >Tour Name :</span>
		${row.tourTitle}	</div>
	<div class="tourmaster-review-form-description" >
		<div class="tourmaster-head" >What do you say about this tour? *</div>
		<textarea name="description" data-required ></textarea>
	</div>
	<div class="tourmaster-review-form-traveller-type" >
		<div class="tourmaster-head" >Which traveller type were you on this tour? *</div>
		<div class="tourmaster-combobox-wrap">
			<select name="traveller-type" >
				<option value="solo"  >Solo</option>
				<option value="couple"  >Couple</option>
				<option value="family"  >Family</option>
				<option value="group"  >Group</option>
			</select>
		</div>
	</div>
	<div class="tourmaster-review-form-rating-wrap" >
		<div class="tourmaster-head" >Rate this tour *</div>
		<div class="tourmaster-review-form-rating clearfix" >${islandProps('RatingInput', REVIEW_RATING)}
		${rating}<input type="hidden" name="rating" value="" data-required />		</div>
	</div>
	<input type="hidden" name="review_id" value="${row.orderId}" />
	<input type="hidden" name="tour_id" value="${row.tourId}" />
	${nonceField}
	<div class="tourmaster-lb-submit-error" style="display: none;" >Please fill all required fields.</div>
	<input class="tourmaster-button" type="submit" value="Submit Review" />
</form>
`;
}

function reviewView(row: ReviewRow & { review: NonNullable<ReviewRow['review']> }): SafeHtml {
  const type = row.review.type.charAt(0).toUpperCase() + row.review.type.slice(1);
  return html`<div class="tourmaster-review-form" ><div class="tourmaster-review-form-title"><span class="tourmaster-head" >Tour Name :</span> ${row.tourTitle}</div><div class="tourmaster-review-form-description" ><div class="tourmaster-head" >What do you say about this tour? *</div><div class="tourmaster-tail">${row.review.description}</div></div><div class="tourmaster-review-form-description" ><div class="tourmaster-head" >Which traveller type were you on this tour? *</div><div class="tourmaster-tail">${type}</div></div><div class="tourmaster-review-form-rating-wrap" ><div class="tourmaster-head" >Rate this tour *</div><div class="tourmaster-review-form-rating clearfix" >${starIconsHtml(row.review.score)}</div></div></div>`;
}

export function reviewTable(rows: readonly ReviewRow[], nonceField: SafeHtml): SafeHtml {
  return html`<table class="tourmaster-user-review-table tourmaster-table" ><tr><th>Tour Name</th><th>Status</th><th>Action</th></tr>${rows.map(
    (row) =>
      html`<tr><td>${row.tourTitle}</td>${
        row.review
          ? html`<td><span class="tourmaster-user-review-status tourmaster-status-submitted" >Submitted</span></td><td><span class="tourmaster-user-review-action" data-tmlb="view-review" >View Review</span>${lightbox(
              'view-review',
              'Your Review',
              reviewView({ ...row, review: row.review }),
            )}</td>`
          : html`<td><span class="tourmaster-user-review-status tourmaster-status-pending" >Pending</span></td><td><span class="tourmaster-user-review-action" data-tmlb="submit-review" >Submit Review</span>${lightbox(
              'submit-review',
              'Submit Your Review',
              reviewForm(row, nonceField),
            )}</td>`
      }</tr>`,
  )}</table>`;
}
