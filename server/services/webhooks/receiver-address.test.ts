import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './dispatch';
import { checkReceiverUrl, isPrivateAddress, resolveReceiver } from './receiver-address';

describe('isPrivateAddress', () => {
  const refused = [
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '::ffff:0:7f00:1',
    '::ffff:0:10.0.0.1',
    'not-an-address',
  ];
  const accepted = [
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2a00:1450:4001::200e',
    '2002:808:808::1',
    '64:ff9b::8.8.8.8',
  ];
  it.each(refused)('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(accepted)('accepts %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('receiver URLs', () => {
  it('are http(s), bounded, without credentials', () => {
    expect(checkReceiverUrl('https://hooks.example.test/a?b=c').ok).toBe(true);
    expect(checkReceiverUrl('file:///etc/passwd').ok).toBe(false);
    expect(checkReceiverUrl('https://a:b@hooks.example.test/').ok).toBe(false);
    expect(checkReceiverUrl(`https://hooks.example.test/${'x'.repeat(2000)}`).ok).toBe(false);
    expect(checkReceiverUrl('not a url').ok).toBe(false);
  });

  it('on a private literal address are refused unless allowed, and kept to the address checked', async () => {
    expect(await resolveReceiver('http://127.0.0.1:9/x', false)).toMatchObject({ ok: false });
    expect(await resolveReceiver('http://[::ffff:10.0.0.1]/x', false)).toMatchObject({ ok: false });
    expect(await resolveReceiver('http://127.0.0.1:9/x', true)).toMatchObject({
      ok: true,
      address: '127.0.0.1',
      family: 4,
    });
    expect(await resolveReceiver('http://localhost:9/x', false)).toMatchObject({ ok: false });
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 s to an hour, with a ±20 % spread', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 7, 8, 30].map((n) => retryDelayMs(n, mid))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThanOrEqual(36_000);
  });
});
