import type { Normaliser } from './compare';

/**
 * Maps the addresses the two sites answer with onto one placeholder: the live site links to its own
 * host, our copy to the one its `home` option holds (or to where it listens). Any of the given
 * origins, in any of the spellings a reply uses (plain, JSON-escaped `\/`, protocol-relative, http
 * or https), becomes `{site}`; a longer host that merely starts the same is left alone.
 */
export function originNormaliser(origins: readonly string[]): Normaliser {
  const hosts = [...new Set(origins.map((o) => new URL(o).host.toLowerCase()))];
  if (hosts.length === 0) return (text) => text;
  // Longest first, so `example.com:8080` is taken before `example.com`.
  const alternatives = hosts
    .sort((a, b) => b.length - a.length)
    .map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const pattern = new RegExp(`(?:https?:)?(?:\\\\?/){2}(?:${alternatives})(?![\\w.:-])`, 'gi');
  return (text) => text.replace(pattern, '{site}');
}

/** "Now" in both replies: a date and time of the run's days (the sites' clocks never agree to the second). */
export function runDateNormaliser(start: Date): Normaliser {
  const day = 86_400_000;
  const days = [-1, 0, 1].map((d) => new Date(start.getTime() + d * day).toISOString().slice(0, 10));
  const pattern = new RegExp(`\\b(?:${days.join('|')})[ T]\\d{2}:\\d{2}(?::\\d{2})?\\b`, 'g');
  return (text) => text.replace(pattern, '{now}');
}
