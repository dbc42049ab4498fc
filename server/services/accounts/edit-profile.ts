import { readProfile, setAvatar, updateProfile } from '../../data/profile';
import { getUserByEmail } from '../../data/users';
import type { PhpFilesEntry } from '../../php/form-body';
import { EDIT_PROFILE_FIELDS } from '../../views/account/profile-fields';
import type { Profile, ProfileMetaKey } from '../../wp/profile';
import type { RequestContext } from '../context';
import { checkAvatarUpload, storeAvatar } from './avatar';
import { validateProfileFields } from './profile-form';

export type EditProfileResult = { ok: true; profile: Profile } | { ok: false; errors: string[] };

/**
 * The profile edit (engagement.md §5, item 2): the plugin's field rules, an e-mail no other account
 * uses (the legacy page ignored core's refusal silently), and the picture. Nothing is saved unless
 * everything is valid; the saved profile is read back.
 */
export async function editProfile(
  ctx: RequestContext,
  profile: Profile,
  values: Readonly<Record<string, string>>,
  picture: PhpFilesEntry | undefined,
  homeUrl: string,
): Promise<EditProfileResult> {
  const errors = validateProfileFields(EDIT_PROFILE_FIELDS, values);
  const email = values.email ?? '';
  const userId = profile.user.id;
  if (errors.length === 0 && email.toLowerCase() !== profile.user.email.toLowerCase()) {
    const owner = await getUserByEmail(ctx.wp, email);
    if (owner && owner.id !== userId) errors.push('Sorry, that email address is already used!');
  }
  const upload = checkAvatarUpload(picture);
  if (upload.kind === 'error') errors.push(upload.message);
  if (errors.length > 0) return { ok: false, errors };

  const meta: Partial<Record<ProfileMetaKey, string>> = {};
  for (const field of EDIT_PROFILE_FIELDS)
    if (field.slug !== 'email') meta[field.slug as ProfileMetaKey] = values[field.slug] ?? '';
  await updateProfile(ctx.wp, userId, meta, email);
  if (upload.kind === 'image') {
    await setAvatar(ctx.wp, userId, await storeAvatar(ctx.deps.config, homeUrl, userId, upload, profile.avatar));
  }
  ctx.log.info({ userId, avatar: upload.kind === 'image' }, 'profile updated');
  return { ok: true, profile: (await readProfile(ctx.wp, userId)) ?? profile };
}
