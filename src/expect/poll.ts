// Polling for matchers (docs/api.md, Matchers): check at once, then back off 100, 250, 500, 1000 ms
// until the condition is what the assertion wants (`holds !== isNot`) or the timeout passes.

import { PageCallTimeout, withDeadline } from '../runtime/pageCalls';

const kBackoffMs = [100, 250, 500, 1000];

export interface PollResult<T> {
  /** The condition's last value: true when it held. */
  holds: boolean;
  /** What the last check saw, for the message. */
  last: T;
  timedOut: boolean;
}

/**
 * `check` returns whether the condition holds and what it saw. `timeout` 0 means no timeout. A
 * check that throws ends the poll with that error: page closed, stale document and the like. The
 * timeout holds whatever the page does: a check still running at the deadline is given up, and
 * the last check's result stands.
 */
export async function poll<T>(check: () => Promise<{ holds: boolean; seen: T }>, isNot: boolean, timeout: number): Promise<PollResult<T>> {
  const deadline = timeout > 0 ? Date.now() + timeout : Infinity;
  let last: { holds: boolean; seen: T } | undefined;
  for (let attempt = 0; ; attempt++) {
    // The first check always finishes (the store bounds each page call itself): a short timeout on
    // a slow page still gets an answer to report. A later one gives way to the deadline.
    const checked = last ? await beforeDeadline(check(), deadline) : await check();
    if (!checked)
      return { holds: last!.holds, last: last!.seen, timedOut: true };
    last = checked;
    const { holds, seen } = checked;
    if (holds !== isNot)
      return { holds, last: seen, timedOut: false };
    const wait = kBackoffMs[Math.min(attempt, kBackoffMs.length - 1)];
    const left = deadline - Date.now();
    if (left <= 0)
      return { holds, last: seen, timedOut: true };
    await new Promise(resolve => setTimeout(resolve, Math.min(wait, left)));
  }
}

/** `call`'s result, or undefined when `deadline` (a `Date.now()` time) comes first. */
async function beforeDeadline<T>(call: Promise<T>, deadline: number): Promise<T | undefined> {
  try {
    return await withDeadline(call, Math.max(0, deadline - Date.now()), 'a matcher\'s check');
  } catch (error) {
    if (error instanceof PageCallTimeout)
      return undefined;
    throw error;
  }
}
