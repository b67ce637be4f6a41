// Lookup tables with no prototype, for the page and Node alike. A plain object literal answers
// for whatever a page adds to Object.prototype: `kTable['generic']` would be `true` on a page that
// set `Object.prototype.generic = true`. Bundled into the page: a literal and indexing, no builtin calls.

/** An empty table: only what is put into it answers. */
export function createTable<V>(): { [key: string]: V | undefined } {
  return { __proto__: null } as unknown as { [key: string]: V | undefined };
}

/** A table holding `true` for each of `keys`. */
export function setOf(keys: readonly string[]): { [key: string]: true | undefined } {
  const table = createTable<true>();
  for (let i = 0; i < keys.length; i++)
    table[keys[i]] = true;
  return table;
}
