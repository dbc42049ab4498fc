/**
 * In-process wake-up of the webhook dispatcher: an event committed here is sent at once instead of
 * at the next timer run. Only a hint: the timer finds every due delivery anyway (events committed
 * by other processes included), so nothing depends on it.
 */
const listeners = new Set<() => void>();

export function onWebhookEventCommitted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function webhookEventCommitted(): void {
  for (const listener of listeners) listener();
}
