import { type MutableRefObject, useLayoutEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type CompleteProps, type ContactStepProps, PaymentPageProps } from '../../common/islands/PaymentPage';
import { AttributionInputs } from '../../lib/AttributionInputs';
import { type AjaxResult, type AjaxValue, postAjax } from '../../lib/ajax';
import { readIslandProps } from '../../lib/island-props';
import '../../styles/payment.css';
import type { PaypalCapturedOrder } from '../PaypalButtons/sdk';
import type { ContactStep } from './ContactStep';
import {
  asTemplateReply,
  type BookingDetail,
  bookingDetailCookie,
  overlayFields,
  parseBookingDetail,
  replyOutcome,
} from './detail';
import { ACTION_SELECTOR, collectNamedFields, enhance, scriptsOf } from './dom';
import { PaymentAlert } from './PaymentAlert';
import type { PaymentStep, PaymentStepHost } from './payment-step';
import { readPaymentProps } from './props';
import { STEP_TITLES, StepBar } from './StepBar';
import { paypalAmount, readSidebarVars, type SidebarVars, windowAssignments } from './sidebar-vars';
import type { ContactStepHandle } from './useContactForm';

/**
 * The payment page's steps (payment.md §2–§3) on `#tourmaster-payment-template-wrapper`: contact
 * details → payment → complete, each step fetched from `tourmaster_payment_template`. The island
 * gets the step's typed props (client/common/islands/PaymentPage.ts): our server writes them beside
 * the marker and in its replies; for WordPress's pages and replies adapter.ts reads them from the
 * markup. The contact step is React's (ContactStep, react-hook-form), as are the completion
 * (Completion), the step bar, the messages and PayPal's buttons. The payment step's content and
 * the sidebar are still the server's fragments, driven by PaymentController below and
 * payment-step.ts (coupon, terms, services, payment methods), until they get typed props of their own.
 * What the page loads is kept within its budget (60 KB, scripts/bundle-budgets.ts) by fetching
 * each step's module for that step only: ContactStep.tsx for the contact step, payment-step.ts
 * (with PayPal's buttons) after it, adapter.ts only for WordPress's markup.
 */

interface Parts {
  wrapper: HTMLElement;
  content: HTMLElement;
  sidebar: HTMLElement;
  /** Where the step list goes (`.tourmaster-payment-step-inner`), if the page has a step bar. */
  stepInner: HTMLElement | null;
  /** The bar is the clickable one (`#tourmaster-payment-step-wrap`), not an existing order's. */
  backAllowed: boolean;
  style2: boolean;
  initialStep: number;
  /** The step's typed props: the server's beside the marker, else read from WordPress's markup. */
  props: PaymentPageProps;
  /** The contact step's component, when the page starts there; else the payment step's module. */
  contactForm?: ContactForm;
  paymentStep?: typeof PaymentStep;
}

type ContactForm = typeof ContactStep;

/**
 * The contact step's module (its forms, react-hook-form's checks): fetched for a page or a reply at
 * step 2 only, before the step is shown, so the payment step does not carry it.
 */
const loadContactForm = (): Promise<ContactForm> => import('./ContactStep').then((m) => m.ContactStep);

/** The payment step's module (payment-step.ts): fetched for the steps after the contact step. */
const loadPaymentStep = () => import('./payment-step').then((m) => m.PaymentStep);

/**
 * Mounts the island. On our pages the props are beside the marker; only on WordPress's pages is
 * adapter.ts fetched to read them from the markup (it is not part of what our payment page loads).
 */
export function mount(element: HTMLElement): (() => void) | Promise<() => void> {
  const { ajaxUrl } = readPaymentProps(element);
  const written = readIslandProps('PaymentPage', element, PaymentPageProps);
  const parts = partsOf(element);
  const start = (props: PaymentPageProps) =>
    props.contact
      ? loadContactForm().then((form) => render({ ...parts, contactForm: form }, props, ajaxUrl))
      : loadPaymentStep().then((step) => render({ ...parts, paymentStep: step }, props, ajaxUrl));
  if (written) return start(written);
  return import('./adapter').then(({ adaptPage }) => start(adaptPage(element, parts.initialStep)));
}

/** The page's parts the island works on, found once (the props come later). */
function partsOf(element: HTMLElement): Parts {
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
    props: { step: 0 },
  };
}

function render(parts: Parts, props: PaymentPageProps, ajaxUrl: string): () => void {
  parts.props = props;
  const { content, stepInner } = parts;
  // A step rendered from props is React's from here on: the server's copy of it goes.
  if (props.contact || props.complete) content.replaceChildren();
  // The legacy items are replaced by the island's list (same classes, buttons inside).
  if (stepInner) stepInner.replaceChildren();
  const host = document.createElement('div');
  host.className = 'tourmaster-payment-island';
  content.before(host);
  const root = createRoot(host);
  root.render(<PaymentPage parts={parts} ajaxUrl={ajaxUrl} />);
  return () => {
    root.unmount();
    host.remove();
  };
}

interface ViewState {
  step: number;
  busy: boolean;
  status: string;
  alert: string | undefined;
  vars: SidebarVars;
  paymentType: string;
  paypalHost: HTMLElement | null;
  /** PayPal's buttons (with payment-step.ts), fetched only when a payment step offers PayPal's JS SDK. */
  Paypal: PaymentStep['Buttons'] | undefined;
  tourEditable: boolean;
  /** The contact step's props while it shows; `contactKey` renews its form for each new one. */
  contact: ContactStepProps | undefined;
  contactKey: number;
  ContactForm: ContactForm | undefined;
  /** The completion's props once the booking is done, rendered by payment-step.ts's Completion. */
  complete: CompleteProps | undefined;
}

/** The view as the page starts: its step, and the contact step's form if it starts there. */
function initialView(parts: Parts): ViewState {
  return {
    step: parts.initialStep,
    busy: false,
    status: '',
    alert: undefined,
    vars: {},
    paymentType: 'full',
    paypalHost: null,
    Paypal: undefined,
    tourEditable: false,
    contact: parts.props.contact,
    contactKey: 0,
    ContactForm: parts.contactForm,
    complete: parts.props.complete,
  };
}

function PaymentPage({ parts, ajaxUrl }: { parts: Parts; ajaxUrl: string }) {
  const [view, setView] = useState<ViewState>(() => initialView(parts));
  const contactHandle = useRef<ContactStepHandle | null>(null);
  const controller = useRef<PaymentController | null>(null);
  controller.current ??= new PaymentController(parts, ajaxUrl, contactHandle, (change) =>
    setView((v) => ({ ...v, ...change })),
  );
  const c = controller.current;

  useLayoutEffect(() => {
    c.start();
    return () => c.stop();
  }, [c]);

  const sdkUrl = view.vars.paypal?.sdkUrl;
  return (
    <>
      {/* The order's source, sent in every booking_detail (marketing consent only, client/lib/attribution.ts). */}
      <AttributionInputs />
      <div className="tourmaster-payment-status" role="status" aria-live="polite">
        {view.status}
      </div>
      <PaymentAlert message={view.alert} />
      {parts.stepInner && view.step > 0
        ? createPortal(
            <StepBar
              step={view.step}
              backAllowed={parts.backAllowed}
              style2={parts.style2}
              tourEditable={view.tourEditable}
              busy={view.busy}
              onStep={(n) => void c.goToStep(n)}
              onEditTour={() => c.editTour()}
            />,
            parts.stepInner,
          )
        : null}
      {view.contact && view.ContactForm
        ? createPortal(
            <view.ContactForm
              key={view.contactKey}
              step={view.contact}
              handle={contactHandle}
              onNext={() => void c.goToStep(3)}
            />,
            parts.content,
          )
        : null}
      {view.complete && parts.paymentStep
        ? createPortal(<parts.paymentStep.Completion complete={view.complete} />, parts.content)
        : null}
      {view.paypalHost && sdkUrl && view.Paypal
        ? createPortal(
            <view.Paypal
              sdkUrl={sdkUrl}
              currency={view.vars.paypal?.currency}
              amount={() => paypalAmount(c.vars.paypal, c.paymentType())}
              reference={() => {
                const tid = Number(c.currentDetail().tid);
                return Number.isInteger(tid) && tid > 0 ? String(tid) : undefined;
              }}
              canPay={() => c.checkTerms()}
              onApproved={(order) => c.paypalApproved(order)}
              onProblem={(message) => setView((v) => ({ ...v, alert: message }))}
            />,
            view.paypalHost,
          )
        : null}
    </>
  );
}

/**
 * Everything that acts on the server's markup: events (delegated to the wrapper, so fragments
 * inserted later need nothing), requests and replies, the cookie, and the checks. React renders
 * the step bar, the messages and PayPal's buttons from the state it reports.
 */
class PaymentController {
  vars: SidebarVars = {};
  private busy = false;
  private step: number;
  private contactShown: boolean;
  private completeShown: boolean;
  private contactKey = 0;
  /** The payment step's module (payment-step.ts), once fetched. */
  private payment: Promise<PaymentStep> | undefined;
  private paymentLoaded: PaymentStep | undefined;
  private readonly listeners: [string, EventListener][] = [];

  constructor(
    private readonly parts: Parts,
    private readonly ajaxUrl: string,
    private readonly contact: MutableRefObject<ContactStepHandle | null>,
    private readonly report: (change: Partial<ViewState>) => void,
  ) {
    this.step = parts.initialStep;
    this.contactShown = parts.props.contact !== undefined;
    this.completeShown = parts.props.complete !== undefined;
    if (parts.paymentStep) {
      this.paymentLoaded = new parts.paymentStep(this.host());
      this.payment = Promise.resolve(this.paymentLoaded);
    }
  }

  start(): void {
    const { wrapper } = this.parts;
    this.afterContent();
    this.afterSidebar();
    const on = (type: string, listener: EventListener) => {
      wrapper.addEventListener(type, listener);
      this.listeners.push([type, listener]);
    };
    on('click', (e) => this.onClick(e as MouseEvent));
    on('keydown', (e) => this.onKeyDown(e as KeyboardEvent));
    on('input', (e) => this.onInput(e));
    on('change', (e) => this.onChange(e));
  }

  stop(): void {
    for (const [type, listener] of this.listeners) this.parts.wrapper.removeEventListener(type, listener);
    this.listeners.length = 0;
    this.paymentLoaded?.stop();
  }

  // ── The detail ────────────────────────────────────────────────────────────────────────────────

  /**
   * `data-booking-detail` overlaid with the page's named fields, stored back in the attribute. The
   * contact step's values are its form's (React's), the rest still the server fragments' controls.
   */
  currentDetail(): BookingDetail {
    const { wrapper, content } = this.parts;
    const handle = this.contactShown ? this.contact.current : null;
    const fields = handle ? [...collectNamedFields(wrapper, content), ...handle.fields()] : collectNamedFields(wrapper);
    const detail = overlayFields(parseBookingDetail(wrapper.dataset.bookingDetail), fields);
    wrapper.dataset.bookingDetail = JSON.stringify(detail);
    return detail;
  }

  private storeCookie(cookie: unknown): void {
    // biome-ignore lint/suspicious/noDocumentCookie: the legacy protocol's cookie, read by the server on the next page
    document.cookie = bookingDetailCookie(cookie);
    this.parts.wrapper.dataset.bookingDetail = JSON.stringify(cookie);
  }

  paymentType(): string {
    const chosen = this.parts.wrapper.querySelector<HTMLInputElement>(
      'input[name="payment-type"]:checked, input[type="hidden"][name="payment-type"]',
    );
    return chosen?.value || 'full';
  }

  // ── Events ────────────────────────────────────────────────────────────────────────────────────

  private onClick(event: MouseEvent): void {
    // React's parts of the page (the contact step) handle their own clicks and keys.
    if (event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    // A mandatory service stays chosen (the legacy markup's inline `return false;`, which our
    // content-security policy refuses; the server adds it anyway).
    if (target?.matches('input[data-mandatory]')) {
      event.preventDefault();
      return;
    }
    const el = target?.closest<HTMLElement>(ACTION_SELECTOR);
    if (!el || !this.parts.wrapper.contains(el)) return;
    event.preventDefault();
    if (el.matches('.tourmaster-payment-step')) {
      void this.goToStep(Number(el.dataset.step), el.dataset.name, el.dataset.value);
    } else if (el.matches('.tourmaster-tour-booking-bar-coupon-validate')) {
      void this.paymentStep().then((p) => p.applyCoupon(el));
    } else if (el.matches('[data-method="ajax"]')) {
      void this.paymentStep().then((p) => p.payOnline(el.dataset.actionType ?? '', el.dataset.action, el.dataset.ajax));
    } else if (el.matches('.tourmaster-pay-now')) {
      const select = this.parts.wrapper.querySelector<HTMLSelectElement>('select.tourmaster-payment-selection');
      void this.paymentStep().then((p) => p.payOnline(select?.value ?? ''));
    } else if (el.matches('.tourmaster-pay-woocommerce')) {
      void this.paymentStep().then((p) => p.payOnline('woocommerce'));
    } else if (el.matches('.tourmaster-tour-booking-bar-date-edit')) {
      this.editTour();
    } else if (el.matches('.tourmaster-tour-booking-bar-price-breakdown-link')) {
      const breakdown = el.parentElement?.querySelector<HTMLElement>('.tourmaster-price-breakdown');
      const open = !breakdown?.classList.contains('tourmaster-active');
      breakdown?.classList.toggle('tourmaster-active', open);
      el.setAttribute('aria-expanded', String(open));
    } else if (el.matches('.goodlayers-payment-plugin-complete')) {
      void this.paymentStep().then((p) => p.pluginComplete());
    }
  }

  /** Enter and Space on the markup's pseudo-buttons, as on real ones. */
  private onKeyDown(event: KeyboardEvent): void {
    if (event.defaultPrevented || (event.key !== 'Enter' && event.key !== ' ')) return;
    const el = event.target instanceof HTMLElement ? event.target : null;
    if (el?.getAttribute('role') !== 'button' || el instanceof HTMLButtonElement) return;
    event.preventDefault();
    el.click();
  }

  /** The server fragments' fields (terms, services, coupon code) are the payment step's. */
  private onInput(event: Event): void {
    this.paymentLoaded?.onField(event.target, 'input');
  }

  private onChange(event: Event): void {
    if (event.target instanceof HTMLInputElement && event.target.name === 'payment-type') this.paymentTypeChanged();
    else this.paymentLoaded?.onField(event.target, 'change');
  }

  // ── Steps ─────────────────────────────────────────────────────────────────────────────────────

  async goToStep(step: number, name?: string, value?: string): Promise<void> {
    if (this.busy || !(step >= 2 && step <= 4)) return;
    if (step === 3 && this.step <= 2 && !(await this.checkContact())) return;
    if (step === 4 && !(await this.checkTerms())) return;
    const detail: BookingDetail = { ...this.currentDetail(), step: String(step) };
    if (name) detail[name] = value ?? '';
    const result = await this.request({ action: 'tourmaster_payment_template', booking_detail: detail });
    await this.applyReply(result, step, false);
  }

  /** PayPal's buttons (payment-step.ts): the order is paid, the booking is sent with it. */
  async paypalApproved(order: PaypalCapturedOrder): Promise<void> {
    await (await this.paymentStep()).paypalApproved(order);
  }

  /** Every terms box ticked (payment-step.ts), before a booking or payment. */
  async checkTerms(): Promise<boolean> {
    return (await this.paymentStep()).checkTerms();
  }

  /**
   * The payment step's module, fetched the first time a step after the contact step shows or one
   * of its controls is used.
   */
  private paymentStep(): Promise<PaymentStep> {
    this.payment ??= loadPaymentStep().then((PaymentStep) => {
      this.parts.paymentStep = PaymentStep;
      this.paymentLoaded = new PaymentStep(this.host());
      return this.paymentLoaded;
    });
    return this.payment;
  }

  /** Runs `use` with the payment step's module: at once when it is here, else once fetched. */
  private withPaymentStep(use: (step: PaymentStep) => void): void {
    if (this.paymentLoaded) use(this.paymentLoaded);
    else void this.paymentStep().then(use);
  }

  private host(): PaymentStepHost {
    const { wrapper, sidebar } = this.parts;
    return {
      wrapper,
      sidebar,
      ajaxUrl: this.ajaxUrl,
      isBusy: () => this.busy,
      request: (data, url) => this.request(data, url),
      applyReply: (result, asked, payment) => this.applyReply(result, asked, payment),
      currentDetail: () => this.currentDetail(),
      refreshSidebar: () => this.refreshSidebar(),
      clearStatus: () => this.report({ status: '' }),
    };
  }

  /** Back to the tour page with this booking (booking.md §7.4): the sidebar's form posts it as `tour_temp`. */
  editTour(): void {
    const formEl = this.parts.sidebar.querySelector<HTMLFormElement>('form.tourmaster-tour-booking-temp');
    if (!formEl) return;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'tour_temp';
    input.value = JSON.stringify(this.currentDetail());
    formEl.append(input);
    formEl.submit();
  }

  private async request(data: Record<string, AjaxValue>, url = this.ajaxUrl): Promise<AjaxResult<unknown>> {
    this.setBusy(true);
    this.report({ alert: undefined });
    try {
      return await postAjax(url, data);
    } finally {
      this.setBusy(false);
    }
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.parts.wrapper.setAttribute('aria-busy', String(busy));
    this.parts.wrapper.classList.toggle('tourmaster-payment-busy', busy);
    this.report({ busy, ...(busy ? { status: 'Loading…' } : {}) });
  }

  private async applyReply(result: AjaxResult<unknown>, asked: number, payment: boolean): Promise<void> {
    if (result.kind === 'error') {
      this.report({
        status: '',
        alert: 'The booking could not be sent. Please check your connection and try again.',
      });
      return;
    }
    if (result.kind === 'failed') {
      this.report({ status: '', alert: result.message || 'The booking could not be completed. Please try again.' });
      return;
    }
    const reply = asTemplateReply(result.data);
    const outcome = replyOutcome(reply, asked, payment);
    if (reply.sidebar !== undefined) this.setSidebar(reply.sidebar);
    if (outcome.kind === 'refused') {
      // The booking or payment was not taken: the step stays as it was, with the reason.
      this.report({ status: '', alert: outcome.message });
      return;
    }
    if (reply.cookie !== undefined) this.storeCookie(reply.cookie);
    if (reply.content === undefined) {
      this.report({ status: '' });
      return;
    }
    const step = outcome.kind === 'complete' ? 4 : outcome.step;
    // WordPress's replies have no props: its markup is read by the adapter, fetched for them only.
    const props = reply.props ?? (await import('./adapter')).adaptReply(reply.content, step);
    await this.setContent(reply.content, payment, props);
    this.step = step;
    this.report({ step, status: `Step ${step} of 4: ${STEP_TITLES[step - 1]}` });
    this.focusStep(step);
  }

  private focusStep(step: number): void {
    const { content } = this.parts;
    const target =
      content.querySelector<HTMLElement>('.tourmaster-payment-complete-head') ??
      content.querySelector<HTMLElement>('.tourmaster-tour-booking-required-error.tourmaster-active') ??
      content.querySelector<HTMLElement>('h3, .tourmaster-tour-booking-error') ??
      content;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    const top = this.parts.stepInner?.closest<HTMLElement>('.tourmaster-payment-step-wrap') ?? this.parts.wrapper;
    top.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
    if (step === 4) this.parts.wrapper.classList.add('tourmaster-payment-complete');
  }

  // ── Fragments ─────────────────────────────────────────────────────────────────────────────────

  private async setContent(html: string, payment: boolean, props: PaymentPageProps): Promise<void> {
    const { content } = this.parts;
    // The contact step's module first, while the step before still shows.
    const ContactForm = props.contact ? await loadContactForm() : undefined;
    // React's contact step leaves before anything takes its place.
    if (this.contactShown) flushSync(() => this.report({ contact: undefined }));
    this.contactShown = props.contact !== undefined;
    if (props.contact) {
      const contact = props.contact;
      content.replaceChildren();
      flushSync(() => this.report({ contact, contactKey: ++this.contactKey, ContactForm }));
      this.afterContent();
      return;
    }
    // The payment step's module before its content, so its controls work once shown.
    const step = await this.paymentStep();
    if (this.completeShown) flushSync(() => this.report({ complete: undefined }));
    this.completeShown = props.complete !== undefined;
    if (props.complete) {
      const complete = props.complete;
      content.replaceChildren();
      flushSync(() => this.report({ complete }));
      this.afterContent();
      return;
    }
    content.innerHTML = html;
    if (payment) step.gatewayContent(content);
    this.afterContent();
  }

  private setSidebar(html: string): void {
    this.parts.sidebar.innerHTML = html;
    this.afterSidebar();
  }

  private afterContent(): void {
    const { content } = this.parts;
    // Only the server's fragments (not React's contact step or completion) need the help below.
    const fragment = !this.contactShown && !this.completeShown;
    const paypalHost = fragment ? content.querySelector<HTMLElement>('#paypal-button-container') : null;
    this.report({ paypalHost });
    if (!fragment) return;
    enhance(content);
    this.withPaymentStep((p) => {
      p.adopt(content);
      if (paypalHost) this.report({ Paypal: p.Buttons });
    });
  }

  private afterSidebar(): void {
    const { sidebar } = this.parts;
    enhance(sidebar);
    this.vars = readSidebarVars(scriptsOf(sidebar));
    const paymentType = this.paymentType();
    Object.assign(window, windowAssignments(this.vars, paymentType));
    // The payment step's sidebar (and the contact step's, once its coupon box was used).
    if (!this.contactShown || this.paymentLoaded) {
      this.withPaymentStep((p) => {
        p.showCoupon(sidebar);
        p.adopt(sidebar);
      });
    }
    this.report({
      vars: this.vars,
      paymentType,
      tourEditable: sidebar.querySelector('form.tourmaster-tour-booking-temp') !== null,
    });
  }

  private async refreshSidebar(): Promise<void> {
    const result = await postAjax(this.ajaxUrl, {
      action: 'tourmaster_payment_template',
      booking_detail: this.currentDetail(),
      sub_action: 'update_sidebar',
    });
    if (result.kind !== 'ok') return;
    const reply = asTemplateReply(result.data);
    if (reply.sidebar !== undefined) this.setSidebar(reply.sidebar);
    if (reply.cookie !== undefined && typeof reply.cookie === 'object' && !Array.isArray(reply.cookie)) {
      this.storeCookie(reply.cookie);
    }
  }

  private paymentTypeChanged(): void {
    const { sidebar } = this.parts;
    const type = this.paymentType();
    const partial = type === 'partial';
    sidebar
      .querySelector('.tourmaster-tour-booking-bar-total-price-wrap')
      ?.classList.toggle('tourmaster-deposit', partial);
    sidebar.querySelector('.tourmaster-tour-booking-bar-deposit-text')?.classList.toggle('tourmaster-active', partial);
    Object.assign(window, windowAssignments(this.vars, type));
    this.report({ paymentType: type });
  }

  // ── Checks ──────────────────────────────────────────────────────────────────────────────────

  /** The contact step's check (payment.md §3), its form's: the first problem's text in its error box. */
  async checkContact(): Promise<boolean> {
    const handle = this.contactShown ? this.contact.current : null;
    if (!handle) return true;
    const ok = await handle.check();
    if (!ok) this.report({ status: '' });
    return ok;
  }
}
