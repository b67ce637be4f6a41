// Suggested assertions for what a step changed: web-first Playwright assertions, on durable
// locators, each checked to hold on the state it was drawn from (its locator matches exactly the
// entry there, and the entry shows what the assertion expects). Few and useful: at most
// kMaxSuggestions, the most telling first. Each carries what the live page must show for it to be
// offered (its `target`: the refs its locator matched; its URL): the recorder checks that through
// Playwright (src/capture/liveProof.ts).

import type { SnapshotDiff, SnapshotEntry } from '../isomorphic/types';
import { candidatesFor, proveCandidate, type Candidate, type RecordedState } from './candidates';
import { evaluateLocator, iframeOf, snapshotIndex } from './evaluate';
import { formatValue } from '../snapshot/format';
import type { LocatorStep } from './parse';

export interface Suggestion {
  /** One line of test code: `await expect(page.getByRole('status')).toHaveText('Saved');` */
  code: string;
  /** What it checks, in a few words: `status text`, `URL`, `value`, `count`… */
  why: string;
  /** Its locator and the refs it matched on the state it was drawn from. */
  target?: SuggestionTarget;
  /** For `toHaveURL`: the URL it expects. */
  url?: string;
}

/** A suggestion's locator as Playwright builds it, and what it matched in the snapshot. */
export interface SuggestionTarget {
  /** The <iframe>s it goes through, outermost first, each by its own steps then `contentFrame()`. */
  frames: LocatorStep[][];
  steps: LocatorStep[];
  /** The refs it matched on the state it was drawn from, in document order. */
  refs: string[];
}

/** A durable locator for an entry: its code, its steps on a snapshot (frames as refs), and as Playwright builds it. */
interface Located extends Candidate {
  live: { frames: LocatorStep[][]; steps: LocatorStep[] };
}

export const kMaxSuggestions = 6;
/** A step that replaced a page has thousands of changes: the first ones are looked at, not all. */
const kMaxConsidered = 40;
const kMaxContainers = 10;

const kAppearingRoles: { [role: string]: number } = { alertdialog: 0, dialog: 0, alert: 1, heading: 3 };
const kLiveRoles = new Set(['alert', 'status', 'log', 'marquee', 'timer']);
const kValueTags = new Set(['input', 'textarea']);
const kItemRoleOf: { [container: string]: string } = { list: 'listitem', listbox: 'option', table: 'row', grid: 'row', treegrid: 'row', tree: 'treeitem', menu: 'menuitem', tablist: 'tab' };

/**
 * What to assert after a step, from the diff between the state it started in and the one it
 * ended in. `before` may be undefined (nothing was captured before the step). The code starts
 * from `receiver`, the variable that holds the page (`page`, `popup`).
 */
export function suggestAssertions(before: RecordedState | undefined, after: RecordedState, diff: SnapshotDiff, receiver = 'page'): Suggestion[] {
  const ranked: { rank: number; suggestion: Suggestion }[] = [];
  const add = (rank: number, suggestion: Suggestion | undefined) => {
    if (suggestion && !ranked.some(r => r.suggestion.code === suggestion.code))
      ranked.push({ rank, suggestion });
  };
  const url = after.snapshot.meta.url;
  if (before && url !== before.snapshot.meta.url && /^https?:/.test(url) && !url.includes('REDACTED'))
    add(0, { code: `await expect(${receiver}).toHaveURL(${formatValue(url)});`, why: 'URL', url });

  for (const entry of diff.added.slice(0, kMaxConsidered)) {
    const rank = kAppearingRoles[entry.role];
    if (rank !== undefined && entry.state.visible && (entry.name || entry.role === 'alert'))
      add(rank, assertion(entry, after, receiver, locator => `await expect(${locator}).toBeVisible();`, `${entry.role} appeared`));
    if (kLiveRoles.has(entry.role))
      add(2, liveText(entry, after, receiver));
  }
  const afterByRef = snapshotIndex(after.snapshot).byRef;
  for (const change of diff.changed.slice(0, kMaxConsidered)) {
    // Compact diffs carry no entries: the entry is the later snapshot's.
    const entry = change.curr ?? afterByRef.get(change.ref);
    if (!entry)
      continue;
    if (kLiveRoles.has(entry.role) && ('text' in change.changes || 'name' in change.changes))
      add(2, liveText(entry, after, receiver));
    if ('state.checked' in change.changes && typeof entry.state.checked === 'boolean')
      add(4, assertion(entry, after, receiver, locator => `await expect(${locator}).${entry.state.checked ? '' : 'not.'}toBeChecked();`, 'checked'));
    if ('state.disabled' in change.changes)
      add(4, assertion(entry, after, receiver, locator => `await expect(${locator}).${entry.state.disabled ? 'toBeDisabled' : 'toBeEnabled'}();`, 'disabled'));
    for (const state of ['expanded', 'pressed', 'sort'] as const) {
      const attribute = `aria-${state}`;
      const value = entry.state[state];
      // Only where the page says it with the attribute (a <details> summary has none).
      if (`state.${state}` in change.changes && value !== undefined && after.attributesOf?.(entry.ref)?.[attribute] === String(value))
        add(4, assertion(entry, after, receiver, locator => `await expect(${locator}).toHaveAttribute('${attribute}', '${value}');`, state));
    }
    if ('value' in change.changes && entry.value !== undefined && kValueTags.has(entry.tag) && entry.value.length <= 200)
      add(5, assertion(entry, after, receiver, locator => `await expect(${locator}).toHaveValue(${formatValue(entry.value!)});`, 'value'));
  }
  for (const count of changedCounts(before, after, diff, receiver))
    add(6, count);
  return ranked.sort((a, b) => a.rank - b.rank).slice(0, kMaxSuggestions).map(r => r.suggestion);
}

/** A live region's text, when it is a leaf (its own text is all of its text). */
function liveText(entry: SnapshotEntry, state: RecordedState, receiver: string): Suggestion | undefined {
  const text = entry.text ?? entry.name;
  const hasChildren = snapshotIndex(state.snapshot).children.has(entry.ref);
  if (!text || hasChildren || text.length > 200 || !entry.state.visible)
    return undefined;
  // Not located by the very text it asserts.
  return assertion(entry, state, receiver, locator => `await expect(${locator}).toHaveText(${formatValue(text)});`, `${entry.role} text`, candidate => !candidate.steps.some(step => step.kind === 'text'));
}

/** The assertion on the first durable locator that matches exactly `entry` in `state`. */
function assertion(entry: SnapshotEntry, state: RecordedState, receiver: string, write: (locator: string) => string, why: string, usable: (candidate: Candidate) => boolean = () => true): Suggestion | undefined {
  const located = durableCandidate(entry, state, usable);
  return located ? { code: write(`${receiver}.${located.code}`), why, target: { ...located.live, refs: [entry.ref] } } : undefined;
}

function durableCandidate(entry: SnapshotEntry, state: RecordedState, usable: (candidate: Candidate) => boolean = () => true): Located | undefined {
  // In a child frame, through its <iframe>: `page.<iframe locator>.contentFrame().<locator>`.
  const iframe = entry.ref.startsWith('f') ? iframeOf(entry, state.snapshot) : undefined;
  if (entry.ref.startsWith('f') && !iframe)
    return undefined;
  const frame = iframe && durableCandidate(iframe, state);
  if (iframe && !frame)
    return undefined;
  for (const candidate of candidatesFor(entry, state.snapshot, state.attributesOf)) {
    if (candidate.warning || !usable(candidate))
      continue;
    const scoped: Candidate = frame ? { code: `${frame.code}.contentFrame().${candidate.code}`, steps: [{ kind: 'ref', ref: iframe!.ref }, ...candidate.steps] } : candidate;
    if (!proveCandidate(scoped, entry.ref, [state]).failedAt)
      return { ...scoped, live: { frames: frame ? [...frame.live.frames, frame.live.steps] : [], steps: candidate.steps } };
  }
  return undefined;
}

/** `toHaveCount` for containers that gained or lost items, on a locator proven on `after`. */
function* changedCounts(before: RecordedState | undefined, after: RecordedState, diff: SnapshotDiff, receiver: string): Generator<Suggestion> {
  if (!before)
    return;
  const byRef = snapshotIndex(after.snapshot).byRef;
  const beforeByRef = snapshotIndex(before.snapshot).byRef;
  // The containers of what was added or removed: their parents, on both sides.
  const parents = new Set<string>();
  for (const entry of diff.added.slice(0, kMaxConsidered)) {
    if (entry.parent)
      parents.add(entry.parent);
  }
  for (const removed of diff.removed.slice(0, kMaxConsidered)) {
    const parent = beforeByRef.get(removed.ref)?.parent;
    if (parent)
      parents.add(parent);
  }
  let looked = 0;
  for (const ref of parents) {
    const container = byRef.get(ref);
    const item = container && kItemRoleOf[container.role];
    if (!container || !item || !container.name || !beforeByRef.has(ref) || ++looked > kMaxContainers)
      continue;
    const scope = durableCandidate(container, after);
    if (!scope)
      continue;
    const itemStep: LocatorStep = { kind: 'role', role: item, states: {} };
    const steps: LocatorStep[] = [...scope.steps, itemStep];
    const now = evaluateLocator(steps, after.snapshot, after.attributesOf).refs;
    const then = evaluateLocator(steps, before.snapshot, before.attributesOf).refs.length;
    if (now.length !== then) {
      const target = { frames: scope.live.frames, steps: [...scope.live.steps, itemStep], refs: now };
      yield { code: `await expect(${receiver}.${scope.code}.getByRole('${item}')).toHaveCount(${now.length});`, why: `${item} count`, target };
    }
  }
}
