import { describe, expect, it } from 'vitest';
import { clearedValue } from './custom-field';
import { attrsToProps, styleObject } from './markup';

describe('attrsToProps', () => {
  it('renames what JSX names differently and keeps values uncontrolled', () => {
    expect(
      attrsToProps({
        class: 'tourmaster-button',
        for: 'x',
        tabindex: '-1',
        readonly: '',
        value: 'Proceed Booking',
        checked: '',
        'data-ask-login': 'proceed-without-login',
        'aria-hidden': 'true',
      }),
    ).toEqual({
      className: 'tourmaster-button',
      htmlFor: 'x',
      tabIndex: '-1',
      readOnly: true,
      defaultValue: 'Proceed Booking',
      defaultChecked: true,
      'data-ask-login': 'proceed-without-login',
      'aria-hidden': 'true',
    });
  });
  it('drops the XML namespace declarations of inline SVG and reads the style', () => {
    expect(
      attrsToProps({
        xmlns: 'http://www.w3.org/2000/svg',
        'xmlns:xlink': 'http://www.w3.org/1999/xlink',
        'xml:space': 'preserve',
        viewBox: '0 0 10 10',
        style: 'enable-background:new 0 0 512 512;',
      }),
    ).toEqual({ viewBox: '0 0 10 10', style: { enableBackground: 'new 0 0 512 512' } });
  });
});

describe('styleObject', () => {
  it('camel-cases properties and keeps custom properties', () => {
    expect(styleObject('position: absolute; left: -10000px;;--x: 1; -webkit-transition: none')).toEqual({
      position: 'absolute',
      left: '-10000px',
      '--x': '1',
      WebkitTransition: 'none',
    });
  });
});

describe('clearedValue', () => {
  it('empties a field, or picks the first choice of a select without an empty one', () => {
    expect(clearedValue({ type: 'text', name: 'full-name', value: 'Eleni' })).toBe('');
    expect(
      clearedValue({
        type: 'select',
        name: 'country',
        value: 'Greece',
        options: [
          { value: 'Albania', label: 'Albania' },
          { value: 'Greece', label: 'Greece' },
        ],
      }),
    ).toBe('Albania');
    expect(
      clearedValue({
        type: 'select',
        name: 'how',
        value: 'web',
        options: [
          { value: '', label: '-' },
          { value: 'web', label: 'Web' },
        ],
      }),
    ).toBe('');
  });
});
