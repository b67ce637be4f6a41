/** Elements without end tags (https://html.spec.whatwg.org/multipage/syntax.html#void-elements). */
export declare const kVoidElements: {
    [tag: string]: true | undefined;
};
/** Never in the file: not content, or not safe to keep. */
export declare const kStrippedElements: {
    [tag: string]: true | undefined;
};
/**
 * Attributes kept, in the order they are written: identity first, then what the element does,
 * then its state; aria-* attributes follow (sorted), and the ref is always last. A fixed order
 * means an attribute never moves between captures, so diffs show only what changed.
 */
export declare const kAttributeOrder: string[];
/**
 * Where a kept attribute goes (lower first), or -1 for attributes that are dropped. Names outside
 * `[a-z0-9-:]` are dropped whatever they start with: the HTML parser accepts `aria-x"<!--` as a
 * name, and written back raw it reads as a quote or a comment opener to the pretty-printer, grep
 * and the reader.
 */
export declare function attributeRank(name: string): number;
/** Sorts `[name, value]` pairs into the canonical order, in place (insertion sort: few attributes). */
export declare function sortAttributes(attributes: [string, string][]): [string, string][];
/**
 * Generated class tokens: CSS-in-JS prefixes (`css-1x2y3z`, `sc-bdVaJa`), CSS-module hashes
 * (`Button_primary__3xYz1`, `_3xYz1`), and tokens with a long hex run (`a1b2c3d4`).
 */
export declare function isGeneratedClass(token: string): boolean;
/** The class attribute without generated tokens ('' when nothing semantic is left). */
export declare function filterClassName(className: string): string;
/**
 * Bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) reorder what follows them on
 * screen (`\u202elecnaC` displays as "Cancel"), in an editor or a terminal as much as in a browser:
 * artifacts show them escaped, never apply them. The DOM file writes references; the text forms
 * write `\u202e` escapes (format.ts).
 */
export declare const kBidiControls: string[];
/**
 * The longest text node or attribute value the file keeps (longer ones end in '…'), and the
 * longest file: only hostile or machine-made content (a data blob in an attribute, a megabyte
 * text node) comes near them, and each capture copies, pretty-prints and diffs the whole file.
 */
export declare const kMaxValueLength = 20000;
export declare const kMaxFileLength = 8000000;
/** An attribute value for `name="…"`: `&`, `"`, `<`, `>`, control and bidi characters escaped. */
export declare function escapeAttribute(value: string): string;
/** Text content: `&`, `<`, `>`, control and bidi characters escaped; runs of whitespace collapsed. */
export declare function escapeText(text: string): string;
/**
 * `<tag a="1" b>` with attributes already in canonical order; the ref goes last. Names outside
 * `[a-z0-9-:]` are left out here too, whoever chose the attributes, and script URLs are neutralised.
 */
export declare function formatOpenTag(tag: string, attributes: [string, string][], ref: string | undefined): string;
/**
 * Whether following `url` runs script or opens a document made of the URL itself: a javascript:,
 * vbscript: or data: scheme, read as the URL parser reads it
 * (https://url.spec.whatwg.org/#concept-basic-url-parser): leading C0 controls and spaces skipped,
 * tabs and newlines anywhere ignored, any case. `java\tscript:` and ` JAVASCRIPT:` run script too.
 */
export declare function isScriptUrl(url: string): boolean;
