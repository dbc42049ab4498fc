import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from './action';
import { actions, createRegistry } from './registry';

const action = (name: string, access: 'both' | 'logged-in' = 'both') =>
  defineAction({
    name,
    access,
    input: z.object({}),
    handle: async () => null,
    reply: () => ({ kind: 'json', body: [] }),
  });

describe('action registry', () => {
  it('finds actions by their WordPress action string', () => {
    const registry = createRegistry([action('tourmaster_a'), action('tourmaster_b', 'logged-in')]);
    expect(registry.get('tourmaster_b')?.access).toBe('logged-in');
    expect(registry.has('tourmaster_c')).toBe(false);
  });

  it('refuses an action registered twice', () => {
    expect(() => createRegistry([action('x'), action('x')])).toThrow(/registered twice/);
  });

  it('refuses an action without a declared access', () => {
    const broken = { ...action('y'), access: undefined as unknown as 'both' };
    expect(() => createRegistry([broken])).toThrow(/must declare access/);
  });

  it('refuses a name that is not an action string', () => {
    expect(() => createRegistry([action('bad name')])).toThrow(/not a WordPress action string/);
  });

  it('builds the production registry without error, every action file named as its action', () => {
    const registry = createRegistry(actions);
    for (const [name, a] of registry) expect(a.name).toBe(name);
  });
});
