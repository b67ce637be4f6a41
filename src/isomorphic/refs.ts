// The ref grammar (docs/design.md, Ref grammar), in one place for the page and Node: `s<N>` for an
// element of the main frame's document, `f<K>s<N>` for one of the K-th child frame the page met;
// numbers are written without leading zeros and have at most 15 digits (exact as doubles). A
// Locator reaches a ref through the `sw-ref` selector engine.
//
// Bundled into the page: indexing and comparisons only (a page may override string methods).

/** The selector engine that resolves refs: `page.locator('sw-ref=s12')`. */
export const kSelectorEngineName = 'sw-ref';

const kMaxDigits = 15;

export interface ParsedRef {
  /** '' for the main frame, `f<K>` for a child frame. */
  prefix: string;
  id: number;
}

export function formatRef(prefix: string, id: number): string {
  return prefix + 's' + id;
}

/** The prefix of the K-th child frame a page met. */
export function childFramePrefix(k: number): string {
  return 'f' + k;
}

/** `f2s14` → `{ prefix: 'f2', id: 14 }`; anything else → undefined. */
export function parseRef(ref: unknown): ParsedRef | undefined {
  if (typeof ref !== 'string')
    return undefined;
  let at = 0;
  let prefix = '';
  if (ref[0] === 'f') {
    const end = digitsEnd(ref, 1);
    if (end === -1)
      return undefined;
    for (; at < end; at++)
      prefix += ref[at];
  }
  if (ref[at] !== 's')
    return undefined;
  const end = digitsEnd(ref, at + 1);
  if (end !== ref.length)
    return undefined;
  let id = 0;
  for (let i = at + 1; i < end; i++)
    id = id * 10 + (+ref[i]);
  return { prefix, id };
}

export function isRef(value: unknown): value is string {
  return parseRef(value) !== undefined;
}

/** `f2s14` → 'f2', `s3` → '' (and '' for what is not a ref). */
export function refPrefix(ref: string): string {
  return parseRef(ref)?.prefix ?? '';
}

/** Where the number starting at `start` ends: -1 when there is none, it has a leading zero, or it is too long. */
function digitsEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && text[end] >= '0' && text[end] <= '9')
    end++;
  if (end === start || end - start > kMaxDigits || (text[start] === '0' && end - start > 1))
    return -1;
  return end;
}
