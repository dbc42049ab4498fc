import { describe, expect, it } from 'vitest';
import { dateValue } from './date-value';

describe('dateValue (the three date selects, engagement.md §4.3)', () => {
  it('writes year-month-day as chosen, without zero padding', () => {
    expect(dateValue({ date: '3', month: '5', year: '1990' })).toBe('1990-5-3');
    expect(dateValue({ date: '31', month: '12', year: '2001' })).toBe('2001-12-31');
  });

  it('is empty until all three are chosen', () => {
    expect(dateValue({ date: '', month: '5', year: '1990' })).toBe('');
    expect(dateValue({ date: '3', month: '', year: '1990' })).toBe('');
    expect(dateValue({ date: '3', month: '5', year: '' })).toBe('');
    expect(dateValue({ date: '', month: '', year: '' })).toBe('');
  });
});
