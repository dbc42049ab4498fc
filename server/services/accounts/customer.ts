import { getOptions } from '../../data/options';
import { readProfile } from '../../data/profile';
import { AVATAR_OPTIONS, type AvatarSettings, readAvatarSettings } from '../../views/avatar';
import type { Profile } from '../../wp/profile';
import type { RequestContext } from '../context';

/** A customer's profile and the site's avatar settings (the account pages' header); undefined for no such user. */
export async function loadCustomer(
  ctx: Pick<RequestContext, 'wp'>,
  userId: number,
): Promise<{ profile: Profile; avatar: AvatarSettings } | undefined> {
  const [profile, avatarOptions] = await Promise.all([readProfile(ctx.wp, userId), getOptions(ctx.wp, AVATAR_OPTIONS)]);
  return profile ? { profile, avatar: readAvatarSettings(avatarOptions) } : undefined;
}
