/**
 * The plugin's inline event handlers, written as our markup writes the same controls
 * (DEVIATIONS.md 93): our pages carry none, since our content-security policy would refuse them.
 * Comparisons with captured or live legacy pages apply this first (to raw or re-serialised HTML,
 * which is canonicalised afterwards), so those controls still compare.
 */
export function legacyHandlersAsOurs(html: string): string {
  return html
    .replace(/<select onchange="location=this\.options\[this\.selectedIndex\]\.value;"\s*>/gi, '<select>')
    .replace(
      /(<form class="tourmaster-wish-list-remove-item" method="POST" action="")\s+onclick="this\.submit\(\);"\s*>(<i class="fa fa-trash-o"\s*><\/i>Remove)/gi,
      '$1><button type="submit" class="tourmaster-wish-list-remove-button">$2</button>',
    )
    .replace(/checked(="")?\s+onclick="return false;"/gi, 'checked$1 data-mandatory aria-disabled="true"');
}
