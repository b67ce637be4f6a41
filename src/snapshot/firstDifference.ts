// The oracle's comparison (docs/performance.md, Proving the shortcuts): where a capture made by a
// shortcut (an earlier walk reused because nothing changed) first differs from a full walk made at
// the same moment. Pure: it reads two states and names the first field that differs.

import type { Snapshot, SnapshotEntry } from '../isomorphic/types';

/** What a capture shows: its snapshot and its DOM file. */
export interface ComparedState {
  snapshot: Snapshot;
  dom: string;
}

/**
 * The meta fields that say what the page is. The rest says when and how the snapshot was taken
 * (its id, its time, its token estimate, which follows from the entries).
 */
const kComparedMeta = ['url', 'title', 'documentId', 'truncated'] as const;
/** Counts that follow from the entries: an entry that differs is named first. */
const kComparedCounts = ['entryCount', 'truncated_entries'] as const;

/**
 * The first difference between what a shortcut gave (`shortcut`) and what a full walk gives
 * (`full`), as one line naming the place and both values; undefined when they are the same.
 * `recently_changed` is left out: it says how an entry compares with the user's baseline, not
 * what the page shows.
 */
export function firstDifference(shortcut: ComparedState, full: ComparedState): string | undefined {
  for (const field of kComparedMeta) {
    if (!same(shortcut.snapshot.meta[field], full.snapshot.meta[field]))
      return `meta.${field}: ${show(shortcut.snapshot.meta[field])} where a full walk has ${show(full.snapshot.meta[field])}`;
  }
  const a = shortcut.snapshot.entries;
  const b = full.snapshot.entries;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const field = differingField(a[i], b[i]);
    if (field !== undefined)
      return `entry ${i} (${describe(b[i])}), ${field}: ${show(a[i][field])} where a full walk has ${show(b[i][field])}`;
  }
  if (a.length !== b.length) {
    const extra = a.length > b.length ? `${describe(a[b.length])} is not in a full walk` : `a full walk also has ${describe(b[a.length])}`;
    return `${a.length} entries where a full walk has ${b.length}: ${extra}`;
  }
  for (const field of kComparedCounts) {
    if (!same(shortcut.snapshot.meta[field], full.snapshot.meta[field]))
      return `meta.${field}: ${show(shortcut.snapshot.meta[field])} where a full walk has ${show(full.snapshot.meta[field])}`;
  }
  if (!same(shortcut.snapshot.text, full.snapshot.text))
    return `top-level text: ${show(shortcut.snapshot.text)} where a full walk has ${show(full.snapshot.text)}`;
  if (shortcut.dom !== full.dom) {
    const line = firstDifferentLine(shortcut.dom, full.dom);
    return `DOM file, line ${line.number}: ${show(line.shortcut)} where a full walk has ${show(line.full)}`;
  }
  return undefined;
}

function differingField(a: SnapshotEntry, b: SnapshotEntry): keyof SnapshotEntry | undefined {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof SnapshotEntry)[]);
  fields.delete('recently_changed');
  for (const field of fields) {
    if (!same(a[field], b[field]))
      return field;
  }
  return undefined;
}

function describe(entry: SnapshotEntry): string {
  return `${entry.role}${entry.name ? ` ${JSON.stringify(entry.name)}` : ''}${entry.ref ? ` [ref=${entry.ref}]` : ''}`;
}

function firstDifferentLine(a: string, b: string): { number: number; shortcut: string | undefined; full: string | undefined } {
  const linesA = a.split('\n');
  const linesB = b.split('\n');
  let i = 0;
  while (i < linesA.length && i < linesB.length && linesA[i] === linesB[i])
    i++;
  return { number: i + 1, shortcut: linesA[i], full: linesB[i] };
}

/** Structural equality of JSON-like values (entries hold no functions, dates or cycles). */
function same(a: unknown, b: unknown): boolean {
  if (a === b)
    return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return false;
  const keysA = Object.keys(a).filter(key => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter(key => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length)
    return false;
  return keysA.every(key => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function show(value: unknown): string {
  if (value === undefined)
    return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 200 ? text.slice(0, 199) + '…' : text;
}
