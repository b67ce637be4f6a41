// Where an element is, as a reader says it: the landmarks, forms, dialogs, lists, rows and frames
// around it. The triage's near matches look there, and the last passing run keeps it.

import type { Snapshot, SnapshotEntry } from '../isomorphic/types';
import { ancestorsOf, isDescendant } from '../locators/evaluate';

/** Places a control is in, as a reader names them: landmarks, forms, dialogs, items, rows (named or not). */
export const kPlaceRoles = new Set(['form', 'region', 'dialog', 'alertdialog', 'navigation', 'main', 'banner', 'contentinfo', 'complementary', 'search', 'group', 'tabpanel', 'menu', 'menubar', 'toolbar', 'list', 'listitem', 'table', 'grid', 'row', 'article', 'tablist', 'radiogroup', 'iframe']);

/** The places (containers, named or not) an entry is in, nearest first. */
export function placesOf(entry: SnapshotEntry, snapshot: Snapshot): SnapshotEntry[] {
  return [...ancestorsOf(entry, snapshot)].filter(parent => kPlaceRoles.has(parent.role));
}

/** The entries of `role` in a place (its descendants), or on the whole page for none, in document order. */
export function entriesOfRoleIn(snapshot: Snapshot, role: string, place: SnapshotEntry | undefined): SnapshotEntry[] {
  return snapshot.entries.filter(entry => entry.role === role && (!place || isDescendant(entry, place.ref, snapshot)));
}
