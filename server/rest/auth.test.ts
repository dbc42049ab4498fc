import { describe, expect, it } from 'vitest';
import { isLoopback } from './auth';

describe('isLoopback', () => {
  it('is this machine, in the forms Express reports it', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['', '10.0.0.1', '::ffff:10.0.0.1', '203.0.113.5', '1127.0.0.1', '::2'])
      expect(isLoopback(ip), ip).toBe(false);
  });
});
