// A string as a JavaScript string literal, for code we write into a user's spec or suggest to
// paste there: it reads back as the same string, and it parses wherever it lands. No imports: the
// `stagewright` command's bundle carries it (src/cli/freeze.ts, through src/locators/code.ts).

// A raw line terminator (`\r`, U+2028, U+2029) ends a string literal's line in older parsers and
// in every editor; other controls, lone surrogates (which UTF-8 cannot hold: they would be written
// as U+FFFD) and bidi controls (they reorder the code a reviewer reads: CVE-2021-42574) are
// written as escapes too.
const kEscaped = /[\\'\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const kShortEscapes: { [c: string]: string } = { '\\': '\\\\', '\'': '\\\'', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

/** `text` as a single-quoted JavaScript string literal. */
export function jsString(text: string): string {
  return `'${text.replace(kEscaped, c => kShortEscapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}
