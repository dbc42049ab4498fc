import { wptexturize } from '../wp/text';

/** A post title as `get_the_title()` prints it: tags shown as text, then wptexturize (`&` is `&#038;`). */
export function postTitleHtml(title: string): string {
  return wptexturize(title.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
}
