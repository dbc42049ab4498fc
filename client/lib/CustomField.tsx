import { type ComponentType, useRef } from 'react';
import type { CustomFieldSpec } from './custom-field';
import { useLegacyField } from './legacy-field';
import { Options } from './Options';
import { Raw, RawList, ShellElement } from './RawMarkup';

/** A calendar for `datepicker` fields; without one the field is a plain text input (`Y-m-d`). */
export type DatepickerComponent = ComponentType<{
  value: string;
  onChange: (value: string) => void;
  fieldRef?: (element: HTMLInputElement | null) => void;
  name: string;
  className: string;
  'aria-label'?: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
}>;

interface Props {
  spec: CustomFieldSpec;
  datepicker?: DatepickerComponent;
  /** A change the visitor committed (a choice, or typing then leaving the field), by legacy name. */
  onEdited?: (name: string, value: string) => void;
}

/**
 * One of the plugin's form fields (lib/custom-field.ts) rendered again with its wrapper, title and
 * tail. The control keeps its legacy name (the form posts it) and is held by react-hook-form under
 * the spec's key: a required field left empty is the form's error, marked `aria-invalid`. The
 * title, a sibling `div` in the plugin's markup, becomes the control's accessible name.
 */
export function CustomField({ spec, datepicker, onEdited }: Props) {
  const binding = useFieldBinding(spec, onEdited);
  return (
    <ShellElement shell={spec.shell}>
      {spec.head ? <Raw node={spec.head} /> : null}
      <ShellElement shell={spec.tail}>
        <FieldControl control={spec.control} binding={binding} datepicker={datepicker} />
      </ShellElement>
    </ShellElement>
  );
}

type FieldBinding = ReturnType<typeof useFieldBinding>;

/**
 * The control's props for react-hook-form and the legacy `change`: `text` for a typed control, which
 * commits when the visitor leaves it; `choose` for a choice, committed at once.
 */
function useFieldBinding(spec: CustomFieldSpec, onEdited: Props['onEdited']) {
  const { control } = spec;
  const field = useLegacyField(spec.key, { value: control.value, rules: { required: spec.required } });
  const ref = (element: HTMLElement | null) => {
    field.ref(element);
    field.focusRef(element);
  };
  const committed = useRef(control.value);
  const commit = (next: string) => {
    committed.current = next;
    onEdited?.(control.name, next);
  };
  const a11y = {
    'aria-label': spec.label || undefined,
    'aria-required': spec.required || undefined,
    'aria-invalid': field.invalid || undefined,
  };
  const text = {
    name: control.name,
    ref,
    ...(spec.required ? { 'data-required': '' } : {}),
    ...a11y,
    onChange: (event: { target: { value: string } }) => field.change(event.target.value),
    // As the `change` event: once the visitor leaves a field they typed in.
    onBlur: (event: { target: { value: string } }) => {
      if (event.target.value !== committed.current) commit(event.target.value);
    },
  };
  const choose = (next: string) => {
    field.change(next);
    commit(next);
  };
  return { ref, a11y, text, choose };
}

/** The control for the field's type, as the plugin prints it. */
function FieldControl({
  control,
  binding,
  datepicker: Datepicker,
}: {
  control: CustomFieldSpec['control'];
  binding: FieldBinding;
  datepicker: DatepickerComponent | undefined;
}) {
  const { text, choose } = binding;
  switch (control.type) {
    case 'text':
    case 'email':
      return <input type={control.type} {...text} />;
    case 'textarea':
      return <textarea {...text} />;
    case 'select':
      return (
        <div className="tourmaster-combobox-wrap">
          <select {...text} onChange={(event) => choose(event.target.value)}>
            <Options options={control.options} />
          </select>
        </div>
      );
    case 'datepicker':
      return (
        <>
          {Datepicker ? (
            <Datepicker
              className="tourmaster-datepicker"
              name={control.name}
              value={control.value}
              fieldRef={binding.ref}
              onChange={choose}
              {...binding.a11y}
            />
          ) : (
            <input type="text" className="tourmaster-datepicker" {...text} />
          )}
          <RawList nodes={control.after} />
        </>
      );
  }
}
