import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { formField } from '../../server/views/form-field';
import type { FormFieldProps } from '../common/islands/form-field';
import { type ControlAttributes, FieldControl, FormField } from './FormField';
import { useLegacyField } from './legacy-field';

const field = (type: string, extra: Partial<FormFieldProps> = {}): FormFieldProps => ({
  name: 'pickup',
  title: 'Pickup hotel',
  type,
  required: false,
  value: '',
  options: [],
  ...extra,
});

const SIZES = [
  { value: '', label: 'Group size' },
  { value: '2', label: 'Two' },
  { value: '3', label: 'Three' },
];

/** A field held by react-hook-form as the forms hold theirs, in a form with a submit button. */
function Form({ props, datepicker }: { props: FormFieldProps; datepicker?: ReactNode }) {
  const methods = useForm({ mode: 'onSubmit' });
  return (
    <FormProvider {...methods}>
      <form onSubmit={methods.handleSubmit(() => {})}>
        <Bound props={props} datepicker={datepicker} />
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

function Bound({ props, datepicker }: { props: FormFieldProps; datepicker?: ReactNode }) {
  const binding = useLegacyField('key', { value: props.value, rules: { required: props.required } });
  const control: ControlAttributes = {
    name: props.name,
    ref: binding.ref,
    'aria-label': props.title,
    'aria-invalid': binding.invalid || undefined,
    ...(binding.invalid ? { className: 'tourmaster-validate-error' } : {}),
    onChange: (event) => binding.change(event.target.value),
  };
  return (
    <FormField wrapper="tourmaster-extra-booking-field" field={props} headId="head">
      <FieldControl field={props} control={control} datepicker={datepicker} />
    </FormField>
  );
}

/** Each element's tag, classes, name and type: the markup the site's CSS and legacy scripts read. */
function shape(root: Element): string[] {
  return Array.from(root.querySelectorAll('*'), (el) =>
    [el.localName, el.getAttribute('class'), el.getAttribute('name'), el.getAttribute('type')].join(' '),
  );
}

function serverShape(props: FormFieldProps): string[] {
  const host = document.createElement('div');
  host.innerHTML = String(formField('tourmaster-extra-booking-field', { ...props, slug: props.name }, props.value));
  return shape(host);
}

describe('the shared form field', () => {
  it.each(['text', 'email', 'textarea', 'combobox', 'country', 'datepicker', 'phone'])(
    'renders a %s field with the markup the server prints for it',
    (type) => {
      const props = field(type, { required: true, options: type === 'combobox' || type === 'country' ? SIZES : [] });
      const { container } = render(<Form props={props} />);
      const wrapper = container.querySelector('form > div');
      expect(wrapper && shape(wrapper.parentElement as Element).slice(0, -1)).toEqual(serverShape(props));
      expect(wrapper?.className).toBe(
        `tourmaster-extra-booking-field tourmaster-extra-booking-field-pickup tourmaster-type-${type} clearfix`,
      );
    },
  );

  it('shows the title, with the star only when required, as the head its id names', () => {
    const { container, rerender } = render(<Form props={field('text', { required: true })} />);
    expect(container.querySelector('#head')?.textContent).toBe('Pickup hotel*');
    rerender(<Form props={field('textarea')} />);
    expect(container.querySelector('#head')?.textContent).toBe('Pickup hotel');
    expect(container.querySelector('.tourmaster-req')).toBeNull();
  });

  it('shows the printed value: typed, or the chosen option of a select', () => {
    const { unmount } = render(<Form props={field('email', { value: 'guest@example.test' })} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Pickup hotel' }).value).toBe('guest@example.test');
    unmount();
    render(<Form props={field('combobox', { value: '3', options: SIZES })} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Pickup hotel' });
    expect(select.value).toBe('3');
    expect(Array.from(select.options, (o) => [o.value, o.text])).toEqual(SIZES.map((o) => [o.value, o.label]));
  });

  it('marks a required field left empty after a submit, and clears the mark once filled', async () => {
    render(<Form props={field('text', { required: true })} />);
    const input = screen.getByRole('textbox', { name: 'Pickup hotel' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toBe('tourmaster-validate-error');
    await userEvent.type(input, 'Hotel Plaka');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the datepicker’s class beside the form’s error class', async () => {
    const { container } = render(<Form props={field('datepicker', { required: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(container.querySelector('input[name="pickup"]')?.className).toBe(
      'tourmaster-datepicker tourmaster-validate-error',
    );
  });

  it('puts a form’s calendar in place of the datepicker input, before the icon', () => {
    const { container } = render(<Form props={field('datepicker')} datepicker={<input name="calendar" />} />);
    expect(shape(container.querySelector('.tourmaster-tail') as Element)).toEqual([
      'input  calendar ',
      'i fa fa-calendar  ',
    ]);
  });

  it('is a text input for the `date` type where the form draws no three selects', () => {
    render(<Form props={field('date', { value: '2027-4-10' })} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Pickup hotel' });
    expect([input.type, input.value]).toEqual(['text', '2027-4-10']);
  });
});
