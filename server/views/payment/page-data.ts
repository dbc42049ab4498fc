import type { Booking } from '../../tourmaster/booking';
import type { CustomField } from '../../tourmaster/custom-fields';
import type { MoneyFormat } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import type { TourPrice } from '../../tourmaster/pricing';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { Site } from '../../wp/site';
import type { CurrentUser } from '../../wp/user';
import type { ServiceFormItem } from './service-props';
import type { PaymentPageStyle } from './sidebar-props';
import type { PaypalSdk } from './sidebar-vars';

/** Everything the payment page's fragments show for one booking detail, read in a handful of queries. */
export interface PaymentPageData {
  site: Site;
  user: CurrentUser | null;
  tour: Tour;
  settings: TourmasterSettings;
  /**
   * The booking as the page uses it (mandatory services added at step 3, no payment method before
   * step 4): its date entry, travellers (the traveller rows, the price and the order all read them), detail.
   */
  booking: Booking;
  price: TourPrice;
  /** The order the detail pays (`tid`), only when this visitor owns it. */
  order?: TourOrder;
  tid?: number;
  contactFields: CustomField[];
  travellerFields: CustomField[];
  /** The tour's services that exist, for SERVICE-FORM. */
  services: ServiceFormItem[];
  serviceTitles: Map<string, string>;
  format: MoneyFormat;
  dateFormat: string;
  style: PaymentPageStyle;
  tourUrl: string;
  ajaxUrl: string;
  paypalSdk?: PaypalSdk;
  /** A card gateway can take the payment (Stripe configured): the card method is offered only then. */
  cardGateway: boolean;
}
