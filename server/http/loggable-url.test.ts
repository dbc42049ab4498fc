import { describe, expect, it } from 'vitest';
import { loggableUrl } from './loggable-url';

describe('loggableUrl', () => {
  it('masks the manage link, the calendar token and a reset key', () => {
    expect(loggableUrl('/?tourmaster-manage=12.1790000000.abcdef')).toBe('/?tourmaster-manage=%E2%80%A6');
    expect(loggableUrl('/?tourmaster-calendar=12&token=12.179.ab')).toBe('/?tourmaster-calendar=12&token=%E2%80%A6');
    expect(loggableUrl('/wp-login.php?action=rp&key=K3y&login=maria')).toBe(
      '/wp-login.php?action=rp&key=%E2%80%A6&login=maria',
    );
  });

  it('leaves other URLs as they came', () => {
    expect(loggableUrl('/tour/santorini/?tour-search=&paged=2')).toBe('/tour/santorini/?tour-search=&paged=2');
    expect(loggableUrl('/wp-admin/admin-ajax.php')).toBe('/wp-admin/admin-ajax.php');
  });
});
