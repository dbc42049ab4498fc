import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** The longest receiver URL accepted (the column holds 2000). */
export const MAX_WEBHOOK_URL = 2000;

/**
 * Addresses a receiver may not be on unless `WEBHOOKS_ALLOW_PRIVATE=1`: loopback, private,
 * carrier-grade NAT, link-local (the cloud metadata service 169.254.169.254), unique-local,
 * multicast, reserved and unspecified ones. IPv4 inside IPv6 (mapped, NAT64) is checked as IPv4.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  // Local-use NAT64 (RFC 8215): a network's own translator, to whatever IPv4 addresses it serves.
  ['64:ff9b:1::', 48],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IP literal) is one a receiver may not be on. Anything unparsable counts as private. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return blocked.check(bare, 'ipv4');
  if (kind !== 6) return true;
  const groups = expandIpv6(bare);
  if (!groups) return true;
  const ipv4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const embedded = ipv4(groups[6]!, groups[7]!);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64),
  // ::ffff:0:a.b.c.d (SIIT's IPv4-translated form).
  const mapped = groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  const translated = groups.slice(0, 4).every((g) => g === 0) && groups[4] === 0xffff && groups[5] === 0;
  if ((mapped && !(groups[5] === 0 && groups[6] === 0)) || nat64 || translated) return blocked.check(embedded, 'ipv4');
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address in its second and third groups.
  if (groups[0] === 0x2002 && blocked.check(ipv4(groups[1]!, groups[2]!), 'ipv4')) return true;
  return blocked.check(bare, 'ipv6');
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

export type ReceiverCheck = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; message: string };

/** The URL's shape: http(s), bounded, no user or password in it. */
export function checkReceiverUrl(text: string): { ok: true; url: URL } | { ok: false; message: string } {
  if (text.length > MAX_WEBHOOK_URL)
    return { ok: false, message: `The URL is longer than ${MAX_WEBHOOK_URL} characters.` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'The URL is not valid.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'The URL must start with https:// or http://.' };
  if (url.username || url.password) return { ok: false, message: 'The URL may not contain a user name or password.' };
  return { ok: true, url };
}

/**
 * Resolves a receiver's host and checks every address it has (at subscribe time and before each
 * send: a name may be pointed elsewhere later). The caller connects to the `address` returned, the
 * one checked, never resolving the name again (DNS rebinding).
 */
export async function resolveReceiver(text: string, allowPrivate: boolean): Promise<ReceiverCheck> {
  const shape = checkReceiverUrl(text);
  if (!shape.ok) return shape;
  const host = shape.url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, message: `The receiver's host name ${host} does not resolve.` };
  }
  if (!addresses.length) return { ok: false, message: `The receiver's host name ${host} does not resolve.` };
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    return { ok: false, message: 'The receiver is on a loopback or private address.' };
  const first = addresses[0]!;
  return { ok: true, url: shape.url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
