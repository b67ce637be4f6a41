import type { ExpectMatcherState } from '@playwright/test';
import { formatEntryHead } from '../snapshot/format';
import { matchesQuery } from '../snapshot/query';
import { similarRefLines } from '../snapshot/similar';
import type { EntryState, SnapshotEntry } from '../isomorphic/types';
import { formatValue } from './message';
import { checkReceiver, matcherResult, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';

export interface RefExpectation { role?: string; name?: string | RegExp; exact?: boolean; state?: Partial<EntryState> }

/** Holds when `ref` exists in the current document and its entry matches `expected`. */
export async function toHaveRef(this: ExpectMatcherState, received: unknown, ref: string, expected: RefExpectation = {}, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveRef';
  const sw = checkReceiver(received, matcherName);
  validateQuery(expected, matcherName);
  const timeout = timeoutOf(this, options);
  const { holds, snapshot, detail: entry } = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const entry = snapshot.entries.find(e => e.ref === ref);
    return { holds: !!entry && matchesQuery(entry, expected), detail: entry };
  });
  // The ref itself is the problem when the page does not have it: never issued, or of an older document.
  const status = entry ? 'current' : sw.refStatus(ref);
  const code = entry || this.isNot ? 'EXPECTATION_FAILED' : status === 'stale' ? 'REF_STALE' : 'REF_NOT_FOUND';
  const wanted = `${ref} as ${formatValue(expected)}`;
  return await matcherResult(holds, this.isNot, {
    matcherName,
    isNot: this.isNot,
    code,
    summary: this.isNot ? `${ref} still matches ${formatValue(expected)}.`
      : entry ? `${ref} is ${describe(entry)}, which does not match ${formatValue(expected)}.`
        : status === 'stale' ? `${ref} belongs to an earlier document: the page navigated or reloaded.`
          : status === 'current' ? `${ref} is no longer on the page.` : `${ref} was never issued on this page.`,
    hint: code === 'REF_STALE' ? 'Take a fresh snapshot: refs of an older document are never re-pointed.'
      : code === 'REF_NOT_FOUND' ? 'Use a ref from the latest snapshot; the similar refs below are the nearest.'
        : 'The element is there but its role, name or state differ.',
    expected: wanted,
    received: entry ? formatEntryHead(entry) + stateSummary(entry) : 'no such ref in the current document',
    timeout,
    similarRefs: this.isNot ? [] : similarRefLines(snapshot.entries, { ...expected, ref }),
    nextActions: code === 'EXPECTATION_FAILED' && entry
      ? [`Look at the entry now: await sw.find({ ref: '${ref}' })`, 'Take a fresh snapshot to see the page as it is now: await sw.text()']
      : ['Take a fresh snapshot: await sw.snapshot()', `Find the element again: await sw.find(${formatValue({ role: expected.role, name: expected.name })})`],
  }, snapshot);
}

function describe(entry: SnapshotEntry): string {
  return formatEntryHead(entry);
}

function stateSummary(entry: SnapshotEntry): string {
  const state = Object.entries(entry.state).filter(([key]) => key !== 'visible').map(([key, value]) => `${key}: ${value}`);
  return state.length ? ` { ${state.join(', ')} }` : '';
}
