import type { PaymentPageProps } from '../../common/islands/PaymentPage';
import { type AjaxResult, type AjaxValue, postAjax } from '../../lib/ajax';
import type { Store } from '../../lib/store';
import type { ContactStepHandle } from './ContactStep/useContactForm';
import {
  asTemplateReply,
  type BookingDetail,
  bookingDetailCookie,
  overlayFields,
  replyOutcome,
  type TemplateReply,
} from './detail';
import type { CouponMessage } from './Sidebar/CouponBox';
import { STEP_TITLES } from './StepBar';
import {
  type PaymentView,
  type StepModules,
  serviceChoicesOf,
  sidebarStateOf,
  termsShown,
  viewFields,
} from './view-state';

/** The contact step's module, fetched for a contact step only. */
export const loadContactStep = () => import('./ContactStep/ContactStep').then((m) => m.ContactStep);
/** The payment step's module (its content, PayPal's buttons, the completion), fetched after the contact step. */
export const loadPaymentStep = () => import('./PaymentStep/index');

/**
 * The card gateway's form (Stripe.js and its Payment Element), fetched when a reply carries its
 * Stripe keys. Imported from here, the island's first chunk: a chunk the payment step's module
 * fetched by itself would pull the site's whole stylesheet in with it (scripts/bundle-budgets.ts).
 */
export const loadStripeForm = () => import('../StripeForm/StripeForm');

/** The admin-ajax URL a legacy control names, if it is one (a page path or an http(s) URL). */
const urlOr = (url: string | undefined, fallback: string) => (url && /^(https?:\/\/|\/)/.test(url) ? url : fallback);

/**
 * The payment page's actions (payment.md §3): each step's request, the coupon, the sidebar's
 * refresh, and the checks before them (the payments are the payment step's module's: payments.ts). They read and change the page's state (the
 * store) and the booking detail; React renders the page from the store.
 */
export class PaymentFlow {
  /** The booking detail as stored (`data-booking-detail`, then each reply's cookie). */
  private stored: BookingDetail;
  private serviceTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;

  constructor(
    readonly store: Store<PaymentView>,
    readonly ajaxUrl: string,
    private readonly wrapper: HTMLElement,
    detail: BookingDetail,
    readonly contact: { current: ContactStepHandle | null },
    readonly editForm: { current: HTMLFormElement | null },
    readonly termsInput: { current: HTMLInputElement | null },
  ) {
    this.stored = detail;
  }

  /** Where PayPal's buttons go, as the payment methods render their container (one function, so React calls it once per container). */
  readonly paypalRef = (paypalHost: HTMLElement | null): void => {
    if (paypalHost !== this.store.get().paypalHost) this.store.set({ paypalHost });
  };

  readonly loadStripeForm = loadStripeForm;

  stop(): void {
    clearTimeout(this.serviceTimer);
  }

  /** The detail with what the visitor set on the page (the contact form's values, the controls'). */
  currentDetail(): BookingDetail {
    const view = this.store.get();
    const contact = view.props.contact ? (this.contact.current?.fields() ?? []) : [];
    this.stored = overlayFields(this.stored, [...viewFields(view), ...contact]);
    this.wrapper.dataset.bookingDetail = JSON.stringify(this.stored);
    return this.stored;
  }

  /**
   * The detail as a request sends it: the current detail and the order's source (marketing consent
   * only, client/lib/attribution.ts) as it is at this moment, its module fetched with the first request.
   */
  async detailToSend(): Promise<BookingDetail> {
    const { attributionFields } = await import('../../lib/attribution');
    const source = attributionFields(document.cookie).map((f) => ({ ...f, kind: 'other' as const, checked: false }));
    this.stored = overlayFields(this.currentDetail(), source);
    return this.stored;
  }

  // ── Steps ──────────────────────────────────────────────────────────────────────────────────────

  goToStep(step: number, name?: string, value?: string): Promise<void> {
    return this.exclusive(async () => {
      if (!(step >= 2 && step <= 4)) return;
      if (step === 3 && this.store.get().step <= 2 && !(await this.checkContact())) return;
      if (step === 4 && !this.checkTerms()) return;
      const result = await this.request((sent) => {
        const detail: BookingDetail = { ...sent, step: String(step) };
        if (name) detail[name] = value ?? '';
        this.stored = detail;
        return { action: 'tourmaster_payment_template', booking_detail: detail };
      });
      await this.applyReply(result, step, false);
    });
  }

  /**
   * One action at a time: a second click while a step, a payment or a coupon is on its way does
   * nothing (the buttons show busy too, but only once React has rendered).
   */
  async exclusive(action: () => Promise<void>): Promise<void> {
    if (this.inFlight) return;
    this.inFlight = true;
    try {
      await action();
    } finally {
      this.inFlight = false;
    }
  }

  /** Back to the tour page with this booking (booking.md §7.4): the sidebar's form posts it as `tour_temp`. */
  editTour(): void {
    const form = this.editForm.current;
    const input = form?.elements.namedItem('tour_temp');
    if (!form || !(input instanceof HTMLInputElement)) return;
    input.value = JSON.stringify(this.currentDetail());
    form.submit();
  }

  // ── The sidebar ──────────────────────────────────────────────────────────────────────────────

  applyCoupon(): Promise<void> {
    return this.exclusive(async () => {
      const { props, sidebar } = this.store.get();
      const coupon = props.sidebar?.coupon;
      if (!coupon) return;
      const result = await this.request(
        {
          action: 'tourmaster_validate_coupon_code',
          coupon_code: sidebar.couponCode,
          tour_id: coupon.tourId,
          tid: coupon.tid,
        },
        urlOr(coupon.ajaxUrl, this.ajaxUrl),
      );
      const answer = couponAnswer(result);
      this.store.set((v) => ({ status: '', sidebar: { ...v.sidebar, coupon: answer } }));
      if (answer.status === 'success') await this.refreshSidebar();
    });
  }

  /**
   * A service chosen or its amount typed: the sidebar re-priced a second after the last change (as
   * the plugin's script did), so a box ticked and an amount typed make one request.
   */
  servicesChanged(): void {
    clearTimeout(this.serviceTimer);
    this.serviceTimer = setTimeout(() => void this.refreshSidebar(), 1000);
  }

  /** The sidebar again for the detail as it is now (`sub_action=update_sidebar`). */
  async refreshSidebar(): Promise<void> {
    const result = await postAjax(this.ajaxUrl, {
      action: 'tourmaster_payment_template',
      booking_detail: await this.detailToSend(),
      sub_action: 'update_sidebar',
    });
    if (result.kind !== 'ok') return;
    const reply = asTemplateReply(result.data);
    if (reply.sidebar !== undefined) await this.showSidebar(reply);
    if (reply.cookie && typeof reply.cookie === 'object' && !Array.isArray(reply.cookie))
      this.storeCookie(reply.cookie);
  }

  // ── Checks ─────────────────────────────────────────────────────────────────────────────────────

  /** Every terms box ticked before a booking or a payment; the box gets the focus if not. */
  checkTerms(): boolean {
    const { props, terms } = this.store.get();
    if (!termsShown(props) || terms.agreed) return true;
    this.store.set({ terms: { agreed: false, invalid: true } });
    this.termsInput.current?.focus();
    return false;
  }

  /** The contact step's check (payment.md §3), its form's: the first problem's text in its error box. */
  private async checkContact(): Promise<boolean> {
    const handle = this.store.get().props.contact ? this.contact.current : null;
    if (!handle) return true;
    const ok = await handle.check();
    if (!ok) this.store.set({ status: '' });
    return ok;
  }

  // ── Requests and replies ───────────────────────────────────────────────────────────────────────

  /** A request, the page busy meanwhile; `data` built from the detail to send where it carries one. */
  async request(
    data: Record<string, AjaxValue> | ((detail: BookingDetail) => Record<string, AjaxValue>),
    url = this.ajaxUrl,
  ): Promise<AjaxResult<unknown>> {
    this.store.set({ busy: true, status: 'Loading…', alert: undefined });
    try {
      return await postAjax(url, typeof data === 'function' ? data(await this.detailToSend()) : data);
    } finally {
      this.store.set({ busy: false });
    }
  }

  private storeCookie(cookie: unknown): void {
    // biome-ignore lint/suspicious/noDocumentCookie: the legacy protocol's cookie, read by the server on the next page
    document.cookie = bookingDetailCookie(cookie);
    if (cookie && typeof cookie === 'object' && !Array.isArray(cookie)) this.stored = cookie as BookingDetail;
    this.wrapper.dataset.bookingDetail = JSON.stringify(cookie);
  }

  /** A reply's sidebar: its props, or WordPress's markup read by the adapter (fetched for it only). */
  private async showSidebar(reply: TemplateReply): Promise<void> {
    const style2 = this.store.get().props.sidebar?.style2 === true;
    const sidebar = reply.props?.sidebar ?? (await import('./adapter')).adaptSidebar(reply.sidebar ?? '', style2);
    this.store.set((v) => ({ props: { ...v.props, sidebar }, sidebar: sidebarStateOf(sidebar, v.sidebar) }));
  }

  async applyReply(result: AjaxResult<unknown>, asked: number, payment: boolean): Promise<void> {
    if (result.kind !== 'ok') {
      const alert =
        result.kind === 'error'
          ? 'The booking could not be sent. Please check your connection and try again.'
          : result.message || 'The booking could not be completed. Please try again.';
      this.store.set({ status: '', alert });
      return;
    }
    const reply = asTemplateReply(result.data);
    const outcome = replyOutcome(reply, asked, payment);
    if (reply.sidebar !== undefined) await this.showSidebar(reply);
    if (outcome.kind === 'refused') {
      // The booking or payment was not taken: the step stays as it was, with the reason.
      this.store.set({ status: '', alert: outcome.message });
      return;
    }
    if (reply.cookie !== undefined) this.storeCookie(reply.cookie);
    if (reply.content === undefined) {
      this.store.set({ status: '' });
      return;
    }
    const step = outcome.kind === 'complete' ? 4 : outcome.step;
    // WordPress's replies have no props: its markup is read by the adapter (its sidebar already, above).
    const props = reply.props ?? (await import('./adapter')).adaptReply(reply.content, step);
    await this.showStep(step, props, reply.content, payment);
  }

  /** A new step: its modules first (while the step before still shows), then its props. */
  private async showStep(step: number, props: PaymentPageProps, html: string, payment: boolean): Promise<void> {
    const modules: StepModules = { ...this.store.get().modules };
    if (props.contact) modules.contact ??= await loadContactStep();
    else modules.payment ??= await loadPaymentStep();
    if (modules.payment) props = modules.payment.checkedProps(props);
    const typed = props.contact ?? props.payment ?? props.complete;
    this.store.set((v) => ({
      step,
      modules,
      props: { ...props, sidebar: props.sidebar ?? v.props.sidebar },
      // The card gateway's form comes with the Stripe keys beside it (checked by its module).
      fragment: typed ? undefined : { html, gateway: payment, ...(props.stripe && { stripe: props.stripe }) },
      contactKey: v.contactKey + (props.contact ? 1 : 0),
      shown: v.shown + 1,
      services: serviceChoicesOf(props),
      terms: { agreed: false, invalid: false },
      status: `Step ${step} of 4: ${STEP_TITLES[step - 1]}`,
    }));
  }
}

/** What `tourmaster_validate_coupon_code` answered, as the coupon box shows it. */
function couponAnswer(result: AjaxResult<unknown>): CouponMessage {
  if (result.kind === 'error')
    return { status: 'failed', message: 'The coupon could not be checked. Please try again.' };
  const data = result.data as { status?: unknown; message?: unknown } | undefined;
  return { status: data?.status === 'success' ? 'success' : 'failed', message: String(data?.message ?? '') };
}
