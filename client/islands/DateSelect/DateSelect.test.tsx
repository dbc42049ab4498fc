import { readFileSync } from 'node:fs';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formField } from '../../../server/views/form-field';
import { dateSelectSchema } from '../../common/islands/DateSelect';
import { readIslandProps } from '../../lib/island-props';
import { dateSelectFromMarkup } from './adapter';
import { mount } from './index';

/** The register page's form fields as the plugin printed them (legacy-fixtures/pages/register.html). */
function registerFields(): string {
  const page = readFileSync('legacy-fixtures/pages/register.html', 'utf8');
  const start = page.indexOf('<div class="tourmaster-register-form-fields');
  return page.slice(start, page.indexOf('<input type="hidden" name="redirect"', start));
}

/** The register page's birth date as our server prints it (the register page's years: 2026 back 120). */
function ourBirthDate(): string {
  const field = { slug: 'birth_date', title: 'Birth Date', type: 'date', required: true, options: [] };
  const yearRange = Array.from({ length: 121 }, (_, i) => 2026 - i);
  return String(formField('tourmaster-profile-field', field, '', { yearRange }));
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.replaceChildren();
});

function mountBirthDate(): HTMLFormElement {
  document.body.innerHTML = `<form>${registerFields()}</form>`;
  const wrap = document.querySelector<HTMLElement>('.tourmaster-date-select') as HTMLElement;
  act(() => {
    unmount = mount(wrap);
  });
  return document.querySelector('form') as HTMLFormElement;
}

describe('the three-select birth date', () => {
  it('reads the plugin’s markup into its props', () => {
    document.body.innerHTML = registerFields();
    const props = dateSelectFromMarkup(document.querySelector('.tourmaster-date-select') as HTMLElement);
    expect({ ...props, years: props.years.length }).toEqual({
      name: 'birth_date',
      value: '',
      years: 121,
      title: 'Birth Date',
      required: true,
    });
    expect(props.years.slice(0, 2)).toEqual(['2026', '2025']);
  });

  it('reads the same props from the plugin’s markup as our server writes beside its own', () => {
    document.body.innerHTML = registerFields();
    const legacy = dateSelectFromMarkup(document.querySelector('.tourmaster-date-select') as HTMLElement);
    document.body.innerHTML = ourBirthDate();
    const wrap = document.querySelector('.tourmaster-date-select') as HTMLElement;
    expect(readIslandProps('DateSelect', wrap, dateSelectSchema)).toEqual(legacy);
  });

  it('renders from our server’s props on our pages', async () => {
    document.body.innerHTML = `<form>${ourBirthDate()}</form>`;
    act(() => {
      unmount = mount(document.querySelector<HTMLElement>('.tourmaster-date-select') as HTMLElement);
    });
    expect(document.querySelector('script')).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Birth Date, day' }), '31');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Birth Date, month' }), 'December');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Birth Date, year' }), '1999');
    expect(new FormData(document.querySelector('form') as HTMLFormElement).get('birth_date')).toBe('1999-12-31');
  });

  it('posts Y-M-D once the day, the month and the year are all chosen, and nothing otherwise', async () => {
    const form = mountBirthDate();
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Birth Date' });
    const posted = () => new FormData(form).get('birth_date');
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Birth Date, day' }), '3');
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Birth Date, month' }), 'May');
    expect(posted()).toBe('');
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Birth Date, year' }), '1990');
    expect(posted()).toBe('1990-5-3');
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Birth Date, month' }), 'Month');
    expect(posted()).toBe('');
  });

  it('keeps the markup the theme styles, and a printed value until a choice', () => {
    document.body.innerHTML = `<form>${registerFields().replace('name="birth_date" value=""', 'name="birth_date" value="1984-05-09"')}</form>`;
    act(() => {
      unmount = mount(document.querySelector<HTMLElement>('.tourmaster-date-select') as HTMLElement);
    });
    const wrap = document.querySelector('.tourmaster-tail > .tourmaster-date-select');
    const hidden = wrap?.nextElementSibling as HTMLInputElement;
    expect([hidden.type, hidden.name, hidden.value]).toEqual(['hidden', 'birth_date', '1984-05-09']);
    expect(Array.from(wrap?.children ?? [], (c) => c.className)).toEqual([
      'tourmaster-combobox-wrap tourmaster-form-field-alt-date',
      'tourmaster-combobox-wrap tourmaster-form-field-alt-month',
      'tourmaster-combobox-wrap tourmaster-form-field-alt-year',
    ]);
    expect(screen.getByRole('combobox', { name: 'Birth Date, day' })).toHaveProperty('value', '9');
    expect(screen.getByRole('combobox', { name: 'Birth Date, month' })).toHaveProperty('value', '5');
  });
});
