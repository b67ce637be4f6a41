// Pretty-printing of the DOM file (DESIGN.md §6): two-space indent, one attribute per line on
// elements with three or more, so a changed value is a one-line diff. Deterministic: the same
// markup always prints byte-identically.

import beautify from 'js-beautify';

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
  return kDomFileHeader + '\n' + beautify.html(markup, kOptions);
}
