import type { AjaxResult, AjaxValue } from '../../lib/ajax';
import { PaypalButtons } from '../PaypalButtons/PaypalButtons';
import type { PaypalCapturedOrder } from '../PaypalButtons/sdk';
import { Completion } from './Completion';
import type { BookingDetail } from './detail';
import { DEFAULT_MESSAGES } from './messages';
import { enhancePaymentStep, markInvalid, runInlineScripts, showErrorBox } from './payment-dom';

/**
 * What the payment step (step 3, and the gateways' step 4) does on the server's fragments: the terms
 * boxes, the payment methods, PayPal's buttons and the coupon box. Fetched by the page's controller
 * (PaymentPage.tsx) when a step after the contact step shows or one of these is used, so the contact
 * step's page does not load it (scripts/bundle-budgets.ts counts the page's steps apart).
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the step needs from the page's controller. */
export interface PaymentStepHost {
  readonly wrapper: HTMLElement;
  readonly sidebar: HTMLElement;
  readonly ajaxUrl: string;
  isBusy(): boolean;
  request(data: Record<string, AjaxValue>, url?: string): Promise<AjaxResult<unknown>>;
  applyReply(result: AjaxResult<unknown>, asked: number, payment: boolean): Promise<void>;
  currentDetail(): BookingDetail;
  /** The sidebar again for the detail as it is now (`sub_action=update_sidebar`). */
  refreshSidebar(): Promise<void>;
  clearStatus(): void;
}

interface CouponMessage {
  status: string;
  message: string;
}

/** The admin-ajax URL a fragment names, if it is one (a page path or an http(s) URL). */
const urlOr = (url: string | undefined, fallback: string) => (url && /^(https?:\/\/|\/)/.test(url) ? url : fallback);

export class PaymentStep {
  /** "Booking Completed!", rendered by the page from the completion's props. */
  static readonly Completion = Completion;
  /** PayPal's buttons, rendered by the page where the step offers PayPal's JS SDK. */
  readonly Buttons = PaypalButtons;
  /** The step's terms boxes (the server's markup until step 3 is React's). */
  private terms: HTMLInputElement[] = [];
  private coupon: CouponMessage | undefined;
  private serviceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: PaymentStepHost) {}

  /** The step's fragment (content or sidebar) just inserted: its labels, its terms boxes. */
  adopt(root: HTMLElement): void {
    enhancePaymentStep(root);
    this.registerTerms();
  }

  stop(): void {
    clearTimeout(this.serviceTimer);
  }

  /**
   * A field of the server's fragments typed in or changed: a terms box's state, a service chosen or
   * its amount (the sidebar re-priced a second later), a new coupon code.
   */
  onField(el: EventTarget | null, kind: 'input' | 'change'): void {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement))
      return;
    this.syncField(el);
    const text = el instanceof HTMLInputElement && el.type === 'text';
    if (el.closest('.tourmaster-payment-service-form-wrap') && text === (kind === 'input')) {
      clearTimeout(this.serviceTimer);
      this.serviceTimer = setTimeout(() => void this.host.refreshSidebar(), 1000);
    }
    if (kind === 'input' && el.name === 'coupon-code') this.coupon = undefined;
  }

  // ── Payments ──────────────────────────────────────────────────────────────────────────────────

  async payOnline(type: string, action = 'tourmaster_payment_selected', url?: string): Promise<void> {
    const { host } = this;
    if (host.isBusy() || !type) return;
    if (!(await this.checkTerms())) return;
    const result = await host.request({ action, type, booking_detail: host.currentDetail() }, urlOr(url, host.ajaxUrl));
    await host.applyReply(result, 4, true);
  }

  async paypalApproved(order: PaypalCapturedOrder): Promise<void> {
    const { host } = this;
    const result = await host.request({
      action: 'tourmaster_payment_selected',
      type: 'paypal',
      paypal_type: 'js-sdk',
      order_data: order as Record<string, AjaxValue>,
      booking_detail: host.currentDetail(),
    });
    await host.applyReply(result, 4, true);
  }

  async pluginComplete(): Promise<void> {
    const result = await this.host.request({ action: 'tourmaster_payment_plugin_complete', step: '4' });
    await this.host.applyReply(result, 4, true);
  }

  /** A gateway's fragment: PayPal standard's form posts the visitor to PayPal, others run their scripts. */
  gatewayContent(content: HTMLElement): void {
    const paypalForm = content.querySelector<HTMLFormElement>('#goodlayers-paypal-redirection-form');
    if (paypalForm) paypalForm.submit();
    else runInlineScripts(content);
  }

  // ── Coupon ────────────────────────────────────────────────────────────────────────────────────

  async applyCoupon(link: HTMLElement): Promise<void> {
    const { host } = this;
    if (host.isBusy()) return;
    const wrap = link.closest('.tourmaster-tour-booking-bar-coupon-wrap') ?? host.sidebar;
    const input = wrap.querySelector<HTMLInputElement>('input[name="coupon-code"]');
    const result = await host.request(
      {
        action: 'tourmaster_validate_coupon_code',
        coupon_code: input?.value ?? '',
        tour_id: link.dataset.tourId ?? '',
        tid: link.dataset.tid ?? '',
      },
      urlOr(link.dataset.ajaxUrl, host.ajaxUrl),
    );
    host.clearStatus();
    const data = result.kind === 'error' ? undefined : (result.data as { status?: unknown; message?: unknown });
    this.coupon =
      result.kind === 'error'
        ? { status: 'failed', message: 'The coupon could not be checked. Please try again.' }
        : { status: String(data?.status ?? 'failed'), message: String(data?.message ?? '') };
    this.showCoupon(wrap);
    if (this.coupon.status === 'success') await host.refreshSidebar();
  }

  /** The coupon's message, in the box of `root` (again after the sidebar is replaced). */
  showCoupon(root: ParentNode): void {
    const box = root.querySelector<HTMLElement>('.tourmaster-tour-booking-coupon-message');
    const coupon = this.coupon;
    if (!box || !coupon) return;
    box.classList.remove('tourmaster-success', 'tourmaster-failed');
    box.classList.add(coupon.status === 'success' ? 'tourmaster-success' : 'tourmaster-failed');
    box.textContent = coupon.message;
    box.style.display = coupon.message ? 'block' : 'none';
  }

  // ── Terms ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * The terms boxes now on the page. Their one state is the box's own tick, read when the check
   * runs: no form library for it (the contact step's react-hook-form stays with the contact step).
   */
  registerTerms(): void {
    this.terms = [...this.host.wrapper.querySelectorAll<HTMLInputElement>('input[name="term-and-service"]')];
  }

  /** A terms box shown as wrong is cleared once ticked. */
  syncField(el: Control): void {
    if (el instanceof HTMLInputElement && this.terms.includes(el) && el.checked) this.showTerms(el, false);
  }

  /** Every terms box ticked before a booking or payment (step 4); the first one not ticked gets the focus. */
  async checkTerms(): Promise<boolean> {
    const boxes = this.terms.filter((el) => el.isConnected);
    for (const el of boxes) this.showTerms(el, !el.checked);
    const first = boxes.find((el) => !el.checked);
    first?.focus();
    return first === undefined;
  }

  private showTerms(el: HTMLInputElement, bad: boolean): void {
    markInvalid(el, bad);
    const box = el
      .closest('.tourmaster-payment-terms')
      ?.querySelector<HTMLElement>('.tourmaster-tour-booking-required-error');
    showErrorBox(box ?? null, bad ? (box?.dataset.default ?? DEFAULT_MESSAGES.terms) : undefined, [el]);
  }
}

// Step 3's parts as React components from typed props (payment-step.ts's chunk carries them too).
export type { PayActions } from './action-props';
export { MethodBlock } from './MethodBlock';
export { PaymentStepContent } from './PaymentStepContent';
export { Services } from './Services';
export { SideMethod } from './SideMethod';
export { type ServiceChoice, serviceChoices, serviceFields } from './service-choices';
export { Terms, type TermsState } from './Terms';
