import type { ServiceItemProps } from '../../common/islands/payment-step';
import { ServiceItem } from './ServiceItem';
import { choiceFor, type ServiceChoice, withChoice } from './service-choices';

/**
 * SERVICE-FORM (payment.md §2.2): the tour's services, each chosen or not, with its amount. The
 * page holds the choices (service-choices.ts); `typed` says an amount was typed, so the page can
 * wait for the visitor to finish before it re-prices the sidebar.
 */
export function Services({
  items,
  choices,
  onChange,
}: {
  items: readonly ServiceItemProps[];
  choices: readonly ServiceChoice[];
  onChange: (next: ServiceChoice[], typed: boolean) => void;
}) {
  return (
    <div className="tourmaster-payment-service-form-wrap">
      <h3 className="tourmaster-payment-service-form-title">Please select your preferred additional services.</h3>
      <div className="tourmaster-payment-service-form-item-wrap">
        {items.map((item) => (
          <ServiceItem
            key={item.id}
            item={item}
            choice={choiceFor(choices, item)}
            onChoice={(next, typed) => onChange(withChoice(items, choices, next), typed)}
          />
        ))}
      </div>
    </div>
  );
}
