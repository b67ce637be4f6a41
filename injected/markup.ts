// Markup rules of the DOM file (docs/design.md, Stable diffs), shared by the page's serializer:
// which attributes are kept and in which order, which class tokens are generated noise, and
// escaping.
//
// Bundled into the page: no method calls on strings or arrays (a page may override them), only
// indexing, comparisons and concatenation. The tables are built when the bundle is evaluated,
// before any page script runs, with no prototype (tables.ts): a page's Object.prototype answers nothing.

import { kBidiControls } from '../src/isomorphic/bidi';
import { createTable, setOf } from '../src/isomorphic/tables';
import { isAsciiWhitespace } from './text';

/** Elements without end tags (https://html.spec.whatwg.org/multipage/syntax.html#void-elements). */
export const kVoidElements = setOf([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);

/**
 * Attributes kept, in the order they are written: identity first, then what the element does,
 * then its state; aria-* attributes follow (sorted), and the ref is always last. A fixed order
 * means an attribute never moves between captures, so diffs show only what changed.
 */
export const kAttributeOrder = [
  'id', 'data-testid', 'class', 'name', 'type', 'role', 'for', 'href', 'src', 'action', 'method', 'alt', 'title',
  'placeholder', 'value', 'checked', 'selected', 'disabled', 'readonly', 'required', 'multiple',
  'open', 'hidden', 'inert', 'contenteditable', 'tabindex', 'd', 'points',
];

const kAttributeRank = createTable<number>();
for (let i = 0; i < kAttributeOrder.length; i++)
  kAttributeRank[kAttributeOrder[i]] = i;

/** The suite's own test id attributes (Playwright's `testIdAttribute`), kept where `data-testid` is: set for one file. */
let testIdRanks = createTable<number>();

export function beginTestIdAttributes(names: readonly unknown[]): void {
  testIdRanks = createTable<number>();
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (typeof name === 'string' && isPlainAttributeName(name))
      testIdRanks[name] = kAttributeRank['data-testid'];
  }
}

export function endTestIdAttributes(): void {
  testIdRanks = createTable<number>();
}

/**
 * Where a kept attribute goes (lower first), or -1 for attributes that are dropped. Names outside
 * `[a-z0-9-:]` are dropped whatever they start with: the HTML parser accepts `aria-x"<!--` as a
 * name, and written back raw it reads as a quote or a comment opener to the pretty-printer, grep
 * and the reader.
 */
export function attributeRank(name: string): number {
  if (!isPlainAttributeName(name))
    return -1;
  const rank = kAttributeRank[name];
  if (typeof rank === 'number')
    return rank;
  const testIdRank = testIdRanks[name];
  if (typeof testIdRank === 'number')
    return testIdRank;
  if (name[0] === 'a' && name[1] === 'r' && name[2] === 'i' && name[3] === 'a' && name[4] === '-')
    return kAttributeOrder.length;
  return -1;
}

function isPlainAttributeName(name: string): boolean {
  if (name === '')
    return false;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (!((c >= 'a' && c <= 'z') || isDigit(c) || c === '-' || c === ':'))
      return false;
  }
  return true;
}

/** Sorts `[name, value]` pairs into the canonical order, in place (insertion sort: few attributes). */
export function sortAttributes(attributes: [string, string][]): [string, string][] {
  for (let i = 1; i < attributes.length; i++) {
    const current = attributes[i];
    const rank = attributeRank(current[0]);
    let j = i - 1;
    while (j >= 0 && compareAttributes(attributes[j], rank, current[0]) > 0) {
      attributes[j + 1] = attributes[j];
      j--;
    }
    attributes[j + 1] = current;
  }
  return attributes;
}

function compareAttributes(a: [string, string], bRank: number, bName: string): number {
  const aRank = attributeRank(a[0]);
  if (aRank !== bRank)
    return aRank - bRank;
  return a[0] < bName ? -1 : a[0] > bName ? 1 : 0;
}

// CSS-in-JS prefixes whose tokens are generated per build.
const kGeneratedPrefixes = ['css-', 'sc-', 'emotion-', 'jsx-', 'svelte-', 'tw-'];

function startsWith(text: string, prefix: string): boolean {
  if (text.length < prefix.length)
    return false;
  for (let i = 0; i < prefix.length; i++) {
    if (text[i] !== prefix[i])
      return false;
  }
  return true;
}

function isHexDigit(c: string): boolean {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/**
 * Generated class tokens: CSS-in-JS prefixes (`css-1x2y3z`, `sc-bdVaJa`), CSS-module hashes
 * (`Button_primary__3xYz1`, `_3xYz1`), and tokens with a long hex run (`a1b2c3d4`).
 */
export function isGeneratedClass(token: string): boolean {
  for (let i = 0; i < kGeneratedPrefixes.length; i++) {
    if (startsWith(token, kGeneratedPrefixes[i]))
      return true;
  }
  // CSS modules: `name__hash` or `_hash`, where the hash has a digit.
  let hashStart = -1;
  for (let i = 0; i + 1 < token.length; i++) {
    if (token[i] === '_' && token[i + 1] === '_')
      hashStart = i + 2;
  }
  if (hashStart === -1 && token[0] === '_')
    hashStart = 1;
  if (hashStart !== -1 && token.length - hashStart >= 5 && hasDigit(token, hashStart))
    return true;
  // A run of six or more hex digits that contains a digit: a hash, not a word.
  let run = 0;
  let digits = 0;
  for (let i = 0; i < token.length; i++) {
    if (isHexDigit(token[i])) {
      run++;
      if (isDigit(token[i]))
        digits++;
      if (run >= 6 && digits > 0)
        return true;
    } else {
      run = 0;
      digits = 0;
    }
  }
  return false;
}

function hasDigit(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    if (isDigit(text[i]))
      return true;
  }
  return false;
}

/** The class attribute without generated tokens ('' when nothing semantic is left). */
export function filterClassName(className: string): string {
  let result = '';
  let token = '';
  for (let i = 0; i <= className.length; i++) {
    const c = i < className.length ? className[i] : ' ';
    if (!isAsciiWhitespace(c)) {
      token += c;
      continue;
    }
    if (token && !isGeneratedClass(token))
      result += (result ? ' ' : '') + token;
    token = '';
  }
  return result;
}

// Control characters cannot appear literally in HTML: write them as character references.
const kControlReferences = createTable<string>();
const kHex = '0123456789abcdef';
for (let code = 0; code < 32; code++) {
  if (code !== 9 && code !== 10 && code !== 13)
    kControlReferences[String.fromCharCode(code)] = '&#x' + (code >= 16 ? '1' : '') + kHex[code % 16] + ';';
}
kControlReferences['\u007f'] = '&#x7f;';
// Bidi controls are written as references, never applied (src/isomorphic/bidi.ts).
const kBidiReferences = ['&#x61c;', '&#x200e;', '&#x200f;', '&#x202a;', '&#x202b;', '&#x202c;', '&#x202d;', '&#x202e;', '&#x2066;', '&#x2067;', '&#x2068;', '&#x2069;'];
for (let i = 0; i < kBidiControls.length; i++)
  kControlReferences[kBidiControls[i]] = kBidiReferences[i];

function escapeChar(c: string, inAttribute: boolean): string {
  if (c === '&')
    return '&amp;';
  if (c === '<')
    return '&lt;';
  if (c === '>')
    return '&gt;';
  if (c === '"' && inAttribute)
    return '&quot;';
  return kControlReferences[c] || c;
}

/**
 * The longest text node or attribute value the file keeps (longer ones end in '…'), and the
 * longest file: only hostile or machine-made content (a data blob in an attribute, a megabyte
 * text node) comes near them, and each capture copies, pretty-prints and diffs the whole file.
 */
export const kMaxValueLength = 20_000;
export const kMaxFileLength = 8_000_000;

/**
 * Whether escaping leaves `value` as it is (most text and attribute values): within the length
 * cap, no character to escape, and in text no whitespace but single spaces (runs collapse).
 * Tells it in one scan, instead of building the copy character by character.
 */
function isPlain(value: string, inAttribute: boolean): boolean {
  if (value.length > kMaxValueLength)
    return false;
  let space = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === ' ') {
      if (space && !inAttribute)
        return false;
      space = true;
      continue;
    }
    space = false;
    if (c < ' ' || c === '&' || c === '<' || c === '>' || c === '\u007f' || (c === '"' && inAttribute) || (c >= '\u061c' && kControlReferences[c] !== undefined))
      return false;
  }
  return true;
}

/** An attribute value for `name="…"`: `&`, `"`, `<`, `>`, control and bidi characters escaped. */
export function escapeAttribute(value: string): string {
  if (isPlain(value, true))
    return value;
  let result = '';
  for (let i = 0; i < value.length; i++) {
    if (i === kMaxValueLength)
      return result + '…';
    result += escapeChar(value[i], true);
  }
  return result;
}

/** Text content: `&`, `<`, `>`, control and bidi characters escaped; runs of whitespace collapsed. */
export function escapeText(text: string): string {
  if (isPlain(text, false))
    return text;
  let result = '';
  let space = false;
  for (let i = 0; i < text.length; i++) {
    if (i === kMaxValueLength)
      return result + '…';
    const c = text[i];
    if (isAsciiWhitespace(c)) {
      space = true;
      continue;
    }
    if (space) {
      result += ' ';
      space = false;
    }
    result += escapeChar(c, false);
  }
  return space ? result + ' ' : result;
}

/**
 * `<tag a="1" b>` with attributes already in canonical order; the ref goes last. Names outside
 * `[a-z0-9-:]` are left out here too, whoever chose the attributes, and script URLs are neutralised.
 */
export function formatOpenTag(tag: string, attributes: [string, string][], ref: string | undefined): string {
  let result = '<' + tag;
  for (let i = 0; i < attributes.length; i++) {
    const name = attributes[i][0];
    if (!isPlainAttributeName(name))
      continue;
    let value = attributes[i][1];
    if (kUrlAttributes[name] === true && isScriptUrl(value))
      value = kUnsafeUrlPrefix + value;
    result += value === '' && isBooleanAttribute(name) ? ' ' + name : ' ' + name + '="' + escapeAttribute(value) + '"';
  }
  if (ref)
    result += ' ref="' + ref + '"';
  return result + '>';
}

// Attributes whose value the browser follows or loads as a URL. Only href, src and action are
// kept today; the rest are listed so that keeping one later cannot bring script URLs back.
const kUrlAttributes = setOf([
  'href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data',
  'background', 'cite', 'longdesc', 'ping', 'codebase', 'manifest', 'icon',
]);

/**
 * What a script URL is written with: still greppable, but an unknown scheme that does nothing when
 * followed (the prefix Angular's sanitizer uses). The file's Content-Security-Policy blocks these
 * too (src/dom/pretty.ts); the prefix keeps them dead where the file is read without it.
 */
const kUnsafeUrlPrefix = 'unsafe:';

const kUpperToLower = createTable<string>();
for (let code = 65; code <= 90; code++)
  kUpperToLower[String.fromCharCode(code)] = String.fromCharCode(code + 32);

/**
 * Whether following `url` runs script or opens a document made of the URL itself: a javascript:,
 * vbscript: or data: scheme, read as the URL parser reads it
 * (https://url.spec.whatwg.org/#concept-basic-url-parser): leading C0 controls and spaces skipped,
 * tabs and newlines anywhere ignored, any case. `java\tscript:` and ` JAVASCRIPT:` run script too.
 */
export function isScriptUrl(url: string): boolean {
  let scheme = '';
  for (let i = 0; i < url.length && scheme.length < 11; i++) {
    const c = url[i];
    if (c === '\t' || c === '\n' || c === '\r' || (scheme === '' && c <= ' '))
      continue;
    scheme += kUpperToLower[c] || c;
    if (c === ':')
      break;
  }
  return scheme === 'javascript:' || scheme === 'vbscript:' || scheme === 'data:';
}

const kBooleanAttributes = setOf(['checked', 'selected', 'disabled', 'readonly', 'required', 'multiple', 'open', 'hidden', 'inert']);

function isBooleanAttribute(name: string): boolean {
  return kBooleanAttributes[name] === true;
}
