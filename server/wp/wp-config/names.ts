/**
 * PHP names: which characters an identifier is made of (as regular-expression source, for the
 * lexer's patterns) and a name's spelling without its leading namespace separator.
 */

/** The characters that may follow the first one of an identifier (regular-expression class body). */
export const IDENT_CHARS = 'A-Za-z0-9_\\u0080-\\uffff';
/** One identifier (regular-expression source). */
export const IDENT = `[A-Za-z_\\u0080-\\uffff][${IDENT_CHARS}]*`;
/** Whether a character can start an identifier. */
export const IDENT_START = /[A-Za-z_\u0080-\uffff]/;

/** `\define` and `define` name the same global function or constant. */
export const bareName = (name: string): string => (name.startsWith('\\') ? name.slice(1) : name);
