import { getRawMetas } from '../../data/meta';
import type { RequestContext } from '../context';

/** A user's metas named `keys` as raw text (the first value of each), in one query: the forms' pre-fill. */
export function userMetas(
  ctx: Pick<RequestContext, 'wp'>,
  userId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return Promise.resolve(new Map());
  return getRawMetas(ctx.wp, 'user', userId, [...new Set(keys)]);
}
