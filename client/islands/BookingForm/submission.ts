import type { FieldLike } from '../../lib/form-fields';

/**
 * What the form would submit now, in page order (the platform's own serialisation of a form, as
 * the legacy script's `serialize` read it): the fields the island holds, the room template's
 * fields the plugin posts too, carried-over values and the attribution inputs. The booking steps,
 * the live price and the booking cookie are computed from it (lib/form-fields.ts). The booking
 * form has no checkboxes or radios, whose unchecked state a submission leaves out.
 */
export function submission(form: HTMLFormElement): FieldLike[] {
  return Array.from(new FormData(form), ([name, value]) => ({ name, type: 'text', value: String(value) }));
}
