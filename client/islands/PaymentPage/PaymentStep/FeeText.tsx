/** A gateway's service fee sentence (`kind`: paypal, credit-card), where it has one. */
export function FeeText({ kind, text }: { kind: 'paypal' | 'credit-card'; text: string }) {
  if (!text) return null;
  return <div className={`tourmaster-payment-${kind}-service-fee-text`}>{text}</div>;
}
