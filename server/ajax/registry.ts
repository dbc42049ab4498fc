import type { AnyAjaxAction } from './action';
import { gdlr_core_tour_ajax } from './actions/gdlr_core_tour_ajax';
import { gdlr_core_tour_order_ajax } from './actions/gdlr_core_tour_order_ajax';
import { get_single_tour_review } from './actions/get_single_tour_review';
import { refresh_user_top_bar } from './actions/refresh_user_top_bar';
import { stripe_payment_charge } from './actions/stripe_payment_charge';
import { tourmaster_add_wish_list } from './actions/tourmaster_add_wish_list';
import { tourmaster_payment_plugin_complete } from './actions/tourmaster_payment_plugin_complete';
import { tourmaster_payment_selected } from './actions/tourmaster_payment_selected';
import { tourmaster_payment_template } from './actions/tourmaster_payment_template';
import { tourmaster_send_enquiry_form } from './actions/tourmaster_send_enquiry_form';
import { tourmaster_tour_ajax } from './actions/tourmaster_tour_ajax';
import { tourmaster_tour_booking } from './actions/tourmaster_tour_booking';
import { tourmaster_tour_booking_amount_check } from './actions/tourmaster_tour_booking_amount_check';
import { tourmaster_tour_order_ajax } from './actions/tourmaster_tour_order_ajax';
import { tourmaster_update_head_price } from './actions/tourmaster_update_head_price';
import { tourmaster_validate_coupon_code } from './actions/tourmaster_validate_coupon_code';

/**
 * Every admin-ajax action we serve, as an explicit import list so the type checker sees each one.
 * An action that is not here is answered as WordPress answers an unregistered action (`0`, 400).
 */
export const actions: readonly AnyAjaxAction[] = [
  gdlr_core_tour_ajax,
  gdlr_core_tour_order_ajax,
  get_single_tour_review,
  refresh_user_top_bar,
  stripe_payment_charge,
  tourmaster_add_wish_list,
  tourmaster_payment_plugin_complete,
  tourmaster_payment_selected,
  tourmaster_payment_template,
  tourmaster_send_enquiry_form,
  tourmaster_tour_ajax,
  tourmaster_tour_booking,
  tourmaster_tour_booking_amount_check,
  tourmaster_tour_order_ajax,
  tourmaster_update_head_price,
  tourmaster_validate_coupon_code,
];

export type ActionRegistry = ReadonlyMap<string, AnyAjaxAction>;

/** Builds the lookup table, refusing duplicates and actions that do not declare their access. */
export function createRegistry(list: readonly AnyAjaxAction[]): ActionRegistry {
  const map = new Map<string, AnyAjaxAction>();
  for (const action of list) {
    if (!/^[A-Za-z0-9_-]+$/.test(action.name))
      throw new Error(`Action name "${action.name}" is not a WordPress action string.`);
    if (action.access !== 'both' && action.access !== 'logged-in') {
      throw new Error(`Action ${action.name} must declare access 'both' or 'logged-in'.`);
    }
    if (map.has(action.name)) throw new Error(`Action ${action.name} is registered twice.`);
    map.set(action.name, action);
  }
  return map;
}
