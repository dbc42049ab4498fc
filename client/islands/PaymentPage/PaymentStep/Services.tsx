import type { ServiceItemProps } from '../../../common/islands/payment-step';
import { ServiceItem } from './ServiceItem';
import { choiceFor, type ServiceChoice, withChoice } from './service-choices';

/**
 * SERVICE-FORM (payment.md §2.2): the tour's services, each chosen or not, with its amount. The
 * page holds the choices (service-choices.ts) and re-prices the sidebar once the visitor stops.
 */
export function Services({
  items,
  choices,
  onChange,
}: {
  items: readonly ServiceItemProps[];
  choices: readonly ServiceChoice[];
  onChange: (next: ServiceChoice[]) => void;
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
            onChoice={(next) => onChange(withChoice(items, choices, next))}
          />
        ))}
      </div>
    </div>
  );
}
