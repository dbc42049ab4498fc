import type { SeatsLeft } from '../tourmaster/availability';
import type { BookingFieldsModel, ComboSpec, PackagePicker, PeopleBlock, RoomSpec } from '../tourmaster/booking-form';
import { formField } from './form-field';
import { html, raw, type SafeHtml } from './html';

/**
 * The booking bar's fields fragment (booking.md §3): what `tourmaster_tour_booking` returns as
 * `content` and what the tour page prints inside its booking form. Class names, `data-step`
 * values and input names are the ones the legacy script reads back.
 */

export function bookingFields(view: BookingFieldsModel): SafeHtml {
  return html`${view.legacyAvailable && availableLine(view.legacyAvailable)}${view.packagePicker && packagePicker(view.packagePicker)}${
    view.people &&
    html`${view.packageAvailable && availableLine(view.packageAvailable)}${peopleBlock(view.people)}${
      view.extraFields.length > 0 &&
      html`<div class="tourmaster-tour-booking-extra-info" data-step="999" >${view.extraFields.map(({ field, value }) =>
        formField('tourmaster-extra-booking-field', field, value),
      )}</div>`
    }${submit(view.askLogin)}`
  }`;
}

/** A notice in place of the fields, removed by the legacy script like any later step. */
export function bookingFieldsError(message: string): SafeHtml {
  return html`<div class="tourmaster-tour-booking-bar-error" data-step="999" >${message}</div>`;
}

function availableLine(a: SeatsLeft): SafeHtml {
  return html`<div class="tourmaster-tour-booking-available" data-step="2" >Available: ${a.left} ${a.unit}</div>`;
}

const NEXT_SIGN = raw('<div class="tourmaster-tour-booking-next-sign" ><span></span></div>');

function packagePicker(picker: PackagePicker): SafeHtml {
  const display = picker.chosen || picker.placeholder;
  return html`<div class="tourmaster-tour-booking-package" data-step="2" >${NEXT_SIGN}<i class="icon_check" ></i><div class="tourmaster-combobox-list-wrap" ><div class="tourmaster-combobox-list-display" ><span>${display}</span></div><input type="hidden" name="package" value="${picker.chosen}" /><ul>${picker.items.map(
    (item) =>
      html`<li data-value="${item.title}" class="${item.title === picker.chosen ? 'tourmaster-active' : ''}" ><span class="tourmaster-combobox-list-title" >${item.title}</span>${
        item.caption && html`<span class="tourmaster-combobox-list-caption" >${item.caption}</span>`
      }${item.startTime && html`<span class="tourmaster-combobox-list-time" >Start Time: ${item.startTime}</span>`}${
        item.available &&
        html`<span class="tourmaster-combobox-list-avail" >Available: ${item.available.left} ${item.available.unit}</span>`
      }</li>`,
  )}</ul></div></div>`;
}

export function combo(spec: ComboSpec): SafeHtml {
  const options: SafeHtml[] = [];
  for (let i = spec.min; i <= spec.max; i++) {
    options.push(html`<option value="${i}" ${String(i) === spec.selected && 'selected'} >${i}</option>`);
  }
  return html`<div class="tourmaster-combobox-wrap" ><select name="${spec.name}" ><option value="" >${spec.placeholder}</option>${options}</select></div>`;
}

function peopleBlock(block: PeopleBlock): SafeHtml {
  switch (block.kind) {
    case 'group':
      return html`<div class="tourmaster-tour-booking-group clearfix" data-step="4" ><input type="hidden" name="group" value="1" /></div>`;
    case 'fixed':
      return html`<div class="tourmaster-tour-booking-people clearfix" data-step="4" >${NEXT_SIGN}<i class="fa fa-users" ></i><div class="tourmaster-tour-booking-people-input" >${combo(block.combo)}</div></div>`;
    case 'variable':
      return html`<div class="tourmaster-tour-booking-people tourmaster-variable clearfix" data-step="4" >${NEXT_SIGN}<i class="fa fa-users" ></i><div class="tourmaster-tour-booking-people-input tourmaster-variable clearfix" >${block.combos.map(combo)}</div></div>`;
    case 'room':
      return html`<div class="tourmaster-tour-booking-room clearfix" data-step="3" >${NEXT_SIGN}<i class="fa fa-bed" ></i><div class="tourmaster-tour-booking-room-input" >${combo(block.roomCombo)}</div></div><div class="tourmaster-tour-booking-people-container" data-step="999" >${block.rooms.map(
        (room, i) => roomPeople(room, i + 1, true),
      )}</div><div class="tourmaster-tour-booking-room-template" data-step="999" >${roomPeople(block.template, 1, false)}</div>`;
  }
}

function roomPeople(room: RoomSpec, number: number, withStep: boolean): SafeHtml {
  return html`<div class="tourmaster-tour-booking-people tourmaster-variable clearfix" ${withStep && raw(' data-step="4" ')} ><span class="tourmaster-tour-booking-room-text" >Room <span>${number}</span> :</span><div class="tourmaster-tour-booking-people-input${room.variable ? ' tourmaster-variable clearfix' : ''}" >${room.combos.map(combo)}</div></div>`;
}

/** The lightning icon of the submit step, byte for byte as the theme prints it. */
const BOLT_ICON =
  raw(`<svg version="1.1" id="Capa_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
\t viewBox="0 0 512.007 512.007" style="enable-background:new 0 0 512.007 512.007;" xml:space="preserve">
\t\t<path d="M397.413,199.303c-2.944-4.576-8-7.296-13.408-7.296h-112v-176c0-7.552-5.28-14.08-12.672-15.648
\t\t\tc-7.52-1.6-14.88,2.272-17.952,9.152l-128,288c-2.208,4.928-1.728,10.688,1.216,15.2c2.944,4.544,8,7.296,13.408,7.296h112v176
\t\t\tc0,7.552,5.28,14.08,12.672,15.648c1.12,0.224,2.24,0.352,3.328,0.352c6.208,0,12-3.616,14.624-9.504l128-288
\t\t\tC400.805,209.543,400.389,203.847,397.413,199.303z" fill="#4692e7" />
</svg>
`);

function submit(askLogin: boolean): SafeHtml {
  return html`<div class="tourmaster-tour-booking-submit" data-step="5" >${NEXT_SIGN}${BOLT_ICON}<i class="fa fa-check-circle" ></i><div class="tourmaster-tour-booking-submit-input" ><input class="tourmaster-button" type="submit" value="Proceed Booking" ${askLogin && raw('data-ask-login="proceed-without-login"')} /><div class="tourmaster-tour-booking-submit-error" >* Please select all required fields to proceed to the next step.</div></div></div>`;
}
