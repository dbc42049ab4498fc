import { html, type SafeHtml } from '../html';

/** The wish-list table (engagement.md §5, item 8). */
export interface WishListRow {
  tourId: string;
  title: string;
  url: string;
  duration: string;
  thumbnail: string;
}

export function wishListTable(rows: readonly WishListRow[], nonceField: SafeHtml): SafeHtml {
  return html`<table class="tourmaster-wish-list-table tourmaster-table" ><tr><th>Tour Name</th><th>Action</th></tr>${rows.map(
    (row) =>
      html`<tr><td><div class="tourmaster-wish-list-item" >${
        row.thumbnail &&
        html`<div class="tourmaster-wish-list-thumbnail tourmaster-media-image" ><img src="${row.thumbnail}" alt="" /></div>`
      }<div class="tourmaster-wish-list-item-content"><a class="tourmaster-wish-list-item-title" href="${row.url}" target="_blank" >${row.title}</a>${
        row.duration &&
        html`<div class="tourmaster-wish-list-item-info" ><i class="icon_clock_alt" ></i>${row.duration}</div>`
      }</div></div></td><td><form class="tourmaster-wish-list-remove-item" method="POST" action="" ><button type="submit" class="tourmaster-wish-list-remove-button" ><i class="fa fa-trash-o" ></i>Remove</button><input type="hidden" name="remove-from-wish-list" value="${row.tourId}" />${nonceField}</form></td></tr>`,
  )}</table>`;
}
