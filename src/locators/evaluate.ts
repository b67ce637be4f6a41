// Evaluates a parsed locator on a recorded snapshot: which refs it would have matched then. The
// rules are Playwright's as far as a snapshot can tell them: getByRole is `find`'s role and name
// match (hidden entries excluded), getByText an entry's own text (or, for an entry named from its
// content, its name), getByLabel a form control's accessible name, getByPlaceholder the
// placeholder, getByAltText an image's name; getByTitle and getByTestId read the attribute from
// the DOM file of the same capture, when there is one.

import { matchesName } from '../snapshot/query';
import { refPrefix } from '../isomorphic/refs';
import type { Snapshot, SnapshotEntry } from '../isomorphic/types';
import type { LocatorStep, TextMatch } from './parse';

/** An element's attributes in the DOM file of the same capture, by ref. */
/**
 * The kept attributes of an element of a capture's DOM file, by its ref; `testIdAttributes` are
 * the ones `getByTestId` reads in this suite (Playwright's `testIdAttribute`, `data-testid` when
 * it is not set).
 */
export type AttributesOf = ((ref: string) => { [name: string]: string } | undefined) & { testIdAttributes?: readonly string[] };

/** The element's test id, as `getByTestId` reads it in the suite: its first test id attribute that it has. */
export function testIdOf(attributesOf: AttributesOf | undefined, ref: string): string | undefined {
  const attributes = attributesOf?.(ref);
  if (!attributes)
    return undefined;
  for (const name of attributesOf!.testIdAttributes ?? ['data-testid']) {
    if (Object.hasOwn(attributes, name))
      return attributes[name];
  }
  return undefined;
}

export interface Evaluation {
  /** The matching refs, in document order. */
  refs: string[];
  /** Set when the snapshot cannot answer (an attribute locator and no DOM file). */
  unknown?: string;
}

const kLabelledRoles = new Set(['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'spinbutton', 'slider', 'meter', 'progressbar']);
const kNameFromContentRoles = new Set(['button', 'link', 'heading', 'cell', 'columnheader', 'rowheader', 'gridcell', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab', 'treeitem', 'tooltip', 'checkbox', 'radio', 'switch']);

export function evaluateLocator(steps: readonly LocatorStep[], snapshot: Snapshot, attributesOf?: AttributesOf): Evaluation {
  const index = snapshotIndex(snapshot);
  let current: SnapshotEntry[] | undefined;
  for (const step of steps) {
    if (step.kind === 'nth') {
      const list = current ?? [];
      const picked = list[step.index < 0 ? list.length + step.index : step.index];
      current = picked ? [picked] : [];
      continue;
    }
    if (step.kind === 'hasText') {
      current = (current ?? snapshot.entries).filter(entry => matchesText(subtreeText(entry, index), step.text, false));
      continue;
    }
    if ((step.kind === 'testId' || step.kind === 'title') && !attributesOf)
      return { refs: [], unknown: `${step.kind === 'testId' ? 'getByTestId' : 'getByTitle'} reads an attribute, and this capture has no DOM file` };
    const scope = current && new Set(current.map(entry => entry.ref));
    const pool = step.kind === 'role' ? index.byRole.get(step.role) ?? [] : step.kind === 'ref' ? [index.byRef.get(step.ref)].filter(e => e !== undefined) : snapshot.entries;
    // A page's locators do not reach into its frames: only a scope (the <iframe>'s ref) does.
    current = pool.filter(entry => matchesStep(entry, step, attributesOf) && (scope ? hasAncestorIn(entry, scope, index) : step.kind === 'ref' || !isInChildFrame(entry)));
  }
  return { refs: (current ?? []).map(entry => entry.ref) };
}

function matchesStep(entry: SnapshotEntry, step: Exclude<LocatorStep, { kind: 'nth' | 'hasText' }>, attributesOf?: AttributesOf): boolean {
  switch (step.kind) {
    case 'ref':
      return entry.ref === step.ref;
    case 'role':
      if (entry.role !== step.role || entry.state.hidden)
        return false;
      if (step.name !== undefined && !matchesText(entry.name, step.name, !!step.exact))
        return false;
      return Object.entries(step.states).every(([key, value]) => {
        const actual = entry.state[key as keyof SnapshotEntry['state']];
        return typeof value === 'boolean' ? (actual ?? false) === value : actual === value;
      });
    case 'text':
      return !entry.state.hidden && matchesText(ownText(entry), step.text, !!step.exact);
    case 'label':
      return kLabelledRoles.has(entry.role) && matchesText(entry.name, step.text, !!step.exact);
    case 'placeholder':
      return entry.placeholder !== undefined && matchesText(entry.placeholder, step.text, !!step.exact);
    case 'altText':
      return entry.role === 'img' && matchesText(entry.name, step.text, !!step.exact);
    case 'title': {
      const title = attributesOf?.(entry.ref)?.title;
      return title !== undefined && matchesText(title, step.text, !!step.exact);
    }
    case 'testId': {
      const id = testIdOf(attributesOf, entry.ref);
      return id !== undefined && matchesText(id, step.text, true);
    }
  }
}

/** What getByText sees of an entry: its own text, or its name when it is named from its content. */
export function ownText(entry: SnapshotEntry): string {
  if (entry.text !== undefined)
    return entry.text;
  return kNameFromContentRoles.has(entry.role) ? entry.name : '';
}

function matchesText(text: string, expected: TextMatch, exact: boolean): boolean {
  return text !== '' && matchesName(text, expected, exact);
}

/** A snapshot's entries by ref, by role and by parent: built once per snapshot, kept while it lives. */
export interface SnapshotIndex {
  byRef: Map<string, SnapshotEntry>;
  /** Entries by role, in document order. */
  byRole: Map<string, SnapshotEntry[]>;
  children: Map<string, SnapshotEntry[]>;
}

const indexes = new WeakMap<Snapshot, SnapshotIndex>();

export function snapshotIndex(snapshot: Snapshot): SnapshotIndex {
  let index = indexes.get(snapshot);
  if (!index) {
    index = { byRef: new Map(), byRole: new Map(), children: new Map() };
    for (const entry of snapshot.entries) {
      index.byRef.set(entry.ref, entry);
      const sameRole = index.byRole.get(entry.role) ?? [];
      sameRole.push(entry);
      index.byRole.set(entry.role, sameRole);
      if (entry.parent !== null) {
        const siblings = index.children.get(entry.parent) ?? [];
        siblings.push(entry);
        index.children.set(entry.parent, siblings);
      }
    }
    indexes.set(snapshot, index);
  }
  return index;
}

/** Refs of child frames are `f<K>s<N>`. */
export function isInChildFrame(entry: SnapshotEntry): boolean {
  return entry.ref.charCodeAt(0) === 102; // 'f'
}

/** The entry's ancestors in `snapshot`, nearest first. */
export function* ancestorsOf(entry: SnapshotEntry, snapshot: Snapshot): Generator<SnapshotEntry> {
  const { byRef } = snapshotIndex(snapshot);
  for (let parent = entry.parent ? byRef.get(entry.parent) : undefined; parent; parent = parent.parent ? byRef.get(parent.parent) : undefined)
    yield parent;
}

/** Whether the entry of ref `ancestor` is an ancestor of `entry` in `snapshot`. */
export function isDescendant(entry: SnapshotEntry, ancestor: string, snapshot: Snapshot): boolean {
  const { byRef } = snapshotIndex(snapshot);
  for (let parent = entry.parent; parent !== null; parent = byRef.get(parent)?.parent ?? null) {
    if (parent === ancestor)
      return true;
  }
  return false;
}

/** Whether one of `entry`'s ancestors has a ref of `refs`. */
function hasAncestorIn(entry: SnapshotEntry, refs: ReadonlySet<string>, { byRef }: SnapshotIndex): boolean {
  for (let parent = entry.parent; parent !== null; parent = byRef.get(parent)?.parent ?? null) {
    if (refs.has(parent))
      return true;
  }
  return false;
}

/** The <iframe> entry whose frame holds `entry` (a ref `f<K>s<N>`), if the snapshot has it. */
export function iframeOf(entry: SnapshotEntry, snapshot: Snapshot): SnapshotEntry | undefined {
  const prefix = refPrefix(entry.ref);
  for (const parent of ancestorsOf(entry, snapshot)) {
    if (refPrefix(parent.ref) !== prefix)
      return parent.frame ? parent : undefined;
  }
  return undefined;
}

/** The text of an entry and everything under it, as filter({ hasText }) reads it. */
function subtreeText(entry: SnapshotEntry, index: SnapshotIndex): string {
  const parts = [ownText(entry)];
  for (const child of index.children.get(entry.ref) ?? [])
    parts.push(subtreeText(child, index));
  return parts.filter(Boolean).join(' ');
}

/**
 * The attributes of the DOM file's elements that carry refs, read from an element's open tag when
 * asked (a step looks up a few elements of a file that may hold thousands).
 */
export function attributesFromDom(dom: string, testIdAttributes?: readonly string[]): AttributesOf {
  const cache = new Map<string, { [name: string]: string } | undefined>();
  const attributesOf: AttributesOf = ref => {
    if (!cache.has(ref))
      cache.set(ref, readOpenTag(dom, ref));
    return cache.get(ref);
  };
  attributesOf.testIdAttributes = testIdAttributes;
  return attributesOf;
}

function readOpenTag(dom: string, ref: string): { [name: string]: string } | undefined {
  // The ref is always the tag's last attribute (docs/design.md, Stable diffs); values never hold a
  // raw `<` or `"`.
  const marker = ` ref="${ref}"`;
  for (let at = dom.indexOf(marker); at !== -1; at = dom.indexOf(marker, at + 1)) {
    const end = at + marker.length;
    if (!/^\s*>/.test(dom.slice(end, end + 40)))
      continue;
    const start = dom.lastIndexOf('<', at);
    const tag = /^<[a-z][a-z0-9-]*((?:\s+[a-z0-9-:]+(?:="[^"]*")?)*)\s*$/.exec(dom.slice(start, at));
    if (!tag)
      continue;
    const attributes: { [name: string]: string } = {};
    for (const attribute of tag[1].matchAll(/\s([a-z0-9-:]+)(?:="([^"]*)")?/g))
      attributes[attribute[1]] = unescapeAttribute(attribute[2] ?? '');
    return attributes;
  }
  return undefined;
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(?:quot|amp|lt|gt|#x([0-9a-f]+));/g, (entity, hex: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : ({ '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>' } as Record<string, string>)[entity]);
}
