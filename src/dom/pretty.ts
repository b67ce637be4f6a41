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

export function prettyPrintDom(markup: string): string {
  return beautify.html(markup, kOptions);
}
