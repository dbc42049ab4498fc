import { describe, expect, it } from 'vitest';
import { paymentTiming, takesSeatHold } from './seat-hold';

describe('takesSeatHold', () => {
  it.each([
    ['paypal', 'pending', true],
    ['stripe', 'pending', true],
    ['authorize', 'pending', true],
    ['paymill', 'pending', true],
    // Pay-later methods keep the legacy behaviour: no hold.
    ['booking', 'pending', false],
    ['receipt', 'pending', false],
    [undefined, 'pending', false],
    // A free order is approved at once: nothing to wait for.
    ['paypal', 'approved', false],
  ])('%s order in status %s: %s', (method, status, held) => {
    expect(takesSeatHold(method, status)).toBe(held);
  });
});

describe('paymentTiming', () => {
  const hold = (state: string, expiresAt = '2026-11-27 12:15:00') => ({ state, expiresAt });

  it('is in time while a held hold runs, late from its end on', () => {
    expect(paymentTiming(hold('held'), '2026-11-27 12:14:59')).toBe('in-time');
    expect(paymentTiming(hold('held'), '2026-11-27 12:15:00')).toBe('late');
    expect(paymentTiming(hold('held'), '2026-11-28 00:00:00')).toBe('late');
  });

  it('is late for an order the hold already cancelled, whatever the time', () => {
    expect(paymentTiming(hold('expired'), '2026-11-27 12:00:00')).toBe('late');
  });

  it('has nothing to say without a hold or once it was settled', () => {
    expect(paymentTiming(undefined, '2026-11-27 12:00:00')).toBe('no-hold');
    for (const state of ['paid', 'late-paid', 'refund']) {
      expect(paymentTiming(hold(state), '2026-11-28 00:00:00')).toBe('no-hold');
    }
  });
});
