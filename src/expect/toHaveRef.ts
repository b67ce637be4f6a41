import type { ExpectMatcherState } from '@playwright/test';
import { formatEntryHead, formatValue } from '../snapshot/format';
import { kQueryKeys, matchesQuery } from '../snapshot/query';
import { describeValue } from '../snapshot/describe';
import { isRef } from '../isomorphic/refs';
import { StagewrightError } from '../errors';
import { boundedRegExpRunner } from '../api/boundedRegExp';
import { similarRefLines } from '../snapshot/likeness';
import type { EntryState, Snapshot, SnapshotEntry } from '../isomorphic/types';
import type { Failure } from './message';
import { checkReceiver, failed, passed, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';

export interface RefExpectation { role?: string; name?: string | RegExp; exact?: boolean; state?: Partial<EntryState>; interactive?: boolean }

/** Holds when `ref` exists in the current document and its entry matches `expected`. */
export async function toHaveRef(this: ExpectMatcherState, received: unknown, ref: string, expected: RefExpectation = {}, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveRef';
  const sw = checkReceiver(received, matcherName);
  if (typeof ref !== 'string' || !isRef(ref))
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveRef() takes a ref like s12 (main frame) or f1s3 (first child frame), got ${describeValue(ref)}.`);
  // The ref is the first argument: a `ref` in the expectation could only contradict it.
  validateQuery(expected, matcherName, kQueryKeys.filter(key => key !== 'ref'));
  const timeout = timeoutOf(this, options, matcherName);
  const polled = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const entry = snapshot.entries.find(e => e.ref === ref);
    return { holds: !!entry && matchesQuery(entry, expected, boundedRegExpRunner), detail: entry };
  });
  if (polled.holds !== this.isNot)
    return passed(matcherName, polled.holds);
  const entry = polled.detail;
  let failure: Failure;
  if (this.isNot)
    failure = stillMatches(ref, expected, entry!);
  else if (entry)
    failure = differs(ref, expected, entry);
  else
    failure = notOnPage(ref, expected, sw.refStatus(ref), polled.snapshot);
  return await failed(this, matcherName, sw, polled, timeout, failure, { ref });
}

function stillMatches(ref: string, expected: RefExpectation, entry: SnapshotEntry): Failure {
  return {
    code: 'EXPECTATION_FAILED',
    summary: `${ref} still matches ${formatValue(expected)}.`,
    hint: 'The element is there and its role, name and state match.',
    expected: `${ref} as ${formatValue(expected)}`,
    received: formatEntryHead(entry) + stateSummary(entry),
    similarRefs: [],
    nextActions: [`Look at the entry now: await sw.find({ ref: '${ref}' })`, 'Wait for the action that changes it, or check that it really should change'],
  };
}

function differs(ref: string, expected: RefExpectation, entry: SnapshotEntry): Failure {
  return {
    code: 'EXPECTATION_FAILED',
    summary: `${ref} is ${formatEntryHead(entry)}, which does not match ${formatValue(expected)}.`,
    hint: 'The element is there but its role, name or state differ.',
    expected: `${ref} as ${formatValue(expected)}`,
    received: formatEntryHead(entry) + stateSummary(entry),
    similarRefs: [],
    nextActions: [`Look at the entry now: await sw.find({ ref: '${ref}' })`, 'Take a fresh snapshot to see the page as it is now: await sw.text()'],
  };
}

/** The ref itself is the problem: never issued, of an older document, or its element is gone. */
function notOnPage(ref: string, expected: RefExpectation, status: 'current' | 'stale' | 'unknown', snapshot: Snapshot): Failure {
  const common = {
    expected: `${ref} as ${formatValue(expected)}`,
    received: 'no such ref in the current document',
    similarRefs: similarRefLines(snapshot.entries, { ...expected, ref }),
    nextActions: ['Take a fresh snapshot: await sw.snapshot()', `Find the element again: await sw.find(${formatValue({ role: expected.role, name: expected.name })})`],
  };
  if (status === 'stale')
    return { ...common, code: 'REF_STALE', summary: `${ref} belongs to an earlier document: the page navigated or reloaded.`, hint: 'Take a fresh snapshot: refs of an older document are never re-pointed.' };
  if (status === 'current')
    return { ...common, code: 'REF_NOT_FOUND', summary: `${ref} is no longer on the page.`, hint: 'Use a ref from the latest snapshot; the similar refs below are the nearest.' };
  return { ...common, code: 'REF_NOT_FOUND', summary: `${ref} was never issued on this page.`, hint: 'Use a ref from the latest snapshot; the similar refs below are the nearest.' };
}

function stateSummary(entry: SnapshotEntry): string {
  const state = Object.entries(entry.state).filter(([key]) => key !== 'visible').map(([key, value]) => `${key}: ${value}`);
  return state.length ? ` { ${state.join(', ')} }` : '';
}
