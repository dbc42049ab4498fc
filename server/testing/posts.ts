import type { WpDb } from '../data/tables';

/** Helpers for the blog tests (integration and browser); not a test file itself. */

export interface NewPost {
  type?: 'post' | 'page' | 'tour_service';
  status?: string;
  slug: string;
  title: string;
  content?: string;
  excerpt?: string;
  date?: string;
  parentId?: number;
  password?: string;
  authorId?: number;
}

/** Inserts a post or page as WordPress writes one (every NOT NULL column filled); returns its id. */
export async function insertPost(wp: WpDb, post: NewPost): Promise<number> {
  const date = post.date ?? '2026-11-01 09:00:00';
  const [id] = await wp.knex(wp.t.posts).insert({
    post_author: post.authorId ?? 1,
    post_date: date,
    post_date_gmt: date,
    post_content: post.content ?? `<p>${post.title}. A note from our guides.</p>`,
    post_title: post.title,
    post_excerpt: post.excerpt ?? '',
    post_status: post.status ?? 'publish',
    comment_status: post.type === 'page' ? 'closed' : 'open',
    ping_status: 'open',
    post_password: post.password ?? '',
    post_name: post.slug,
    to_ping: '',
    pinged: '',
    post_modified: date,
    post_modified_gmt: date,
    post_content_filtered: '',
    post_parent: post.parentId ?? 0,
    guid: `http://127.0.0.1:8080/?p=${post.slug}`,
    menu_order: 0,
    post_type: post.type ?? 'post',
    post_mime_type: '',
    comment_count: 0,
  });
  return Number(id);
}

/** Sets an option (insert or replace), as `update_option` with a plain string. */
export async function setOption(wp: WpDb, name: string, value: string): Promise<void> {
  await wp
    .knex(wp.t.options)
    .insert({ option_name: name, option_value: value, autoload: 'yes' })
    .onConflict('option_name')
    .merge(['option_value']);
}

/**
 * Enough extra published posts for three index pages of ten (the fixture has twelve posts): dated
 * before every fixture post, so the fixture's first page stays as captured.
 */
export async function addOlderPosts(wp: WpDb, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const day = String(28 - i).padStart(2, '0');
    ids.push(
      await insertPost(wp, {
        slug: `older-travel-note-${i + 1}`,
        title: `Older Travel Note ${i + 1}`,
        date: `2025-12-${day} 09:00:00`,
      }),
    );
  }
  return ids;
}

/**
 * Inserts an image of the media library as WordPress writes one (`2026/11/{file}.jpg`, 1200×800,
 * a 150×150 thumbnail, its alt text); returns its id.
 */
export async function insertImageAttachment(
  wp: WpDb,
  image: { file: string; alt: string; parentId?: number },
): Promise<number> {
  const { file, alt } = image;
  const id = await insertPost(wp, {
    slug: file,
    title: file,
    content: '',
    status: 'inherit',
    date: '2026-11-01 00:00:00',
    parentId: image.parentId ?? 0,
  });
  await wp.knex(wp.t.posts).where('ID', id).update({
    post_type: 'attachment',
    post_mime_type: 'image/jpeg',
    comment_status: 'closed',
    ping_status: 'closed',
    guid: '',
  });
  const metadata = `a:3:{s:5:"width";i:1200;s:6:"height";i:800;s:5:"sizes";a:1:{s:9:"thumbnail";a:3:{s:4:"file";s:${file.length + 12}:"${file}-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;}}}`;
  await wp.knex(wp.t.postmeta).insert([
    { post_id: id, meta_key: '_wp_attached_file', meta_value: `2026/11/${file}.jpg` },
    { post_id: id, meta_key: '_wp_attachment_metadata', meta_value: metadata },
    { post_id: id, meta_key: '_wp_attachment_image_alt', meta_value: alt },
  ]);
  return id;
}

/** Inserts a term in a taxonomy (a category under `parentId`, a tag…); returns its ids. */
export async function insertTerm(
  wp: WpDb,
  term: { taxonomy: string; name: string; slug: string; parentId?: number },
): Promise<{ termId: number; termTaxonomyId: number }> {
  const [termId] = await wp.knex(wp.t.terms).insert({ name: term.name, slug: term.slug, term_group: 0 });
  const [termTaxonomyId] = await wp.knex(wp.t.termTaxonomy).insert({
    term_id: Number(termId),
    taxonomy: term.taxonomy,
    description: '',
    parent: term.parentId ?? 0,
    count: 0,
  });
  return { termId: Number(termId), termTaxonomyId: Number(termTaxonomyId) };
}

/** Puts a post in a term, counted as `_update_post_term_count` counts (published posts only). */
export async function attachTerm(wp: WpDb, postId: number, termTaxonomyId: number): Promise<void> {
  await wp.knex(wp.t.termRelationships).insert({ object_id: postId, term_taxonomy_id: termTaxonomyId, term_order: 0 });
  const post = await wp.knex(wp.t.posts).first('post_status').where('ID', postId);
  if (post?.post_status === 'publish')
    await wp.knex(wp.t.termTaxonomy).where('term_taxonomy_id', termTaxonomyId).increment('count', 1);
}
