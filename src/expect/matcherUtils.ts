// What the matchers share: the receiver check, polling fresh snapshots, the failure envelope.

import { test, type ExpectMatcherState } from '@playwright/test';
import { internalsOf, type StagewrightInternals } from '../api/stagewright';
import { currentStep } from '../capture/steps';
import { formatSnapshot, formatValue } from '../snapshot/format';
import type { Snapshot } from '../isomorphic/types';
import { StagewrightError } from '../errors';
import { formatFailure, type Failure, type FailureDetails } from './message';
import type { EntryQuery } from '../isomorphic/types';
import { poll } from './poll';
import { describeKey, describeValue, isPlainObject, unknownKeysHint } from '../snapshot/describe';

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  name: string;
  expected?: unknown;
  actual?: unknown;
  timeout?: number;
}

/** The receiver must be the fixture object: say what was passed instead. @internal */
export function checkReceiver(received: unknown, matcherName: string): StagewrightInternals {
  const internals = internalsOf(received);
  if (internals)
    return internals;
  throw new StagewrightError('INVALID_ARGUMENT',
      `expect(received).${matcherName}() must be called on the stagewright fixture object, but received ${describe(received)}.`, {
        hint: 'Use the fixture: test(\'…\', async ({ stagewright: sw }) => { await expect(sw).' + matcherName + '(…); }).',
        nextActions: [`Write expect(sw).${matcherName}(…) where sw is the stagewright fixture`],
      });
}

function describe(value: unknown): string {
  if (value === null || value === undefined)
    return String(value);
  if (typeof value === 'object')
    return Array.isArray(value) ? 'an array' : isPlainObject(value) ? 'a plain object' : describeValue(value);
  return `${typeof value} ${describeValue(value)}`;
}

/**
 * The matcher's `{ timeout }` (`options?.timeout ?? this.timeout`, as Playwright's own matchers
 * read it). Anything else in its place — a number for the options, `{ timout }` — would quietly
 * wait the default: refused.
 */
export function timeoutOf(state: ExpectMatcherState, options: unknown, matcherName: string): number {
  if (options === undefined)
    return state.timeout;
  if (!isPlainObject(options))
    throw new StagewrightError('INVALID_ARGUMENT', `${matcherName}() takes its options as { timeout }, got ${describeValue(options)}.`);
  const unknown = Object.keys(options).filter(key => key !== 'timeout');
  if (unknown.length)
    throw new StagewrightError('INVALID_ARGUMENT', `${matcherName}() got unknown options: ${unknown.map(describeKey).join(', ')}. ${unknownKeysHint(unknown, ['timeout'])}`);
  const timeout = options.timeout;
  if (timeout === undefined)
    return state.timeout;
  if (!(typeof timeout === 'number' && timeout >= 0))
    throw new StagewrightError('INVALID_ARGUMENT', `timeout must be a non-negative number of milliseconds, got ${describeValue(timeout)}.`);
  return timeout;
}

/** @internal */
export interface Polled<T> {
  /** Whether the condition held at the last check. */
  holds: boolean;
  /** The last snapshot polled, and what the condition saw in it. */
  snapshot: Snapshot;
  detail: T;
  timedOut: boolean;
}

/**
 * Polls fresh snapshots (never moving the stored baseline) until `evaluate` holds — or, under
 * `.not`, stops holding — or the timeout passes.
 * @internal
 */
export async function pollSnapshots<T>(sw: StagewrightInternals, isNot: boolean, timeout: number, evaluate: (snapshot: Snapshot) => { holds: boolean; detail: T }): Promise<Polled<T>> {
  const result = await poll(async () => {
    const snapshot = await sw.peek();
    const { holds, detail } = evaluate(snapshot);
    return { holds, seen: { snapshot, detail } };
  }, isNot, timeout);
  return { holds: result.holds, snapshot: result.last.snapshot, detail: result.last.detail, timedOut: result.timedOut };
}

/** What a matcher returns when the assertion holds: nothing is built for a message no one reads. @internal */
export function passed(matcherName: string, pass: boolean): MatcherResult {
  return { pass, name: matcherName, message: () => '' };
}

/**
 * What a matcher returns when the assertion fails: the snapshot the last poll saw goes to the
 * report now (to the step the assertion failed in, else the test); the message is built when read.
 * @internal
 */
export async function failed(state: ExpectMatcherState, matcherName: string, sw: StagewrightInternals, polled: Polled<unknown>, timeout: number, failure: Failure, target?: EntryQuery): Promise<MatcherResult> {
  if (target)
    sw.failedQuery ??= { source: formatValue(target), query: target }; // The first: triage works from the test's first error (soft failures go on).
  // Once per test: the capture of the step that fails next does not attach the same text again.
  await sw.recorder.attachSnapshotText(currentStep() ?? test.info(), `stagewright · ${matcherName} · last snapshot.yaml`, formatSnapshot(polled.snapshot)).catch(() => {});
  const details: FailureDetails = { ...failure, matcherName, isNot: state.isNot, timeout: polled.timedOut ? timeout : undefined };
  // What the test expected may be what a secret field holds (`toHaveEntry({ value: password })`).
  const secrets = sw.store.secrets;
  return {
    pass: state.isNot,
    name: matcherName,
    expected: secrets.mask(failure.expected),
    actual: secrets.mask(failure.received),
    timeout: details.timeout,
    message: () => secrets.mask(formatFailure(details)),
  };
}
