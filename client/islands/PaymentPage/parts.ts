/**
 * The page's places the island renders into (the plugin's layout, on our pages and WordPress's):
 * the step's content, the sidebar, the step bar's list; found once as the island mounts.
 */
export interface PageParts {
  wrapper: HTMLElement;
  content: HTMLElement;
  sidebar: HTMLElement;
  /** Where the step list goes (`.tourmaster-payment-step-inner`), if the page has a step bar. */
  stepInner: HTMLElement | null;
  /** The bar is the clickable one (`#tourmaster-payment-step-wrap`), not an existing order's. */
  backAllowed: boolean;
  style2: boolean;
  /** The step the page was printed at (the step bar's current item). */
  initialStep: number;
}

export function partsOf(element: HTMLElement): PageParts {
  const content = element.querySelector<HTMLElement>('#tourmaster-tour-payment-content');
  const sidebar = element.querySelector<HTMLElement>('#tourmaster-tour-booking-bar-inner');
  if (!content || !sidebar) throw new Error('PaymentPage: the page has no content or sidebar');
  const page = element.closest('#tourmaster-page-wrapper') ?? document;
  const stepWrap =
    page.querySelector<HTMLElement>('#tourmaster-payment-step-wrap') ??
    page.querySelector<HTMLElement>('.tourmaster-payment-step-wrap');
  const stepInner = stepWrap?.querySelector<HTMLElement>('.tourmaster-payment-step-inner') ?? null;
  const current = stepInner?.querySelector<HTMLElement>('.tourmaster-payment-step-item.tourmaster-current');
  return {
    wrapper: element,
    content,
    sidebar,
    stepInner,
    backAllowed: stepWrap?.id === 'tourmaster-payment-step-wrap',
    style2: element.closest('.tourmaster-payment-style-2') !== null,
    initialStep: Number(current?.dataset.step ?? 0) || 0,
  };
}
