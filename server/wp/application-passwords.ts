/**
 * WordPress Application Passwords (`WP_Application_Passwords`, core since 5.6), as core stores and
 * checks them, without I/O: the password's form, its hash, the stored items of the user meta
 * `_application_passwords`, and the once-a-day usage record.
 *
 * Hashes: WordPress ≤ 6.7 stores `wp_hash_password()` (phpass `$P$B…` on this site's 6.3.1); 6.8+
 * stores `wp_fast_hash()`: `$generic$` + base64url (no padding) of BLAKE2b(password, key
 * `wp_fast_hash_6.8+`, 30 bytes), i.e. libsodium's `crypto_generichash`. Both are accepted; we write
 * phpass, the one 6.3.1 can verify.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import { isPhpArrayObject, type PhpArrayObject, PhpOrderedMap, type PhpValue } from '../php/values';
import { checkPassword, phpassHash } from './password';
import { randomString, WP_ALNUM_CHARS } from './wp-salt';

/** The user meta key holding a user's application passwords. */
export const APPLICATION_PASSWORDS_META = '_application_passwords';

/** The option (a network option; a plain option on a single site) set once any password exists. */
export const APPLICATION_PASSWORDS_IN_USE_OPTION = 'using_application_passwords';

/** `WP_Application_Passwords::PW_LENGTH`. */
export const APPLICATION_PASSWORD_LENGTH = 24;

/** Names longer than this are refused (WordPress sets no bound; a label is a few words). */
export const MAX_APPLICATION_NAME_LENGTH = 100;

/** Usage is recorded at most once a day (`record_application_password_usage`). */
export const USAGE_RECORD_SECONDS = 86400;

const FAST_HASH_PREFIX = '$generic$';
const FAST_HASH_KEY = new TextEncoder().encode('wp_fast_hash_6.8+');

/** `wp_generate_password(24, false)`: 24 characters of [a-zA-Z0-9]. */
export function generateApplicationPassword(): string {
  return randomString(APPLICATION_PASSWORD_LENGTH, WP_ALNUM_CHARS);
}

/**
 * What `wp_authenticate_application_password` checks: everything but ASCII letters and digits
 * removed (`preg_replace('/[^a-z\d]/i', '', $password)`), so the password works with or without
 * the spaces of its display form.
 */
export function normalizeApplicationPassword(raw: string): string {
  return raw.replace(/[^a-z\d]/gi, '');
}

/** `WP_Application_Passwords::chunk_password`: the display form, `abcd efgh ijkl …`. */
export function chunkApplicationPassword(raw: string): string {
  return (normalizeApplicationPassword(raw).match(/.{1,4}/g) ?? []).join(' ');
}

/** `wp_fast_hash()` of WordPress 6.8+. */
export function fastHash(message: string): string {
  const digest = blake2b(new TextEncoder().encode(message), { key: FAST_HASH_KEY, dkLen: 30 });
  return FAST_HASH_PREFIX + Buffer.from(digest).toString('base64url');
}

/** What we store for a new password: `wp_hash_password()` as WordPress 6.3.1 writes it (phpass). */
export function hashApplicationPassword(password: string): string {
  return phpassHash(normalizeApplicationPassword(password));
}

/**
 * `WP_Application_Passwords::check_password` (6.8) / `wp_check_password` (≤ 6.7): a `$generic$`
 * hash by `wp_verify_fast_hash`, anything else as a login password hash.
 */
export async function checkApplicationPassword(password: string, hash: string): Promise<boolean> {
  if (hash.startsWith(FAST_HASH_PREFIX)) return equalText(fastHash(password), hash);
  return (await checkPassword(password, hash)).ok;
}

// ---------------------------------------------------------------------------------------------
// The stored items

/** One stored item, read (the PHP array itself is kept, so keys we do not know are written back). */
export interface ApplicationPasswordItem {
  uuid: string;
  name: string;
  /** The hash. */
  password: string;
  lastUsed: number | null;
  raw: PhpArrayObject;
}

/** The meta's array as (key, item) pairs in PHP order: keys have gaps after a deletion. */
export type StoredItems = [key: string | number, item: PhpArrayObject][];

/** The meta value as WordPress reads it: anything but an array is no passwords; non-array items are skipped. */
export function storedItemsOf(value: PhpValue | undefined): StoredItems {
  const entries: [string | number, PhpValue][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value instanceof PhpOrderedMap
      ? [...value]
      : isPhpArrayObject(value)
        ? Object.entries(value).map(([k, v]) => [/^\d+$/.test(k) ? Number(k) : k, v])
        : [];
  return entries.filter((e): e is [string | number, PhpArrayObject] => isPhpArrayObject(e[1]));
}

/** The value to store: the same keys (gaps kept), as `update_user_meta` serialises the array. */
export function storedValueOf(items: StoredItems): PhpOrderedMap {
  return new PhpOrderedMap(items.map(([k, v]) => [k, v]));
}

/**
 * `get_user_application_passwords`: an item without a uuid gets one (and WordPress saves the list);
 * `changed` says whether that happened.
 */
export function withUuids(items: StoredItems): { items: StoredItems; changed: boolean } {
  let changed = false;
  const out: StoredItems = items.map(([k, item]) => {
    if (item.uuid !== undefined && item.uuid !== null) return [k, item];
    changed = true;
    return [k, { ...item, uuid: randomUUID() }];
  });
  return { items: out, changed };
}

export function readItem(raw: PhpArrayObject): ApplicationPasswordItem {
  const lastUsed = Number(raw.last_used);
  return {
    uuid: String(raw.uuid ?? ''),
    name: String(raw.name ?? ''),
    password: String(raw.password ?? ''),
    lastUsed: raw.last_used === null || raw.last_used === undefined || !Number.isFinite(lastUsed) ? null : lastUsed,
    raw,
  };
}

/** A new item as `create_new_application_password` builds it, in its key order. */
export function newItem(name: string, hash: string, nowSeconds: number, uuid: string = randomUUID()): PhpArrayObject {
  return { uuid, app_id: '', name, password: hash, created: nowSeconds, last_used: null, last_ip: null };
}

/** `$passwords[] = $item`: the next key is one past the largest int key (0 for none). */
export function appendItem(items: StoredItems, item: PhpArrayObject): StoredItems {
  const ints = items.map(([k]) => k).filter((k): k is number => typeof k === 'number');
  return [...items, [ints.length ? Math.max(...ints) + 1 : 0, item]];
}

/** `application_name_exists_for_user`: names compare after `strtolower` (ASCII letters only, as PHP 8). */
export function nameExists(items: StoredItems, name: string): boolean {
  const lower = asciiLower(name);
  return items.some(([, item]) => asciiLower(String(item.name ?? '')) === lower);
}

/**
 * `sanitize_text_field` for a label typed on the command line: tags stripped, line breaks, tabs and
 * extra whitespace collapsed, trimmed; percent-encoded octets removed.
 */
export function sanitizeTextField(text: string): string {
  return text
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .replace(/%[a-f0-9]{2}/gi, '')
    .trim();
}

/**
 * `record_application_password_usage`: `last_used` and `last_ip` of the item with `uuid`, unless it
 * was recorded less than a day ago (then null: nothing to write).
 */
export function recordUsage(items: StoredItems, uuid: string, nowSeconds: number, ip: string): StoredItems | null {
  const index = items.findIndex(([, item]) => item.uuid === uuid);
  if (index < 0) return null;
  const [key, item] = items[index]!;
  const { lastUsed } = readItem(item);
  if ((lastUsed ?? 0) + USAGE_RECORD_SECONDS > nowSeconds) return null;
  const out = [...items];
  out[index] = [key, { ...item, last_used: nowSeconds, last_ip: ip }];
  return out;
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
