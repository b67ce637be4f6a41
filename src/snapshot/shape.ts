// What a snapshot or diff returns: filters and budgets shape the returned copy, never the stored
// baseline (docs/design.md, Text forms).

import { applyBudget } from './budget';
import { formatDiff, formatSnapshot } from './format';
import { filterEntries } from './query';
import { isInteractiveRole } from '../isomorphic/roles';
import { estimateTokens } from './tokens';
import type { Snapshot, SnapshotDiff } from '../isomorphic/types';

export interface ShapeOptions {
  interactiveOnly?: boolean;
  maxEntries?: number;
  budgetTokens?: number;
}

export function shapeSnapshot(snapshot: Snapshot, options: ShapeOptions): Snapshot {
  let entries = snapshot.entries;
  if (options.interactiveOnly)
    entries = filterEntries(entries, entry => entry.interactive);
  let dropped = 0;
  if (options.maxEntries !== undefined && entries.length > options.maxEntries) {
    dropped = entries.length - options.maxEntries;
    const keep = new Set(entries.slice(0, options.maxEntries));
    entries = filterEntries(entries, entry => keep.has(entry));
  }
  let result = snapshot;
  if (entries !== snapshot.entries) {
    result = { ...snapshot, entries, meta: { ...snapshot.meta } };
    // Top-level text is no entry: `interactiveOnly` leaves it out; `maxEntries` keeps what comes
    // before the last kept top-level entry (what follows it may be past the cut).
    if (options.interactiveOnly || !entries.length) {
      delete result.text;
    } else if (result.text) {
      const kept = new Set(entries.map(entry => entry.ref));
      const topLevel = entries.filter(entry => entry.parent === null || !kept.has(entry.parent)).length;
      result.text = result.text.filter(run => run.at < topLevel);
    }
    if (dropped) {
      result.meta.truncated = true;
      result.meta.truncated_entries = dropped;
    }
    result.meta.estimated_tokens = estimateTokens(formatSnapshot(result));
  }
  if (options.budgetTokens !== undefined) {
    const budgeted = applyBudget(result, options.budgetTokens);
    const budgetDropped = result.entries.length - budgeted.entries.length;
    if (budgetDropped)
      budgeted.meta.truncated_entries = dropped + budgetDropped;
    return budgeted;
  }
  return result;
}

export function shapeDiff(diff: SnapshotDiff, options: ShapeOptions): SnapshotDiff {
  const totals = { added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length };
  let result: SnapshotDiff = { ...diff, meta: { ...diff.meta, totals } };
  if (options.interactiveOnly) {
    result.added = result.added.filter(entry => entry.interactive);
    result.removed = result.removed.filter(entry => isInteractiveRole(entry.role));
    result.changed = result.changed.filter(entry => isInteractiveRole(entry.role));
  }
  if (options.maxEntries !== undefined) {
    let room = options.maxEntries;
    const take = <T>(list: T[]) => {
      const kept = list.slice(0, Math.max(0, room));
      room -= kept.length;
      return kept;
    };
    result.changed = take(result.changed);
    result.added = take(result.added);
    result.removed = take(result.removed);
  }
  const dropped = totals.added + totals.removed + totals.changed - (result.added.length + result.removed.length + result.changed.length);
  if (dropped) {
    result.meta.truncated = true;
    result.meta.truncated_entries = dropped;
  }
  result.meta.estimated_tokens = estimateTokens(formatDiff(result));
  if (options.budgetTokens !== undefined)
    result = applyBudget(result, options.budgetTokens);
  return result;
}
