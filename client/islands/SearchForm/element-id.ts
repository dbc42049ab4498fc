let ids = 0;

/** The element's id, given one (`base-N`) when it has none, for labels and `aria-controls`. */
export function uid(element: HTMLElement, base: string): string {
  element.id ||= `${base}-${++ids}`;
  return element.id;
}
