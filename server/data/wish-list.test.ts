import { describe, expect, it } from 'vitest';
import { unserialize } from '../php/serialize';
import { parseWishList, wishListHas } from './wish-list';

describe('wish list values', () => {
  it('reads what the plugin stores, gaps in the keys included', () => {
    expect(parseWishList(unserialize('a:2:{i:0;s:1:"4";i:1;s:1:"7";}'))).toEqual(['4', '7']);
    expect(parseWishList(unserialize('a:2:{i:1;s:1:"7";i:3;s:1:"5";}'))).toEqual(['7', '5']);
    expect(parseWishList('')).toEqual([]);
    expect(parseWishList(false)).toEqual([]);
    expect(parseWishList([4, '7', null, ['x']])).toEqual(['4', '7']);
  });

  it('compares ids loosely, as in_array does', () => {
    expect(wishListHas(['4', '7'], 7)).toBe(true);
    expect(wishListHas(['4', '07'], '7')).toBe(true);
    expect(wishListHas(['4', '7'], '6')).toBe(false);
    expect(wishListHas(['abc'], 'abc')).toBe(true);
    expect(wishListHas(['abc'], 0)).toBe(false);
  });
});
