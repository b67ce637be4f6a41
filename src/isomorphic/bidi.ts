// Bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) reorder what follows them on
// screen (`\u202elecnaC` displays as "Cancel"), in an editor or a terminal as much as in a browser:
// artifacts show them escaped, never apply them. The DOM file writes character references
// (injected/markup.ts); the text forms write `\u202e` escapes (src/snapshot/format.ts).

export const kBidiControls = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
