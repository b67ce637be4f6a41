// Token budgets (docs/concepts.md, Budgets and limits): drop the lowest-value entries until the
// returned text fits. True counts stay in meta (`entryCount`; for diffs `totals`);
// `truncated_entries` says how many were dropped. Costs are estimated per line, then the real text
// is measured: when indentation or the truncation note tip it over, the target tightens and
// dropping goes on.

import { formatAddedLine, formatChangeLine, formatDiff, formatEntryLines, formatIdentity, formatSnapshot, textRuns } from './format';
import { isInteractiveRole } from '../isomorphic/roles';
import { estimateTokens } from './tokens';
import { describeValue } from './describe';
import type { EntryChange, EntryIdentity, Snapshot, SnapshotDiff, SnapshotEntry } from '../isomorphic/types';

/** Why `budgetTokens` is not a budget (a positive integer), or undefined when it is one or is absent. */
export function budgetTokensProblem(budgetTokens: unknown, name = 'budgetTokens'): string | undefined {
  if (budgetTokens === undefined || Number.isInteger(budgetTokens) && (budgetTokens as number) > 0)
    return undefined;
  return `${name} must be a positive integer, got ${describeValue(budgetTokens)}.`;
}

export function applyBudget(snapshot: Snapshot, budgetTokens: number): Snapshot;
export function applyBudget(diff: SnapshotDiff, budgetTokens: number): SnapshotDiff;
export function applyBudget(value: Snapshot | SnapshotDiff, budgetTokens: number): Snapshot | SnapshotDiff {
  return 'added' in value ? budgetDiff(value, budgetTokens) : budgetSnapshot(value, budgetTokens);
}

interface Candidate { cost: number; kept: boolean }

/**
 * Drops candidates (in the order `order` yields them, re-asked after each pass) until `render`
 * fits the budget. `order` returns the indices that may go now, lowest value first.
 */
function dropUntilFits<T extends { meta: { estimated_tokens: number } }>(
  candidates: Candidate[], budget: number, order: () => Iterable<number>, render: () => T, onDrop: (index: number) => void = () => {}): T {
  let result = render();
  let total = candidates.reduce((sum, c) => sum + c.cost, 0);
  let target = Math.min(total, budget) - 12; // Room for the summary and truncation lines.
  for (let attempt = 0; attempt < 8 && result.meta.estimated_tokens > budget; attempt++) {
    for (const index of order()) {
      if (total <= target)
        break;
      candidates[index].kept = false;
      total -= candidates[index].cost;
      onDrop(index);
    }
    result = render();
    target -= Math.max(1, result.meta.estimated_tokens - budget);
  }
  return result;
}

/**
 * Full snapshots lose non-interactive leaves first (from the end of the page: a container goes
 * once its last kept child has gone), then any leaf the same way, so interactive entries and the
 * structure above them go last.
 */
function budgetSnapshot(snapshot: Snapshot, budget: number): Snapshot {
  // Top-level text belongs to no entry: it is the first to go when the snapshot does not fit.
  if (snapshot.text && estimateTokens(formatSnapshot(snapshot)) > budget) {
    snapshot = { ...snapshot };
    delete snapshot.text;
  }
  const entries = snapshot.entries;
  const candidates = entries.map(entry => ({ cost: estimateTokens(formatEntryLines(entry, entry.depth, false).join('\n')) + runsCost(entry) + 1, kept: true }));
  const children = new Map<string, number>();
  for (const entry of entries) {
    if (entry.parent !== null)
      children.set(entry.parent, (children.get(entry.parent) ?? 0) + 1);
  }
  const isLeaf = (i: number) => !(children.get(entries[i].ref) ?? 0);
  function* order() {
    for (const onlyNonInteractive of [true, false]) {
      for (let i = entries.length - 1; i >= 0; i--) {
        if (candidates[i].kept && isLeaf(i) && (!onlyNonInteractive || !entries[i].interactive))
          yield i;
      }
    }
  }
  const onDrop = (i: number) => {
    const parent = entries[i].parent;
    if (parent !== null)
      children.set(parent, (children.get(parent) ?? 1) - 1);
  };
  const render = (): Snapshot => {
    const kept = entries.filter((_, i) => candidates[i].kept);
    const result: Snapshot = { ...snapshot, entries: kept, meta: { ...snapshot.meta } };
    if (kept.length < entries.length) {
      result.meta.truncated = true;
      result.meta.truncated_entries = entries.length - kept.length;
    }
    result.meta.estimated_tokens = estimateTokens(formatSnapshot(result));
    return result;
  };
  return dropUntilFits(candidates, budget, order, render, onDrop);
}

/** What the `- text:` lines of an entry with several runs add to its line. */
function runsCost(entry: SnapshotEntry): number {
  const runs = textRuns(entry);
  return runs.length > 1 ? runs.reduce((sum, run) => sum + estimateTokens(run.text) + 3, 0) : 0;
}

/**
 * Diffs lose non-interactive removed, then changed, then added entries, then interactive ones in
 * the same order; within a group, from the end. Re-orders (one line per parent) are never dropped.
 */
function budgetDiff(diff: SnapshotDiff, budget: number): SnapshotDiff {
  type Item = { kind: 'added'; entry: SnapshotEntry } | { kind: 'removed'; entry: EntryIdentity } | { kind: 'changed'; entry: EntryChange };
  const items: Item[] = [
    ...diff.removed.map(entry => ({ kind: 'removed' as const, entry })),
    ...diff.changed.map(entry => ({ kind: 'changed' as const, entry })),
    ...diff.added.map(entry => ({ kind: 'added' as const, entry })),
  ];
  const lineOf = (item: Item) => item.kind === 'added' ? formatAddedLine(item.entry) : item.kind === 'changed' ? formatChangeLine(item.entry) : formatIdentity(item.entry);
  const candidates = items.map(item => ({ cost: estimateTokens(lineOf(item)) + 2, kept: true }));
  const interactive = (item: Item) => item.kind === 'added' ? item.entry.interactive : isInteractiveRole(item.entry.role);
  function* order() {
    for (const wantInteractive of [false, true]) {
      for (const kind of ['removed', 'changed', 'added'] as const) {
        for (let i = items.length - 1; i >= 0; i--) {
          if (candidates[i].kept && items[i].kind === kind && interactive(items[i]) === wantInteractive)
            yield i;
        }
      }
    }
  }
  // Filters may have dropped entries before the budget: the totals say what the diff really held.
  const totals = diff.meta.totals ?? { added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length };
  const trueCount = totals.added + totals.removed + totals.changed;
  const render = (): SnapshotDiff => {
    const kept = items.filter((_, i) => candidates[i].kept);
    const pick = <K extends Item['kind']>(kind: K) => kept.filter(item => item.kind === kind).map(item => item.entry) as Extract<Item, { kind: K }>['entry'][];
    const result: SnapshotDiff = { ...diff, added: pick('added'), removed: pick('removed'), changed: pick('changed'), meta: { ...diff.meta, totals } };
    if (kept.length < trueCount) {
      result.meta.truncated = true;
      result.meta.truncated_entries = trueCount - kept.length;
    }
    result.meta.estimated_tokens = estimateTokens(formatDiff(result));
    return result;
  };
  return dropUntilFits(candidates, budget, order, render);
}
