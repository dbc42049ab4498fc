import { describe, expect, it } from 'vitest';
import { stripeSiteId } from './stripe-site';

describe('stripeSiteId', () => {
  it('is short and stable for one site, whatever the trailing slash or case', () => {
    const id = stripeSiteId('https://tours.example.test', 'salt-a');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(stripeSiteId('https://Tours.example.test/', 'salt-a')).toBe(id);
  });

  it('differs between installations: another URL or another salt', () => {
    const id = stripeSiteId('https://tours.example.test', 'salt-a');
    expect(stripeSiteId('https://staging.tours.example.test', 'salt-a')).not.toBe(id);
    expect(stripeSiteId('https://tours.example.test', 'salt-b')).not.toBe(id);
  });
});
