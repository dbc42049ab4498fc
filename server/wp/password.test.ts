import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import {
  addslashes,
  checkPassword,
  checkResetKey,
  cryptPrivate,
  dummyPasswordCheck,
  encode64,
  generateResetKey,
  hashPassword,
  phpassCheck,
  phpassHash,
  phpTrim,
  resetKeyValue,
  wordpressPasswordText,
  wp68Prehash,
} from './password';

/** The fixture users' hashes in legacy-fixtures/wp-legacy.sql, written by WordPress 6.3.1. */
const FIXTURE_USERS = [
  ['admin', '$P$B4mBFzOLIsNj9yZj14OlYmn4BxaNbT.', 'Admin#Oracle2026'],
  ['customer1', '$P$B1CVXBb/bQuKBtCkywkfGzu7gvSURp0', 'Cust1#Pass2026'],
  ['customer2', '$P$BVJIN0BoOX8Nnim4ytQtsuPNDWkN190', 'Cust2#Pass2026'],
  ['customer3', '$P$BjH4DOuJjcI0SZRIXTrKtEdFI.SI851', 'Cust3#Pass2026'],
] as const;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('the password text WordPress hashes', () => {
  it('is trim(addslashes(raw)) (auth.md §7)', () => {
    expect(wordpressPasswordText(" it's ")).toBe("it\\'s");
    expect(addslashes('a"b\\c\0d\'')).toBe('a\\"b\\\\c\\0d\\\'');
  });

  it('trims only PHP whitespace, not other Unicode spaces', () => {
    expect(phpTrim('\t\n\r\0\x0B x \x0B')).toBe('x');
    expect(phpTrim('\u00a0x\u00a0')).toBe('\u00a0x\u00a0');
  });
});

describe('phpass', () => {
  it('matches the auth.md §7 vector', () => {
    expect(cryptPrivate('secret', '$P$BabcdefgH')).toBe('$P$BabcdefgHbgw1burx8JUOwSRIbvbtf1');
    expect(phpassCheck('secret', '$P$BabcdefgHbgw1burx8JUOwSRIbvbtf1')).toBe(true);
    expect(phpassCheck('Secret', '$P$BabcdefgHbgw1burx8JUOwSRIbvbtf1')).toBe(false);
  });

  it('refuses settings that are not phpass ones, as crypt_private does', () => {
    expect(cryptPrivate('x', '$2y$10$abc')).toBe('*0');
    expect(cryptPrivate('x', '*0')).toBe('*1');
    expect(cryptPrivate('x', '$P$')).toBe('*0');
    expect(cryptPrivate('x', '$P$4abcdefgh')).toBe('*0'); // count char '4' = 2^6: below phpass's minimum of 2^7
    expect(cryptPrivate('x', '$P$Babc')).toBe('*0'); // a short salt
  });

  it('encodes partial groups as phpass does (1 byte → 2 chars, 2 bytes → 3)', () => {
    expect(encode64(Uint8Array.from([0xff]), 1)).toBe('z1');
    expect(encode64(Uint8Array.from([0xff, 0xff]), 2)).toBe('zzD');
    expect(encode64(Uint8Array.from([0, 0, 0, 0, 0, 0]), 6)).toBe('........');
  });

  it('writes $P$B hashes with a fresh 8-character salt', () => {
    const a = phpassHash('secret');
    const b = phpassHash('secret');
    expect(a).toMatch(/^\$P\$B[./0-9A-Za-z]{30}$/);
    expect(a).not.toBe(b);
    expect(phpassHash('secret', new TextEncoder().encode('abcdef'))).toBe(
      cryptPrivate('secret', `$P$B${encode64(new TextEncoder().encode('abcdef'), 6)}`),
    );
  });
});

describe('checkPassword', () => {
  it.each(FIXTURE_USERS)('verifies %s against the hash WordPress wrote', async (_login, hash, password) => {
    await expect(checkPassword(password, hash)).resolves.toEqual({ ok: true });
    await expect(checkPassword(`${password}x`, hash)).resolves.toEqual({ ok: false });
    await expect(checkPassword(password.toLowerCase(), hash)).resolves.toEqual({ ok: false });
  });

  it('trims the typed password as wp_authenticate does', async () => {
    const [, hash, password] = FIXTURE_USERS[1];
    await expect(checkPassword(`  ${password}\n`, hash)).resolves.toEqual({ ok: true });
  });

  it('checks the slashed text first, the unslashed one as a fallback that asks for a rehash', async () => {
    const wordpressWrote = cryptPrivate("it\\'s", '$P$BabcdefgH');
    await expect(checkPassword("it's", wordpressWrote)).resolves.toEqual({ ok: true });
    const restApiWrote = cryptPrivate("it's", '$P$BabcdefgH');
    const viaFallback = await checkPassword("it's", restApiWrote);
    expect(viaFallback.ok).toBe(true);
    expect(viaFallback.rehash).toMatch(/^\$P\$B/);
    expect(phpassCheck("it\\'s", viaFallback.rehash!)).toBe(true);
  });

  it('accepts a legacy MD5 hash and asks for a phpass rehash of the slashed text', async () => {
    const result = await checkPassword('Cust1#Pass2026', md5('Cust1#Pass2026'));
    expect(result.ok).toBe(true);
    expect(result.rehash).toMatch(/^\$P\$B.{30}$/);
    await expect(checkPassword('Cust1#Pass2026', result.rehash!)).resolves.toEqual({ ok: true });
    await expect(checkPassword('wrong', md5('Cust1#Pass2026'))).resolves.toEqual({ ok: false });
    await expect(checkPassword('', '')).resolves.toEqual({ ok: false });
    await expect(checkPassword('x', md5('x').toUpperCase())).resolves.toEqual({ ok: false });
  });

  it("verifies plain bcrypt as PHP's crypt does (PHP manual vectors)", async () => {
    await expect(
      checkPassword('rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a'),
    ).resolves.toEqual({ ok: true });
    await expect(
      checkPassword('rasmuslerdorf', '$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq'),
    ).resolves.toEqual({ ok: true });
    await expect(
      checkPassword('rasmuslerdorF', '$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq'),
    ).resolves.toEqual({ ok: false });
    await expect(checkPassword('x', '$2y$10$malformed')).resolves.toEqual({ ok: false });
  });

  it('verifies WordPress 6.8 $wp$ hashes: bcrypt of base64(HMAC-SHA384("wp-sha384", P))', async () => {
    const password = "O'Brien#2026";
    const wpHash = `$wp${await bcrypt.hash(wp68Prehash(wordpressPasswordText(password)), 4)}`;
    expect(wpHash.startsWith('$wp$2b$04$')).toBe(true);
    await expect(checkPassword(password, wpHash)).resolves.toEqual({ ok: true });
    await expect(checkPassword('other', wpHash)).resolves.toEqual({ ok: false });
    // A PHP-made one says $2y$: the same algorithm.
    await expect(checkPassword(password, wpHash.replace('$wp$2b$', '$wp$2y$'))).resolves.toEqual({ ok: true });
    expect(wp68Prehash('secret')).toBe(wp68Prehash(' secret '));
  });

  it('fails other crypt schemes and anything longer than 4096 bytes', async () => {
    await expect(checkPassword('x', '$6$rounds=5000$salt$abc')).resolves.toEqual({ ok: false });
    const long = 'a'.repeat(4097);
    await expect(checkPassword(long, hashPassword(long.slice(0, 10)))).resolves.toEqual({ ok: false });
    const exactly = 'é'.repeat(2048); // 4096 bytes
    await expect(checkPassword(exactly, hashPassword(exactly))).resolves.toEqual({ ok: true });
    const over = `${exactly}"`; // addslashes makes it 4098 bytes
    await expect(checkPassword(over, hashPassword(over))).resolves.toEqual({ ok: false });
  });

  it('hashes what WordPress 6.3.1 will check: $P$B phpass of trim(addslashes(raw))', async () => {
    const hash = hashPassword(' say "hi" ');
    expect(hash).toMatch(/^\$P\$B/);
    expect(phpassCheck('say \\"hi\\"', hash)).toBe(true);
    await expect(checkPassword(' say "hi" ', hash)).resolves.toEqual({ ok: true });
  });

  it('spends a check on unknown users and fails', async () => {
    await expect(dummyPasswordCheck('anything')).resolves.toBe(false);
  });
});

describe('reset keys', () => {
  const now = new Date('2026-11-21T23:30:00Z');
  const unix = Math.floor(now.getTime() / 1000);

  it('are 20 characters of [A-Za-z0-9]', () => {
    expect(generateResetKey()).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(generateResetKey()).not.toBe(generateResetKey());
  });

  it('are stored as "{unix}:{phpass(key)}" and valid for 86400 s', () => {
    const key = 'gLlnIjzYIgb0K89TXAiQ';
    const stored = resetKeyValue(key, now);
    expect(stored).toMatch(new RegExp(`^${unix}:\\$P\\$B.{30}$`));
    expect(checkResetKey(key, stored, now)).toBe('valid');
    expect(checkResetKey(key, stored, new Date(now.getTime() + 86399_000))).toBe('valid');
    expect(checkResetKey(key, stored, new Date(now.getTime() + 86400_000))).toBe('expired');
    expect(checkResetKey('gLlnIjzYIgb0K89TXAiX', stored, now)).toBe('invalid');
  });

  it('refuse empty and non-alphanumeric keys, and treat keys without a time as expired', () => {
    const stored = resetKeyValue('abc', now);
    expect(checkResetKey('', stored, now)).toBe('invalid');
    expect(checkResetKey('ab-c', stored, now)).toBe('invalid');
    expect(checkResetKey('abc', '', now)).toBe('invalid');
    expect(checkResetKey('abc', phpassHash('abc'), now)).toBe('expired');
    expect(checkResetKey('abc', 'abc', now)).toBe('expired');
    expect(checkResetKey('abc', `x:${phpassHash('abc')}`, now)).toBe('invalid');
  });
});
