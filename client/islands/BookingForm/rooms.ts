/**
 * Room mode (booking.md §3, step 3): the number of rooms chosen in `select[name=tour-room]` decides
 * how many traveller blocks `.tourmaster-tour-booking-people-container` holds. Blocks are copies of
 * the hidden `.tourmaster-tour-booking-room-template`'s child, marked `data-step="4"` and numbered
 * "Room N"; extra blocks are removed from the end, and no rooms removes the container.
 */
export function syncRooms(select: HTMLSelectElement): void {
  const wrap = select.closest('.tourmaster-tour-booking-room');
  const parent = wrap?.parentElement;
  if (!wrap || !parent) return;
  const sibling = (cls: string) => Array.from(parent.children).find((el) => el.classList.contains(cls));
  const template = sibling('tourmaster-tour-booking-room-template')?.firstElementChild;
  let container = sibling('tourmaster-tour-booking-people-container');
  const count = Number.parseInt(select.value, 10) || 0;
  if (count <= 0) {
    container?.remove();
    return;
  }
  if (!container) {
    container = document.createElement('div');
    container.className = 'tourmaster-tour-booking-people-container';
    container.setAttribute('data-step', '999');
    wrap.after(container);
  }
  while (template && container.children.length < count) {
    const block = template.cloneNode(true) as HTMLElement;
    block.setAttribute('data-step', '4');
    const number = block.querySelector('.tourmaster-tour-booking-room-text > span');
    if (number) number.textContent = String(container.children.length + 1);
    container.append(block);
  }
  while (container.children.length > count) container.lastElementChild?.remove();
}
