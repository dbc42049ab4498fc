/**
 * The control each type of the plugin's custom-field syntax prints (`tourmaster_get_form_field`):
 * read by the server's markup (server/views/form-field.ts) and by the islands that render the same
 * fields (client/lib/FormField.tsx). Kept apart from the fields' schema (islands/form-field.ts),
 * which the payment page's first chunk carries: only the forms' own chunks load this.
 */

/** The control a type prints: `select` for combobox and country, `date` for the three selects. */
export type ControlKind = 'text' | 'email' | 'textarea' | 'select' | 'datepicker' | 'date';

const OWN_CONTROLS: readonly string[] = ['email', 'textarea', 'datepicker', 'date'];

/** Any type the plugin does not know is a text input. */
export function controlOf(type: string): ControlKind {
  if (type === 'combobox' || type === 'country') return 'select';
  return OWN_CONTROLS.includes(type) ? (type as ControlKind) : 'text';
}
