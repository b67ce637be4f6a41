// The common beginning and end of two strings: what changed lies between them. The page sends a
// part of its answer as its change since the last answer (protocol.ts); Node patches the
// last DOM file where one value changed (src/dom/pretty.ts). The oracles of both say where a
// shortcut's text first differs from the whole one (`firstTextDifference`).
//
// Bundled into the page: it must not call overridable builtins (see injected/builtins.ts), so the
// page passes the `slice` it captured at install.

export type Slice = (text: string, start: number, end: number) => string;

const defaultSlice: Slice = (text, start, end) => text.slice(start, end); // Node side only
const defaultStringify = (value: unknown): string => JSON.stringify(value); // Node side only

// Blocks are compared first (a native comparison of two slices), then characters.
const kBlock = 1024;

/** How many characters `a` and `b` share from their start. */
export function commonPrefix(a: string, b: string, slice: Slice = defaultSlice): number {
  const max = a.length < b.length ? a.length : b.length;
  let prefix = 0;
  while (prefix + kBlock <= max && slice(a, prefix, prefix + kBlock) === slice(b, prefix, prefix + kBlock))
    prefix += kBlock;
  while (prefix < max && a[prefix] === b[prefix])
    prefix++;
  return prefix;
}

/** How many characters `a` and `b` share from their end, not reaching into their common beginning (`prefix`). */
export function commonSuffix(a: string, b: string, prefix: number, slice: Slice = defaultSlice): number {
  const room = (a.length < b.length ? a.length : b.length) - prefix;
  let suffix = 0;
  while (suffix + kBlock <= room && slice(a, a.length - suffix - kBlock, a.length - suffix) === slice(b, b.length - suffix - kBlock, b.length - suffix))
    suffix += kBlock;
  while (suffix < room && a[a.length - suffix - 1] === b[b.length - suffix - 1])
    suffix++;
  return suffix;
}

/**
 * Where `a` first differs from `b` (what `whole` names), with a little of each around it:
 * `at character 120: "…" where a full print has "…"`.
 */
export function firstTextDifference(a: string, b: string, whole: string, stringify: (value: unknown) => string = defaultStringify, slice: Slice = defaultSlice): string {
  const at = commonPrefix(a, b, slice);
  const from = at > 80 ? at - 80 : 0;
  return 'at character ' + at + ': ' + stringify(slice(a, from, at + 120)) + ' where ' + whole + ' has ' + stringify(slice(b, from, at + 120));
}
