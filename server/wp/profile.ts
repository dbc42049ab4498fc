import type { WpUser } from './user';

/**
 * A customer's profile as the plugin keeps it (schema.md §6): `users.user_email` plus user meta
 * `first_name, last_name, gender, birth_date, phone, country, contact_address` and the avatar meta
 * (read and written in data/profile.ts).
 */
export const PROFILE_META_KEYS = [
  'first_name',
  'last_name',
  'gender',
  'birth_date',
  'phone',
  'country',
  'contact_address',
] as const;

export type ProfileMetaKey = (typeof PROFILE_META_KEYS)[number];

/** `tourmaster-user-avatar`: where the uploaded picture is and its 150×150 thumbnail. */
export interface AvatarMeta {
  /** The file on the server. */
  local_url: string;
  file_url: string;
  thumbnail: string;
}

export interface Profile {
  user: WpUser;
  meta: Readonly<Record<ProfileMetaKey, string>>;
  avatar: AvatarMeta | undefined;
}

/** The display name the plugin shows: `first last` when a first name is set, else `display_name`. */
export function fullName(profile: Pick<Profile, 'user' | 'meta'>): string {
  return profile.meta.first_name !== ''
    ? `${profile.meta.first_name} ${profile.meta.last_name}`
    : profile.user.displayName;
}
