import { defineAction } from '../action';
import { tourmaster_tour_order_ajax } from './tourmaster_tour_order_ajax';

/** The goodlayers page builder's name for `tourmaster_tour_order_ajax` (same handler, same replies). */
export const gdlr_core_tour_order_ajax = defineAction({
  ...tourmaster_tour_order_ajax,
  name: 'gdlr_core_tour_order_ajax',
});
