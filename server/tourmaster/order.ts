/**
 * A row of `{prefix}tourmaster_order`. JSON columns are decoded (the plugin writes them with PHP
 * json_encode); money keeps the DECIMAL(19,4) text and its integer cents.
 */
export interface TourOrder {
  id: number;
  userId: number;
  bookingDate: string;
  tourId: number;
  travelDate: string;
  packageGroupSlug: string;
  travellerAmount: number | null;
  maleAmount: number | null;
  femaleAmount: number | null;
  contactInfo: unknown;
  billingInfo: unknown;
  travellerInfo: unknown;
  couponCode: string | null;
  status: string | null;
  paymentDate: string;
  totalPrice: string | null;
  totalPriceCents: number | null;
  pricingInfo: unknown;
  paymentInfo: unknown;
  bookingDetail: unknown;
  currency: unknown;
  woocommerceOrderId: number | null;
}
