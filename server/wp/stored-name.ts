/** Names WordPress stores HTML-escaped (`&amp;` in a term's or user's name) as text, for our builders to escape once. */
export function decodeName(name: string): string {
  return name
    .replace(/&amp;/g, '&')
    .replace(/&#0?39;/g, "'")
    .replace(/&quot;/g, '"');
}
