import { isEmpty, list, str } from '../../php/coerce';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import type { CustomField } from '../../tourmaster/custom-fields';

import { html, type SafeHtml } from '../html';
import { TRAVELLER_TITLES } from './traveller-form';

export interface TravellerDetailInput {
  /** The tour asks for each traveller (`require-each-traveller-info`). */
  required: boolean;
  withTitle: boolean;
  fields: readonly CustomField[];
  detail: BookingDetail;
}

const TITLES = new Map(TRAVELLER_TITLES);

/**
 * TRAVELLER-DETAIL (payment.md §2.2): "Title First Last" per traveller with a name, then the
 * passport and the additional fields that have a value. Values are escaped (the legacy site printed
 * them as HTML).
 */
export function travellerDetail(input: TravellerDetailInput): SafeHtml | '' {
  const { detail } = input;
  const first = list(detail.traveller_first_name);
  if (!input.required || isEmpty(detail.traveller_first_name) || first.length === 0) return '';
  const at = (name: string, i: number) => list(detail[`traveller_${name}`])[i];
  const rows: SafeHtml[] = [];
  for (let i = 0; i < first.length; i++) {
    if (isEmpty(first[i]) && isEmpty(at('last_name', i))) continue;
    const title = input.withTitle ? TITLES.get(str(at('title', i))) : undefined;
    const passport = at('passport', i);
    rows.push(
      html`<div class="tourmaster-payment-detail clearfix" ><span class="tourmaster-head" >Traveller ${i + 1} :</span><span class="tourmaster-tail" >${title && `${title} `}${str(first[i])} ${str(at('last_name', i))}${
        !isEmpty(passport) && html`<br>Passport ID : ${str(passport)}`
      }${input.fields.map((field) => {
        const value = at(field.slug, i);
        return !isEmpty(value) && html`<br>${field.title} ${str(value)}`;
      })}</span></div>`,
    );
  }
  return html`<div class="tourmaster-payment-traveller-detail" ><h3 class="tourmaster-payment-detail-title" ><i class="fa fa-file-text-o" ></i>Traveller Details</h3>${rows}</div>`;
}
