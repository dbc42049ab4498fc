import type { ServiceItemProps } from '../../../common/islands/payment-step';
import type { NamedField } from '../detail';

/** A service as the visitor has it now: chosen or not, and the amount (a unit service's typed one, else "1"). */
export type ServiceChoice = { id: string; chosen: boolean; amount: string };

/** The choices as the server printed them. */
export function serviceChoices(items: readonly ServiceItemProps[]): ServiceChoice[] {
  return items.map(printedChoice);
}

const printedChoice = ({ id, chosen, amount }: ServiceItemProps): ServiceChoice => ({ id, chosen, amount });

/** The visitor's choice for a service (as printed, where the page holds none for it yet). */
export function choiceFor(choices: readonly ServiceChoice[], item: ServiceItemProps): ServiceChoice {
  return choices.find((choice) => choice.id === item.id) ?? printedChoice(item);
}

/** The choices of `items` with `next` in its service's place. */
export function withChoice(
  items: readonly ServiceItemProps[],
  choices: readonly ServiceChoice[],
  next: ServiceChoice,
): ServiceChoice[] {
  return items.map((item) => (item.id === next.id ? next : choiceFor(choices, item)));
}

/**
 * The choices as SERVICE-FORM's fields, for the booking detail's overlay (detail.ts): a box and an
 * amount per service, in order, so `service[]` and `service-amount[]` stay index-aligned (an
 * unchosen service is posted as 0 with its amount).
 */
export function serviceFields(choices: readonly ServiceChoice[]): NamedField[] {
  return choices.flatMap((choice): NamedField[] => [
    { name: 'service[]', kind: 'checkbox', value: choice.id, checked: choice.chosen },
    { name: 'service-amount[]', kind: 'other', value: choice.amount, checked: false },
  ]);
}
