import { useContext } from 'react';
import { type RegisterOptions, useFormContext } from 'react-hook-form';
import { FieldElementsContext } from './field-elements';

export interface LegacyField {
  /** react-hook-form holds an error for it (after a submit). */
  invalid: boolean;
  /** For the native control that holds the value: react-hook-form reads it, and writes it on a reset. */
  ref: (element: HTMLElement | null) => void;
  /** For the element focused when the field is wrong (the control, or a widget's button). */
  focusRef: (element: HTMLElement | null) => void;
  /** The visitor's new value; after a first submit the field (and `deps`) are checked again at once. */
  change: (value: string | boolean) => void;
}

/**
 * A field of the plugin's markup in react-hook-form. Its legacy name (what the form posts, e.g.
 * `tour-people[]` once per room) cannot be its form key: react-hook-form reads `[` and `.` in a key
 * as a path, and its change handler finds the field by the element's name. So each field is
 * registered under a key of its own, and its control reports values through `change`.
 *
 * `value` is the printed value: react-hook-form puts it in the control when the control mounts
 * (the control gets no `defaultValue`, which preact/compat would also print as an attribute on a
 * select).
 */
export function useLegacyField(
  key: string,
  options: { value: string | boolean; rules?: RegisterOptions; deps?: readonly string[] },
): LegacyField {
  const { register, setValue, trigger, getFieldState, formState } = useFormContext();
  const elements = useContext(FieldElementsContext);
  const { ref } = register(key, { ...options.rules, value: options.value });
  const deps = options.deps ?? [];
  // Read here, so the form re-renders its fields when a check changes them.
  const { invalid } = getFieldState(key, formState);
  const submitted = formState.isSubmitted;
  return {
    invalid,
    ref,
    focusRef(element) {
      if (element) elements?.set(key, element);
      else elements?.delete(key);
    },
    change(value) {
      setValue(key, value, { shouldDirty: true });
      if (submitted) void trigger([key, ...deps]);
    },
  };
}
