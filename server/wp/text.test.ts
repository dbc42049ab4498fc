import { describe, expect, it } from 'vitest';
import { formatWpDate } from '../php/date';
import { addQueryArg, contentFilter, convertChars, wpautop, wptexturize } from './text';

describe('wpautop', () => {
  it('turns blank lines into paragraphs and single newlines into <br />', () => {
    expect(wpautop('A\nB\n\nC')).toBe('<p>A<br />\nB</p>\n<p>C</p>\n');
  });

  it('leaves block elements unwrapped and keeps trailing spaces inside a paragraph', () => {
    expect(wpautop('<div class="x" ></div>\nNote: \n<h4>T</h4>')).toBe(
      '<div class="x" ></div>\n<p>Note: </p>\n<h4>T</h4>\n',
    );
  });

  it('keeps newlines inside tags and does nothing to blank text', () => {
    expect(wpautop('<a\nhref="x">y</a>')).toBe('<p><a\nhref="x">y</a></p>\n');
    expect(wpautop(' \n ')).toBe('');
  });
});

describe('wptexturize and convert_chars', () => {
  it('curls apostrophes and quotes in text, never inside tags', () => {
    expect(wptexturize(`Customer's <a title="it's">"quoted"</a> 'single'`)).toBe(
      'Customer&#8217;s <a title="it\'s">&#8220;quoted&#8221;</a> &#8216;single&#8217;',
    );
  });

  it('encodes lone ampersands, dashes, ellipses and dimensions; keeps entities', () => {
    expect(wptexturize('Athens & Plaka -- 3x4 ... &amp; &#8217; a - b')).toBe(
      'Athens &#038; Plaka &#8212; 3&#215;4 &#8230; &amp; &#8217; a &#8211; b',
    );
  });

  it('skips code and script contents', () => {
    expect(wptexturize(`<code>it's</code> it's`)).toBe(`<code>it's</code> it&#8217;s`);
  });

  it('convert_chars encodes & in attributes too', () => {
    expect(convertChars('<a href="/?a=1&b=2&amp;c">x</a>')).toBe('<a href="/?a=1&#038;b=2&amp;c">x</a>');
  });

  it('runs the filters in the plugin order', () => {
    expect(contentFilter("We'll see\nyou & them")).toBe('<p>We&#8217;ll see<br />\nyou &#038; them</p>\n');
  });
});

describe('formatWpDate', () => {
  it('formats WordPress date and time settings', () => {
    expect(formatWpDate('F j, Y', '2027-05-22')).toBe('May 22, 2027');
    expect(formatWpDate('g:i a', '2026-11-21 23:22:42')).toBe('11:22 pm');
    expect(formatWpDate('D, d M y H:i:s \\o\\n l jS', '2026-11-01 09:05:07')).toBe(
      'Sun, 01 Nov 26 09:05:07 on Sunday 1st',
    );
    expect(formatWpDate('F j, Y', 'not a date')).toBeUndefined();
  });
});

describe('addQueryArg', () => {
  it('joins with ? or & like add_query_arg, replacing a repeated key', () => {
    expect(addQueryArg('http://x/payment/', { tid: 14, step: 4 })).toBe('http://x/payment/?tid=14&step=4');
    expect(addQueryArg('http://x/?tourmaster-payment', { tid: 13 })).toBe('http://x/?tourmaster-payment&tid=13');
    expect(addQueryArg('http://x/?tid=1&a=b#top', { tid: 2 })).toBe('http://x/?a=b&tid=2#top');
    expect(addQueryArg('http://x/', { paypal: '' })).toBe('http://x/?paypal');
  });
});
