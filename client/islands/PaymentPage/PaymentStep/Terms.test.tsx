import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paymentTerms } from '../../../../server/views/payment/method-block';
import { termsProps } from '../../../../server/views/payment/payment-step-props';
import { htmlShape, markupShape } from '../../../testing/legacy-markup';
import { Terms } from './Terms';

const TERMS = termsProps('/terms/', '/privacy/');

describe('Terms', () => {
  it("the server's markup, the sentence with its two links, and no error until the box is missing", async () => {
    const onAgree = vi.fn();
    const { container } = render(<Terms terms={TERMS} agreed={false} invalid={false} onAgree={onAgree} />);
    expect(markupShape(container)).toEqual(htmlShape(paymentTerms(TERMS).value));
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms/');
    expect(screen.getByRole('link', { name: 'Privacy Statement' }).getAttribute('target')).toBe('_blank');
    const box = screen.getByRole('checkbox', { name: 'I agree with Terms of Service and Privacy Statement.' });
    expect(box.getAttribute('name')).toBe('term-and-service');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('');
    await userEvent.click(box);
    expect(onAgree).toHaveBeenCalledWith(true);
  });

  it('while invalid: the message as an alert describing the box, which is marked invalid', () => {
    const ref = { current: null as HTMLInputElement | null };
    const { rerender } = render(<Terms terms={TERMS} agreed={false} invalid onAgree={() => {}} inputRef={ref} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(TERMS.message);
    expect(alert.style.display).toBe('block');
    const box = screen.getByRole('checkbox');
    expect(ref.current).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    rerender(<Terms terms={TERMS} agreed invalid={false} onAgree={() => {}} />);
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', true);
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('');
    expect(screen.getByRole('checkbox').getAttribute('aria-describedby')).toBeNull();
  });
});
