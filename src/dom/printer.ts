// The DOM file's layout, computed in one pass: byte for byte what js-beautify's HTML beautifier
// prints with our options (src/dom/beautifyReference.ts), for the markup our serializer writes.
// js-beautify is a general tokenizer and printer; a capture paid for its generality, and most of
// all while its code was cold (the first prints of a test worker cost 5–30 ms each on a 5 KB
// page), and its dependency tree would ship with the package. This reads only the serializer's
// grammar — tags with double-quoted or bare attributes, text, `<!--` comments, raw
// `<pre>`/`<textarea>` content — and returns undefined for anything else, which
// src/dom/pretty.ts then keeps unformatted. The rules below are js-beautify's (beautifier.js,
// output.js of js-beautify 1.15 and 2.x, which lay out alike with our options), restated for
// that grammar; js-beautify is a dev dependency only (1.15.4, whose tree installs on Node 20), the
// reference tests/unit/printer.spec.ts proves the equality against on random markup and on the
// corpus pages.

/**
 * Text-level elements stay on their line (our `inline` option; custom elements, `a-b`, are inline
 * too); everything else, form controls included, gets its own, so that a control's change is a
 * change of its lines only.
 */
export const kInlineElements = ['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr'];
/** Elements whose content is kept as written (our `content_unformatted` option). */
export const kContentUnformatted = ['pre', 'textarea'];

const kInline = toSet(kInlineElements);
const kRawContent = toSet(kContentUnformatted);
/** js-beautify's void elements (its default list): a start tag of these is the whole element. */
const kVoid = toSet(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'menuitem', 'meta',
  'param', 'source', 'track', 'wbr', '!doctype', '?xml', 'basefont', 'isindex']);
/** Start tags that close an open `<p>` (js-beautify's `p_closers`), unless the p's parent is one of kParagraphKeepers. */
const kParagraphClosers = toSet(['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'menu', 'nav', 'ol', 'p', 'pre',
  'section', 'table', 'ul']);
const kParagraphKeepers = toSet(['a', 'audio', 'del', 'ins', 'map', 'noscript', 'video']);
const kTableParts = ['table', 'thead', 'tbody', 'tfoot'];
/**
 * Optional end tags: a start tag of the key closes the first open element of each listed name
 * (tried in order, the first found wins), searching no further than the stop names.
 */
const kImpliedEnds: { [tag: string]: [string, string[] | undefined][] | undefined } = {
  body: [['head', undefined]],
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

/** What the layout knows of an element name (as written), worked out once per name. */
interface Kind {
  /** The name in lower case. */
  name: string;
  inline: boolean;
  void: boolean;
  rawContent: boolean;
  impliedEnds: [string, string[] | undefined][] | undefined;
  closesParagraph: boolean;
  keepsParagraph: boolean;
}

/** Names seen, as written: bounded, since a page can make up any number of custom element names. */
const kinds = new Map<string, Kind>();
const kMaxKinds = 10_000;

function kindOf(written: string): Kind {
  let kind = kinds.get(written);
  if (!kind) {
    if (kinds.size >= kMaxKinds)
      kinds.clear();
    const name = written.toLowerCase();
    kind = {
      name,
      inline: kInline[name] === true || name.indexOf('-') >= 0,
      void: kVoid[name] === true,
      rawContent: kRawContent[name] === true,
      impliedEnds: kImpliedEnds[name],
      closesParagraph: kParagraphClosers[name] === true,
      keepsParagraph: kParagraphKeepers[name] === true,
    };
    kinds.set(written, kind);
  }
  return kind;
}

/** Attributes per line: at least this many, and each gets a line of its own. */
const kWrapMinAttributes = 3;
const kIndent = 2;

function toSet(names: string[]): { [name: string]: true | undefined } {
  const set: { [name: string]: true | undefined } = Object.create(null);
  for (const name of names)
    set[name] = true;
  return set;
}

/** A tag or comment as the layout sees it (js-beautify's parser token of a tag). */
interface Tag {
  /** An end tag's without its `/`; a comment's `!--…` up to its first space. */
  kind: Kind;
  /** `kind.name`. */
  name: string;
  /** An end tag, or a void start tag. */
  end: boolean;
  /** A void start tag or a comment: nothing opens. */
  empty: boolean;
  inline: boolean;
  /** A `<pre>`/`<textarea>` start tag: its content is copied as it is. */
  rawContent: boolean;
  /** The tag's parent at the time it opened (for a start tag: after the implied ends it caused). */
  parent: Tag | undefined;
  /** An end tag's start tag, when one was open. */
  opener: Tag | undefined;
  attributes: number;
  wrapped: boolean;
  /** A start tag whose content is indented (cleared once the indent is applied). */
  indentsContent: boolean;
  /** Set when a child started on a line of its own: the end tag goes on its own line too. */
  multiline: boolean;
}

/** An open element on the layout's stack: its tag and the indent level it opened at. */
interface Frame {
  tag: Tag;
  level: number;
  parent: Frame | undefined;
}

/** What the last token was (js-beautify's `last_token.type`). */
const enum Last { None, TagOpen, TagClose, Content }

const kNoTag: Tag = {
  kind: kindOf(''), name: '', end: false, empty: false, inline: false, rawContent: false, parent: undefined,
  opener: undefined, attributes: 0, wrapped: false, indentsContent: false, multiline: false,
};

/**
 * The markup laid out as js-beautify lays it out (no header line; ends with a newline), or
 * undefined when the markup is not in the serializer's grammar.
 */
export function printMarkup(markup: string): string | undefined {
  // js-beautify indents every line by the markup's leading whitespace (the serializer's markup
  // starts with a tag).
  if (markup[0] === ' ' || markup[0] === '\t')
    return undefined;
  try {
    if (markup.indexOf('\r') < 0)
      return new Printer(markup).run();
    // js-beautify reads CR and CRLF as LF, and ends its lines with the first line break it met
    // (an attribute value can hold one).
    const lineBreak = /\r\n|[\r\n]/.exec(markup)![0];
    const printed = new Printer(markup.replace(/\r\n?/g, '\n')).run();
    return lineBreak === '\n' ? printed : printed.replace(/\n/g, lineBreak);
  } catch (error) {
    if (error === kNotOurs)
      return undefined;
    throw error;
  }
}

const kNotOurs = new Error('not the serializer grammar');

class Printer {
  private readonly _text: string;
  private _at = 0;
  // The output: the finished lines, each with its newline, then the current line; whether anything
  // was put on the current line, and whether it is the first. Everything printed is a range of the
  // markup: the pending range grows while the next piece follows it there, so that a line costs a
  // copy or two, not one per piece.
  private _out = '';
  private _pendingStart = -1;
  private _pendingEnd = -1;
  private _lineStarted = false;
  private _firstLine = true;
  private _spaceBefore = false;
  private _level = 0;
  /** Extra indent of a tag's wrapped attributes, while the tag is open. */
  private _alignment = 0;
  private _frame: Frame | undefined;
  private _lastTag: Tag = kNoTag;
  /** The current tag's attributes: start and end offsets, in pairs. */
  private readonly _bounds: number[] = [];
  private _last = Last.None;
  // The whitespace before the token being read: how many newlines, where what follows the last one
  // starts, and where the token starts.
  private _newlines = 0;
  private _whitespaceStart = 0;
  private _tokenStart = 0;

  constructor(text: string) {
    this._text = text;
  }

  run(): string {
    const text = this._text;
    while (true) {
      this._readWhitespace();
      if (this._at >= text.length)
        break;
      if (this._last === Last.TagClose && this._lastTag.rawContent && this._readRawContent())
        continue;
      if (text.charCodeAt(this._at) !== 60 /* < */) {
        this._word();
        continue;
      }
      const next = text.charCodeAt(this._at + 1);
      if (next === 33 /* ! */)
        this._comment();
      else if (next === 47 /* / */ || isLetter(next))
        this._tag();
      else
        throw kNotOurs;
    }
    return this._finish();
  }

  // Reading.

  private _readWhitespace() {
    const text = this._text;
    let at = this._at;
    let newlines = 0;
    let lineStart = at;
    for (; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c === 10) {
        newlines++;
        lineStart = at + 1;
      } else if (c !== 32 && c !== 9) {
        break;
      }
    }
    this._newlines = newlines;
    this._whitespaceStart = lineStart;
    this._tokenStart = this._at = at;
  }

  /** A `<pre>`/`<textarea>`'s content, up to its end tag (or the end): copied as it is. */
  private _readRawContent(): boolean {
    const pattern = new RegExp('</' + this._lastTag.name + '[\\n\\r\\t ]*?>', 'ig');
    pattern.lastIndex = this._at;
    const match = pattern.exec(this._text);
    const end = match ? match.index : this._text.length;
    if (end === this._at)
      return false;
    this._addRaw(end);
    this._at = end;
    this._last = Last.Content;
    return true;
  }

  /** A word: up to the next whitespace or `<`. */
  private _word() {
    const text = this._text;
    const start = this._at;
    let at = start;
    for (; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 10 || c === 9 || c === 60 /* < */)
        break;
    }
    this._at = at;
    // (Never a raw content's word: `_readRawContent` took all of it, up to its end tag's `<`.)
    this._traverseWhitespace();
    this._print(start, at);
    this._last = Last.Content;
  }

  private _comment() {
    const text = this._text;
    if (!text.startsWith('<!--', this._at))
      throw kNotOurs;
    const close = text.indexOf('-->', this._at + 4);
    if (close < 0)
      throw kNotOurs;
    const start = this._at;
    const comment = text.slice(start, close + 3);
    // `<!-- beautify ignore:start -->` and the like are directives to js-beautify.
    if (comment.indexOf('beautify') >= 0)
      throw kNotOurs;
    this._at = close + 3;
    let nameEnd = 1;
    while (nameEnd < comment.length && comment[nameEnd] !== '>' && !/\s/.test(comment[nameEnd]))
      nameEnd++;
    const tag = this._newTag(kindOf(comment.slice(1, nameEnd)));
    tag.empty = true;
    tag.inline = tag.kind.inline;
    this._traverseWhitespace();
    this._position(tag, comment.indexOf('\n') >= 0);
    this._print(start, this._at);
    this._lastTag = tag;
    this._last = Last.TagOpen;
  }

  /** A start or end tag, through its `>`. */
  private _tag() {
    const text = this._text;
    const open = this._at;
    let at = open + 1;
    if (text.charCodeAt(at) === 47 /* / */)
      at++;
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 10 || c === 9 || c === 62 /* > */ || c === 47 /* / */)
        break;
      at++;
    }
    this._at = at;
    const start = text.charCodeAt(open + 1) !== 47 /* / */;
    const kind = kindOf(text.slice(start ? open + 1 : open + 2, at));
    const name = kind.name;
    if (!name)
      throw kNotOurs;
    const tag = this._newTag(kind);
    tag.end = !start || kind.void;
    tag.empty = start && tag.end;
    tag.inline = kind.inline;
    tag.rawContent = !tag.empty && start && kind.rawContent;
    if (this._lastTag.rawContent && !start) {
      // The end tag after a raw content, copied as it is.
      this._addRaw(at);
      tag.opener = this._pop(name, undefined);
    } else {
      this._traverseWhitespace();
      this._position(tag, false);
      this._print(open, at);
    }
    this._alignment = kIndent;
    this._lastTag = tag;
    this._last = Last.TagOpen;
    if (start)
      this._attributes(tag);
    this._readWhitespace();
    if (text.charCodeAt(this._at) !== 62 /* > */)
      throw kNotOurs;
    this._at++;
    this._tagClose(tag, this._at - 1);
  }

  /**
   * A start tag's attributes, `name` or `name="value"`, up to its `>` (not read): with three or
   * more, one per line; else on the tag's line, each after one space (so a run written that way
   * is printed as it is).
   */
  private _attributes(tag: Tag) {
    const text = this._text;
    const bounds = this._bounds;
    let count = 0;
    const first = this._at;
    let plain = true;
    while (true) {
      const before = this._at;
      this._readWhitespace();
      const c = text.charCodeAt(this._at);
      if (c === 62 /* > */ || this._at >= text.length) {
        this._at = before;
        break;
      }
      if (this._at !== before + 1 || text.charCodeAt(before) !== 32)
        plain = false;
      const start = this._at;
      let at = start;
      for (; at < text.length; at++) {
        const d = text.charCodeAt(at);
        if (d === 32 || d === 10 || d === 9 || d === 61 /* = */ || d === 62 /* > */ || d === 47 /* / */ || d === 34 /* " */ || d === 39 /* ' */ || d === 60 /* < */)
          break;
      }
      if (at === start)
        throw kNotOurs;
      if (text.charCodeAt(at) === 61 /* = */) {
        if (text.charCodeAt(at + 1) !== 34 /* " */)
          throw kNotOurs;
        at = text.indexOf('"', at + 2) + 1;
        if (at === 0)
          throw kNotOurs;
      }
      bounds[count++] = start;
      bounds[count++] = at;
      this._at = at;
    }
    tag.attributes = count / 2;
    if (!tag.attributes)
      return;
    if (tag.attributes < kWrapMinAttributes && plain) {
      this._print(first, this._at);
      return;
    }
    for (let i = 0; i < count; i += 2) {
      this._spaceBefore = true;
      if (tag.attributes >= kWrapMinAttributes) {
        this._newLine();
        tag.wrapped = true;
      }
      this._print(bounds[i], bounds[i + 1]);
    }
  }

  private _newTag(kind: Kind): Tag {
    return {
      kind, name: kind.name, end: false, empty: false, inline: false, rawContent: false, parent: this._frame?.tag,
      opener: undefined, attributes: 0, wrapped: false, indentsContent: false, multiline: false,
    };
  }

  // Laying out (js-beautify's `_set_tag_position`, `_handle_inside_tag`, `_handle_tag_close`).

  /** Where a tag goes: a line of its own or not, what it closes, what it opens. */
  private _position(tag: Tag, multiline: boolean) {
    if (!tag.empty) {
      if (tag.end) {
        tag.opener = this._pop(tag.name, undefined);
      } else {
        if (this._closeImpliedEnds(tag) && !tag.inline)
          this._newLine();
        this._frame = { tag, level: this._level, parent: this._frame };
      }
    }
    const last = this._lastTag;
    if (tag.empty) {
      // A comment right after an end tag stays on its line.
      if (tag.name === '!--' && this._last === Last.TagClose && last.end && !multiline)
        return;
      if (!tag.inline)
        this._newLine();
      this._markParentMultiline(tag);
    } else if (tag.end) {
      const expand = (tag.opener !== undefined && tag.opener.multiline) ||
        (!tag.inline && !last.inline && !(this._last === Last.TagClose && tag.opener === last) && this._last !== Last.Content);
      if (expand)
        this._newLine();
    } else {
      tag.indentsContent = true;
      if (!tag.inline && (this._last !== Last.Content || tag.rawContent))
        this._newLine();
      this._markParentMultiline(tag);
    }
  }

  /** Closes what a start tag implies the end of (js-beautify's `_do_optional_end_element`); true when it closed one. */
  private _closeImpliedEnds(tag: Tag): boolean {
    const parent = tag.parent;
    if (!parent)
      return false;
    let closed: Tag | undefined;
    const rules = tag.kind.impliedEnds;
    if (tag.kind.closesParagraph && parent.name === 'p') {
      const grandparent = parent.parent;
      if (!grandparent || !grandparent.kind.keepsParagraph)
        closed = this._pop('p', undefined);
    } else if (rules) {
      for (let i = 0; i < rules.length && !closed; i++)
        closed = this._pop(rules[i][0], rules[i][1]);
    }
    tag.parent = this._frame?.tag;
    return closed !== undefined;
  }

  /** Closes the innermost open `name` and everything inside it, unless a `stop` element is met first; returns its tag. */
  private _pop(name: string, stop: string[] | undefined): Tag | undefined {
    for (let frame = this._frame; frame; frame = frame.parent) {
      if (frame.tag.name === name) {
        this._level = frame.level;
        this._frame = frame.parent;
        return frame.tag;
      }
      if (stop && stop.indexOf(frame.tag.name) >= 0)
        return undefined;
    }
    return undefined;
  }

  private _markParentMultiline(tag: Tag) {
    if (tag.parent && !this._lineStarted && !(tag.inline && tag.parent.inline))
      tag.parent.multiline = true;
  }

  /** The `>` at `at`. */
  private _tagClose(tag: Tag, at: number) {
    this._alignment = 0;
    this._spaceBefore = false;
    if (tag.wrapped)
      this._newLine();
    this._print(at, at + 1);
    if (tag.indentsContent && !tag.rawContent) {
      this._level++;
      tag.indentsContent = false;
    }
    this._last = Last.TagClose;
  }

  // Output (js-beautify's Output: a line's indent is fixed when its first piece is put on it).

  /** A newline or a space, where the markup had whitespace before the token. */
  private _traverseWhitespace() {
    if (this._newlines)
      this._newLine();
    else if (this._whitespaceStart < this._tokenStart)
      this._spaceBefore = true;
  }

  private _newLine() {
    if (!this._lineStarted)
      return;
    this._endLine();
  }

  private _endLine() {
    this._flush();
    this._out += '\n';
    this._lineStarted = false;
    this._firstLine = false;
  }

  /** Prints the markup from `start` to `end`, after an indent or a space as the line needs. */
  private _print(start: number, end: number) {
    if (!this._lineStarted) {
      if (!this._firstLine)
        this._out += indentOf(this._level * kIndent + this._alignment);
      this._lineStarted = true;
    } else if (this._spaceBefore) {
      if (start === this._pendingEnd + 1 && this._text.charCodeAt(this._pendingEnd) === 32) {
        this._pendingEnd = end;
        this._spaceBefore = false;
        return;
      }
      this._flush();
      this._out += ' ';
    } else if (start === this._pendingEnd) {
      this._pendingEnd = end;
      return;
    }
    this._flush();
    this._pendingStart = start;
    this._pendingEnd = end;
    this._spaceBefore = false;
  }

  private _flush() {
    if (this._pendingStart < 0)
      return;
    this._out += this._text.slice(this._pendingStart, this._pendingEnd);
    this._pendingStart = this._pendingEnd = -1;
  }

  /** The markup up to `end` copied as it is, from the whitespace before it (after its newlines), unindented. */
  private _addRaw(end: number) {
    for (let i = 0; i < this._newlines; i++)
      this._endLine();
    this._lineStarted = true;
    this._flush();
    this._pendingStart = this._whitespaceStart;
    this._pendingEnd = end;
    this._spaceBefore = false;
  }

  private _finish(): string {
    this._flush();
    // A raw piece that ends the file with newlines would lose them to js-beautify's trim.
    if (this._lineStarted && this._out.endsWith('\n'))
      throw kNotOurs;
    if (this._lineStarted || this._firstLine)
      this._endLine();
    return this._out;
  }
}

/** An ASCII letter's char code: what starts a tag name. */
export function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

const indents: string[] = [''];

function indentOf(width: number): string {
  while (indents.length <= width)
    indents.push(indents[indents.length - 1] + ' ');
  return indents[width];
}
