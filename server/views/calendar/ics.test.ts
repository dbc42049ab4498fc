import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from './ics';

const STAMP = new Date('2026-11-21T23:22:42.123Z');

/** The unfolded content lines (RFC 5545 §3.1: CRLF followed by one white space is removed). */
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('calendarFile (RFC 5545)', () => {
  it('an all-day event: DTSTART;VALUE=DATE and an exclusive DTEND the day after the last day', () => {
    const text = calendarFile({
      uid: 'order-12@example.test',
      stamp: STAMP,
      summary: 'Santorini Caldera Sunset Cruise',
      start: { kind: 'date', date: '2027-05-22' },
      end: { kind: 'date', date: '2027-05-24' },
    });
    const lines = unfold(text);
    expect(lines).toContain('DTSTART;VALUE=DATE:20270522');
    expect(lines).toContain('DTEND;VALUE=DATE:20270525');
    expect(lines).toContain('DTSTAMP:20261121T232242Z');
    expect(lines).toContain('UID:order-12@example.test');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'));
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
  });

  it('a timed start in UTC; a timed event without a known end has no DTEND', () => {
    const lines = unfold(
      calendarFile({
        uid: 'u',
        stamp: STAMP,
        summary: 's',
        start: { kind: 'instant', utc: new Date('2027-05-22T14:30:00Z') },
      }),
    );
    expect(lines).toContain('DTSTART:20270522T143000Z');
    expect(lines.some((l) => l.startsWith('DTEND'))).toBe(false);
  });

  it('a timed multi-day event ends with a date-time, as its start', () => {
    const lines = unfold(
      calendarFile({
        uid: 'u',
        stamp: STAMP,
        summary: 's',
        start: { kind: 'instant', utc: new Date('2027-05-22T06:00:00Z') },
        end: { kind: 'date', date: '2027-05-24' },
      }),
    );
    expect(lines).toContain('DTEND:20270525T000000Z');
  });

  it('every line ends with CRLF, none is longer than 75 octets, and no bare LF is left', () => {
    const text = calendarFile({
      uid: 'u',
      stamp: STAMP,
      summary: `Ἀκρόπολις ${'é'.repeat(60)} – a very long title, with; special\\ characters\nand a second line`,
      description: 'x'.repeat(300),
      url: 'https://example.test/?tourmaster-manage=12.1790000000.abc',
      start: { kind: 'date', date: '2027-05-22' },
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const summary = unfold(text).find((l) => l.startsWith('SUMMARY:'));
    expect(summary).toBe(
      `SUMMARY:Ἀκρόπολις ${'é'.repeat(60)} – a very long title\\, with\\; special\\\\ characters\\nand a second line`,
    );
    expect(unfold(text)).toContain(`DESCRIPTION:${'x'.repeat(300)}`);
    // Folding never splits a character: every physical line is valid UTF-8 on its own.
    for (const line of text.split('\r\n')) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
  });

  it('refuses a date that is not Y-m-d', () => {
    expect(() =>
      calendarFile({ uid: 'u', stamp: STAMP, summary: 's', start: { kind: 'date', date: '22/05/2027' } }),
    ).toThrow(RangeError);
  });
});

describe('escapeText and foldLine', () => {
  it('escapes backslash, semicolon, comma and line breaks; drops other control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\u0007g')).toBe('a\\\\b\\;c\\,d\\ne\\nf' + 'g');
  });

  it('folds at 75 octets with CRLF and one space, and leaves a short line alone', () => {
    expect(foldLine('short')).toBe('short');
    const folded = foldLine('a'.repeat(160));
    expect(folded.split('\r\n ').map((p) => p.length)).toEqual([75, 74, 11]);
    // A 2-octet character that would straddle octet 75 moves to the next line.
    const straddle = foldLine(`${'a'.repeat(74)}é`);
    expect(straddle).toBe(`${'a'.repeat(74)}\r\n é`);
  });

  it('a timed event with an end and a departure place: DTEND at its instant, LOCATION as escaped TEXT', () => {
    const lines = unfold(
      calendarFile({
        uid: 'u',
        stamp: STAMP,
        summary: "Tom's & Co",
        location: 'Ammoudi Bay, Oia',
        start: { kind: 'instant', utc: new Date('2027-05-22T13:30:00Z') },
        end: { kind: 'instant', utc: new Date('2027-05-22T18:30:00Z') },
      }),
    );
    expect(lines).toContain('DTSTART:20270522T133000Z');
    expect(lines).toContain('DTEND:20270522T183000Z');
    expect(lines).toContain('LOCATION:Ammoudi Bay\\, Oia');
    expect(lines).toContain("SUMMARY:Tom's & Co");
  });
});
