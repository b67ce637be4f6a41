// Polling for matchers (STYLE.md, Matchers): check at once, then back off 100, 250, 500, 1000 ms
// until the condition is what the assertion wants (`holds !== isNot`) or the timeout passes.

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
 * check that throws ends the poll with that error: page closed, stale document and the like.
 */
export async function poll<T>(check: () => Promise<{ holds: boolean; seen: T }>, isNot: boolean, timeout: number): Promise<PollResult<T>> {
  const deadline = timeout > 0 ? Date.now() + timeout : Infinity;
  for (let attempt = 0; ; attempt++) {
    const { holds, seen } = await check();
    if (holds !== isNot)
      return { holds, last: seen, timedOut: false };
    const wait = kBackoffMs[Math.min(attempt, kBackoffMs.length - 1)];
    const left = deadline - Date.now();
    if (left <= 0)
      return { holds, last: seen, timedOut: true };
    await new Promise(resolve => setTimeout(resolve, Math.min(wait, left)));
  }
}
