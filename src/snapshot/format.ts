// Snapshot text (DESIGN.md §5): Playwright's AI-snapshot YAML shape with `[ref=s…]` refs, so
// agents and `toMatchAriaSnapshot` users read it without learning anything new:
//
//   - navigation "Main" [ref=s3]:
//     - link "Home" [ref=s4]:
//       - /url: /home
//     - button "Save" [disabled] [ref=s5]

import { kBidiControls } from './markup';
import type { EntryIdentity, Snapshot, SnapshotDiff, SnapshotEntry } from './types';

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
const kNeedsQuotes = /^$|^[\s\-?:,[\]{}#&*!|>'"%@`]|[\s:]$|: | #|[\u0000-\u001f\u007f]|^(?:true|false|null|yes|no|on|off|~)$|^[+-]?[\d.]+(?:e[+-]?\d+)?$/i;

// Bidi controls reorder what follows them on screen: `button "\u202elecnaC"` would display as
// `button "Cancel"`. Text forms show them as escapes, which only a quoted string can hold.
const kBidiControlPattern = new RegExp(`[${kBidiControls.join('')}]`, 'g');

export function yamlScalar(text: string): string {
  return kNeedsQuotes.test(text) || text.search(kBidiControlPattern) !== -1 ? quoteText(text) : text;
}

/**
 * `text` as a JSON string, which is also a YAML double-quoted scalar, with bidi controls written
 * as `\u202e` escapes (JSON.stringify leaves them raw): it reads back as the same string.
 */
export function quoteText(text: string): string {
  return JSON.stringify(text).replace(kBidiControlPattern, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * Diff text (DESIGN.md §5): a summary line, `#` notes (a reload, a cut), then one line per entry:
 *
 *   diff +1 -1 ~1
 *   # truncated: the later snapshot was cut by a walk limit; 12 entries past the cut are not compared
 *   + button "Pay" [ref=s40]
 *   - dialog "Cart" [ref=s31]
 *   ~ button "Save" [ref=s12] disabled: true -> false
 */
export function formatDiff(diff: SnapshotDiff): string {
  const lines = [`diff +${diff.added.length} -${diff.removed.length} ~${diff.changed.length}`];
  if (diff.meta.renderer_reloaded)
    lines.push('# renderer reloaded: the document changed, every earlier ref is stale');
  if (diff.meta.cut)
    lines.push(formatCut(diff.meta.cut));
  for (const entry of diff.added)
    lines.push(`+ ${formatEntryHead(entry)}`);
  for (const entry of diff.removed)
    lines.push(`- ${formatIdentity(entry)}`);
  for (const change of diff.changed) {
    const fields = Object.entries(change.changes).map(([field, { prev, curr }]) => {
      const name = field.startsWith('state.') ? field.slice('state.'.length) : field;
      return `${name}: ${formatChangedValue(prev, curr)} -> ${formatChangedValue(curr, prev)}`;
    });
    lines.push(`~ ${formatIdentity(change)} ${fields.join(', ')}`);
  }
  if (diff.meta.truncated && diff.meta.truncated_entries)
    lines.push(`# truncated: ${diff.meta.truncated_entries} changes left out`);
  return lines.join('\n');
}

/** `# truncated: the later snapshot was cut by a walk limit; 1,088 entries past the cut are not compared` */
function formatCut(cut: NonNullable<SnapshotDiff['meta']['cut']>): string {
  const side = cut.before && cut.after ? 'both snapshots were' : cut.before ? 'the earlier snapshot was' : 'the later snapshot was';
  const count = cut.skipped.added + cut.skipped.removed;
  const entries = count === 1 ? 'entry past the cut is' : 'entries past the cut are';
  return `# truncated: ${side} cut by a walk limit; ${count.toLocaleString('en-US')} ${entries} not compared`;
}

function formatIdentity(entry: EntryIdentity): string {
  return `${entry.role}${entry.name ? ` ${quoteText(entry.name)}` : ''} [ref=${entry.ref}]`;
}

/** An absent boolean flag reads as false (`disabled: true -> false`); other absent values as `none`. */
function formatChangedValue(value: unknown, other: unknown): string {
  if (value === undefined)
    return typeof other === 'boolean' ? 'false' : 'none';
  return typeof value === 'string' ? quoteText(value) : String(value);
}
