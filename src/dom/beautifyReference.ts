// The reference the DOM file's printer is proven against: js-beautify's HTML beautifier with the
// options whose layout src/dom/printer.ts computes. js-beautify is a dev dependency, and nothing
// that ships imports this module: the tests (tests/unit/printer.spec.ts,
// tests/unit/prettyDomSpeed.spec.ts, tests/e2e/incremental.spec.ts) and the bench
// (bench/dom-file.mjs, through src/internal.ts) compare our prints with it byte for byte.

import beautify from 'js-beautify';
import { kDomFileHeader } from './pretty';
import { kContentUnformatted, kInlineElements } from './printer';

// `wrap_attributes_min_attrs` is in js-beautify (1.14.8+) but not yet in its type definitions.
// No templating: the file is serialized DOM, where `{{` is text, never a template tag.
export const kBeautifyOptions: beautify.HTMLBeautifyOptions & { wrap_attributes_min_attrs: number } = {
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
  content_unformatted: kContentUnformatted,
  extra_liners: [],
  templating: ['none'],
  indent_handlebars: false,
};

/** The DOM file printed by one js-beautify pass over the whole markup: what `prettyPrintDom` must equal, byte for byte. */
export function prettyPrintDomFully(markup: string): string {
  return kDomFileHeader + '\n' + beautify.html(markup, kBeautifyOptions);
}
