// Pretty-printing of the DOM file (DESIGN.md §6): two-space indent, one attribute per line on
// elements with three or more, so a changed value is a one-line diff. Deterministic: the same
// markup always prints byte-identically.

import beautify from 'js-beautify';
import { commonPrefix, commonSuffix } from '../isomorphic/commonEnds';

// Text-level elements stay on their line; everything else (form controls included) gets its own,
// so that a control's change is a change of its lines only.
const kInlineElements = ['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr'];

// `wrap_attributes_min_attrs` is in js-beautify (1.14.8+) but not yet in its type definitions.
const kOptions: beautify.HTMLBeautifyOptions & { wrap_attributes_min_attrs: number } = {
  indent_size: 2,
  indent_char: ' ',
  wrap_attributes: 'force-expand-multiline',
  wrap_attributes_min_attrs: 3,
  wrap_line_length: 0,
  preserve_newlines: true,
  max_preserve_newlines: 0,
  end_with_newline: true,
  indent_inner_html: true,
  inline: kInlineElements,
  content_unformatted: ['pre', 'textarea'],
  extra_liners: [],
};

/**
 * The DOM file's first line: it is inert wherever it is opened (DESIGN.md §6). Nothing may load or
 * run: default-src covers scripts (javascript: URLs included), images, frames, embeds, styles and
 * fonts; form submission and <base> are not fetches, so they need their own directives. A meta
 * policy governs only what the parser meets after it, hence first; the parser puts a leading
 * <meta> into the implicit <head>, which is where a meta policy must be. (A meta policy cannot
 * carry sandbox, frame-ancestors or report-uri; none is needed here.) Constant, so no diff between
 * two captures ever shows it.
 */
export const kDomFileHeader = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; form-action 'none'; base-uri 'none'">`;

/** The DOM file: the header line, then the markup pretty-printed. */
export function prettyPrintDom(markup: string): string {
  const printed = (lastPrint && patchValue(lastPrint, markup)) ?? kDomFileHeader + '\n' + beautifyIncrementally(markup);
  lastPrint = { markup, printed };
  return printed;
}

/** The DOM file printed by one js-beautify pass over the whole markup: what `prettyPrintDom` must equal, byte for byte. */
export function prettyPrintDomFully(markup: string): string {
  return kDomFileHeader + '\n' + beautify.html(markup, kOptions);
}

// ---------------------------------------------------------------------------------------------
// Patching the last print.
//
// Most steps change one attribute value: a field's `value`, an `aria-expanded`. js-beautify lays
// out a tag by how many attributes it has, never by their values (no wrapping: wrap_line_length
// is 0), so the new file is the last one with that value replaced. Only when the markups differ
// inside one attribute value of one tag, and neither value holds what js-beautify's templating
// reads (`{`); the attribute is found in the last print as the same occurrence of the same text.
// tests/unit/prettyDomSpeed.spec.ts proves the equality against one js-beautify pass.

/** The last print: what the next one may patch. */
let lastPrint: { markup: string; printed: string } | undefined;

function patchValue(last: { markup: string; printed: string }, markup: string): string | undefined {
  const before = last.markup;
  if (before === markup)
    return last.printed;
  const prefix = commonPrefix(before, markup);
  const suffix = commonSuffix(before, markup, prefix);
  // The value around the change: from its opening quote (after `name=`) to its closing one.
  const open = before.lastIndexOf('"', prefix - 1);
  const closeBefore = before.indexOf('"', before.length - suffix);
  if (open < 0 || closeBefore < 0)
    return undefined;
  const closeAfter = closeBefore + markup.length - before.length;
  const oldValue = before.slice(open + 1, closeBefore);
  const newValue = markup.slice(open + 1, closeAfter);
  if (!isPlainValue(oldValue) || !isPlainValue(newValue) || before[open - 1] !== '=')
    return undefined;
  // The attribute's name, and the tag it is in: `<tag … name="`, with no `>` in between.
  let nameStart = open - 1;
  while (nameStart > 0 && isNameChar(before.charCodeAt(nameStart - 1)))
    nameStart--;
  const tagStart = before.lastIndexOf('<', nameStart);
  if (nameStart === open - 1 || before[nameStart - 1] !== ' ' || tagStart < 0 || before.lastIndexOf('>', nameStart) > tagStart || !isLetter(before.charCodeAt(tagStart + 1)))
    return undefined;
  const oldAttribute = before.slice(nameStart, closeBefore + 1);
  // The same occurrence in the print: every occurrence of the markup must be there, in order.
  const occurrence = countOccurrences(before, oldAttribute, nameStart);
  if (countOccurrences(before, oldAttribute, before.length) !== countOccurrences(last.printed, oldAttribute, last.printed.length))
    return undefined;
  const at = nthOccurrence(last.printed, oldAttribute, occurrence);
  if (at < 0)
    return undefined;
  const newAttribute = before.slice(nameStart, open + 1) + newValue + '"';
  return last.printed.slice(0, at) + newAttribute + last.printed.slice(at + oldAttribute.length);
}

/** An attribute value as our serializer writes it (no raw quote or angle bracket), with nothing js-beautify's templating reads. */
function isPlainValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34 /* " */ || c === 60 /* < */ || c === 62 /* > */ || c === 123 /* { */ || c === 125 /* } */ || c === 10 || c === 13)
      return false;
  }
  return true;
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 58;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Non-overlapping occurrences of `text` that start before `end`. */
function countOccurrences(haystack: string, text: string, end: number): number {
  let count = 0;
  for (let at = haystack.indexOf(text); at >= 0 && at < end; at = haystack.indexOf(text, at + text.length))
    count++;
  return count;
}

/** Where the `n`th (from 0) of the non-overlapping occurrences of `text` starts, or -1. */
function nthOccurrence(haystack: string, text: string, n: number): number {
  let at = haystack.indexOf(text);
  for (let i = 0; i < n && at >= 0; i++)
    at = haystack.indexOf(text, at + text.length);
  return at;
}

// ---------------------------------------------------------------------------------------------
// Pretty-printing only what changed.
//
// A step capture prints a file that differs from the last one in a line or two, and js-beautify
// costs ~8 ms per 100 KB. So the markup (our serializer's: every `<` opens a tag or a comment, text
// and attribute values have theirs escaped, text holds no newline) is cut into chunks: subtrees
// whose root js-beautify lays out on lines of its own, whatever surrounds them. Each chunk is
// printed alone (and remembered by its markup, for the next capture); the rest of the markup — the
// skeleton — is printed with a one-line stand-in for each chunk, which is then replaced by the
// chunk's lines indented as deep as the stand-in. Conservative on both sides: a chunk holds no
// comment (frame markers, shadow roots), no `<pre>`/`<textarea>` (kept raw), no start tag that
// js-beautify's implied-end rules could let close an element outside it; its root is a block
// element; and when a stand-in does not come out alone on its line, the whole markup is printed in
// one pass instead.
// tests/unit/prettyDomSpeed.spec.ts and tests/e2e/incremental.spec.ts prove the equality.

/** Chunk roots: block elements js-beautify puts on a line of their own, with no implied-end rule. */
const kChunkRoots: { [tag: string]: true | undefined } = {
  div: true, section: true, article: true, aside: true, nav: true, header: true, footer: true, main: true, form: true,
  fieldset: true, ul: true, ol: true, li: true, dl: true, table: true, thead: true, tbody: true, tfoot: true, tr: true,
  figure: true, details: true, dialog: true, menu: true, search: true, address: true, blockquote: true,
};
/** Markup below this size is cheaper printed with the skeleton than looked up. */
const kMinChunk = 600;
/** Subtrees above this size are cut further, so that one change re-prints little. */
const kMaxChunk = 12_000;
/** Markup below this size is printed in one pass. */
const kMinIncremental = 20_000;
const kVoid: { [tag: string]: true | undefined } = {
  area: true, base: true, br: true, col: true, embed: true, hr: true, img: true, input: true,
  link: true, meta: true, source: true, track: true, wbr: true,
};

/** Kept as written (content_unformatted and the like) or special at the top: never in a chunk. */
const kRaw: { [tag: string]: true | undefined } = {
  pre: true, textarea: true, listing: true, plaintext: true, xmp: true, html: true, head: true, body: true, script: true, style: true,
};
/** js-beautify's `p_closers`: a start tag of these inside a `<p>` closes it. */
const kParagraphClosers: { [tag: string]: true | undefined } = {
  address: true, article: true, aside: true, blockquote: true, details: true, div: true, dl: true, fieldset: true, figcaption: true,
  figure: true, footer: true, form: true, h1: true, h2: true, h3: true, h4: true, h5: true, h6: true, header: true, hr: true,
  main: true, menu: true, nav: true, ol: true, p: true, pre: true, section: true, table: true, ul: true,
};
/** js-beautify's optional end tags (`_do_optional_end_element`): the open element a start tag closes, and where the search stops. */
const kTableParts = ['table', 'thead', 'tbody', 'tfoot'];
const kImpliedEnds: { [tag: string]: [string, string[]][] | undefined } = {
  li: [['li', ['ol', 'ul', 'menu']]],
  dd: [['dt', ['dl']], ['dd', ['dl']]],
  dt: [['dt', ['dl']], ['dd', ['dl']]],
  rp: [['rt', ['ruby', 'rtc']], ['rp', ['ruby', 'rtc']]],
  rt: [['rt', ['ruby', 'rtc']], ['rp', ['ruby', 'rtc']]],
  optgroup: [['optgroup', ['select']]],
  option: [['option', ['select', 'datalist', 'optgroup']]],
  colgroup: [['caption', ['table']]],
  thead: [['caption', ['table']], ['colgroup', ['table']]],
  tbody: [['caption', ['table']], ['colgroup', ['table']], ['thead', ['table']], ['tbody', ['table']]],
  tfoot: [['caption', ['table']], ['colgroup', ['table']], ['thead', ['table']], ['tbody', ['table']]],
  tr: [['caption', ['table']], ['colgroup', ['table']], ['tr', kTableParts]],
  td: [['td', [...kTableParts, 'tr']], ['th', [...kTableParts, 'tr']]],
  th: [['td', [...kTableParts, 'tr']], ['th', [...kTableParts, 'tr']]],
};

/** Chunk markup -> its lines printed alone (no final newline); what the latest print used. */
let printedChunks = new Map<string, string>();

function beautifyIncrementally(markup: string): string {
  if (markup.length < kMinIncremental)
    return beautify.html(markup, kOptions);
  const chunks = findChunks(markup);
  if (!chunks || !chunks.length)
    return beautify.html(markup, kOptions);
  const previous = printedChunks;
  const current = new Map<string, string>();
  let skeleton = '';
  let at = 0;
  const bodies: string[] = [];
  const standIns: string[] = [];
  for (let i = 0; i < chunks.length; i += 3) {
    const start = chunks[i];
    const end = chunks[i + 1];
    const tag = markup.slice(start + 1, chunks[i + 2]);
    const body = markup.slice(start, end);
    let printed = current.get(body) ?? previous.get(body);
    if (printed === undefined) {
      printed = beautify.html(body, kOptions);
      if (printed.endsWith('\n'))
        printed = printed.slice(0, -1);
    }
    current.set(body, printed);
    const standIn = `<${tag} sw-chunk-${bodies.length}></${tag}>`;
    skeleton += markup.slice(at, start) + standIn;
    bodies.push(printed);
    standIns.push(standIn);
    at = end;
  }
  skeleton += markup.slice(at);
  printedChunks = current;
  const lines = beautify.html(skeleton, kOptions).split('\n');
  let next = 0;
  for (let i = 0; i < lines.length && next < standIns.length; i++) {
    const line = lines[i];
    const standIn = standIns[next];
    if (line.length < standIn.length || !line.endsWith(standIn))
      continue;
    const indent = line.slice(0, line.length - standIn.length);
    if (!isSpaces(indent))
      return beautify.html(markup, kOptions);
    lines[i] = indent ? indentLines(bodies[next], indent) : bodies[next];
    next++;
  }
  // A stand-in that did not come out alone on its line: print the whole markup in one pass.
  if (next !== standIns.length)
    return beautify.html(markup, kOptions);
  return lines.join('\n');
}

function isSpaces(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 32)
      return false;
  }
  return true;
}

function indentLines(text: string, indent: string): string {
  return indent + text.replace(/\n(?!\n|$)/g, '\n' + indent);
}

/**
 * The chunks of `markup`, as triples (start, end, end of the tag name) in document order, or
 * undefined when the markup is not what our serializer writes (a close tag that closes nothing).
 */
function findChunks(markup: string): number[] | undefined {
  // Elements in document order: where each starts, ends, and its name ends; its parent.
  const starts: number[] = [];
  const ends: number[] = [];
  const nameEnds: number[] = [];
  const tags: string[] = [];
  // Per element: whether its subtree holds something a chunk may not (a comment, pre, textarea, an implied end).
  const unsafe: boolean[] = [];
  const open: number[] = [];
  let position = 0;
  for (;;) {
    const lt = markup.indexOf('<', position);
    if (lt < 0)
      break;
    const gt = markup.indexOf('>', lt);
    if (gt < 0)
      return undefined;
    const next = markup.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      // A comment (frame markers and shadow roots, which may hold '>' and newlines): everything open around it is unsafe.
      const close = markup.startsWith('<!--', lt) ? markup.indexOf('-->', lt + 4) : gt;
      if (close < 0)
        return undefined;
      for (let i = 0; i < open.length; i++)
        unsafe[open[i]] = true;
      position = markup.startsWith('<!--', lt) ? close + 3 : gt + 1;
      continue;
    }
    if (next === 47 /* / */) {
      const tag = markup.slice(lt + 2, gt);
      const index = open.length ? open[open.length - 1] : -1;
      if (index < 0 || tags[index] !== tag)
        return undefined;
      open.length--;
      ends[index] = gt + 1;
      position = gt + 1;
      continue;
    }
    let nameEnd = lt + 1;
    while (nameEnd < gt) {
      const c = markup.charCodeAt(nameEnd);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 47)
        break;
      nameEnd++;
    }
    const tag = markup.slice(lt + 1, nameEnd);
    const index = starts.length;
    starts.push(lt);
    ends.push(-1);
    nameEnds.push(nameEnd);
    tags.push(tag);
    unsafe.push(false);
    if (kRaw[tag] || (open.length && tags[open[open.length - 1]] === 'p' && kParagraphClosers[tag])) {
      // Kept raw, or it closes its <p> in js-beautify's eyes: never inside a chunk.
      unsafe[index] = true;
      for (let i = 0; i < open.length; i++)
        unsafe[open[i]] = true;
    } else if (kImpliedEnds[tag]) {
      // js-beautify closes an open element here when it finds one before a stop: inside a chunk,
      // the search must end at a stop of the chunk's own, as it does printed alone.
      const searches = kImpliedEnds[tag];
      for (let s = 0; s < searches.length; s++) {
        const [target, stops] = searches[s];
        let depth = open.length - 1;
        while (depth >= 0 && tags[open[depth]] !== target && !stops.includes(tags[open[depth]]))
          depth--;
        // Found the target (a pop) or nothing: no chunk around it; found a stop: no chunk below the stop.
        const stopped = depth >= 0 && tags[open[depth]] !== target;
        for (let i = stopped ? depth + 1 : 0; i < open.length; i++)
          unsafe[open[i]] = true;
      }
    }
    if (kVoid[tag])
      ends[index] = gt + 1;
    else
      open.push(index);
    position = gt + 1;
  }
  if (open.length)
    return undefined;
  // Top-down: the largest safe subtrees under kMaxChunk; bigger ones are cut further.
  const chunks: number[] = [];
  let skipUntil = -1;
  for (let i = 0; i < starts.length; i++) {
    if (starts[i] < skipUntil)
      continue;
    const length = ends[i] - starts[i];
    if (length < kMinChunk) {
      skipUntil = ends[i];
      continue;
    }
    if (length <= kMaxChunk && !unsafe[i] && kChunkRoots[tags[i]] && markup.charCodeAt(nameEnds[i]) !== 47) {
      chunks.push(starts[i], ends[i], nameEnds[i]);
      skipUntil = ends[i];
    }
  }
  return chunks;
}
