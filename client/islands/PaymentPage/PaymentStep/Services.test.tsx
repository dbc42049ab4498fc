import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MONEY_FORMAT } from '../../../../server/tourmaster/money';
import { serviceFormHtml } from '../../../../server/views/payment/service-form';
import { serviceItems } from '../../../../server/views/payment/service-props';
import { htmlShape, markupShape } from '../../../testing/legacy-markup';
import { overlayFields } from '../detail';
import { Services } from './Services';
import { type ServiceChoice, serviceChoices, serviceFields } from './service-choices';

const ITEMS = serviceItems({
  items: [
    { id: '20', title: 'Lunch', option: { price: '15', per: 'person' } },
    { id: '21', title: 'Kayak', option: { price: '25', per: 'unit', 'max-unit': '4' } },
    { id: '23', title: 'Port tax', option: { price: '5', per: 'group', mandatory: 'enable' } },
    { id: '24', title: 'Odd', option: { price: '1', per: 'weird' } },
  ],
  chosen: new Map([['21', '2']]),
  format: DEFAULT_MONEY_FORMAT,
});

/** The services as a page holds them: its choices, and each change it is told of. */
function Page({ onChange }: { onChange: (next: ServiceChoice[]) => void }) {
  const [choices, setChoices] = useState(() => serviceChoices(ITEMS));
  return (
    <Services
      items={ITEMS}
      choices={choices}
      onChange={(next) => {
        setChoices(next);
        onChange(next);
      }}
    />
  );
}

describe('Services', () => {
  it("the server's markup; boxes named by their titles, a unit's amount by its title", () => {
    const { container } = render(<Page onChange={() => {}} />);
    expect(markupShape(container)).toEqual(htmlShape(serviceFormHtml(ITEMS).value));
    expect(screen.getByRole('checkbox', { name: 'Lunch' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Kayak' })).toHaveProperty('checked', true);
    const amount = screen.getByRole('textbox', { name: 'Kayak: amount' });
    expect(amount).toHaveProperty('value', '2');
    expect(amount.title).toBe('At most 4');
    expect(container.querySelectorAll('input[name="service-amount[]"]')).toHaveLength(4);
  });

  it('a box chosen is a change; a mandatory one stays chosen', async () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lunch' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([{ id: '20', chosen: true, amount: '1' }]));
    expect(screen.getByRole('checkbox', { name: 'Lunch' })).toHaveProperty('checked', true);
    onChange.mockClear();
    const tax = screen.getByRole('checkbox', { name: 'Port tax' });
    expect(tax.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(tax);
    expect(tax).toHaveProperty('checked', true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("a unit's amount is typed, kept within its maximum, and made a whole number when left", async () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    const amount = screen.getByRole('textbox', { name: 'Kayak: amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '9');
    expect(amount).toHaveProperty('value', '4');
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([{ id: '21', chosen: true, amount: '4' }]));
    await userEvent.clear(amount);
    await userEvent.type(amount, '2.7');
    fireEvent.blur(amount);
    expect(amount).toHaveProperty('value', '2');
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([{ id: '21', chosen: true, amount: '2' }]));
  });
});

describe('serviceFields', () => {
  it("a box and an amount per service, in order: the legacy script's lists once overlaid", () => {
    const choices = serviceChoices(ITEMS);
    expect(serviceFields(choices).slice(0, 2)).toEqual([
      { name: 'service[]', kind: 'checkbox', value: '20', checked: false },
      { name: 'service-amount[]', kind: 'other', value: '1', checked: false },
    ]);
    expect(overlayFields({ service: ['x'] }, serviceFields(choices))).toEqual({
      service: [0, '21', '23', 0],
      'service-amount': ['1', '2', '1', '1'],
    });
  });
});
