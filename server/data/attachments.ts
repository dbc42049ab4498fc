import { maybeUnserialize } from '../php/serialize';
import type { Attachment } from '../wp/attachment';
import type { WpDb } from './tables';

/**
 * Attachments by id (a `[gallery ids="…"]` in a tour's content), in the order asked: their file
 * (`_wp_attached_file` under the uploads URL), thumbnail size from `_wp_attachment_metadata`, alt
 * text and caption. Ids that are not images are left out, as WordPress leaves them out.
 */
export async function loadAttachments(wp: WpDb, ids: readonly number[], siteUrl: string): Promise<Attachment[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, 200);
  if (wanted.length === 0) return [];
  const [posts, metas, uploadUrl] = await Promise.all([
    wp
      .knex(wp.t.posts)
      .select('ID', 'post_excerpt', 'post_mime_type')
      .whereIn('ID', wanted)
      .where('post_type', 'attachment') as Promise<Record<string, unknown>[]>,
    wp
      .knex(wp.t.postmeta)
      .select('post_id', 'meta_key', 'meta_value')
      .whereIn('post_id', wanted)
      .whereIn('meta_key', ['_wp_attached_file', '_wp_attachment_metadata', '_wp_attachment_image_alt'])
      .orderBy('meta_id') as Promise<Record<string, unknown>[]>,
    wp.knex(wp.t.options).first('option_value').where('option_name', 'upload_url_path'),
  ]);
  const base = String(uploadUrl?.option_value ?? '').replace(/\/+$/, '') || `${siteUrl}/wp-content/uploads`;
  const meta = new Map<string, string>();
  for (const row of metas) {
    const key = `${Number(row.post_id)}|${String(row.meta_key)}`;
    if (!meta.has(key)) meta.set(key, String(row.meta_value ?? ''));
  }
  const byId = new Map(posts.map((p) => [Number(p.ID), p]));
  const out: Attachment[] = [];
  for (const id of wanted) {
    const post = byId.get(id);
    const file = meta.get(`${id}|_wp_attached_file`);
    if (!post || !file || !String(post.post_mime_type ?? '').startsWith('image/')) continue;
    const url = /^https?:\/\//.test(file) ? file : `${base}/${file}`;
    let width = 0;
    let height = 0;
    let thumbnailUrl = url;
    try {
      const data = maybeUnserialize(meta.get(`${id}|_wp_attachment_metadata`) ?? '');
      const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      const sizes = record.sizes && typeof record.sizes === 'object' ? (record.sizes as Record<string, unknown>) : {};
      const thumb =
        sizes.thumbnail && typeof sizes.thumbnail === 'object'
          ? (sizes.thumbnail as Record<string, unknown>)
          : undefined;
      if (thumb && typeof thumb.file === 'string') {
        thumbnailUrl = url.slice(0, url.lastIndexOf('/') + 1) + thumb.file;
        width = Number(thumb.width) || 0;
        height = Number(thumb.height) || 0;
      } else {
        width = Number(record.width) || 0;
        height = Number(record.height) || 0;
      }
    } catch {
      // No usable metadata: the full file, without dimensions.
    }
    out.push({
      id,
      url,
      thumbnailUrl,
      width,
      height,
      alt: meta.get(`${id}|_wp_attachment_image_alt`) ?? '',
      caption: String(post.post_excerpt ?? ''),
    });
  }
  return out;
}
