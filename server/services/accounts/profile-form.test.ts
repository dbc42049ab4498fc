import { describe, expect, it } from 'vitest';
import { EDIT_PROFILE_FIELDS, PROFILE_FIELDS } from '../../views/account/profile-fields';
import { validateProfileFields } from './profile-form';

describe('profile fields (registration and edit profile)', () => {
  const valid = {
    username: 'nora',
    password: 'Str0ng#Pass2026',
    'confirm-password': 'Str0ng#Pass2026',
    first_name: 'Nora',
    last_name: 'Berg',
    email: 'nora.berg@example.test',
    phone: '+47 22 00 00 00',
    country: 'Norway',
    birth_date: '1990-4-12',
  };

  it('bounds the free text: names at 100, a phone at 40', () => {
    expect(validateProfileFields(PROFILE_FIELDS, valid)).toEqual([]);
    expect(validateProfileFields(PROFILE_FIELDS, { ...valid, first_name: 'N'.repeat(150) })).toEqual([
      'First Name is too long: at most 100 characters.',
    ]);
    expect(validateProfileFields(EDIT_PROFILE_FIELDS, { ...valid, phone: '1'.repeat(41) })).toContain(
      'Phone is too long: at most 40 characters.',
    );
  });
});
