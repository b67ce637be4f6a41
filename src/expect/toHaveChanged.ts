import type { ExpectMatcherState } from '@playwright/test';
import { diffSnapshots } from '../snapshot/diff';
import { formatDiff, formatValue } from '../snapshot/format';
import { matchAll, matchesAllButName } from '../snapshot/query';
import { describeKey, describeValue, isPlainObject, unknownKeysHint } from '../snapshot/describe';
import { boundedRegExpRunner } from '../api/boundedRegExp';
import { noBaselineError } from '../api/stagewright';
import type { EntryIdentity, EntryQuery, SnapshotDiff } from '../isomorphic/types';
import { StagewrightError } from '../errors';
import { checkReceiver, failed, passed, pollSnapshots, timeoutOf, type MatcherResult } from './matcherUtils';
import { validateQuery } from './query';

export interface ChangeExpectation { added?: EntryQuery[]; removed?: EntryQuery[]; changed?: EntryQuery[] }

/**
 * Holds when the diff from the baseline — the last snapshot taken before the call — contains
 * entries matching each query of each list.
 */
export async function toHaveChanged(this: ExpectMatcherState, received: unknown, expected: ChangeExpectation, options?: { timeout?: number }): Promise<MatcherResult> {
  const matcherName = 'toHaveChanged';
  const sw = checkReceiver(received, matcherName);
  validateExpectation(expected);
  const timeout = timeoutOf(this, options, matcherName);
  const baseline = sw.store.baseline;
  if (!baseline)
    throw noBaselineError(`${matcherName}()`);
  const polled = await pollSnapshots(sw, this.isNot, timeout, snapshot => {
    const diff = diffSnapshots(baseline, snapshot, { format: 'full' });
    const missing = missingQueries(diff, expected);
    return { holds: missing.length === 0, detail: { diff, missing } };
  });
  if (polled.holds !== this.isNot)
    return passed(matcherName, polled.holds);
  const { diff, missing } = polled.detail;
  const since = `the diff since snapshot ${baseline.meta.snapshotId}`;
  return await failed(this, matcherName, sw, polled, timeout, {
    code: 'EXPECTATION_FAILED',
    summary: this.isNot ? `${since} has every expected change.` : `${since} lacks ${missing.map(([kind, query]) => `${kind} ${formatValue(query)}`).join(', ')}.`,
    hint: this.isNot ? 'Those changes happened.' : 'The change has not happened (yet), or it happened before the baseline snapshot was taken.',
    expected: formatValue(expected),
    received: formatDiff(sw.store.secrets.maskDiff(diff)).split('\n').slice(0, 8).join('\n          '),
    similarRefs: [],
    nextActions: [
      'See what changed: await sw.text({ since: \'last\' })',
      'Take the baseline snapshot right before the action that should change the page',
    ],
  });
}

const kKinds = ['added', 'removed', 'changed'] as const;
/** What a removed entry still has: it is an identity, with no state and no interactivity to match. */
const kIdentityKeys = ['role', 'name', 'exact', 'ref'];

/**
 * An expectation must expect something: `{}`, empty lists or a misspelt list (`add`) would hold
 * whatever happened, and the test would pass on nothing.
 */
function validateExpectation(expected: unknown): asserts expected is ChangeExpectation {
  if (!isPlainObject(expected))
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged() takes { added?, removed?, changed? } lists of EntryQuery, got ${describeValue(expected)}.`);
  const unknown = Object.keys(expected).filter(key => !(kKinds as readonly string[]).includes(key));
  if (unknown.length)
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged() got unknown fields: ${unknown.map(describeKey).join(', ')}. ${unknownKeysHint(unknown, kKinds)}`);
  let count = 0;
  for (const kind of kKinds) {
    const list = expected[kind];
    if (list === undefined)
      continue;
    if (!Array.isArray(list))
      throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged(): ${kind} must be an array of EntryQuery, got ${describeValue(list)}.`);
    for (const query of list) {
      if (kind === 'removed' && isPlainObject(query) && (query.state !== undefined || query.interactive !== undefined))
        throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged(): a removed entry is matched on its ref, role and name only (it has no state left), got ${describeValue(query)}.`);
      validateQuery(query, 'toHaveChanged', kind === 'removed' ? kIdentityKeys : undefined);
    }
    count += list.length;
  }
  if (!count) {
    throw new StagewrightError('INVALID_ARGUMENT', `toHaveChanged() needs at least one expected change, got ${describeValue(expected)}: an empty expectation holds whatever happens.`, {
      hint: 'Name what should have changed: await expect(sw).toHaveChanged({ added: [{ role: \'dialog\' }] })',
    });
  }
}

function missingQueries(diff: SnapshotDiff, expected: ChangeExpectation): ['added' | 'removed' | 'changed', EntryQuery][] {
  const missing: ['added' | 'removed' | 'changed', EntryQuery][] = [];
  for (const query of expected.added ?? []) {
    if (!matchAll(diff.added, query, entry => matchesAllButName(entry, query), entry => entry.name || entry.text || '', boundedRegExpRunner).length)
      missing.push(['added', query]);
  }
  for (const query of expected.removed ?? []) {
    if (!matchAll(diff.removed, query, entry => matchesIdentity(entry, query), entry => entry.name, boundedRegExpRunner).length)
      missing.push(['removed', query]);
  }
  for (const query of expected.changed ?? []) {
    // A changed entry matches on its current state.
    if (!matchAll(diff.changed, query, change => change.curr ? matchesAllButName(change.curr, query) : matchesIdentity(change, query),
        change => change.curr ? change.curr.name || change.curr.text || '' : change.name, boundedRegExpRunner).length)
      missing.push(['changed', query]);
  }
  return missing;
}

/** Removed entries are identities: role and ref can match here, the name in matchAll. */
function matchesIdentity(entry: EntryIdentity, query: EntryQuery): boolean {
  return (query.ref === undefined || entry.ref === query.ref) &&
    (query.role === undefined || entry.role === query.role);
}
