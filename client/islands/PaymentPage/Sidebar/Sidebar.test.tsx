import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SidebarProps } from '../../../common/islands/payment-sidebar';
import { Sidebar, type SidebarState } from './Sidebar';

/** A deposit tour at step 2 (style-1): two adults and a child, a coupon, tax, a 30% deposit. */
const SIDEBAR: SidebarProps = {
  style2: false,
  title: 'Rhodes Old Town Walk',
  info: [{ kind: 'travel-date', head: 'Travel Date', value: 'July 22, 2027' }],
  editUrl: 'https://example.test/tour/rhodes/',
  people: {
    rooms: false,
    groups: [
      {
        variable: true,
        rows: [
          { type: 'adult', head: 'Adult', value: '2' },
          { type: 'children', head: 'Children', value: '1' },
        ],
      },
    ],
  },
  coupon: { code: '', tourId: '10', tid: '', ajaxUrl: '/wp-admin/admin-ajax.php' },
  breakdown: {
    base: [
      { head: 'Adult Base Price', detail: '2 x $65', tail: '$130.00' },
      { head: 'Child Base Price', detail: '1 x $40', tail: '$40.00' },
    ],
    rooms: [],
    services: [],
    subTotal: '$170.00',
    coupon: { code: 'GREECE25', text: '25%', amount: '$42.50' },
    couponAfterTax: false,
    taxRate: '9%',
    taxDue: '$11.48',
  },
  total: {
    partial: false,
    offerChoice: true,
    depositPercent: 30,
    lines: [],
    payAmount: '$138.98',
    deposit: { lines: [], title: '30% Deposit ', price: '$41.69' },
  },
  nextStep: true,
  vars: { totalPrice: '138.98' },
};

function Harness(props: { sidebar: SidebarProps; onApply?: () => void; onNext?: () => void; onEdit?: () => void }) {
  const [state, setState] = useState<SidebarState>({ couponCode: '', coupon: undefined, paymentType: 'full' });
  return (
    <Sidebar
      sidebar={props.sidebar}
      state={state}
      busy={false}
      onState={(change) => setState((s) => ({ ...s, ...change }))}
      onApplyCoupon={props.onApply ?? (() => {})}
      onEditTour={props.onEdit ?? (() => {})}
      onNext={props.onNext ?? (() => {})}
      editForm={null}
      sideMethod={null}
    />
  );
}

describe('the payment sidebar', () => {
  it('shows the summary, the travellers and the total from its props', () => {
    const { container } = render(<Harness sidebar={SIDEBAR} />);
    expect(screen.getByRole('heading', { name: 'Rhodes Old Town Walk' })).toBeTruthy();
    expect(container.querySelector('.tourmaster-summary-travel-date')?.textContent).toBe(
      'Travel Date : July 22, 2027 ( edit )',
    );
    const counts = [...container.querySelectorAll('.tourmaster-tour-booking-bar-summary-people-amount')];
    expect(counts.map((c) => c.textContent)).toEqual(['Adult : 2', 'Children : 1']);
    expect(container.querySelector('.tourmaster-tour-booking-bar-total-price')?.textContent).toBe('$138.98');
  });

  it('opens and shuts the price breakdown, its coupon before the tax', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<Harness sidebar={SIDEBAR} />);
    const link = screen.getByRole('button', { name: 'View Price Breakdown' });
    const breakdown = container.querySelector('.tourmaster-price-breakdown')!;
    expect(link.getAttribute('aria-expanded')).toBe('false');
    await user.click(link);
    expect(breakdown.classList.contains('tourmaster-active')).toBe(true);
    expect(link.getAttribute('aria-controls')).toBe(breakdown.id);
    const rows = [...breakdown.querySelectorAll('.tourmaster-price-breakdown-summary > div')].map((d) => d.className);
    expect(rows).toEqual([
      'tourmaster-price-breakdown-sub-total',
      'tourmaster-price-breakdown-coupon-code',
      'tourmaster-price-breakdown-coupon-amount',
      'tourmaster-price-breakdown-tax-rate',
      'tourmaster-price-breakdown-tax-due',
    ]);
    expect(breakdown.querySelector('.tourmaster-price-detail')?.textContent).toBe('2 x $65');
    link.focus();
    await user.keyboard('{Enter}');
    expect(breakdown.classList.contains('tourmaster-active')).toBe(false);
  });

  it('puts the coupon after the tax where the site applies it after tax', () => {
    const after = { ...SIDEBAR, breakdown: { ...SIDEBAR.breakdown, couponAfterTax: true } };
    const { container } = render(<Harness sidebar={after} />);
    const rows = [...container.querySelectorAll('.tourmaster-price-breakdown-summary > div')].map((d) => d.className);
    expect(rows.at(-1)).toBe('tourmaster-price-breakdown-coupon-amount');
  });

  it('shows the deposit while the deposit is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<Harness sidebar={SIDEBAR} />);
    const wrap = container.querySelector('.tourmaster-tour-booking-bar-total-price-wrap')!;
    const deposit = container.querySelector('.tourmaster-tour-booking-bar-deposit-text')!;
    expect(deposit.classList.contains('tourmaster-active')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Pay 30% Deposit' }));
    expect(wrap.classList.contains('tourmaster-deposit')).toBe(true);
    expect(deposit.classList.contains('tourmaster-active')).toBe(true);
    expect(deposit.textContent).toBe('30% Deposit $41.69');
    await user.click(screen.getByRole('radio', { name: 'Pay Full Amount' }));
    expect(deposit.classList.contains('tourmaster-active')).toBe(false);
  });

  it('offers no choice where only one payment type applies', () => {
    const single = { ...SIDEBAR, total: { ...SIDEBAR.total, offerChoice: false, deposit: undefined } };
    const { container } = render(<Harness sidebar={single} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[type="hidden"][name="payment-type"]')?.value).toBe('full');
  });

  it('applies the coupon typed, with the Enter key too, and moves on with Next Step', async () => {
    const user = userEvent.setup({ delay: null });
    const onApply = vi.fn();
    const onNext = vi.fn();
    render(<Harness sidebar={SIDEBAR} onApply={onApply} onNext={onNext} />);
    const code = screen.getByRole('textbox', { name: 'Coupon code' });
    await user.type(code, 'GREECE25{Enter}');
    expect((code as HTMLInputElement).value).toBe('GREECE25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('style-2: the coupon box in the total box with its head, the deposit inside the wrap', () => {
    const style2 = { ...SIDEBAR, style2: true };
    const { container } = render(<Harness sidebar={style2} />);
    const total = container.querySelector('.tourmaster-tour-booking-bar-total-price-container')!;
    expect(total.querySelector('.tourmaster-tour-booking-bar-coupon-wrap .tourmaster-head')?.textContent).toBe(
      'Coupon Code :',
    );
    expect(
      container.querySelector('.tourmaster-tour-booking-bar-summary .tourmaster-tour-booking-bar-coupon-wrap'),
    ).toBeNull();
    expect(
      container.querySelector(
        '.tourmaster-tour-booking-bar-total-price-wrap .tourmaster-tour-booking-bar-deposit-text',
      ),
    ).not.toBeNull();
  });

  it('lists each room’s travellers and the room prices', () => {
    const rooms: SidebarProps = {
      ...SIDEBAR,
      people: {
        rooms: true,
        groups: [
          { variable: true, rows: [{ type: 'adult', head: 'Adult', value: '2' }] },
          { variable: true, rows: [{ type: 'adult', head: 'Adult', value: '1' }] },
        ],
      },
      breakdown: {
        ...SIDEBAR.breakdown,
        base: [],
        rooms: [{ head: 'Room 1 :', travellers: '2 Adult ', lines: [{ head: 'Room Base Price :', tail: '$200.00' }] }],
      },
    };
    const { container } = render(<Harness sidebar={rooms} />);
    const texts = [...container.querySelectorAll('.tourmaster-tour-booking-bar-summary-room-text')].map(
      (r) => r.textContent,
    );
    expect(texts).toEqual(['Room 1', 'Room 2']);
    expect(
      container.querySelector('.tourmaster-price-breakdown-room-price .tourmaster-tail.tourmaster-right')?.textContent,
    ).toBe('$200.00');
  });
});
