import { describe, expect, it } from 'vitest';
import { isTooLong, readableName, TEXT_LIMITS, textLimit, tooLongMessage } from './text-limits';

describe('text limits', () => {
  it.each([
    ['first_name', '', TEXT_LIMITS.name],
    ['billing_last_name', '', TEXT_LIMITS.name],
    ['traveller_first_name', '', TEXT_LIMITS.name],
    ['full-name', 'text', TEXT_LIMITS.name],
    ['email', 'email', TEXT_LIMITS.email],
    ['email-address', 'text', TEXT_LIMITS.email],
    ['billing_phone', '', TEXT_LIMITS.phone],
    ['country', 'combobox', TEXT_LIMITS.country],
    ['traveller_passport', '', TEXT_LIMITS.passport],
    ['additional_notes', '', TEXT_LIMITS.notes],
    ['contact_address', 'textarea', TEXT_LIMITS.notes],
    ['your-enquiry', 'textarea', TEXT_LIMITS.notes],
    ['nationality', 'text', TEXT_LIMITS.line],
  ])('%s (%s) is bounded at %d', (slug, type, limit) => {
    expect(textLimit(slug, type)).toBe(limit);
  });

  it('counts characters as a reader does, and says which field and how long', () => {
    expect(isTooLong('a'.repeat(100), 100)).toBe(false);
    expect(isTooLong('a'.repeat(101), 100)).toBe(true);
    // 100 emoji are 200 UTF-16 units but 100 characters.
    expect(isTooLong('🌅'.repeat(100), 100)).toBe(false);
    expect(isTooLong(['a'], 0)).toBe(false);
    expect(tooLongMessage('Last Name', 100)).toBe('Last Name is too long: at most 100 characters.');
    expect(readableName('billing_contact_address')).toBe('Contact address');
  });
});
