// What the matchers share: the receiver check, polling fresh snapshots, the failure envelope.

import { test, type ExpectMatcherState } from '@playwright/test';
import { isStagewright, type Stagewright } from '../fixtures/stagewright';
import { currentStep } from '../fixtures/steps';
import { formatSnapshot } from '../snapshot/format';
import type { Snapshot } from '../isomorphic/types';
import { StagewrightError } from '../errors';
import { formatFailure, type FailureDetails } from './message';
import { poll } from './poll';

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  name: string;
  expected?: unknown;
  actual?: unknown;
  timeout?: number;
}

/** The receiver must be the fixture object: say what was passed instead. */
export function checkReceiver(received: unknown, matcherName: string): Stagewright {
  if (isStagewright(received))
    return received;
  throw new StagewrightError('INVALID_ARGUMENT',
      `expect(received).${matcherName}() must be called on the stagewright fixture object, but received ${describe(received)}.`, {
        hint: 'Use the fixture: test(\'…\', async ({ stagewright: sw }) => { await expect(sw).' + matcherName + '(…); }).',
        nextActions: [`Write expect(sw).${matcherName}(…) where sw is the stagewright fixture`],
      });
}

function describe(value: unknown): string {
  if (value === null || value === undefined)
    return String(value);
  if (typeof value === 'object') {
    const name = value.constructor?.name?.replace(/^_+/, '');
    if (name === 'Page' || name === 'Locator' || name === 'Frame')
      return `a Playwright ${name}`;
    return name && name !== 'Object' ? `an instance of ${name}` : 'a plain object';
  }
  return `${typeof value} ${JSON.stringify(value)}`;
}

export function timeoutOf(state: ExpectMatcherState, options?: { timeout?: number }): number {
  if (options?.timeout !== undefined && !(typeof options.timeout === 'number' && options.timeout >= 0))
    throw new StagewrightError('INVALID_ARGUMENT', `timeout must be a non-negative number of milliseconds, got ${JSON.stringify(options.timeout)}.`);
  return options?.timeout ?? state.timeout;
}

/**
 * Polls fresh snapshots (never moving the stored baseline) until `evaluate` holds — or, under
 * `.not`, stops holding — or the timeout passes. Returns the final verdict and the last snapshot.
 */
export async function pollSnapshots<T>(sw: Stagewright, isNot: boolean, timeout: number, evaluate: (snapshot: Snapshot) => { holds: boolean; detail: T }) {
  const result = await poll(async () => {
    const snapshot = await sw.peek();
    const { holds, detail } = evaluate(snapshot);
    return { holds, seen: { snapshot, detail } };
  }, isNot, timeout);
  return { holds: result.holds, snapshot: result.last.snapshot, detail: result.last.detail, timedOut: result.timedOut };
}

/** The result of a matcher; on failure the snapshot the last poll saw is attached to the test. */
export async function matcherResult(pass: boolean, isNot: boolean, details: FailureDetails, snapshot: Snapshot | undefined): Promise<MatcherResult> {
  const failed = pass === isNot;
  if (failed && snapshot) {
    // The step the assertion failed in (a test.step of ours), else the test.
    await (currentStep() ?? test.info()).attach(`stagewright · ${details.matcherName} · last snapshot.yaml`, {
      body: formatSnapshot(snapshot), contentType: 'text/plain',
    }).catch(() => {});
  }
  return {
    pass,
    name: details.matcherName,
    expected: details.expected,
    actual: details.received,
    timeout: details.timeout,
    message: () => formatFailure(details),
  };
}
