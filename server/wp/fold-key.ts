/**
 * Case- and accent-insensitive key, approximating MariaDB's utf8mb4_unicode_520_ci for equality:
 * `Muller` = `Müller` = `MULLER`, `straße` = `strasse`. Used where SQLite must match what the MySQL
 * collation matches (user_login, user_email, slugs).
 */
export function foldKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('æ', 'ae')
    .replaceAll('œ', 'oe')
    .replaceAll('ø', 'o')
    .replaceAll('đ', 'd')
    .replaceAll('ł', 'l')
    .replace(/[ \t]+$/u, ''); // PAD SPACE collations ignore trailing spaces
}
