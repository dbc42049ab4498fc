import { useEffect, useState } from 'react';
import { attributionFields } from './attribution';
import { CONSENT_EVENT } from './consent';

/**
 * The order's attribution as hidden inputs (`dropin_attribution[…]`, client/lib/attribution.ts),
 * rendered inside the booking form and the payment page so it travels with the booking detail.
 * Nothing without marketing consent; read again whenever the consent island records a visit or a
 * decision (CONSENT_EVENT), so a visitor who accepts on this page books with this visit's source.
 */
export function AttributionInputs() {
  const [fields, setFields] = useState(() => attributionFields(document.cookie));
  useEffect(() => {
    const update = () => setFields(attributionFields(document.cookie));
    update();
    document.addEventListener(CONSENT_EVENT, update);
    return () => document.removeEventListener(CONSENT_EVENT, update);
  }, []);
  return (
    <>
      {fields.map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
    </>
  );
}
