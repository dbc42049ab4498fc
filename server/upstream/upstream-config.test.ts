import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from '../core/config';
import { createActionSwitch } from './action-switch';

const OURS = ['tourmaster_tour_booking', 'tourmaster_update_head_price'];
const upstreamOf = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env }).legacyUpstream;

describe('LEGACY_UPSTREAM settings', () => {
  it('are absent by default: everything is answered here, as before', () => {
    expect(upstreamOf({})).toBeUndefined();
  });

  it('read the URL (trailing slash dropped), the timeout and a trimmed action list', () => {
    expect(
      upstreamOf({
        LEGACY_UPSTREAM: 'http://10.0.0.5:8081/blog/',
        LEGACY_UPSTREAM_TIMEOUT_MS: '2500',
        SERVE_ACTIONS: ' tourmaster_tour_booking , ,tourmaster_tour_booking',
      }),
    ).toEqual({
      url: 'http://10.0.0.5:8081/blog',
      timeoutMs: 2500,
      serveActions: ['tourmaster_tour_booking'],
      forwardActions: [],
    });
    expect(upstreamOf({ LEGACY_UPSTREAM: 'https://wp.internal', FORWARD_ACTIONS: '' })).toEqual({
      url: 'https://wp.internal',
      timeoutMs: 15_000,
      serveActions: undefined,
      forwardActions: [],
    });
  });

  it.each([
    [
      { LEGACY_UPSTREAM: 'ftp://wp.internal' },
      'Invalid setting LEGACY_UPSTREAM: LEGACY_UPSTREAM must be an http:// or https:// URL',
    ],
    [{ LEGACY_UPSTREAM: 'wp.internal:8080' }, 'LEGACY_UPSTREAM must be an http:// or https:// URL'],
    [{ LEGACY_UPSTREAM: 'http://user:secret@wp.internal' }, 'without user, query or fragment'],
    [{ LEGACY_UPSTREAM: 'http://wp.internal', LEGACY_UPSTREAM_TIMEOUT_MS: '0' }, 'LEGACY_UPSTREAM_TIMEOUT_MS'],
    [
      { LEGACY_UPSTREAM: 'http://wp.internal', SERVE_ACTIONS: 'a', FORWARD_ACTIONS: 'b' },
      'SERVE_ACTIONS and FORWARD_ACTIONS are both set',
    ],
    [{ SERVE_ACTIONS: 'tourmaster_tour_booking' }, 'SERVE_ACTIONS needs LEGACY_UPSTREAM'],
    [{ FORWARD_ACTIONS: 'tourmaster_tour_booking' }, 'FORWARD_ACTIONS needs LEGACY_UPSTREAM'],
    [
      { LEGACY_UPSTREAM: 'http://wp.internal', FORWARD_ACTIONS: 'ok,not ok' },
      'FORWARD_ACTIONS lists "not ok": not an action name.',
    ],
  ])('refuse %j', (env, message) => {
    expect(() => upstreamOf(env)).toThrow(ConfigError);
    expect(() => upstreamOf(env)).toThrow(message);
  });
});

describe('the action switch', () => {
  const base = { url: 'http://wp', timeoutMs: 1 };

  it('by default forwards only the actions we do not serve', () => {
    const takes = createActionSwitch({ ...base, serveActions: undefined, forwardActions: [] }, OURS);
    expect([takes('tourmaster_tour_booking', true), takes('heartbeat', false)]).toEqual([false, true]);
  });

  it('SERVE_ACTIONS keeps only the listed ones here', () => {
    const takes = createActionSwitch({ ...base, serveActions: ['tourmaster_tour_booking'], forwardActions: [] }, OURS);
    expect([takes('tourmaster_tour_booking', true), takes('tourmaster_update_head_price', true)]).toEqual([
      false,
      true,
    ]);
  });

  it('FORWARD_ACTIONS sends the listed ones to WordPress', () => {
    const takes = createActionSwitch(
      { ...base, serveActions: undefined, forwardActions: ['tourmaster_update_head_price'] },
      OURS,
    );
    expect([takes('tourmaster_tour_booking', true), takes('tourmaster_update_head_price', true)]).toEqual([
      false,
      true,
    ]);
  });

  it('refuses names we do not have, naming each', () => {
    expect(() =>
      createActionSwitch({ ...base, serveActions: undefined, forwardActions: ['tourmaster_tour_bookin', 'x'] }, OURS),
    ).toThrow(
      new ConfigError(
        'FORWARD_ACTIONS names actions this server does not have: tourmaster_tour_bookin, x (it serves tourmaster_tour_booking, tourmaster_update_head_price).',
      ),
    );
  });
});

describe('describeConfig', () => {
  it('names the upstream, the action list and the timeout', () => {
    const config = loadConfig({ LEGACY_UPSTREAM: 'http://127.0.0.1:8081/', SERVE_ACTIONS: 'a,b' });
    expect(describeConfig(config).legacyUpstream).toBe('http://127.0.0.1:8081 (serving only a, b; timeout 15000 ms)');
  });
});
