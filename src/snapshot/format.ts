// Snapshot text (docs/design.md, Text forms): Playwright's AI-snapshot YAML shape with `[ref=s…]`
// refs, so agents and `toMatchAriaSnapshot` users read it without learning anything new:
//
//   - navigation "Main" [ref=s3]:
//     - link "Home" [ref=s4]:
//       - /url: /home
//     - button "Save" [disabled] [ref=s5]

import { kBidiControls } from '../isomorphic/bidi';
import { nameSaysOwnText } from '../isomorphic/roles';
import type { ChildReorder, EntryChange, Snapshot, SnapshotDiff, SnapshotEntry, TextRun } from '../isomorphic/types';
import { jsString } from './jsString';
import { isLongText, textChange, type ChangedPart, type Excerpt, type LineRange, type TextChange } from './textChange';

export function formatSnapshot(snapshot: Snapshot): string {
  // Filters re-parent what they keep (see query.ts); a parent that is still missing means top level.
  const listed = new Set(snapshot.entries.map(entry => entry.ref));
  const childrenOf = new Map<string | null, SnapshotEntry[]>();
  for (const entry of snapshot.entries) {
    const parent = entry.parent !== null && listed.has(entry.parent) ? entry.parent : null;
    const siblings = childrenOf.get(parent);
    if (siblings)
      siblings.push(entry);
    else
      childrenOf.set(parent, [entry]);
  }
  const roots = childrenOf.get(null) ?? [];
  const unnamed = namesShownBelow(roots, childrenOf);
  const lines: string[] = [];
  // Iterative: a deep page must not overflow the stack. Each frame prints one entry's children
  // with its text runs among them, where they sit in the document.
  type Frame = { children: SnapshotEntry[]; runs: readonly TextRun[]; next: number; run: number; indent: number };
  const stack: Frame[] = [{ children: roots, runs: snapshot.text ?? [], next: 0, run: 0, indent: 0 }];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    const pad = '  '.repeat(frame.indent);
    // Runs past the last kept child (a filter dropped children) go at the end.
    while (frame.run < frame.runs.length && Math.min(frame.runs[frame.run].at, frame.children.length) <= frame.next)
      lines.push(`${pad}- text: ${yamlScalar(frame.runs[frame.run++].text)}`);
    if (frame.next >= frame.children.length) {
      stack.pop();
      continue;
    }
    const entry = frame.children[frame.next++];
    const children = childrenOf.get(entry.ref) ?? [];
    const runs = textRuns(entry);
    lines.push(...formatEntryLines(entry, frame.indent, children.length > 0, !unnamed.has(entry)));
    if (children.length || runs.length > 1 || (runs.length === 1 && hasPropertyLines(entry)))
      stack.push({ children, runs: entry.value ? [] : runs, next: 0, run: 0, indent: frame.indent + 1 });
  }
  if (snapshot.meta.truncated) {
    const dropped = snapshot.meta.truncated_entries;
    lines.push(`# truncated: ${dropped ? `${dropped} of ${snapshot.meta.entryCount} entries left out` : 'a limit stopped the walk'}`);
  }
  return lines.join('\n');
}

/**
 * A lower bound of the UTF-8 bytes of `formatSnapshot(snapshot)`, found without formatting it:
 * each entry's line holds at least its indent, `- `, its role, ` [ref=…]`, and, for an entry
 * with nothing below it (whose name is always shown), its name in quotes; lines are joined by
 * line breaks. Quoting and escaping only add characters, and a UTF-16 code unit is at least a
 * byte. One pass with a map: a caller that only needs to know whether a large page's text fits a
 * bound learns it without building the text (on a 6,400-entry page, about 20 ms less a step).
 */
export function formattedBytesAtLeast(snapshot: Snapshot): number {
  const entries = snapshot.entries;
  const listed = new Set<string>();
  const parents = new Set<string>();
  for (const entry of entries) {
    listed.add(entry.ref);
    if (entry.parent !== null)
      parents.add(entry.parent);
  }
  // Counted: an entry at the top (its parent unlisted) or under one counted before it, at its
  // indent. One whose listed parent comes later (none does in a walk's order) counts nothing,
  // and nor does anything under it: the bound still holds, even for a cycle that prints nothing.
  const indents = new Map<string, number>();
  let lines = 0;
  let bytes = 0;
  for (const entry of entries) {
    const top = entry.parent === null || !listed.has(entry.parent);
    const above = top ? -1 : indents.get(entry.parent!);
    if (above === undefined)
      continue;
    indents.set(entry.ref, above + 1);
    lines++;
    bytes += 2 * (above + 1) + 2 + entry.role.length + 6 + entry.ref.length + 1;
    if (entry.name && !parents.has(entry.ref))
      bytes += entry.name.length + 3;
  }
  return bytes + (lines ? lines - 1 : 0);
}

// Roles whose name says which one this is (a landmark, a dialog, a table, a group), not what it
// contains: kept even when the content repeats it, as Playwright's AI snapshot keeps them
// (rolesWithIdentifyingNames in its injected ariaSnapshot.ts).
const kIdentifyingNameRoles = new Set([
  'alertdialog', 'dialog', 'banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search',
  'application', 'document', 'figure', 'group', 'grid', 'listbox', 'menu', 'menubar', 'radiogroup', 'tablist',
  'tabpanel', 'toolbar', 'tree', 'treegrid', 'table', 'columnheader', 'rowheader',
]);

/**
 * Entries whose name the text leaves out because the lines below them say it in full: a row
 * whose name is its cells' text, a cell whose name is its link's. The test is on what is printed:
 * the name, whitespace aside, must be exactly the names, values and text runs printed under the
 * entry, in order (a child's name counts only where it is printed itself). So a name from an
 * aria-label, or holding text not printed (hidden, CSS content), stays; so does a leaf's. The
 * entries keep their names: only the text form is shorter.
 */
function namesShownBelow(roots: SnapshotEntry[], childrenOf: Map<string | null, SnapshotEntry[]>): Set<SnapshotEntry> {
  const unnamed = new Set<SnapshotEntry>();
  // Depth-first, iterative. Going down, `need` is how much of its printed text an entry must spell
  // out: the longest name that may be left out, its own or one above it (0: none, nothing is
  // collected). Coming back up, that text, cut just past `need`, joins its parent's: each entry
  // costs at most that much, whatever lies below it.
  type Frame = { entry: SnapshotEntry; children: SnapshotEntry[]; runs: readonly TextRun[]; next: number; run: number; need: number; name: string; below: string };
  const stack: Frame[] = [];
  const enter = (entry: SnapshotEntry, above: number) => {
    const children = childrenOf.get(entry.ref) ?? [];
    // A link or heading may have had text of its own that only its name still says.
    const name = children.length && !kIdentifyingNameRoles.has(entry.role) && !nameSaysOwnText(entry.role) ? withoutWhitespace(entry.name) : '';
    const need = Math.max(above, name.length);
    // As formatSnapshot prints it: a value replaces the runs.
    const below = need && entry.value ? withoutWhitespace(entry.value) : '';
    stack.push({ entry, children, runs: entry.value ? [] : textRuns(entry), next: 0, run: 0, need, name, below });
  };
  for (const root of roots) {
    enter(root, 0);
    while (stack.length) {
      const frame = stack[stack.length - 1];
      while (frame.need && frame.run < frame.runs.length && Math.min(frame.runs[frame.run].at, frame.children.length) <= frame.next)
        frame.below += withoutWhitespace(frame.runs[frame.run++].text);
      if (frame.next < frame.children.length) {
        const child = frame.children[frame.next++];
        // A leaf keeps its name: it prints its name and its value or runs, with no frame of its own.
        if (childrenOf.has(child.ref))
          enter(child, frame.need);
        else if (frame.need && frame.below.length <= frame.need)
          frame.below += withoutWhitespace(child.name + (child.value || textRuns(child).map(run => run.text).join('')));
        continue;
      }
      stack.pop();
      const parent = stack[stack.length - 1];
      if (frame.name && frame.name === frame.below)
        unnamed.add(frame.entry);
      // A parent with no `need` collects nothing; one whose text is past its `need` already fails.
      if (parent?.need && parent.below.length <= parent.need)
        parent.below += unnamed.has(frame.entry) ? frame.below : withoutWhitespace(frame.entry.name) + frame.below;
    }
  }
  return unnamed;
}

function withoutWhitespace(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * The entry's own text runs in reading order, each with how many of its children come before it
 * (docs/concepts.md, Text runs). An entry without `runs` has its `text` as one run before its
 * children; text that repeats the name is not printed again.
 */
export function textRuns(entry: SnapshotEntry): readonly TextRun[] {
  if (entry.runs)
    return entry.runs;
  return entry.text && entry.text !== entry.name ? [{ at: 0, text: entry.text }] : [];
}

function hasPropertyLines(entry: SnapshotEntry): boolean {
  return entry.url !== undefined || (!!entry.placeholder && entry.placeholder !== entry.name);
}

/**
 * One entry as its snapshot line and its property lines (`/url`, `/placeholder`, a value beside
 * children). A leaf with one text run (or a value) prints it after the key; otherwise the key ends
 * in `:` and `formatSnapshot` puts the text runs among the children. The key is quoted when YAML
 * needs it (a name holding `: ` or ` #`), as Playwright's renderer does.
 */
export function formatEntryLines(entry: SnapshotEntry, indent: number, hasChildren: boolean, showName = true): string[] {
  const pad = '  '.repeat(indent);
  const key = `${pad}- ${formatKey(entry, showName)}`;
  const runs = textRuns(entry);
  const propertyLines: string[] = [];
  if (entry.url !== undefined)
    propertyLines.push(`${pad}  - /url: ${yamlScalar(entry.url)}`);
  if (entry.placeholder && entry.placeholder !== entry.name)
    propertyLines.push(`${pad}  - /placeholder: ${yamlScalar(entry.placeholder)}`);
  // An editor's value reads as its lines, one text line each, as Playwright prints an editor's
  // line boxes; a form control's value is quoted whole, as Playwright prints it.
  const valueLines = !entry.value ? [] : entry.tag === 'input' || entry.tag === 'textarea' || entry.tag === 'select' ? [entry.value] : entry.value.split('\n').filter(line => line !== '');
  if (!hasChildren && !propertyLines.length && valueLines.length <= 1) {
    const inline = entry.value ? valueLines[0] ?? entry.value : runs.length === 1 ? runs[0].text : undefined;
    return runs.length > 1 && !entry.value ? [`${key}:`] : [inline === undefined ? key : `${key}: ${yamlScalar(inline)}`];
  }
  propertyLines.unshift(...valueLines.map(line => `${pad}  - text: ${yamlScalar(line)}`));
  return [`${key}:`, ...propertyLines];
}

/** `button "Save" [disabled] [ref=s12]`: what a line says about one entry. */
export function formatEntryHead(entry: SnapshotEntry): string {
  return formatHead(entry, true).head;
}

/** The entry's line key: its head, single-quoted when YAML needs it (`yamlKey`). */
function formatKey(entry: SnapshotEntry, showName: boolean): string {
  const { head, needsQuotes } = formatHead(entry, showName);
  return needsQuotes ? singleQuoted(head) : head;
}

/**
 * The head, and whether `yamlKey` would quote it, tested on the pieces rather than the whole line
 * (a snapshot has thousands): the pieces are joined by a space and each after the role begins
 * with `"` or `[` and ends with `"` or `]`, so a `: `, ` #` or quote-forcing end can only come
 * from inside a piece, or from the role's own end (`x:` before the space).
 */
function formatHead(entry: SnapshotEntry, showName: boolean): { head: string; needsQuotes: boolean } {
  let needsQuotes = entry.role === '' || kRoleNeedsQuotes.test(entry.role);
  let head = entry.role;
  if (entry.name && showName) {
    // Most names are plain: quoted as they are, and the quotes add no `: ` or ` #`.
    if (kPlainName.test(entry.name)) {
      head += ' "' + entry.name + '"';
    } else {
      const name = quoteText(entry.name);
      needsQuotes ||= kPieceNeedsQuotes.test(name);
      head += ' ' + name;
    }
  }
  for (const marker of stateMarkers(entry)) {
    needsQuotes ||= kPieceNeedsQuotes.test(marker);
    head += ` [${marker}]`;
  }
  head += ` [ref=${entry.ref}]`;
  needsQuotes ||= kPieceNeedsQuotes.test(entry.ref);
  if (entry.frame) {
    const src = quoteText(entry.frame.src);
    needsQuotes ||= kPieceNeedsQuotes.test(src);
    head += ` [iframe src=${src}]`;
    if (entry.frame.unreachable)
      head += ` [iframe ${entry.frame.unreachable}]`;
  }
  return { head, needsQuotes };
}

function stateMarkers(entry: SnapshotEntry): string[] {
  const s = entry.state;
  const markers: string[] = [];
  if (s.checked !== undefined && s.checked !== false)
    markers.push(s.checked === 'mixed' ? 'checked=mixed' : 'checked');
  if (s.disabled)
    markers.push('disabled');
  if (s.expanded !== undefined)
    markers.push(s.expanded ? 'expanded' : 'collapsed');
  if (s.focused)
    markers.push('active');
  if (s.level !== undefined)
    markers.push(`level=${s.level}`);
  if (s.pressed !== undefined && s.pressed !== false)
    markers.push(s.pressed === 'mixed' ? 'pressed=mixed' : 'pressed');
  if (s.selected)
    markers.push('selected');
  if (s.required)
    markers.push('required');
  if (s.readonly)
    markers.push('readonly');
  if (s.invalid)
    markers.push(s.invalid === true ? 'invalid' : `invalid=${s.invalid}`);
  if (s.sort !== undefined)
    markers.push(`sort=${s.sort}`);
  if (s.cursor === 'pointer')
    markers.push('cursor=pointer');
  if (s.hidden)
    markers.push('aria-hidden');
  if (s.inert)
    markers.push('inert');
  return markers;
}

/** The value of a field, or the element's own text when it adds something to the name. */
function inlineText(entry: SnapshotEntry): string | undefined {
  if (entry.value)
    return entry.value;
  if (entry.text && entry.text !== entry.name)
    return entry.text;
  return undefined;
}

// YAML plain scalars cannot start with indicators or contain ": " / " #"; quote those (JSON strings are valid YAML).
const kNeedsQuotes = /^$|^[\s\-?:,[\]{}#&*!|>'"%@`]|[\s:]$|: | #|[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|^(?:true|false|null|yes|no|y|n|on|off|~)$|^[+-]?[\d.]+(?:e[+-]?\d+)?$|^[+-]?\.(?:inf|nan)$|^0[xob][\da-f]+$|^[+-]?infinity$/i;

// Bidi controls reorder what follows them on screen: `button "\u202elecnaC"` would display as
// `button "Cancel"`. Text forms show them as escapes, which only a quoted string can hold. C1
// controls and U+FFFE/U+FFFF are escaped too: YAML does not allow them raw
// (https://yaml.org/spec/1.2.2/#51-character-set), and JSON.stringify leaves them raw.
const kEscapedPattern = new RegExp(`[${kBidiControls.join('')}\u007f-\u009f\ufffe\uffff]`, 'g');

export function yamlScalar(text: string): string {
  return kNeedsQuotes.test(text) || text.search(kEscapedPattern) !== -1 ? quoteText(text) : text;
}

// A key that YAML would split or misread (`button "a: b"`, `button "a #1"`, a newline) is single-quoted
// whole, as Playwright's renderer does (yamlEscapeKeyIfNeeded); names inside are JSON-quoted already.
const kKeyNeedsQuotes = /: |:$| #|[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|^[\s\-?:,[\]{}#&*!|>'"%@`]|\s$/;

export function yamlKey(head: string): string {
  return kKeyNeedsQuotes.test(head) ? singleQuoted(head) : head;
}

/** A YAML single-quoted scalar: quotes inside are doubled. */
function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

// kKeyNeedsQuotes for the pieces of a key (see `formatKey`): the role, at the start of the line
// and before a space (so an end in `:` makes a `: `); any later piece, inside the line.
const kRoleNeedsQuotes = /: |:$| #|[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|^[\s\-?:,[\]{}#&*!|>'"%@`]/;
const kPieceNeedsQuotes = /: | #|[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;

// What JSON.stringify escapes (quotes, backslashes, controls, lone surrogates: all surrogates, to
// be safe) and what quoteText escapes after it, as a character class body: a string with none of
// these is quoted as it is.
const kQuoteChangeChars = `"\\\\\u0000-\u001f\ud800-\udfff${kBidiControls.join('')}\u007f-\u009f\ufffe\uffff`;
const kQuoteChanges = new RegExp(`[${kQuoteChangeChars}]`);

/** A name that `quoteText` leaves as it is and that holds no `: ` or ` #`. */
const kPlainName = new RegExp(`^(?:(?!: | #)[^${kQuoteChangeChars}])*$`);

/**
 * `text` as a JSON string, which is also a YAML double-quoted scalar, with bidi and C1 controls
 * written as `\u202e` escapes (JSON.stringify leaves them raw): it reads back as the same string.
 */
export function quoteText(text: string): string {
  if (!kQuoteChanges.test(text))
    return '"' + text + '"';
  return JSON.stringify(text).replace(kEscapedPattern, escapeCodeUnit);
}

function escapeCodeUnit(c: string): string {
  return '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
}

// Characters a reader cannot tell apart by looking: private-use glyphs (icon fonts: U+E001 and
// U+E002 are both a box, or nothing, outside their font), format and other default-ignorable
// characters (zero-width spaces and joiners, soft hyphens, variation selectors, bidi marks),
// controls, unassigned code points, lone surrogates, whitespace other than the plain space, and
// combining marks (`e\u0301` prints as `é`).
const kUnclearPattern = /^(?:[\p{Co}\p{Cf}\p{Cc}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{M}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs})$/u;

/**
 * What a reader sees of `text` as `quoteText` prints it: compatibility forms folded (NFKC: `ﬁ`
 * is `fi`, a no-break space a space), invisible characters gone, every private-use or unassigned
 * code point the same box. Two strings that differ but print alike here look the same.
 */
function visibleForm(text: string): string {
  return quoteText(text).normalize('NFKC')
      .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
      .replace(/[\p{Co}\p{Cn}]/gu, '\ufffd')
      .replace(/[\p{Zl}\p{Zp}\p{Zs}]/gu, ' ');
}

/**
 * `text` as a JSON string with every character a reader cannot tell apart written as its code
 * point (`"\ue001 Projects"`), and so is every character NFKC would change (`ﬁ` as `\ufb01`): the
 * two sides of a change that print the same read differently this way. Above U+FFFF the code
 * point is written as JSON's surrogate pair, so the string still reads back as itself.
 */
export function quoteCodePoints(text: string): string {
  let result = '"';
  for (const c of text) {
    if (kUnclearPattern.test(c) || c.normalize('NFKC') !== c) {
      for (let i = 0; i < c.length; i++)
        result += escapeCodeUnit(c[i]);
    } else {
      result += JSON.stringify(c).slice(1, -1);
    }
  }
  return result + '"';
}

/**
 * Diff text (docs/concepts.md, Diffs): a summary line, `#` notes (a reload, a cut), one `^` line
 * per parent whose children were re-ordered, then one line per entry:
 *
 *   diff +1 -1 ~1 moved 1
 *   # truncated: the later snapshot was cut by a walk limit; 12 entries past the cut are not compared
 *   ^ rowgroup [ref=s40] re-ordered: 1 of 8 children moved: row "Ada" [ref=s44] 8 -> 1
 *   + button "Pay" [ref=s41]
 *   + paragraph [ref=s42]: The answer text
 *   - dialog "Cart" [ref=s31]
 *   ~ button "Save" [ref=s12] disabled: true -> false
 *
 * The summary counts the `+`, `-` and `~` lines, and with ` moved N` the entries the `^` lines
 * moved. Moves come first: a capped or sliced diff text never hides them.
 */
export function formatDiff(diff: SnapshotDiff): string {
  // `?? []`: diffs built before `reordered` existed (a stored JSON) have none.
  const reordered = diff.reordered ?? [];
  const moved = reordered.reduce((sum, reorder) => sum + reorder.moved, 0);
  const lines = [`diff +${diff.added.length} -${diff.removed.length} ~${diff.changed.length}${moved ? ` moved ${moved}` : ''}`];
  if (diff.meta.renderer_reloaded)
    lines.push('# renderer reloaded: the document changed, every earlier ref is stale');
  if (diff.meta.cut)
    lines.push(formatCut(diff.meta.cut));
  for (const reorder of reordered)
    lines.push(formatReorder(reorder));
  for (const entry of diff.added)
    lines.push(formatAddedLine(entry));
  for (const entry of diff.removed)
    lines.push(`- ${formatIdentity(entry)}`);
  for (const change of diff.changed)
    lines.push(formatChangeLine(change));
  if (diff.meta.truncated && diff.meta.truncated_entries)
    lines.push(`# truncated: ${diff.meta.truncated_entries} changes left out`);
  return lines.join('\n');
}

/** `+ paragraph [ref=s138]: The answer text`: an added entry with its text, as its snapshot line shows it. */
export function formatAddedLine(entry: SnapshotEntry): string {
  const inline = inlineText(entry);
  return `+ ${formatEntryHead(entry)}${inline === undefined ? '' : `: ${yamlScalar(inline)}`}`;
}

/**
 * `^ rowgroup [ref=s40] re-ordered: 1 of 3 children moved: row "Ada" [ref=s44] 3 -> 1`, or, where
 * it is shorter, the new order by earlier place (`…: new order 3 1 2`); `^ top level re-ordered: …`
 * without a parent. Places count the compared children only.
 */
export function formatReorder(reorder: ChildReorder): string {
  const where = reorder.parent ? formatIdentity({ ref: reorder.parent, role: reorder.role, name: reorder.name }) : 'top level';
  const head = `^ ${where} re-ordered: ${reorder.moved} of ${reorder.compared} ${reorder.parent ? 'children' : 'entries'} moved`;
  // `?? []`: diffs stored before moves were listed have none.
  const moves = reorder.moves ?? [];
  if (!moves.length && !reorder.order)
    return head;
  let listed = moves.map(move => `${formatIdentity(shortened(move))} ${move.from} -> ${move.to}`).join(', ');
  if (reorder.moved > moves.length)
    listed += `, and ${reorder.moved - moves.length} more`;
  // Naming the rows that moved says most; past a line's worth, the whole new order is shorter.
  const complete = reorder.moved === moves.length && listed.length <= kMaxMovesLength;
  if (complete || !reorder.order)
    return `${head}: ${listed}`;
  return `${head}: new order ${reorder.order.join(' ')}`;
}

const kMaxMovesLength = 400;

// A moved row is named by all its cells: its ref says which, the start of its name says enough to read.
const kMaxMoveNameLength = 40;

function shortened<T extends { name: string }>(entry: T): T {
  return entry.name.length > kMaxMoveNameLength ? { ...entry, name: entry.name.slice(0, kMaxMoveNameLength - 1) + '…' } : entry;
}

/** `~ button "Save" [ref=s12] disabled: true -> false, name: "Save" -> "Saved"` */
export function formatChangeLine(change: EntryChange): string {
  const fields = Object.entries(change.changes).map(([field, { prev, curr }]) => {
    // States hold tokens from fixed tables (`sort: none -> ascending`, as the `[sort=…]` marker reads).
    if (field.startsWith('state.'))
      return `${field.slice('state.'.length)}: ${formatStateValue(prev, curr)} -> ${formatStateValue(curr, prev)}`;
    if (isLongText(prev) || isLongText(curr))
      return `${field}: ${formatTextChange(prev, curr)}`;
    return `${field}: ${formatChangedValues(prev, curr).join(' -> ')}`;
  });
  return `~ ${formatIdentity(change)} ${fields.join(', ')}`;
}

/**
 * A long text field's change as its changed lines, or the changed words of a one-line value,
 * with a little context (docs/concepts.md, Diffs):
 *
 *   line 5: "export const LOAN_PERIOD_DAYS = 21;" -> "export const LOAN_DAYS = 21;" (and 2 other lines changed)
 *   lines 7-8 added: "  const due = addDays(start, LOAN_DAYS);\n  return due;"
 *   …"the LOAN_PERIOD_DAYS const"… -> …"the LOAN_DAYS const"…
 *
 * An ellipsis outside the quotes says the line, or the value, goes on: what is quoted is exact.
 */
function formatTextChange(prev: unknown, curr: unknown): string {
  const change = textChange(typeof prev === 'string' ? prev : '', typeof curr === 'string' ? curr : '');
  // The diff holds both sides whole; they differ only where a secret was masked in one of them.
  if (!change.parts.length)
    return 'the same once secret values are masked';
  // A one-line value's side that is no string (an absent value: `none`) reads as a short one's does;
  // a multi-line value's has no lines.
  const shown = (value: unknown) => change.unit === 'change' && typeof value !== 'string' ? formatChangedValue(value) : undefined;
  const parts = change.parts.map(part => formatChangedPart(part, shown(prev), shown(curr)));
  return parts.join('; ') + formatRest(change);
}

function formatChangedPart(part: ChangedPart, prevShown: string | undefined, currShown: string | undefined): string {
  if (part.kind === 'added')
    return `${formatLines(part.lines)} added: ${formatExcerpt(part.curr, formatChangedValue(part.curr.text))}`;
  if (part.kind === 'removed')
    return `${formatLines(part.lines)} removed: ${formatExcerpt(part.prev, formatChangedValue(part.prev.text))}`;
  const [prev, curr] = formatChangedValues(part.prev.text, part.curr.text);
  const sides = `${prevShown ?? formatExcerpt(part.prev, prev)} -> ${currShown ?? formatExcerpt(part.curr, curr)}`;
  return part.lines ? `${formatLines(part.lines)}: ${sides}` : sides;
}

function formatExcerpt(excerpt: Excerpt, quoted: string): string {
  return `${excerpt.cutBefore ? '…' : ''}${quoted}${excerpt.cutAfter ? '…' : ''}`;
}

function formatLines(lines: LineRange): string {
  return lines.first === lines.last ? `line ${lines.first}` : `lines ${lines.first}-${lines.last}`;
}

/** ` (and 2 other lines changed)`, ` (and 3 other lines: 1 changed, 2 added)`, ` (and 1 other change)`. */
function formatRest({ unit, rest }: TextChange): string {
  const kinds = (['changed', 'added', 'removed'] as const).filter(kind => rest[kind]);
  const total = rest.changed + rest.added + rest.removed;
  if (!total)
    return '';
  const other = `and ${total} other ${unit}${total === 1 ? '' : 's'}`;
  if (unit === 'change')
    return ` (${other})`;
  return kinds.length === 1 ? ` (${other} ${kinds[0]})` : ` (${other}: ${kinds.map(kind => `${rest[kind]} ${kind}`).join(', ')})`;
}

/** `# truncated: the later snapshot was cut by a walk limit; 1,088 entries past the cut are not compared` */
function formatCut(cut: NonNullable<SnapshotDiff['meta']['cut']>): string {
  const side = cut.before && cut.after ? 'both snapshots were' : cut.before ? 'the earlier snapshot was' : 'the later snapshot was';
  const count = cut.skipped.added + cut.skipped.removed;
  const entries = count === 1 ? 'entry past the cut is' : 'entries past the cut are';
  return `# truncated: ${side} cut by a walk limit; ${count.toLocaleString('en-US')} ${entries} not compared`;
}

/**
 * `button "Save" [ref=s12]`: who an entry is, in every message and line that names one (locator
 * descriptions, errors, diffs, matcher output); `button "Save"` when the ref is not known.
 */
export function formatIdentity(entry: { role: string; name: string; ref?: string }): string {
  const name = entry.name ? ` ${quoteText(entry.name)}` : '';
  return `${entry.role}${name}${entry.ref ? ` [ref=${entry.ref}]` : ''}`.trimStart();
}

/**
 * The two sides of a change of a text field (`name`, `value`, `text`, `url`); an absent value
 * reads as `none`. Strings that would print the same (`"\ue001 Projects"` and
 * `"\ue002 Projects"`, a zero-width space, a no-break space, `é` composed or not) show the code
 * points of what a reader cannot see; so does a string that would print as `""` but is not empty.
 */
function formatChangedValues(prev: unknown, curr: unknown): [string, string] {
  if (typeof prev === 'string' && typeof curr === 'string') {
    if (prev !== curr && visibleForm(prev) === visibleForm(curr))
      return [quoteCodePoints(prev), quoteCodePoints(curr)];
    return [quoteText(prev), quoteText(curr)];
  }
  return [formatChangedValue(prev), formatChangedValue(curr)];
}

/** An absent flag reads as false when the other side is a boolean, else as `none`. */
function formatStateValue(value: unknown, other: unknown): string {
  if (value === undefined)
    return typeof other === 'boolean' ? 'false' : 'none';
  // Anything but a plain token (a hand-made snapshot) is quoted, so it cannot break the line.
  return typeof value === 'string' && !/^[\w-]+$/.test(value) ? quoteText(value) : String(value);
}

function formatChangedValue(value: unknown): string {
  if (value === undefined)
    return 'none';
  if (typeof value === 'string')
    return value !== '' && visibleForm(value) === visibleForm('') ? quoteCodePoints(value) : quoteText(value);
  return String(value);
}

/**
 * A value as compact JavaScript source, the way Playwright prints locators and options:
 * `{ role: 'button', name: /Save/ }`, `'It\'s'`. Strings read back as the same string.
 */
export function formatValue(value: unknown): string {
  if (value instanceof RegExp)
    return String(value);
  if (typeof value === 'string')
    return jsString(value);
  if (Array.isArray(value))
    return `[${value.map(formatValue).join(', ')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${formatValue(v)}`);
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  return String(value);
}
