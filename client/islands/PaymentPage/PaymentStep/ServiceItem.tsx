import { useId } from 'react';
import type { ServiceItemProps } from '../../../common/islands/payment-step';
import type { ServiceChoice } from './service-choices';
import { UnitAmount } from './UnitAmount';

/**
 * One service of SERVICE-FORM, the plugin's markup: its box (named by its title; a mandatory one
 * stays ticked), its price, and per person/group/room the label, per unit the amount typed (an
 * unknown `per` still posts its amount, 1, or every later service would take the wrong one).
 */
export function ServiceItem({
  item,
  choice,
  onChoice,
}: {
  item: ServiceItemProps;
  choice: ServiceChoice;
  onChoice: (next: ServiceChoice) => void;
}) {
  const titleId = useId();
  const one = <input type="hidden" name="service-amount[]" value="1" />;
  return (
    <div className="tourmaster-payment-service-form-item">
      <input
        type="checkbox"
        name="service[]"
        value={item.id}
        checked={item.mandatory || choice.chosen}
        data-mandatory={item.mandatory || undefined}
        aria-disabled={item.mandatory || undefined}
        aria-labelledby={titleId}
        // A mandatory box stays ticked. Its tick is put back in the click itself: Preact only writes a
        // controlled box when it renders (and nothing changed, so it does not), and React mishandles
        // a controlled box whose click is cancelled.
        onClick={(event) => {
          if (item.mandatory) event.currentTarget.checked = true;
        }}
        onChange={(event) => {
          if (!item.mandatory) onChoice({ ...choice, chosen: event.currentTarget.checked });
        }}
      />
      <span className="tourmaster-payment-service-form-item-title" id={titleId}>
        {item.title}
      </span>
      <span className="tourmaster-payment-service-form-price-wrap">
        <span className="tourmaster-head">{item.price}</span>
        <span className={`tourmaster-tail tourmaster-type-${item.per}`}>
          {item.perLabel ? (
            <>
              <span className="tourmaster-sep">/</span>
              {item.perLabel}
              {one}
            </>
          ) : item.unit ? (
            <>
              <span className="tourmaster-sep">x</span>
              <UnitAmount
                title={item.title}
                amount={choice.amount}
                maxUnit={item.maxUnit}
                onAmount={(amount) => onChoice({ ...choice, amount })}
              />
            </>
          ) : (
            one
          )}
        </span>
      </span>
    </div>
  );
}
