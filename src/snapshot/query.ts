// Entry queries (API.md `EntryQuery`) and the filters that shape what a snapshot returns.

import type { EntryQuery, EntryState, Snapshot, SnapshotEntry } from './types';

/** Entries matching `query`, in document order. */
export function findEntries(snapshot: Snapshot, query: EntryQuery): SnapshotEntry[] {
  return snapshot.entries.filter(entry => matchesQuery(entry, query));
}

/**
 * Like Playwright's `getByRole`: a string name matches case-insensitively as a substring unless
 * `exact`. An entry without a name (an alert, a status, a paragraph) is matched on its text.
 */
export function matchesQuery(entry: SnapshotEntry, query: EntryQuery): boolean {
  if (query.ref !== undefined && entry.ref !== query.ref)
    return false;
  if (query.role !== undefined && entry.role !== query.role)
    return false;
  if (query.interactive !== undefined && entry.interactive !== query.interactive)
    return false;
  // Live regions, paragraphs and the like have no name but their text: match what the user reads.
  if (query.name !== undefined && !matchesName(entry.name || entry.text || '', query.name, !!query.exact))
    return false;
  if (query.state !== undefined && !matchesState(entry.state, query.state))
    return false;
  return true;
}

export function matchesName(name: string, expected: string | RegExp, exact: boolean): boolean {
  if (typeof expected !== 'string') {
    expected.lastIndex = 0;
    return expected.test(name);
  }
  const normalizedName = normalizeWhitespace(name);
  const normalizedExpected = normalizeWhitespace(expected);
  if (exact)
    return normalizedName === normalizedExpected;
  return normalizedName.toLowerCase().includes(normalizedExpected.toLowerCase());
}

function matchesState(state: EntryState, expected: Partial<EntryState>): boolean {
  for (const [key, value] of Object.entries(expected) as [keyof EntryState, unknown][]) {
    if (value === undefined)
      continue;
    const actual = state[key];
    // An absent boolean flag reads as false: { disabled: false } matches an enabled button.
    if (typeof value === 'boolean' && actual === undefined ? value !== false : actual !== value)
      return false;
  }
  return true;
}

export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Keeps the entries `keep` accepts; kept entries whose parent was dropped hang from their
 * nearest kept ancestor, so the text keeps its shape.
 */
export function filterEntries(entries: readonly SnapshotEntry[], keep: (entry: SnapshotEntry) => boolean): SnapshotEntry[] {
  const byRef = new Map(entries.map(entry => [entry.ref, entry]));
  const kept = new Set<string>();
  const result: SnapshotEntry[] = [];
  for (const entry of entries) {
    if (!keep(entry))
      continue;
    kept.add(entry.ref);
    let parent = entry.parent;
    while (parent !== null && !kept.has(parent))
      parent = byRef.get(parent)?.parent ?? null;
    result.push(parent === entry.parent ? entry : { ...entry, parent });
  }
  return result;
}
