// Durable locators for an entry, and their proof. Candidates come in the order a reviewer would
// prefer them: a test id, the role and name, the placeholder, the alt text, the text, the role
// alone, then the same scoped by a named ancestor, and position (`nth`) last. A candidate is
// proven on a recorded state when, evaluated on that state's snapshot, it matches exactly the
// entry's ref.

import type { Snapshot, SnapshotEntry } from '../isomorphic/types';
import { ancestorsOf, evaluateLocator, ownText, snapshotIndex, testIdOf, type AttributesOf } from './evaluate';
import { formatValue } from '../snapshot/format';
import type { LocatorStep } from './parse';

export interface Candidate {
  /** Source without the receiver: `getByRole('button', { name: 'Save' })`. */
  code: string;
  steps: LocatorStep[];
  /** Why the form is fragile, when it is. */
  warning?: string;
}

/** One recorded state: a snapshot, and the attributes of its DOM file when it has one. */
export interface RecordedState {
  label: string;
  snapshot: Snapshot;
  attributesOf?: AttributesOf;
}

const kMaxNameLength = 120;
const kScopeRoles = new Set(['dialog', 'alertdialog', 'form', 'region', 'navigation', 'main', 'banner', 'contentinfo', 'complementary', 'search', 'list', 'listitem', 'row', 'table', 'grid', 'group', 'tabpanel', 'menu', 'article', 'section']);

const kItemRoles = new Set(['listitem', 'row', 'article', 'option', 'treeitem']);
/** Roles that say nothing about an element but that it holds text: it is found by its text first. */
const kTextRoles = new Set(['generic', 'paragraph', 'text', 'strong', 'emphasis', 'code', 'time', 'mark', 'deletion', 'insertion', 'subscript', 'superscript', 'blockquote', 'caption', 'definition', 'term', 'note', 'cell', 'gridcell', 'none', 'presentation']);
const kMaxFilterText = 80;

/** Texts tried per item: the first few, one of which usually tells it from its siblings. */
const kMaxItemTexts = 3;

/**
 * The first texts inside an item, in document order, as `filter({ hasText })` reads them: its text
 * runs, and the names its controls take from their content or label (a checkbox's "Buy milk").
 */
function itemTexts(item: SnapshotEntry, snapshot: Snapshot): string[] {
  const { children } = snapshotIndex(snapshot);
  const texts: string[] = [];
  const stack = [item];
  while (stack.length && texts.length < kMaxItemTexts) {
    const entry = stack.pop()!;
    const text = ownText(entry);
    if (text && text.length <= kMaxFilterText && !texts.includes(text))
      texts.push(text);
    const inside = children.get(entry.ref) ?? [];
    for (let i = inside.length - 1; i >= 0; i--)
      stack.push(inside[i]);
  }
  return texts;
}

export const kNthWarning = 'nth() picks by position: it breaks when an element is added or removed before this one';
export const kSubstringWarning = 'getByText() without exact matches any element containing these words';

export function roleCandidate(entry: Pick<SnapshotEntry, 'role' | 'name'>, exact = false): Candidate {
  if (!entry.name)
    return { code: `getByRole('${entry.role}')`, steps: [{ kind: 'role', role: entry.role, states: {} }] };
  const options = `{ name: ${formatValue(entry.name)}${exact ? ', exact: true' : ''} }`;
  return { code: `getByRole('${entry.role}', ${options})`, steps: [{ kind: 'role', role: entry.role, name: entry.name, exact, states: {} }] };
}

/** The candidates for `entry` as it is in `snapshot`, most durable first. */
export function candidatesFor(entry: SnapshotEntry, snapshot: Snapshot, attributesOf?: AttributesOf): Candidate[] {
  const candidates: Candidate[] = [];
  const testId = testIdOf(attributesOf, entry.ref);
  if (testId)
    candidates.push({ code: `getByTestId(${formatValue(testId)})`, steps: [{ kind: 'testId', text: testId }] });
  const named = !!entry.name && entry.name.length <= kMaxNameLength;
  if (entry.role === 'iframe') {
    // Not a role getByRole knows: an <iframe> is named by its title.
    if (named)
      candidates.push({ code: `getByTitle(${formatValue(entry.name)}, { exact: true })`, steps: [{ kind: 'title', text: entry.name, exact: true }] });
    return candidates;
  }
  if (named)
    candidates.push(roleCandidate(entry), roleCandidate(entry, true));
  if (entry.placeholder && entry.placeholder.length <= kMaxNameLength)
    candidates.push({ code: `getByPlaceholder(${formatValue(entry.placeholder)}, { exact: true })`, steps: [{ kind: 'placeholder', text: entry.placeholder, exact: true }] });
  if (entry.role === 'img' && named)
    candidates.push({ code: `getByAltText(${formatValue(entry.name)}, { exact: true })`, steps: [{ kind: 'altText', text: entry.name, exact: true }] });
  // Unnamed: an item by its role and its text (docs/failures.md, Durable locators), a role that is
  // one of a kind on the page (a status, a main) by its role, before text — which Playwright
  // resolves to the innermost element holding it, not always the entry's own element (the live
  // check says).
  if (!named && kItemRoles.has(entry.role)) {
    for (const itemText of itemTexts(entry, snapshot))
      candidates.push({ code: `getByRole('${entry.role}').filter({ hasText: ${formatValue(itemText)} })`, steps: [{ kind: 'role', role: entry.role, states: {} }, { kind: 'hasText', text: itemText }] });
  }
  const meaningfulRole = !kTextRoles.has(entry.role);
  if (!named && meaningfulRole)
    candidates.push(roleCandidate(entry));
  const text = ownText(entry);
  if (text && text.length <= kMaxNameLength && !named) {
    candidates.push({ code: `getByText(${formatValue(text)}, { exact: true })`, steps: [{ kind: 'text', text, exact: true }] });
    candidates.push({ code: `getByText(${formatValue(text)})`, steps: [{ kind: 'text', text }], warning: kSubstringWarning });
  }
  if (!named && !meaningfulRole)
    candidates.push(roleCandidate(entry));
  // Scoped by each named ancestor, nearest first; an unnamed item (a list item, a row) by its text.
  const base = named ? roleCandidate(entry, true) : roleCandidate(entry);
  for (const parent of ancestorsOf(entry, snapshot)) {
    if (parent.name && parent.name.length <= kMaxNameLength && kScopeRoles.has(parent.role)) {
      const scope = roleCandidate(parent, true);
      candidates.push({ code: `${scope.code}.${base.code}`, steps: [...scope.steps, ...base.steps] });
      // Without the name too: it holds across a rename when the role is alone in its container.
      if (named) {
        const role = roleCandidate({ role: entry.role, name: '' });
        candidates.push({ code: `${scope.code}.${role.code}`, steps: [...scope.steps, ...role.steps] });
      }
    } else if (!parent.name && kItemRoles.has(parent.role)) {
      const scope = roleCandidate(parent);
      // Not by the element's own name: every item holds one of those.
      for (const text of itemTexts(parent, snapshot).filter(text => text !== entry.name))
        candidates.push({ code: `${scope.code}.filter({ hasText: ${formatValue(text)} }).${base.code}`, steps: [...scope.steps, { kind: 'hasText', text }, ...base.steps] });
    }
  }
  // Position, last: among the entries the base form matches.
  const matches = evaluateLocator(base.steps, snapshot, attributesOf).refs;
  const position = matches.indexOf(entry.ref);
  if (position !== -1)
    candidates.push({ code: `${base.code}.nth(${position})`, steps: [...base.steps, { kind: 'nth', index: position }], warning: kNthWarning });
  return candidates;
}

export interface Proof {
  /** The states where the ref exists and the candidate matched exactly it. */
  checkedAgainst: string[];
  /** The first state where it matched something else (or nothing). */
  failedAt?: string;
}

/** Checks `candidate` on every state where `ref` exists: it must match exactly `ref` in each. */
export function proveCandidate(candidate: Pick<Candidate, 'steps'>, ref: string, states: readonly RecordedState[]): Proof {
  const checkedAgainst: string[] = [];
  for (const state of states) {
    if (!snapshotIndex(state.snapshot).byRef.has(ref))
      continue;
    const { refs, unknown } = evaluateLocator(candidate.steps, state.snapshot, state.attributesOf);
    if (unknown)
      continue;
    if (refs.length !== 1 || refs[0] !== ref)
      return { checkedAgainst, failedAt: state.label };
    checkedAgainst.push(state.label);
  }
  return { checkedAgainst };
}

export interface GoneProof {
  /** The states after the ref's first where it was gone (removed or hidden) and the locator matched nothing. */
  checkedAgainst: string[];
  /** The first such state where it matched other elements instead, and those elements. */
  failedAt?: { label: string; entries: SnapshotEntry[] };
}

/**
 * Checks `steps` on every state after the first where `ref` exists in which it does not (its
 * element removed or hidden): there the locator must match nothing, not another element in its
 * place — a check that the element is gone would pass or fail on that one. Not checked: the states
 * before the element's first, and those of another document than the one it was last in (after a
 * navigation its ref is stale, so no call of the test reaches it there).
 */
export function proveGone(steps: readonly LocatorStep[], ref: string, states: readonly RecordedState[]): GoneProof {
  const checkedAgainst: string[] = [];
  let document: string | undefined;
  for (const state of states) {
    const { byRef } = snapshotIndex(state.snapshot);
    if (byRef.has(ref)) {
      document = state.snapshot.meta.documentId;
      continue;
    }
    if (document === undefined || state.snapshot.meta.documentId !== document)
      continue;
    const { refs, unknown } = evaluateLocator(steps, state.snapshot, state.attributesOf);
    if (unknown)
      continue;
    if (refs.length)
      return { checkedAgainst, failedAt: { label: state.label, entries: refs.map(other => byRef.get(other)!) } };
    checkedAgainst.push(state.label);
  }
  return { checkedAgainst };
}
