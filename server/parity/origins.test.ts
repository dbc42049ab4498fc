import { describe, expect, it } from 'vitest';
import { originNormaliser, runDateNormaliser } from './origins';

describe('originNormaliser', () => {
  const norm = originNormaliser(['https://tours.example.com', 'http://127.0.0.1:8080/']);
  const same: [string, string][] = [
    ['a link', '<a href="https://tours.example.com/tour/x/">'],
    ["our copy's link", '<a href="http://127.0.0.1:8080/tour/x/">'],
    ['a JSON-escaped link', '"https:\\/\\/tours.example.com\\/tour\\/x\\/"'],
    ['a protocol-relative link', '<img src="//tours.example.com/tour/x/">'],
    ['the other scheme', '<a href="http://tours.example.com/tour/x/">'],
  ];
  it.each(same)('maps %s to {site}', (_what, text) => expect(norm(text)).toMatch(/\{site\}/));
  it('maps both sites onto the same text', () => {
    expect(norm('Location: https://tours.example.com/login/')).toBe(norm('Location: http://127.0.0.1:8080/login/'));
  });
  it('leaves other hosts alone, even ones that start the same', () => {
    for (const text of ['https://tours.example.com.evil.test/', 'http://127.0.0.1:80801/', 'https://cdn.example.com/x'])
      expect(norm(text)).toBe(text);
  });
});

describe('runDateNormaliser', () => {
  const norm = runDateNormaliser(new Date('2026-11-22T06:00:00Z'));
  it('replaces times of the run days and no other', () => {
    expect(norm('at 2026-11-22 06:01:02 and 2026-11-21T23:59')).toBe('at {now} and {now}');
    expect(norm('tour on 2027-05-22 10:00:00, booked 2026-11-22')).toBe(
      'tour on 2027-05-22 10:00:00, booked 2026-11-22',
    );
  });
});
