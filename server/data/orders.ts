import type { TourOrder } from '../tourmaster/order';
import { decimalString, decimalToMinor } from './dialect';
import type { WpDb } from './tables';

/** JSON written by PHP; a corrupt value reads as null rather than failing the whole page. */
function json(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  try {
    return JSON.parse(String(value));
  } catch {
    return null;
  }
}

const int = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function toOrder(row: Record<string, unknown>): TourOrder {
  return {
    id: Number(row.id),
    userId: Number(row.user_id ?? 0),
    bookingDate: String(row.booking_date),
    tourId: Number(row.tour_id ?? 0),
    travelDate: String(row.travel_date),
    packageGroupSlug: String(row.package_group_slug ?? ''),
    travellerAmount: int(row.traveller_amount),
    maleAmount: int(row.male_amount),
    femaleAmount: int(row.female_amount),
    contactInfo: json(row.contact_info),
    billingInfo: json(row.billing_info),
    travellerInfo: json(row.traveller_info),
    couponCode: row.coupon_code === null || row.coupon_code === undefined ? null : String(row.coupon_code),
    status: row.order_status === null || row.order_status === undefined ? null : String(row.order_status),
    paymentDate: String(row.payment_date),
    totalPrice: decimalString(row.total_price),
    totalPriceCents: decimalToMinor(row.total_price),
    pricingInfo: json(row.pricing_info),
    paymentInfo: json(row.payment_info),
    bookingDetail: json(row.booking_detail),
    currency: json(row.currency),
    woocommerceOrderId: int(row.woocommerce_order_id),
  };
}

export async function getOrder(wp: WpDb, id: number): Promise<TourOrder | undefined> {
  const row = await wp.knex(wp.t.orders).first().where('id', id);
  return row ? toOrder(row) : undefined;
}

/** A customer's orders, newest first, as the account pages list them. */
export async function listOrdersOfUser(wp: WpDb, userId: number): Promise<TourOrder[]> {
  const rows = await wp.knex(wp.t.orders).select().where('user_id', userId).orderBy('id', 'desc');
  return rows.map(toOrder);
}

/**
 * How many orders of the room module (`tourmaster_room_order`) a user has; 0 on a site without that
 * table (the room tables are optional, compat-check.ts).
 */
export async function countRoomOrdersOfUser(wp: WpDb, userId: number): Promise<number> {
  if (!(await wp.knex.schema.hasTable(wp.t.roomOrders))) return 0;
  const row = await wp.knex(wp.t.roomOrders).count({ n: '*' }).where('user_id', userId).first();
  return Number(row?.n ?? 0);
}

export async function countOrders(wp: WpDb): Promise<number> {
  const row = await wp.knex(wp.t.orders).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
