// Snapshot text (DESIGN.md §5): Playwright's AI-snapshot YAML shape with `[ref=s…]` refs, so
// agents and `toMatchAriaSnapshot` users read it without learning anything new:
//
//   - navigation "Main" [ref=s3]:
//     - link "Home" [ref=s4]:
//       - /url: /home
//     - button "Save" [disabled] [ref=s5]

import { kBidiControls } from './markup';
import type { ChildReorder, EntryChange, Snapshot, SnapshotDiff, SnapshotEntry } from './types';

export function formatSnapshot(snapshot: Snapshot): string {
  // Filters re-parent what they keep (see query.ts); a parent that is still missing means top level.
  const listed = new Set(snapshot.entries.map(entry => entry.ref));
  const displayParent = (entry: SnapshotEntry) => entry.parent !== null && listed.has(entry.parent) ? entry.parent : null;
  const hasChildren = new Set<string>();
  for (const entry of snapshot.entries) {
    const parent = displayParent(entry);
    if (parent !== null)
      hasChildren.add(parent);
  }
  const lines: string[] = [];
  const indentOf = new Map<string, number>();
  for (const entry of snapshot.entries) {
    const parent = displayParent(entry);
    const indent = parent === null ? 0 : (indentOf.get(parent) ?? 0) + 1;
    indentOf.set(entry.ref, indent);
    lines.push(...formatEntryLines(entry, indent, hasChildren.has(entry.ref)));
  }
  if (snapshot.meta.truncated) {
    const dropped = snapshot.meta.truncated_entries;
    lines.push(`# truncated: ${dropped ? `${dropped} of ${snapshot.meta.entryCount} entries left out` : 'a limit stopped the walk'}`);
  }
  return lines.join('\n');
}

/** One entry as its snapshot line (and its `/url` / text child lines). */
export function formatEntryLines(entry: SnapshotEntry, indent: number, hasChildren: boolean): string[] {
  const pad = '  '.repeat(indent);
  const head = `${pad}- ${formatEntryHead(entry)}`;
  const inline = inlineText(entry);
  const childLines: string[] = [];
  if (entry.url !== undefined)
    childLines.push(`${pad}  - /url: ${yamlScalar(entry.url)}`);
  if (!hasChildren && childLines.length === 0)
    return [inline === undefined ? head : `${head}: ${yamlScalar(inline)}`];
  if (inline !== undefined)
    childLines.unshift(`${pad}  - text: ${yamlScalar(inline)}`);
  return childLines.length || hasChildren ? [`${head}:`, ...childLines] : [head];
}

/** `button "Save" [disabled] [ref=s12]`: what a line says about one entry. */
export function formatEntryHead(entry: SnapshotEntry): string {
  let head = entry.role;
  if (entry.name)
    head += ' ' + quoteText(entry.name);
  for (const marker of stateMarkers(entry))
    head += ` [${marker}]`;
  head += ` [ref=${entry.ref}]`;
  if (entry.frame)
    head += ` [iframe src=${quoteText(entry.frame.src)}]`;
  return head;
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
const kNeedsQuotes = /^$|^[\s\-?:,[\]{}#&*!|>'"%@`]|[\s:]$|: | #|[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|^(?:true|false|null|yes|no|on|off|~)$|^[+-]?[\d.]+(?:e[+-]?\d+)?$/i;

// Bidi controls reorder what follows them on screen: `button "\u202elecnaC"` would display as
// `button "Cancel"`. Text forms show them as escapes, which only a quoted string can hold. C1
// controls and U+FFFE/U+FFFF are escaped too: YAML does not allow them raw
// (https://yaml.org/spec/1.2.2/#51-character-set), and JSON.stringify leaves them raw.
const kEscapedPattern = new RegExp(`[${kBidiControls.join('')}\u007f-\u009f\ufffe\uffff]`, 'g');

export function yamlScalar(text: string): string {
  return kNeedsQuotes.test(text) || text.search(kEscapedPattern) !== -1 ? quoteText(text) : text;
}

/**
 * `text` as a JSON string, which is also a YAML double-quoted scalar, with bidi and C1 controls
 * written as `\u202e` escapes (JSON.stringify leaves them raw): it reads back as the same string.
 */
export function quoteText(text: string): string {
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
 * Diff text (DESIGN.md §5): a summary line, `#` notes (a reload, a cut), one `^` line per parent
 * whose children were re-ordered, then one line per entry:
 *
 *   diff +1 -1 ~1 moved 7
 *   # truncated: the later snapshot was cut by a walk limit; 12 entries past the cut are not compared
 *   ^ rowgroup [ref=s40] re-ordered: 7 of 8 children moved
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

/** `^ rowgroup [ref=s40] re-ordered: 7 of 8 children moved`; `^ top level re-ordered: …` without a parent. */
export function formatReorder(reorder: ChildReorder): string {
  const where = reorder.parent ? formatIdentity({ ref: reorder.parent, role: reorder.role, name: reorder.name }) : 'top level';
  return `^ ${where} re-ordered: ${reorder.moved} of ${reorder.compared} ${reorder.parent ? 'children' : 'entries'} moved`;
}

/** `~ button "Save" [ref=s12] disabled: true -> false, name: "Save" -> "Saved"` */
export function formatChangeLine(change: EntryChange): string {
  const fields = Object.entries(change.changes).map(([field, { prev, curr }]) => {
    // States hold tokens from fixed tables (`sort: none -> ascending`, as the `[sort=…]` marker reads).
    if (field.startsWith('state.'))
      return `${field.slice('state.'.length)}: ${formatStateValue(prev, curr)} -> ${formatStateValue(curr, prev)}`;
    return `${field}: ${formatChangedValues(prev, curr).join(' -> ')}`;
  });
  return `~ ${formatIdentity(change)} ${fields.join(', ')}`;
}

/** `# truncated: the later snapshot was cut by a walk limit; 1,088 entries past the cut are not compared` */
function formatCut(cut: NonNullable<SnapshotDiff['meta']['cut']>): string {
  const side = cut.before && cut.after ? 'both snapshots were' : cut.before ? 'the earlier snapshot was' : 'the later snapshot was';
  const count = cut.skipped.added + cut.skipped.removed;
  const entries = count === 1 ? 'entry past the cut is' : 'entries past the cut are';
  return `# truncated: ${side} cut by a walk limit; ${count.toLocaleString('en-US')} ${entries} not compared`;
}

function formatIdentity(entry: { ref: string; role: string; name: string }): string {
  return `${entry.role}${entry.name ? ` ${quoteText(entry.name)}` : ''} [ref=${entry.ref}]`.trimStart();
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
