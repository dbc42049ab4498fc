import { SafeHtml } from './html';

/**
 * Renders of pure fragments, reused while their inputs stay the same: the key is the inputs' text
 * (everything the fragment shows, read from the database on every request), so an edit in the
 * WordPress admin or a new review gives a new key on the next request. A small LRU per fragment.
 */
export class RenderCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly max = 100) {}

  get(key: string, build: () => T): T {
    const hit = this.hit(key);
    if (hit !== undefined) return hit;
    return this.set(key, build());
  }

  /** The same for a build that reads nothing but its inputs, yet is asynchronous. */
  async getAsync(key: string, build: () => Promise<T>): Promise<T> {
    const hit = this.hit(key);
    if (hit !== undefined) return hit;
    return this.set(key, await build());
  }

  private hit(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  private set(key: string, value: T): T {
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}

/**
 * One RenderCache per pair of parsed option values (the tour's option and the site's settings):
 * parse-cache.ts gives the same frozen object for the same stored text, so an edit makes new
 * objects, and the entries of the old ones go with them.
 */
export class OptionRenderCache<T> {
  private readonly caches = new WeakMap<object, WeakMap<object, RenderCache<T>>>();

  constructor(private readonly max = 20) {}

  for(first: object, second: object): RenderCache<T> {
    let inner = this.caches.get(first);
    if (!inner) {
      inner = new WeakMap();
      this.caches.set(first, inner);
    }
    let cache = inner.get(second);
    if (!cache) {
      cache = new RenderCache<T>(this.max);
      inner.set(second, cache);
    }
    return cache;
  }
}

/**
 * One RenderCache per object the renders depend on besides the key's text (a listing site kept for
 * its time, services/listing/listing-site.ts): entries go with the object.
 */
export class OwnedRenderCache<T> {
  private readonly caches = new WeakMap<object, RenderCache<T>>();

  constructor(private readonly max = 100) {}

  for(owner: object): RenderCache<T> {
    let cache = this.caches.get(owner);
    if (!cache) {
      cache = new RenderCache<T>(this.max);
      this.caches.set(owner, cache);
    }
    return cache;
  }
}

/** Ids of the parts keys have already named (a part's text never changes: its id stands for it). */
const partIds = new WeakMap<SafeHtml, number>();
let lastPartId = 0;

/**
 * A render's inputs as a RenderCache key: their JSON, with a rendered part (SafeHtml) the keys have
 * met before written as its id instead of its text, so kept renders (a tour's body, the footer, a
 * guest's top bar) cost no copy of themselves in every request's key; a part met for the first time
 * is written whole, so its text still finds a render made from an equal part. Ids are never reused,
 * and an id is written under a name no JSON of plain data gives (it starts with a NUL).
 */
export function renderKey(inputs: unknown): string {
  return JSON.stringify(inputs, partAsId);
}

function partAsId(_name: string, value: unknown): unknown {
  if (!(value instanceof SafeHtml)) return value;
  const id = partIds.get(value);
  if (id !== undefined) return { '\u0000part': id };
  partIds.set(value, ++lastPartId);
  return value.value;
}
