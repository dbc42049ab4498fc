import type { AvatarProps } from '../../../client/common/islands/avatar';
import { contentFilter } from '../../wp/text';
import { type AvatarSettings, gravatarAvatar, gravatarImg, safeImageUrl } from '../avatar';
import { html, raw, type SafeHtml } from '../html';

/**
 * Pieces every account page shares (engagement.md §5): the navigation, breadcrumbs, content
 * blocks, notices, order status labels and the avatar. Markup and class names are the plugin's
 * (legacy-fixtures/pages/user-*.html), so its CSS and script apply unchanged.
 */

/** Order statuses and their labels (payment.md §4). */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  'wait-for-approval': 'Wait For Approval',
  approved: 'Approved',
  'receipt-submitted': 'Receipt Submitted',
  'online-paid': 'Online Paid',
  'deposit-paid': 'Deposit Paid',
  departed: 'Departed',
  rejected: 'Rejected',
  cancel: 'Cancel',
};

export function statusLabel(status: string | null): string {
  return STATUS_LABELS[status ?? ''] ?? status ?? '';
}

const STATUS_ICONS: Readonly<Record<string, string>> = {
  approved: 'fa fa-check',
  departed: 'fa fa-check-circle-o',
  rejected: 'fa fa-remove',
};

/** `span.tourmaster-my-booking-status` with the icon the plugin gives approved, departed and rejected. */
export function statusBadge(status: string | null): SafeHtml {
  const icon = STATUS_ICONS[status ?? ''];
  return html`<span class="tourmaster-my-booking-status tourmaster-booking-status tourmaster-status-${status ?? ''}" >${
    icon && html`<i class="${icon}" ></i>`
  }${statusLabel(status)}</span>`;
}

/** The account navigation entries, in the plugin's order. */
export interface NavEntry {
  slug: string;
  title: string;
  icon: string;
}

export interface NavSection {
  title: string;
  items: readonly NavEntry[];
}

export const ACCOUNT_SECTION: NavSection = {
  title: 'My Account',
  items: [
    { slug: 'dashboard', title: 'Dashboard', icon: 'fa fa-dashboard' },
    { slug: 'edit-profile', title: 'Edit Profile', icon: 'fa fa-edit' },
    { slug: 'change-password', title: 'Change Password', icon: 'fa fa-unlock-alt' },
  ],
};
export const TOUR_SECTION: NavSection = {
  title: 'Tour Booking',
  items: [
    { slug: 'my-booking', title: 'My Bookings', icon: 'icon_document_alt' },
    { slug: 'invoices', title: 'Invoices', icon: 'icon_wallet' },
    { slug: 'reviews', title: 'Reviews', icon: 'fa fa-star' },
    { slug: 'wish-list', title: 'Wish List', icon: 'fa fa-heart-o' },
  ],
};
export const ROOM_SECTION: NavSection = {
  title: 'Room Booking',
  items: [
    { slug: 'room-booking', title: 'My Bookings', icon: 'icon_document_alt' },
    { slug: 'room-invoices', title: 'Invoices', icon: 'icon_wallet' },
    { slug: 'room-reviews', title: 'Reviews', icon: 'fa fa-star' },
  ],
};

export interface AccountFrameInput {
  /** The active navigation slug. */
  active: string;
  sections: readonly NavSection[];
  /** `{user page}?page_type={slug}`. */
  pageUrl(slug: string): string;
  /** `wp_logout_url(home_url())`, with its `log-out` nonce. */
  signOutUrl: string;
  /** Option `user-navigation-bottom-text`, already filtered (admin HTML). */
  bottomText: SafeHtml;
  /** Option `user-page-style` (style-1). */
  style: string;
  body: SafeHtml;
}

/** `div.tourmaster-template-wrapper-user`: navigation, mobile navigation, then the page body. */
export function accountFrame(input: AccountFrameInput): SafeHtml {
  const navItem = (item: NavEntry, url: string) =>
    html`<div class="tourmaster-user-navigation-item ${item.slug === input.active ? ' tourmaster-active' : `tourmaster-user-navigation-item-${item.slug}`}" ><a href="${url}" ><i class="tourmaster-user-navigation-item-icon ${item.icon}" ></i>${item.title}</a></div>`;
  const signOut: NavEntry = { slug: 'sign-out', title: 'Sign Out', icon: 'icon_lock-open_alt' };
  const nav = html`<div class="tourmaster-user-navigation" >${input.sections.map(
    (section) =>
      html`<h3 class="tourmaster-user-navigation-head" >${section.title}</h3>${section.items.map((item) =>
        navItem(item, input.pageUrl(item.slug)),
      )}`,
  )}${navItem(signOut, input.signOutUrl)}<div class="tourmaster-user-navigation-bottom-text" >${input.bottomText}</div></div>`;
  const option = (value: string, title: string, selected: boolean) =>
    html`<option value="${value}" ${selected && 'selected'} >${title}</option>`;
  const mobile = html`<div class="tourmaster-user-mobile-navigation tourmaster-form-field" ><div class="tourmaster-combobox-wrap" ><select >${input.sections.map(
    (section) =>
      html`<option disabled >-- ${section.title} --</option>${section.items.map((item) =>
        option(input.pageUrl(item.slug), item.title, item.slug === input.active),
      )}`,
  )}${option(input.signOutUrl, 'Sign Out', false)}</select></div></div>`;
  return html`<div class="tourmaster-template-wrapper tourmaster-template-wrapper-user tourmaster-user-template-${input.style}" >${nav}<div class="tourmaster-user-content" >${mobile}${input.body}</div></div>`;
}

/** `div.tourmaster-user-breadcrumbs`: linked steps, the last one plain and active. */
export function breadcrumbs(steps: readonly { title: string; url?: string }[]): SafeHtml {
  const sep = raw('<span class="tourmaster-sep" >></span>');
  return html`<div class="tourmaster-user-breadcrumbs" >${steps.map((step, i) => {
    const last = i === steps.length - 1;
    if (last) return html`<span class="tourmaster-user-breadcrumbs-item tourmaster-active" >${step.title}</span>`;
    return html`<a class="tourmaster-user-breadcrumbs-item${i === 0 ? ' ' : ''}" href="${step.url ?? ''}" >${step.title}</a>${sep}`;
  })}</div>`;
}

/** `div.tourmaster-user-content-block` with an optional title and title link. */
export function contentBlock(input: {
  extraClass?: string;
  title?: string;
  link?: { url: string; text: string };
  content: SafeHtml | '';
}): SafeHtml {
  return html`<div class="tourmaster-user-content-block ${input.extraClass ?? ''}" >${
    input.title &&
    html`<div class="tourmaster-user-content-title-wrap" ><h3 class="tourmaster-user-content-title">${input.title}</h3>${
      input.link && html`<a class="tourmaster-user-content-title-link" href="${input.link.url}" >${input.link.text}</a>`
    }</div>`
  }<div class="tourmaster-user-content-block-content" >${input.content}</div></div>`;
}

/**
 * What a list with nothing in it shows instead of a bare table head (ours; the plugin printed the
 * head alone): one sentence, and where to go from there.
 */
export function emptyState(sentence: string, link?: { url: string; text: string }): SafeHtml {
  return html`<p class="tourmaster-user-empty-state" >${sentence}${link && html` <a href="${link.url}" >${link.text}</a>`}</p>`;
}

/** `div.tourmaster-user-content-inner.tourmaster-user-content-inner-{page}`. */
export function contentInner(page: string, parts: SafeHtml | readonly (SafeHtml | '' | false)[]): SafeHtml {
  return html`<div class="tourmaster-user-content-inner tourmaster-user-content-inner-${page}" >${parts as SafeHtml}</div>`;
}

/** The account pages' notice after a form post: messages joined with `<br />`. */
export function updateNotice(kind: 'success' | 'failure', messages: readonly string[]): SafeHtml | '' {
  if (messages.length === 0) return '';
  const body = messages.map((m, i) => html`${i > 0 && raw('<br />')}${m}`);
  return html`<div class="tourmaster-user-update-notification tourmaster-${kind}" >${kind === 'success' && raw('<i class="fa fa-check" ></i>')}${body}</div>`;
}

/** The login and register pages' notice (`div.tourmaster-notification-box`). */
export function notificationBox(kind: 'success' | 'failure', messages: readonly string[]): SafeHtml | '' {
  if (messages.length === 0) return '';
  return html`<div class="tourmaster-notification-box tourmaster-${kind}" >${messages.map(
    (m, i) => html`${i > 0 && raw('<br />')}${m}`,
  )}</div>`;
}

/** An avatar: the uploaded picture's thumbnail when there is one, else the Gravatar (85 px). */
export function userAvatar(
  avatar: { thumbnail: string; file_url: string } | undefined,
  email: string,
  settings: AvatarSettings,
  https: boolean,
): SafeHtml {
  const src = safeImageUrl(avatar?.thumbnail || avatar?.file_url || '');
  if (src) return raw(`<img src="${src}" alt="profile-image" />`);
  return raw(gravatarImg(email, 85, settings, https));
}

/** The same picture as typed props (client/common/islands/avatar.ts), as the browser reads the markup above. */
export function userAvatarProps(
  avatar: { thumbnail: string; file_url: string } | undefined,
  email: string,
  settings: AvatarSettings,
  https: boolean,
): AvatarProps | undefined {
  const stored = (avatar?.thumbnail || avatar?.file_url || '').trim();
  // safeImageUrl's esc_url also drops spaces and angle brackets from the URL it prints.
  if (safeImageUrl(stored)) return { src: stored.replace(/[<>\s]/g, ''), alt: 'profile-image' };
  return gravatarAvatar(email, 85, settings, https);
}

/**
 * The plugin's `tourmaster_content_filter` on admin text (navigation bottom text, invoice company
 * info): the WordPress text filters, then the two page-builder shortcodes the theme's demo texts use
 * (`gdlr_core_space`, `gdlr_core_icon`). Other shortcodes stay as written.
 */
export function adminContent(text: string): SafeHtml {
  const codes: string[] = [];
  const marked = text.replace(/\[(gdlr_core_space|gdlr_core_icon)((?:\s+[\w-]+="[^"]*")*)\s*\]/g, (_m, name, args) => {
    codes.push(shortcode(name as string, parseShortcodeArgs(args as string)));
    return `<!--dropin-shortcode-${codes.length - 1}-->`;
  });
  const filtered = contentFilter(marked).replace(/<!--dropin-shortcode-(\d+)-->/g, (_m, i) => codes[Number(i)] ?? '');
  return raw(wellFormed(filtered));
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const CLOSES_P = new Set(
  'address article aside blockquote details div dl fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul'.split(
    ' ',
  ),
);
const TAG = /<!--[\s\S]*?-->|<\/?[^\s>/]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;

/**
 * Admin HTML made well formed the way a browser reads it inside a `<div>`: every element closed
 * (in order), a stray `</p>` read as an empty paragraph and `</br>` as `<br>`, other stray or
 * malformed end tags (`</5>`) dropped, a paragraph closed by a block that opens inside it. So a
 * setting's broken markup can neither leave the page invalid nor close our own elements.
 */
export function wellFormed(markup: string): string {
  const open: string[] = [];
  let out = '';
  const closeTo = (index: number) => {
    while (open.length > index) out += `</${open.pop()}>`;
  };
  let last = 0;
  for (const m of markup.matchAll(TAG)) {
    out += markup.slice(last, m.index);
    last = m.index + m[0].length;
    const tag = m[0];
    if (tag.startsWith('<!--')) {
      out += tag;
      continue;
    }
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1]?.toLowerCase();
    if (!name) {
      out += tag.startsWith('</') ? '' : tag.replace(/</g, '&lt;');
      continue;
    }
    if (tag.startsWith('</')) {
      const at = open.lastIndexOf(name);
      if (at >= 0) closeTo(at);
      else if (name === 'p') out += '<p></p>';
      else if (name === 'br') out += '<br />';
      continue;
    }
    if (CLOSES_P.has(name) && open.includes('p')) closeTo(open.lastIndexOf('p'));
    if (/^h[1-6]$/.test(name) && /^h[1-6]$/.test(open[open.length - 1] ?? '')) closeTo(open.length - 1);
    out += tag;
    if (!VOID.has(name) && !tag.endsWith('/>')) open.push(name);
  }
  out += markup.slice(last);
  closeTo(0);
  return out;
}

function parseShortcodeArgs(text: string): Record<string, string> {
  const args: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)="([^"]*)"/g)) args[m[1]!] = m[2]!;
  return args;
}

function shortcode(name: string, args: Record<string, string>): string {
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  if (name === 'gdlr_core_space') {
    return `<span class="gdlr-core-space-shortcode" style="margin-top: ${esc(args.height ?? '30px')} ;"  ></span>`;
  }
  let style = '';
  if (args.size) style += `font-size: ${args.size} ;`;
  if (args.color) style += `color: ${args.color} ;`;
  if (args['margin-left']) style += `margin-left: ${args['margin-left']} ;`;
  if (args['margin-right']) style += `margin-right: ${args['margin-right']} ;`;
  return `<i class="${esc(args.icon ?? '')}" ${style ? `style="${esc(style)}"` : ''}  ></i>`;
}
