import { controlOf } from '../../client/common/field-control';
import type { DateSelectProps } from '../../client/common/islands/DateSelect';
import { MONTHS } from '../php/date';
import type { CustomField } from '../tourmaster/custom-fields';
import { html, type SafeHtml } from './html';
import { islandProps } from './island-props';

/** A field of the plugin's custom-field mini-syntax (parsed by tourmaster/custom-fields.ts). */
export type FormFieldSpec = Pick<CustomField, 'slug' | 'title' | 'type' | 'required' | 'options'>;

/**
 * The plugin's form-field markup (`tourmaster_get_form_field`), shared by the booking bar's extra
 * fields, the payment page's contact fields and the profile forms. `wrapper` is the class prefix,
 * e.g. `tourmaster-extra-booking-field` or `tourmaster-profile-field`.
 */
export function formField(
  wrapper: string,
  field: FormFieldSpec,
  value: string,
  options: {
    yearRange?: readonly number[];
    /** One `data-{name}="{value}"` attribute on the input (the billing fields' `data-contact-detail`). */
    data?: { name: string; value: string };
  } = {},
): SafeHtml {
  return html`<div class="${wrapper} ${wrapper}-${field.slug} tourmaster-type-${field.type} clearfix" ><div class="tourmaster-head" >${field.title}${field.required && html`<span class="tourmaster-req" >*</span>`}</div><div class="tourmaster-tail clearfix" >${fieldInput(field, value, options.yearRange, options.data)}</div></div>`;
}

const required = (field: FormFieldSpec) => field.required && html` data-required `;

function fieldInput(
  field: FormFieldSpec,
  value: string,
  yearRange: readonly number[] = [],
  data?: { name: string; value: string },
): SafeHtml {
  const attrs = html`${data && html` data-${data.name}="${data.value}" `}${required(field)}`;
  switch (controlOf(field.type)) {
    case 'textarea':
      return html`<textarea name="${field.slug}" ${attrs} >${value}</textarea>`;
    case 'select':
      return html`<div class="tourmaster-combobox-wrap" ><select name="${field.slug}" ${attrs} >${field.options.map(
        (o) => html`<option value="${o.value}" ${o.value === value && 'selected'} >${o.label}</option>`,
      )}</select></div>`;
    case 'datepicker':
      return html`<input type="text" class="tourmaster-datepicker" name="${field.slug}" value="${value}" /><i class="fa fa-calendar" ></i>`;
    case 'date':
      return dateSelects(field, value, yearRange);
    case 'email':
      return html`<input type="email" name="${field.slug}" value="${value}" ${attrs} />`;
    default:
      return html`<input type="text" name="${field.slug}" value="${value}" ${attrs} />`;
  }
}

/** Three selects the plugin's script joins into the hidden `Y-m-d` input (not zero-padded). */
function dateSelects(field: FormFieldSpec, value: string, years: readonly number[]): SafeHtml {
  const [y = '', m = '', d = ''] = value.split('-');
  const select = (type: string, placeholder: string, choices: readonly (readonly [string, string])[], chosen: string) =>
    html`<div class="tourmaster-combobox-wrap tourmaster-form-field-alt-${type}" ><select data-type="${type}" ><option value="" ${chosen === '' && 'selected'} >${placeholder}</option>${choices.map(
      ([v, label]) => html`<option value="${v}" ${v === chosen && 'selected'} >${label}</option>`,
    )}</select></div>`;
  const days = Array.from({ length: 31 }, (_, i) => [String(i + 1), String(i + 1)] as const);
  const months = MONTHS.map((name, i) => [String(i + 1), name] as const);
  const yearChoices = years.map((year) => [String(year), String(year)] as const);
  const props: DateSelectProps = {
    name: field.slug,
    value,
    years: yearChoices.map(([year]) => year),
    title: field.title,
    required: field.required,
  };
  return html`<div class="tourmaster-date-select" >${islandProps('DateSelect', props)}${select('date', 'Date', days, d.replace(/^0/, ''))}${select('month', 'Month', months, m.replace(/^0/, ''))}${select('year', 'Year', yearChoices, y)}</div><input type="hidden" name="${field.slug}" value="${value}" />`;
}
