import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formText } from '../php/form-input';
import { bookingDetailInput } from '../tourmaster/booking-detail';
import { inputErrorFrom } from './reply';

const errorOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return inputErrorFrom(parsed.error.issues);
};

describe('an action input refused at the edge', () => {
  it('names the field as the form posts it', () => {
    const input = z.looseObject({ coupon_code: formText.optional(), booking_detail: bookingDetailInput.optional() });
    expect(errorOf(input, { coupon_code: ['X'] }).message).toBe('coupon_code must be text.');
    expect(errorOf(input, { booking_detail: { email: 'x'.repeat(70_000) } }).message).toBe(
      'booking_detail[email] is too long.',
    );
    expect(errorOf(input, { booking_detail: { a: { b: { c: '1' } } } }).message).toBe(
      'booking_detail[a] is not text, a list or a keyed list, as the form posts it.',
    );
  });
});
