import { PaymentPageProps } from '../../common/islands/PaymentPage';
import type { AjaxValue } from '../../lib/ajax';
import { BOOKING_DETAIL_COOKIE, cookieString } from '../../lib/cookies';

/**
 * The booking detail as the payment page's script handles it (payment.md §3, booking.md §7.3): the
 * JSON of `data-booking-detail` overlaid with every named field of the page, sent as
 * `booking_detail[...]`, and stored back in the attribute and the `tourmaster-booking-detail`
 * cookie from the server's `cookie` reply. Pure functions; the DOM is read in dom.ts.
 */
export type BookingDetail = { [key: string]: AjaxValue };

/** `data-booking-detail`: a JSON object; PHP's `[]` (empty), `""` (cleared) or garbage read as empty. */
export function parseBookingDetail(text: string | undefined | null): BookingDetail {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as BookingDetail) : {};
  } catch {
    return {};
  }
}

/** One named form control, as read from the page. */
export interface NamedField {
  name: string;
  kind: 'checkbox' | 'radio' | 'other';
  value: string;
  checked: boolean;
}

/**
 * The legacy script's overlay: `name[]` → a list in page order (it replaces the stored list), a
 * checkbox → its value when checked, else the number 0, a radio → only the checked one, anything
 * else → its value.
 */
export function overlayFields(base: BookingDetail, fields: readonly NamedField[]): BookingDetail {
  const out: BookingDetail = { ...base };
  const lists = new Map<string, AjaxValue[]>();
  for (const field of fields) {
    if (field.kind === 'radio' && !field.checked) continue;
    const value: AjaxValue = field.kind === 'checkbox' && !field.checked ? 0 : field.value;
    if (field.name.endsWith('[]')) {
      const key = field.name.slice(0, -2);
      let list = lists.get(key);
      if (!list) {
        list = [];
        lists.set(key, list);
      }
      list.push(value);
    } else {
      out[field.name] = value;
    }
  }
  for (const [key, list] of lists) out[key] = list;
  return out;
}

/** The cookie the legacy script writes: `encodeURIComponent(JSON.stringify(value))`, one day, `path=/`. */
export function bookingDetailCookie(value: unknown): string {
  return cookieString(BOOKING_DETAIL_COOKIE, JSON.stringify(value), 0);
}

/** The step a detail is at (`step`, else 2). */
export function stepOf(detail: BookingDetail): number {
  const n = Number.parseInt(String(detail.step ?? ''), 10);
  return n >= 2 && n <= 4 ? n : 2;
}

/** How one item of the step bar shows at `step`. `clickable` steps take the visitor back. */
export interface StepItemState {
  className: 'tourmaster-checked' | 'tourmaster-current' | 'tourmaster-enable' | '';
  current: boolean;
  clickable: boolean;
}

/**
 * payment.md §3: step 4 → every item checked; otherwise step 1 checked, the current one marked,
 * earlier ones enabled (clickable, unless the order is already written: `backAllowed` false).
 */
export function stepItemState(n: number, step: number, backAllowed: boolean): StepItemState {
  if (step >= 4) return { className: 'tourmaster-checked', current: n === 4, clickable: false };
  if (n === 1) return { className: 'tourmaster-checked', current: false, clickable: false };
  if (n === step) return { className: 'tourmaster-current', current: true, clickable: false };
  if (n < step) {
    return backAllowed
      ? { className: 'tourmaster-enable', current: false, clickable: true }
      : { className: 'tourmaster-checked', current: false, clickable: false };
  }
  return { className: '', current: false, clickable: false };
}

/**
 * The reply of `tourmaster_payment_template` / `tourmaster_payment_selected` / `…_plugin_complete`;
 * `props` are the island's typed props our server adds (absent, or unusable, from WordPress).
 */
export interface TemplateReply {
  content?: string;
  sidebar?: string;
  cookie?: BookingDetail | string | unknown[];
  props?: PaymentPageProps;
}

export function asTemplateReply(value: unknown): TemplateReply {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const reply = value as Record<string, unknown>;
  const out: TemplateReply = {};
  if (typeof reply.content === 'string') out.content = reply.content;
  if (typeof reply.sidebar === 'string') out.sidebar = reply.sidebar;
  if ('cookie' in reply) {
    const cookie = reply.cookie;
    if (typeof cookie === 'string' || Array.isArray(cookie)) out.cookie = cookie;
    else if (cookie && typeof cookie === 'object') out.cookie = cookie as BookingDetail;
  }
  const props = PaymentPageProps.safeParse(reply.props);
  if (props.success) out.props = props.data;
  return out;
}

/**
 * What a reply means for the page. `complete`: the booking is done (step 4). `refused`: a booking
 * or payment the server did not accept; its reason replaces nothing, it is shown above the step the
 * visitor is on. `page`: new fragments at `step`, which is the step the server stored in the cookie
 * (it sends the contact step back with `step` 2 when it refuses the details), else the one asked.
 */
export type ReplyOutcome = { kind: 'complete' } | { kind: 'refused'; message: string } | { kind: 'page'; step: number };

export function replyOutcome(reply: TemplateReply, asked: number, payment: boolean): ReplyOutcome {
  const content = reply.content ?? '';
  if (content.includes('tourmaster-payment-complete-wrap')) return { kind: 'complete' };
  if ((asked >= 4 || payment) && /^\s*<div class="tourmaster-tour-booking-error"/.test(content)) {
    return { kind: 'refused', message: textOf(content) };
  }
  const cookie = reply.cookie;
  if (cookie && typeof cookie === 'object' && !Array.isArray(cookie) && cookie.step !== undefined) {
    return { kind: 'page', step: Math.min(stepOf(cookie), 3) };
  }
  return { kind: 'page', step: Math.min(asked, 3) };
}

/** The text of a small HTML fragment (the server's error box): tags dropped, entities of esc_html undone. */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
