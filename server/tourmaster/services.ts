import { isEmpty, str } from '../php/coerce';
import type { Money } from './money';
import { phpMoney } from './pricing-settings';

/** A `tour_service` post's options (meta `tourmaster-service-option`), strings as the admin typed them. */
export interface ServiceOption {
  price?: string;
  /** person | group | room | unit */
  per?: string;
  /** Shown by the form only; never enforced by the server (pricing.md §4). */
  'max-unit'?: string;
  mandatory?: string;
  [key: string]: unknown;
}

/**
 * One `B.additional-service[id]` line. `amount` is what PHP holds: the traveller or room count
 * (a number), `'1'` for per-group, the request's own string for per-unit; absent for an unknown `per`.
 */
export interface ServiceLine {
  per: string;
  amount?: number | string | readonly string[] | null;
  'price-one': Money;
  price: Money;
}

/**
 * `tourmaster_process_service_data`: pairs `service[i]` with `service-amount[i]` for every index
 * where both are non-empty; a repeated id keeps its first position and takes the last amount.
 * Anything that is not a list yields nothing (PHP's foreach over a string does not iterate).
 */
export function pairServices(service: unknown, serviceAmount: unknown): Map<string, unknown> {
  const pairs = new Map<string, unknown>();
  if (isEmpty(service) || isEmpty(serviceAmount) || typeof service !== 'object' || service === null) return pairs;
  const amounts = (typeof serviceAmount === 'object' && serviceAmount !== null ? serviceAmount : {}) as Record<
    string,
    unknown
  >;
  for (const [key, id] of Object.entries(service as Record<string, unknown>)) {
    const amount = amounts[key];
    if (!isEmpty(id) && !isEmpty(amount) && (typeof id === 'string' || typeof id === 'number')) {
      pairs.set(str(id), amount);
    }
  }
  return pairs;
}

/**
 * The lines of pricing.md §4 for the paired services. `T`/`R` are the traveller and room counters
 * of §3; `d` the tax divisor. An id with no option in `options` (not a service post) is skipped:
 * the legacy plugin read offsets of an empty meta value there (a warning or a fatal error).
 */
export function priceServices(
  pairs: ReadonlyMap<string, unknown>,
  options: ServiceOptions,
  counters: { traveller: number; room: number },
  d: Money,
): Map<string, ServiceLine> {
  const lines = new Map<string, ServiceLine>();
  for (const [id, requested] of pairs) {
    const option = lookup(options, id);
    if (!option) continue;
    const per = str(option.per);
    let amount: ServiceLine['amount'];
    let hasAmount = true;
    if (per === 'person') amount = counters.traveller;
    else if (per === 'room') amount = counters.room;
    else if (per === 'group') amount = '1';
    else if (per === 'unit') amount = requestValue(requested);
    else hasAmount = false;
    const priceOne = phpMoney(option.price).dividedBy(d);
    const line: ServiceLine = hasAmount
      ? { per, amount, 'price-one': priceOne, price: priceOne.times(phpMoney(amount)) }
      : { per, 'price-one': priceOne, price: priceOne.times(0) };
    lines.set(id, line);
  }
  return lines;
}

/** Service options by post id (a Map, or a plain record keyed by id). */
export type ServiceOptions = ReadonlyMap<string, ServiceOption> | Readonly<Record<string, ServiceOption>>;

function lookup(options: ServiceOptions, id: string): ServiceOption | undefined {
  if (options instanceof Map) return options.get(id);
  return Object.hasOwn(options, id) ? (options as Readonly<Record<string, ServiceOption>>)[id] : undefined;
}

function requestValue(value: unknown): string | readonly string[] | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(str);
  return null;
}
