/**
 * WordPress's keyword search (`WP_Query::parse_search`, listing.md §1.2): how `s` becomes terms.
 * A term matches when it is in the title, the excerpt or the content; a term starting with `-`
 * excludes posts that have it anywhere; all terms are required.
 */

export interface SearchTerm {
  text: string;
  exclude: boolean;
}

export interface ParsedSearch {
  terms: SearchTerm[];
  /** How many raw terms the text had (WordPress orders by the whole phrase when more than one). */
  rawCount: number;
  /** The whole text, for the phrase part of the relevance order; '' when a term excludes. */
  phrase: string;
}

/** WordPress's default search stopwords (get_search_stopwords, English). */
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(
    ',',
  ),
);

/** Terms as WordPress splits them: quoted phrases, or runs without tab, space, quote, comma or plus. */
const TERM = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

export function parseSearch(s: string): ParsedSearch {
  const text = s.replace(/[\r\n]/g, '');
  if (text.trim() === '') return { terms: [], rawCount: 0, phrase: '' };
  const raw = text.match(TERM) ?? [];
  let kept: string[] = [];
  for (const match of raw) {
    const term = /^".+"$/.test(match) ? match.replace(/^["']+|["']+$/g, '') : match.replace(/^["' ]+|["' ]+$/g, '');
    if (!term || (term.length === 1 && /^[a-z-]$/i.test(term))) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    kept.push(term);
  }
  if (kept.length === 0 || kept.length > 9) kept = [text];
  const terms = kept.map((t) =>
    t.startsWith('-') && t.length > 1 ? { text: t.slice(1), exclude: true } : { text: t, exclude: false },
  );
  return { terms, rawCount: raw.length, phrase: /(?:\s|^)-/.test(text) ? '' : text };
}
