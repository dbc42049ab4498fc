import { describe, expect, it } from 'vitest';
import { Money } from './money';
import { pairServices, priceServices, type ServiceOption } from './services';

describe('pairServices (tourmaster_process_service_data)', () => {
  it.each([
    [
      'pairs by index',
      ['7', '8'],
      ['2', '1'],
      [
        ['7', '2'],
        ['8', '1'],
      ],
    ],
    ['skips empty ids and unchecked (0) amounts', ['7', '', '9'], ['0', '1', '3'], [['9', '3']]],
    [
      'a repeated id keeps its place and takes the last amount',
      ['7', '8', '7'],
      ['1', '1', '5'],
      [
        ['7', '5'],
        ['8', '1'],
      ],
    ],
    ['missing amounts', ['7', '8'], ['1'], [['7', '1']]],
    ['not lists', '7', '1', []],
    ['nothing', undefined, undefined, []],
  ] as const)('%s', (_what, service, amount, expected) => {
    expect([...pairServices(service, amount)]).toEqual(expected);
  });
});

describe('priceServices (pricing.md §4)', () => {
  const options: Record<string, ServiceOption> = {
    '1': { price: '15', per: 'person', 'max-unit': '', mandatory: 'disable' },
    '2': { price: '40', per: 'room' },
    '3': { price: '50', per: 'group' },
    '4': { price: '25', per: 'unit', 'max-unit': '2' },
    '5': { price: '10', per: '' },
  };
  const pairs = new Map<string, unknown>([
    ['1', '1'],
    ['2', '1'],
    ['3', '1'],
    ['4', '5'],
    ['5', '1'],
    ['99', '1'],
  ]);
  const lines = priceServices(pairs, options, { traveller: 3, room: 2 }, Money.of(1));
  const view = (id: string) => {
    const l = lines.get(id);
    return l && { ...l, 'price-one': l['price-one'].toString(), price: l.price.toString() };
  };

  it('person → T, room → R, group → "1", unit → the request amount (max-unit not enforced)', () => {
    expect(view('1')).toEqual({ per: 'person', amount: 3, 'price-one': '15', price: '45' });
    expect(view('2')).toEqual({ per: 'room', amount: 2, 'price-one': '40', price: '80' });
    expect(view('3')).toEqual({ per: 'group', amount: '1', 'price-one': '50', price: '50' });
    expect(view('4')).toEqual({ per: 'unit', amount: '5', 'price-one': '25', price: '125' });
  });

  it('an unknown per has no amount and costs 0; an id without options is skipped', () => {
    expect(view('5')).toEqual({ per: '', 'price-one': '10', price: '0' });
    expect(lines.has('99')).toBe(false);
    expect([...lines.keys()]).toEqual(['1', '2', '3', '4', '5']);
  });

  it('divides the price by d and accepts a Map of options', () => {
    const l = priceServices(
      new Map([['1', '1']]),
      new Map([['1', { price: '11', per: 'unit' }]]),
      { traveller: 0, room: 0 },
      Money.of('1.1'),
    );
    expect(l.get('1')?.price.toString()).toBe('10');
  });
});
