import type flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { Options } from 'flatpickr/dist/types/options';

/** What makes the visitor reach for a calendar: flatpickr is loaded then, and opened. */
const OPENERS = ['focus', 'pointerdown', 'keydown'] as const;

export interface LazyPicker {
  /** The calendar once it is loaded. */
  readonly instance: Instance | undefined;
  destroy: () => void;
}

/**
 * flatpickr on an input, loaded (`load`, a chunk of its own) when the visitor first focuses or
 * presses the input, with the options as they are then: most pages never open the calendar, so
 * they never download it. Used by the booking form's date and the search form's.
 */
export function lazyPicker(
  input: HTMLInputElement,
  load: () => Promise<{ default: typeof flatpickr }>,
  options: () => Partial<Options>,
): LazyPicker {
  let picker: Instance | undefined;
  let gone = false;
  const start = async () => {
    for (const type of OPENERS) input.removeEventListener(type, start);
    const { default: create } = await load();
    if (gone) return;
    picker = create(input, options());
    // The gesture that loaded it happened before it listened: it opens now, where it still makes sense.
    if (document.activeElement === input) picker.open();
  };
  for (const type of OPENERS) input.addEventListener(type, start);
  return {
    get instance() {
      return picker;
    },
    destroy: () => {
      gone = true;
      for (const type of OPENERS) input.removeEventListener(type, start);
      picker?.destroy();
    },
  };
}
