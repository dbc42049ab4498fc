import { describe, expect, it } from 'vitest';
import { basicCredentials } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('Basic credentials as PHP reads them', () => {
  it('splits at the first colon; the scheme is case-insensitive', () => {
    expect(basicCredentials(basic('admin:abcd efgh:ijkl'))).toEqual({ username: 'admin', password: 'abcd efgh:ijkl' });
    expect(basicCredentials(`bAsIc ${Buffer.from('a@b.test:pw').toString('base64')}`)).toEqual({
      username: 'a@b.test',
      password: 'pw',
    });
  });

  it('is no attempt for another scheme, no colon, nothing, or an oversized header', () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials('Bearer abc')).toBeNull();
    expect(basicCredentials(basic('admin'))).toBeNull();
    expect(basicCredentials(basic(`admin:${'x'.repeat(2000)}`))).toBeNull();
  });
});
