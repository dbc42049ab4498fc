import type { BookingBlock, ComboProps, ExtraFieldProps, RoomProps } from '../../client/common/islands/BookingForm';
import type {
  BookingFieldsModel,
  ComboSpec,
  PeopleBlock,
  PackagePicker as PickerModel,
} from '../tourmaster/booking-form';
import { formField } from './form-field';
import { html, raw, type SafeHtml } from './html';

/**
 * The booking bar's fields fragment (booking.md §3): what `tourmaster_tour_booking` returns as
 * `content` and what the tour page prints inside its booking form. The model becomes the booking
 * island's typed blocks (client/common/islands/BookingForm.ts), and the markup is printed from the
 * same blocks: class names, `data-step` values and input names are the ones the legacy script
 * reads back.
 */

export function bookingBlocks(view: BookingFieldsModel): BookingBlock[] {
  const blocks: BookingBlock[] = [];
  if (view.legacyAvailable) blocks.push({ kind: 'available', ...view.legacyAvailable });
  if (view.packagePicker) blocks.push(packageBlock(view.packagePicker));
  if (!view.people) return blocks;
  if (view.packageAvailable) blocks.push({ kind: 'available', ...view.packageAvailable });
  blocks.push(...peopleBlocks(view.people));
  if (view.extraFields.length > 0) {
    blocks.push({
      kind: 'extra',
      fields: view.extraFields.map(({ field, value }) => ({
        name: field.slug,
        title: field.title,
        type: field.type,
        required: field.required,
        value,
        options: field.options.map((o) => ({ value: o.value, label: o.label })),
      })),
    });
  }
  blocks.push({ kind: 'submit', askLogin: view.askLogin });
  return blocks;
}

function packageBlock(picker: PickerModel): BookingBlock {
  return {
    kind: 'package',
    // Shown only while nothing is chosen (a choice is never undone).
    placeholder: picker.chosen ? '' : picker.placeholder,
    chosen: picker.chosen,
    items: picker.items.map((item) => ({
      title: item.title,
      caption: item.caption,
      startTime: item.startTime,
      ...(item.available ? { available: { left: item.available.left, unit: item.available.unit } } : {}),
    })),
  };
}

const comboProps = (spec: ComboSpec): ComboProps => ({ ...spec });

function peopleBlocks(people: PeopleBlock): BookingBlock[] {
  switch (people.kind) {
    case 'group':
      return [{ kind: 'group' }];
    case 'fixed':
      return [{ kind: 'people', variable: false, combos: [comboProps(people.combo)] }];
    case 'variable':
      return [{ kind: 'people', variable: true, combos: people.combos.map(comboProps) }];
    case 'room':
      return [
        {
          kind: 'rooms',
          room: comboProps(people.roomCombo),
          rooms: people.rooms.map((r) => ({ variable: r.variable, combos: r.combos.map(comboProps) })),
          template: { variable: people.template.variable, combos: people.template.combos.map(comboProps) },
        },
      ];
  }
}

/** The blocks' markup, as the plugin prints it. */
export function bookingBlocksHtml(blocks: readonly BookingBlock[]): SafeHtml {
  return html`${blocks.map(blockHtml)}`;
}

function blockHtml(block: BookingBlock): SafeHtml {
  switch (block.kind) {
    case 'notice':
      return bookingFieldsError(block.message);
    case 'available':
      return html`<div class="tourmaster-tour-booking-available" data-step="2" >Available: ${block.left} ${block.unit}</div>`;
    case 'package':
      return packagePicker(block);
    case 'group':
      return html`<div class="tourmaster-tour-booking-group clearfix" data-step="4" ><input type="hidden" name="group" value="1" /></div>`;
    case 'people':
      return block.variable
        ? html`<div class="tourmaster-tour-booking-people tourmaster-variable clearfix" data-step="4" >${NEXT_SIGN}<i class="fa fa-users" ></i><div class="tourmaster-tour-booking-people-input tourmaster-variable clearfix" >${block.combos.map(combo)}</div></div>`
        : html`<div class="tourmaster-tour-booking-people clearfix" data-step="4" >${NEXT_SIGN}<i class="fa fa-users" ></i><div class="tourmaster-tour-booking-people-input" >${block.combos.map(combo)}</div></div>`;
    case 'rooms':
      return html`<div class="tourmaster-tour-booking-room clearfix" data-step="3" >${NEXT_SIGN}<i class="fa fa-bed" ></i><div class="tourmaster-tour-booking-room-input" >${combo(block.room)}</div></div><div class="tourmaster-tour-booking-people-container" data-step="999" >${block.rooms.map(
        (room, i) => roomPeople(room, i + 1, true),
      )}</div><div class="tourmaster-tour-booking-room-template" data-step="999" >${roomPeople(block.template, 1, false)}</div>`;
    case 'extra':
      return html`<div class="tourmaster-tour-booking-extra-info" data-step="999" >${block.fields.map((field) =>
        formField('tourmaster-extra-booking-field', extraField(field), field.value),
      )}</div>`;
    case 'submit':
      return submit(block.askLogin);
  }
}

function extraField(field: ExtraFieldProps) {
  return { slug: field.name, title: field.title, type: field.type, required: field.required, options: field.options };
}

/** A notice in place of the fields, removed by the legacy script like any later step. */
export function bookingFieldsError(message: string): SafeHtml {
  return html`<div class="tourmaster-tour-booking-bar-error" data-step="999" >${message}</div>`;
}

const NEXT_SIGN = raw('<div class="tourmaster-tour-booking-next-sign" ><span></span></div>');

function packagePicker(picker: Extract<BookingBlock, { kind: 'package' }>): SafeHtml {
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

export function combo(spec: ComboProps): SafeHtml {
  const options: SafeHtml[] = [];
  for (let i = spec.min; i <= spec.max; i++) {
    options.push(html`<option value="${i}" ${String(i) === spec.selected && 'selected'} >${i}</option>`);
  }
  return html`<div class="tourmaster-combobox-wrap" ><select name="${spec.name}" ><option value="" >${spec.placeholder}</option>${options}</select></div>`;
}

function roomPeople(room: RoomProps, number: number, withStep: boolean): SafeHtml {
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
