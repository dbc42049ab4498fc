import type { ServiceItemProps } from '../../../client/common/islands/payment-step';
import { isEmpty, str } from '../../php/coerce';
import { formatMoney, type MoneyFormat } from '../../tourmaster/money';
import { phpMoney } from '../../tourmaster/pricing-settings';
import type { ServiceOption } from '../../tourmaster/services';

export interface ServiceFormItem {
  id: string;
  title: string;
  option: ServiceOption;
}

export interface ServiceFormInput {
  /** The tour's services that exist, in the tour's order. */
  items: readonly ServiceFormItem[];
  /** The detail's chosen services, id → amount (pairServices). */
  chosen: ReadonlyMap<string, unknown>;
  format: MoneyFormat;
}

const PER_LABELS: Readonly<Record<string, string>> = { person: 'Person', group: 'Group', room: 'Room' };

/**
 * SERVICE-FORM's services as data (payment.md §2.2): the price formatted, a unit service's amount
 * as the detail has it (1 when not chosen), a mandatory one always chosen.
 */
export function serviceItems(input: ServiceFormInput): ServiceItemProps[] {
  return input.items.map((item) => serviceItem(item, input.chosen.get(item.id), input.format));
}

function serviceItem(item: ServiceFormItem, chosen: unknown, format: MoneyFormat): ServiceItemProps {
  const { option } = item;
  const per = str(option.per);
  const perLabel = PER_LABELS[per];
  const mandatory = option.mandatory === 'enable';
  // Only a unit service carries the amount typed; the others post 1.
  const unit = !perLabel && per === 'unit';
  return {
    id: item.id,
    title: item.title,
    price: formatMoney(phpMoney(option.price), format, -2),
    per,
    ...(perLabel !== undefined && { perLabel }),
    unit,
    amount: unit && !isEmpty(chosen) ? str(chosen) : '1',
    ...(unit && !isEmpty(option['max-unit']) && { maxUnit: str(option['max-unit']) }),
    chosen: mandatory || !isEmpty(chosen),
    mandatory,
  };
}
