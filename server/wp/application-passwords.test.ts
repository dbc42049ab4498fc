import { describe, expect, it } from 'vitest';
import { serialize, unserialize } from '../php/serialize';
import {
  appendItem,
  checkApplicationPassword,
  chunkApplicationPassword,
  fastHash,
  generateApplicationPassword,
  hashApplicationPassword,
  nameExists,
  newItem,
  normalizeApplicationPassword,
  readItem,
  recordUsage,
  sanitizeTextField,
  storedItemsOf,
  storedValueOf,
  withUuids,
} from './application-passwords';
import { phpassCheck } from './password';

/**
 * Vectors of `wp_fast_hash` computed outside this code: Python's hashlib BLAKE2b (libsodium's
 * `crypto_generichash` is keyed BLAKE2b), key `wp_fast_hash_6.8+`, 30 bytes, base64url unpadded.
 */
const FAST_HASH_VECTORS = [
  ['', '$generic$XJQGK2eUryTa4vHbU0bDv1Ml3wGPwaC1ATczq0o_'],
  ['password', '$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkWu'],
  ['abcdEFGHijklMNOPqrstUVWX', '$generic$VbqhfQOT_VfaFmt_p27nedVhgUdnEi-dOUZamH4W'],
] as const;

describe('application password text', () => {
  it('is 24 letters and digits, shown in groups of four', () => {
    const password = generateApplicationPassword();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(chunkApplicationPassword('abcdEFGHijklMNOPqrstUVWX')).toBe('abcd EFGH ijkl MNOP qrst UVWX');
  });

  it('is checked without anything but ASCII letters and digits, as WordPress strips it', () => {
    expect(normalizeApplicationPassword(' abcd EFGH-ijkl_MNOP.qrst\tUVWX é')).toBe('abcdEFGHijklMNOPqrstUVWX');
  });
});

describe('hashes', () => {
  it('wp_fast_hash matches an independent BLAKE2b', () => {
    for (const [message, hash] of FAST_HASH_VECTORS) expect(fastHash(message)).toBe(hash);
  });

  it('checks $generic$ (6.8+) and $P$ (≤ 6.7) hashes, and refuses others', async () => {
    expect(await checkApplicationPassword('abcdEFGHijklMNOPqrstUVWX', FAST_HASH_VECTORS[2][1])).toBe(true);
    expect(await checkApplicationPassword('abcdEFGHijklMNOPqrstUVWx', FAST_HASH_VECTORS[2][1])).toBe(false);
    const phpass = hashApplicationPassword('abcd EFGH ijkl MNOP qrst UVWX');
    expect(phpass).toMatch(/^\$P\$B.{30}$/);
    expect(phpassCheck('abcdEFGHijklMNOPqrstUVWX', phpass)).toBe(true);
    expect(await checkApplicationPassword('abcdEFGHijklMNOPqrstUVWX', phpass)).toBe(true);
    expect(await checkApplicationPassword('abcdEFGHijklMNOPqrstUVWY', phpass)).toBe(false);
    expect(await checkApplicationPassword('abcdEFGHijklMNOPqrstUVWX', '$generic$')).toBe(false);
  });
});

/** A list as WordPress leaves it after deleting the first of two passwords: key 1 only. */
const AFTER_DELETE =
  'a:1:{i:1;a:7:{s:4:"uuid";s:36:"0f8c2b6e-1d7a-4c3e-9b5f-2a6d8e4c1b70";s:6:"app_id";s:0:"";s:4:"name";s:7:"Channel";s:8:"password";s:34:"$P$BabcdefgHbgw1burx8JUOwSRIbvbtf1";s:7:"created";i:1764000000;s:9:"last_used";N;s:7:"last_ip";N;}}';

describe('the stored list', () => {
  it('round-trips a list with a gap in its keys, byte for byte', () => {
    const items = storedItemsOf(unserialize(AFTER_DELETE));
    expect(items.map(([k]) => k)).toEqual([1]);
    expect(serialize(storedValueOf(items))).toBe(AFTER_DELETE);
  });

  it('appends after the largest key, as $passwords[] = $item does', () => {
    const items = appendItem(storedItemsOf(unserialize(AFTER_DELETE)), newItem('Other', 'h', 1764000100, 'u'));
    expect(items.map(([k]) => k)).toEqual([1, 2]);
    expect(serialize(storedValueOf(items))).toContain(
      'i:2;a:7:{s:4:"uuid";s:1:"u";s:6:"app_id";s:0:"";s:4:"name";s:5:"Other";s:8:"password";s:1:"h";s:7:"created";i:1764000100;s:9:"last_used";N;s:7:"last_ip";N;}',
    );
    expect(appendItem([], newItem('A', 'h', 1, 'u')).map(([k]) => k)).toEqual([0]);
  });

  it('reads anything but an array as no passwords, and gives a uuid to an item without one', () => {
    expect(storedItemsOf('')).toEqual([]);
    expect(storedItemsOf(undefined)).toEqual([]);
    const { items, changed } = withUuids(storedItemsOf([{ name: 'Old', password: 'h' }]));
    expect(changed).toBe(true);
    expect(String(items[0]![1].uuid)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds a duplicate name case-insensitively', () => {
    const items = storedItemsOf(unserialize(AFTER_DELETE));
    expect(nameExists(items, 'CHANNEL')).toBe(true);
    expect(nameExists(items, 'Channel 2')).toBe(false);
  });

  it('records a use at most once a day, with the address', () => {
    const items = storedItemsOf(unserialize(AFTER_DELETE));
    const uuid = '0f8c2b6e-1d7a-4c3e-9b5f-2a6d8e4c1b70';
    const used = recordUsage(items, uuid, 1764100000, '203.0.113.5')!;
    expect(readItem(used[0]![1])).toMatchObject({ lastUsed: 1764100000 });
    expect(used[0]![1].last_ip).toBe('203.0.113.5');
    expect(recordUsage(used, uuid, 1764100000 + 86399, '203.0.113.6')).toBeNull();
    expect(recordUsage(used, uuid, 1764100000 + 86400, '203.0.113.6')![0]![1].last_ip).toBe('203.0.113.6');
    expect(recordUsage(items, 'other', 1764100000, 'x')).toBeNull();
  });

  it('sanitises a name as sanitize_text_field does', () => {
    expect(sanitizeTextField('  <b>Channel</b>\n  manager %41 ')).toBe('Channel manager');
  });
});
