// A link's URL as the page resolves it. Reading `href` parses and serializes the URL on every
// read, the costliest property a walk reads of a link; pages repeat links, and walks repeat
// pages. The same attribute resolves to the same URL against the same base, so each is parsed
// once per base URL, for the document's life.

import { getAttribute, linkHref, MapCtor, mapGet, mapSet, nodeBaseURI } from './builtins';

// Enough for the links of a big page; past it the table starts over rather than grow.
const kMaxResolved = 50_000;

let base: string | undefined;
let resolved = new MapCtor<string, string>();
let size = 0;

/** Starts a walk of `doc`: a new base URL (a `<base>` changed, the URL was replaced) drops the table. */
export function beginLinkUrls(doc: Document): void {
  const current = nodeBaseURI(doc);
  if (current !== base || size > kMaxResolved) {
    base = current;
    resolved = new MapCtor();
    size = 0;
  }
}

/** The resolved `href` of an `<a>` or `<area>` that has the attribute. */
export function linkUrl(element: HTMLAnchorElement | HTMLAreaElement): string {
  const raw = getAttribute(element, 'href') || '';
  const known = mapGet(resolved, raw);
  if (known !== undefined)
    return known;
  const url: unknown = linkHref(element);
  // An SVG <a> answers with an SVGAnimatedString: its attribute, as written, is what it links to.
  if (typeof url !== 'string')
    return raw;
  mapSet(resolved, raw, url);
  size++;
  return url;
}
