// Pretty-printing of the DOM file (docs/design.md, Stable diffs): two-space indent, one attribute
// per line on elements with three or more, so a changed value is a one-line diff. Deterministic:
// the same markup always prints byte-identically. The layout is js-beautify's with the options in
// src/dom/beautifyReference.ts, computed by our own printer (src/dom/printer.ts) for the grammar
// the serializer writes; a file that differs from the last in one value is patched. js-beautify
// itself is only the reference the tests prove the printer against: it does not ship.

import { commonPrefix, commonSuffix, firstTextDifference } from '../isomorphic/commonEnds';
import { StagewrightError } from '../errors';
import { isLetter, printMarkup } from './printer';

/**
 * The DOM file's first line: it is inert wherever it is opened
 * (docs/design.md, Inert by construction). Nothing may load or run: default-src covers scripts
 * (javascript: URLs included), images, frames, embeds, styles and fonts; form submission and <base>
 * are not fetches, so they need their own directives. A meta policy governs only what the parser
 * meets after it, hence first; the parser puts a leading <meta> into the implicit <head>, which is
 * where a meta policy must be. (A meta policy cannot carry sandbox, frame-ancestors or report-uri;
 * none is needed here.) Constant, so no diff between two captures ever shows it.
 */
export const kDomFileHeader = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; form-action 'none'; base-uri 'none'">`;

/**
 * The DOM file: the header line, then the markup pretty-printed. Markup outside the serializer's
 * grammar (which the serializer never writes) is kept as it is, ending with a line break: every
 * character a reader would see is there, only not laid out. `verify`: a print patched from the
 * last one is checked against the whole print (`STAGEWRIGHT_VERIFY_INCREMENTAL=1`).
 */
export function prettyPrintDom(markup: string, options: { verify?: boolean } = {}): string {
  const patched = lastPrint && patchValue(lastPrint, markup);
  const printed = patched ?? printWhole(markup);
  // The oracle of the patch (docs/performance.md, Proving the shortcuts): the whole print beside it.
  if (patched !== undefined && options.verify) {
    const whole = printWhole(markup);
    if (whole !== patched)
      throw new StagewrightError('INCREMENTAL_MISMATCH', `The DOM file patched from the last print differs from the whole print: ${firstTextDifference(patched, whole, 'the whole print')}.`, {
        hint: 'The markup changed in a way the patch does not lay out as the printer does: a bug in stagewright. Report it with the page that shows it.',
      });
  }
  lastPrint = { markup, printed };
  return printed;
}

function printWhole(markup: string): string {
  return kDomFileHeader + '\n' + (printMarkup(markup) ?? (markup.endsWith('\n') ? markup : markup + '\n'));
}


// ---------------------------------------------------------------------------------------------
// Patching the last print.
//
// Most steps change one attribute value: a field's `value`, an `aria-expanded`. js-beautify lays
// out a tag by how many attributes it has, never by their values (no wrapping: wrap_line_length
// is 0), so the new file is the last one with that value replaced. Only when the markups differ
// inside one attribute value of one tag, and neither value holds a line break; the attribute is
// found in the last print as the same occurrence of the same text. A 15k-element page prints in
// ~10 ms; a patch costs a search and a copy.
// tests/unit/prettyDomSpeed.spec.ts proves the equality against one js-beautify pass
// (src/dom/beautifyReference.ts).

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

/** An attribute value as our serializer writes it: no raw quote or angle bracket, and in one line. */
function isPlainValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34 /* " */ || c === 60 /* < */ || c === 62 /* > */ || c === 10 || c === 13)
      return false;
  }
  return true;
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 58;
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
