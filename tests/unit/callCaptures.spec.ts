// When a test's calls stop being captured (`captureActions`): a quarter of its timeout for our
// captures, and a quarter left for the rest of it, so that a test whose own work fits in three
// quarters of its timeout never times out for our captures.
import { describe, expect, it } from 'vitest';
import { callCapturesStop } from '../../src/capture/steps';

describe('callCapturesStop', () => {
  it('should go on while the captures took under a quarter of the timeout and a quarter is left', () => {
    expect(callCapturesStop(10_000, 0, 0)).toBe(false);
    expect(callCapturesStop(10_000, 7_400, 2_400)).toBe(false);
  });

  it('should stop once the captures took a quarter of the timeout, however much is left', () => {
    // The no-step suite's test that timed out: its captures took 3.3 s of 10 s by 7 s, and its own
    // remaining work did not fit in the 3 s left. A quarter stops them at 2.5 s instead.
    expect(callCapturesStop(10_000, 4_000, 2_500)).toBe(true);
    expect(callCapturesStop(30_000, 8_000, 7_600)).toBe(true);
  });

  it('should stop once less than a quarter of the timeout is left, however little the captures took', () => {
    expect(callCapturesStop(20_000, 15_500, 300)).toBe(true);
    expect(callCapturesStop(10_000, 7_501, 0)).toBe(true);
  });

  it('should never stop a test with no timeout', () => {
    expect(callCapturesStop(0, 1e9, 1e9)).toBe(false);
  });

  it('should leave a test whose own work fits in three quarters of its timeout, less one capture, within it', () => {
    // Simulated: calls of `ownMs` each, each followed by a capture of `captureMs`, while the rule allows.
    for (const [timeout, calls, ownMs, captureMs] of [[10_000, 20, 300, 400], [30_000, 50, 400, 900], [5_000, 8, 400, 1_200]]) {
      let used = 0;
      let captured = 0;
      for (let call = 0; call < calls; call++) {
        used += ownMs;
        if (!callCapturesStop(timeout, used, captured)) {
          used += captureMs;
          captured += captureMs;
        }
      }
      if (calls * ownMs <= timeout * 0.75 - captureMs)
        expect(used, `${calls} calls of ${ownMs} ms in ${timeout} ms`).toBeLessThanOrEqual(timeout);
      expect(captured).toBeLessThan(timeout / 4 + captureMs);
    }
  });
});
