import { describe, expect, it } from 'vitest';
import { phpFloatRepr, phpFloatToString } from './float';

describe('phpFloatToString — (string)$float under precision=14', () => {
  it.each<[string, number, string]>([
    ['26/3', 26 / 3, '8.6666666666667'],
    ['1/3', 1 / 3, '0.33333333333333'],
    ['0.1 + 0.2', 0.1 + 0.2, '0.3'],
    ['0.1 + 0.7', 0.1 + 0.7, '0.8'],
    ['9.0 (18/2 as a float)', 18 / 2, '9'],
    ['523.2', 523.2, '523.2'],
    ['-1234.5', -1234.5, '-1234.5'],
    ['1e13 stays positional', 1e13, '10000000000000'],
    ['1e14 switches to exponent form', 1e14, '1.0E+14'],
    ['1e15', 1e15, '1.0E+15'],
    ['1e25', 1e25, '1.0E+25'],
    ['1e100', 1e100, '1.0E+100'],
    ['rounds up to 14 digits', 123456789012346, '1.2345678901235E+14'],
    // Exact ties: zend_dtoa rounds half to even (the brief expected ...235 for the first one).
    ['exact tie, even digit stays', 123456789012345, '1.2345678901234E+14'],
    ['exact tie, odd digit rounds up', 123456789012355, '1.2345678901236E+14'],
    ['9s carry into a new digit', 1e14 - 1 / 64, '1.0E+14'],
    ['0.0001 stays positional', 0.0001, '0.0001'],
    ['0.00001', 0.00001, '1.0E-5'],
    ['1.5e-7', 1.5e-7, '1.5E-7'],
    ['-2.5e-10', -2.5e-10, '-2.5E-10'],
    ['Number.MAX_VALUE', Number.MAX_VALUE, '1.7976931348623E+308'],
    ['smallest subnormal', 5e-324, '4.9406564584125E-324'],
    ['0', 0, '0'],
    ['-0', -0, '-0'],
    ['INF', Number.POSITIVE_INFINITY, 'INF'],
    ['-INF', Number.NEGATIVE_INFINITY, '-INF'],
    ['NAN', Number.NaN, 'NAN'],
  ])('%s → %s', (_label, input, expected) => {
    expect(phpFloatToString(input)).toBe(expected);
  });
});

describe('phpFloatRepr — serialize_precision=-1', () => {
  it.each<[string, number, string, string]>([
    ['0.1', 0.1, '0.1', '0.1'],
    ['0.1 + 0.2', 0.1 + 0.2, '0.30000000000000004', '0.30000000000000004'],
    ['26/3', 26 / 3, '8.666666666666666', '8.666666666666666'],
    ['integral float has no .0', 480, '480', '480'],
    ['-1.5', -1.5, '-1.5', '-1.5'],
    ['43.2', 43.2, '43.2', '43.2'],
    ['1e16 stays positional', 1e16, '10000000000000000', '10000000000000000'],
    // Exponent form past decpt 17, unlike JS which waits for 1e21.
    ['1e17', 1e17, '1.0E+17', '1.0e+17'],
    ['1.2345678901234568e20', 123456789012345680000, '1.2345678901234568E+20', '1.2345678901234568e+20'],
    ['1e25', 1e25, '1.0E+25', '1.0e+25'],
    ['0.0001 stays positional', 0.0001, '0.0001', '0.0001'],
    // ... and below decpt -3, unlike JS which waits for 1e-7.
    ['0.00001', 0.00001, '1.0E-5', '1.0e-5'],
    ['1.5e-7', 1.5e-7, '1.5E-7', '1.5e-7'],
    ['-0', -0, '-0', '-0'],
    ['INF', Number.POSITIVE_INFINITY, 'INF', 'INF'],
    ['-INF', Number.NEGATIVE_INFINITY, '-INF', '-INF'],
    ['NAN', Number.NaN, 'NAN', 'NAN'],
  ])('%s → %s / %s', (_label, input, upper, lower) => {
    expect(phpFloatRepr(input, 'E')).toBe(upper);
    expect(phpFloatRepr(input, 'e')).toBe(lower);
  });

  it('reads back to the same double', () => {
    for (const f of [Math.PI, 1 / 7, 2 ** 60 + 2 ** 10, 123.456e-12, 9.87654321e200, 2.2250738585072014e-308]) {
      expect(Number(phpFloatRepr(f, 'E'))).toBe(f);
    }
  });
});
