import { describe, expect, it } from 'vitest';
import { unserialize } from '../php/serialize';
import { hasCap, MANAGE_OPTIONS, MANAGE_TOUR_ORDER, userCapabilities } from './capabilities';

/** The fixture site's roles, cut to what matters (wp_user_roles of legacy-fixtures/wp-legacy.sql). */
const ROLES = unserialize(
  'a:3:{s:13:"administrator";a:2:{s:4:"name";s:13:"Administrator";s:12:"capabilities";a:2:{s:14:"manage_options";b:1;s:17:"manage_tour_order";b:1;}}s:10:"subscriber";a:2:{s:4:"name";s:10:"Subscriber";s:12:"capabilities";a:2:{s:4:"read";b:1;s:7:"level_0";b:1;}}s:10:"tour_staff";a:2:{s:4:"name";s:10:"Tour Staff";s:12:"capabilities";a:2:{s:4:"read";b:1;s:17:"manage_tour_order";b:1;}}}',
);

const caps = (userCaps: string) => userCapabilities(unserialize(userCaps), ROLES);

describe('capabilities as WP_User reads them', () => {
  it('gives each role its capabilities', () => {
    const admin = caps('a:1:{s:13:"administrator";b:1;}');
    expect([hasCap(admin, MANAGE_TOUR_ORDER), hasCap(admin, MANAGE_OPTIONS)]).toEqual([true, true]);
    const staff = caps('a:1:{s:10:"tour_staff";b:1;}');
    expect([hasCap(staff, MANAGE_TOUR_ORDER), hasCap(staff, MANAGE_OPTIONS)]).toEqual([true, false]);
    const subscriber = caps('a:1:{s:10:"subscriber";b:1;}');
    expect([hasCap(subscriber, MANAGE_TOUR_ORDER), hasCap(subscriber, 'read')]).toEqual([false, true]);
  });

  it("lets the user's own entries grant or deny over the roles'", () => {
    expect(hasCap(caps('a:2:{s:10:"subscriber";b:1;s:17:"manage_tour_order";b:1;}'), MANAGE_TOUR_ORDER)).toBe(true);
    expect(hasCap(caps('a:2:{s:13:"administrator";b:1;s:17:"manage_tour_order";b:0;}'), MANAGE_TOUR_ORDER)).toBe(false);
  });

  it('ignores roles that do not exist and values that are not arrays', () => {
    expect(hasCap(caps('a:1:{s:6:"editor";b:1;}'), 'read')).toBe(false);
    expect(hasCap(userCapabilities('', ROLES), 'read')).toBe(false);
    expect(hasCap(userCapabilities(unserialize('a:1:{s:13:"administrator";b:1;}'), undefined), MANAGE_OPTIONS)).toBe(
      false,
    );
  });
});
