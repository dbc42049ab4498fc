import { useEffect, useRef } from 'react';

/** Why a step or a payment did not go through, above the step; focused as it appears. */
export function PaymentAlert({ message }: { message: string | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      className="tourmaster-payment-alert tourmaster-notification-box tourmaster-failure"
      role="alert"
      tabIndex={-1}
    >
      {message}
    </div>
  );
}
