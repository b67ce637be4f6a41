import { describe, expect, it } from 'vitest';
import { StagewrightError } from '../../src/errors';
import { kDefaultOptions, kMaxTimerMs, kNoLimit, kNoTimeLimitMs, resolveOptions, testIdAttributesOf, type StagewrightOptions } from '../../src/api/options';
import { capturePlan } from '../../src/capture/steps';

/** The INVALID_ARGUMENT error `resolveOptions` throws for `options`, as its first line. */
function problemOf(options: unknown): string {
  try {
    resolveOptions(options as StagewrightOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(StagewrightError);
    expect((error as StagewrightError).code).toBe('INVALID_ARGUMENT');
    return (error as Error).message.split('\n')[0];
  }
  throw new Error(`expected ${String(options)} to be refused`);
}

describe('resolveOptions', () => {
  it('should resolve no options, and the defaults themselves, to the defaults', () => {
    expect(resolveOptions()).toEqual({ ...kDefaultOptions, testIdAttributes: ['data-testid'] });
    expect(resolveOptions(kDefaultOptions)).toEqual(resolveOptions());
    expect(resolveOptions({ capture: undefined, limits: { maxNodes: undefined } })).toEqual(resolveOptions());
  });

  it('should make an Infinity limit a number the page reads as no limit, not JSON\'s null', () => {
    const { limits, maxAttachmentBytes } = resolveOptions({ limits: { maxNodes: Infinity, timeBudgetMs: Infinity }, maxAttachmentBytes: Infinity });
    expect(limits).toEqual({ maxNodes: kNoLimit, maxDepth: 256, timeBudgetMs: kNoTimeLimitMs });
    expect(JSON.parse(JSON.stringify(limits))).toEqual(limits);
    expect(maxAttachmentBytes).toBe(kNoLimit);
  });

  it('should keep a time budget short enough for a timer, with slack added, to wait', () => {
    expect(resolveOptions({ limits: { timeBudgetMs: 3_000_000_000 } }).limits.timeBudgetMs).toBe(kNoTimeLimitMs);
    expect(kNoTimeLimitMs + 60_000).toBeLessThan(kMaxTimerMs);
    expect(resolveOptions({ limits: { timeBudgetMs: 5_000 } }).limits.timeBudgetMs).toBe(5_000);
  });

  it('should refuse limits that would stop every walk at once', () => {
    expect(problemOf({ limits: { maxNodes: 0 } })).toBe('INVALID_ARGUMENT: stagewrightOptions.limits.maxNodes must be a positive integer, or Infinity for no limit, got 0.');
    expect(problemOf({ limits: { maxDepth: 2.5 } })).toMatch(/^INVALID_ARGUMENT: stagewrightOptions\.limits\.maxDepth must be a positive integer, .*got 2\.5\.$/);
    expect(problemOf({ limits: { timeBudgetMs: NaN } })).toMatch(/limits\.timeBudgetMs must be .*got NaN\.$/);
    expect(problemOf({ limits: { maxNodes: -Infinity } })).toMatch(/got -Infinity\.$/);
    expect(problemOf({ limits: { maxNodes: 10n } })).toMatch(/limits\.maxNodes must be .*got 10n\.$/);
  });

  it('should refuse limits that are not an object of limits, naming the object', () => {
    expect(problemOf({ limits: 'big' })).toBe('INVALID_ARGUMENT: stagewrightOptions.limits must be an object like { maxNodes: 50000, maxDepth: 256, timeBudgetMs: 2000 }, got "big".');
    expect(problemOf({ limits: [1, 2] })).toMatch(/stagewrightOptions\.limits must be an object .*got \[1,2\]\.$/);
  });

  it('should make captureTimeout 0 (and Infinity) no limit, and refuse what a timer cannot wait', () => {
    expect(resolveOptions({ captureTimeout: 0 }).captureTimeout).toBe(0);
    expect(resolveOptions({ captureTimeout: Infinity }).captureTimeout).toBe(0);
    expect(resolveOptions({ captureTimeout: kMaxTimerMs }).captureTimeout).toBe(kMaxTimerMs);
    expect(problemOf({ captureTimeout: 3_000_000_000 })).toBe('INVALID_ARGUMENT: stagewrightOptions.captureTimeout must be at most 2147483647 ms (about 24.8 days, the longest a timer waits), got 3000000000.');
    expect(problemOf({ captureTimeout: -1 })).toMatch(/captureTimeout must be a non-negative integer of milliseconds \(0 for no limit\), got -1\.$/);
  });

  it('should check booleans as booleans', () => {
    expect(problemOf({ files: 'no' })).toBe('INVALID_ARGUMENT: stagewrightOptions.files must be true or false, got "no".');
    expect(problemOf({ attach: { aria: 'no' } })).toBe('INVALID_ARGUMENT: stagewrightOptions.attach.aria must be true or false, got "no".');
    expect(problemOf({ interactiveOnly: 1 })).toMatch(/interactiveOnly must be true or false, got 1\.$/);
    expect(problemOf({ captureActions: 'all' })).toBe('INVALID_ARGUMENT: stagewrightOptions.captureActions must be \'auto\', true or false, got "all".');
    expect(problemOf({ captureActions: 1 })).toMatch(/captureActions must be 'auto', true or false, got 1\.$/);
    expect(resolveOptions({}).captureActions).toBe('auto');
    expect(resolveOptions({ captureActions: undefined }).captureActions).toBe('auto');
    expect(resolveOptions({ captureActions: 'auto' }).captureActions).toBe('auto');
    expect(resolveOptions({ captureActions: true }).captureActions).toBe(true);
    expect(resolveOptions({ captureActions: false }).captureActions).toBe(false);
    expect(problemOf({ attach: false })).toMatch(/stagewrightOptions\.attach must be an object like \{"aria":true,"dom":true,"diff":true,"timeline":true\}, got false\.$/);
    expect(resolveOptions({ attach: { dom: false } }).attach).toEqual({ aria: true, dom: false, diff: true, timeline: true });
  });

  it('should refuse unknown keys with the one meant, at every level', () => {
    expect(problemOf({ captur: 'off' })).toBe('INVALID_ARGUMENT: stagewrightOptions got unknown options: captur. For captur, did you mean \'capture\'? ' +
      'Known: capture, attach, files, interactiveOnly, budgetTokens, limits, redact, redactQueryParams, maxAttachmentBytes, captureTimeout, stepSuggestions, captureActions, lastPassDir.');
    expect(problemOf({ attach: { arai: false } })).toBe('INVALID_ARGUMENT: stagewrightOptions.attach got unknown fields: arai. For arai, did you mean \'aria\'? Known: aria, dom, diff, timeline.');
    expect(problemOf({ limits: { maxNode: 10 } })).toBe('INVALID_ARGUMENT: stagewrightOptions.limits got unknown fields: maxNode. For maxNode, did you mean \'maxNodes\'? Known: maxNodes, maxDepth, timeBudgetMs.');
  });

  it('should quote a cyclic, huge or BigInt value in a short line', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(problemOf({ redact: cyclic })).toBe('INVALID_ARGUMENT: stagewrightOptions.redact must be an array of CSS selectors, got {"self":[Circular]}.');
    expect(problemOf({ budgetTokens: 5n })).toBe('INVALID_ARGUMENT: stagewrightOptions.budgetTokens must be a positive integer, got 5n.');
    expect(problemOf({ capture: 'x'.repeat(10_000_000) }).length).toBeLessThan(400);
    expect(problemOf('steps')).toMatch(/^INVALID_ARGUMENT: stagewrightOptions must be an object like \{ capture: 'on' \}, got "steps"\.$/);
  });

  it('should take the capture modes in the words of Playwright\'s trace, and the earlier names', () => {
    for (const mode of ['on', 'off', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'only-on-failure'] as const)
      expect(resolveOptions({ capture: mode }).capture).toBe(mode);
    expect(resolveOptions({ capture: 'steps' }).capture).toBe('on');
    expect(resolveOptions({ capture: 'failure' }).capture).toBe('only-on-failure');
    expect(resolveOptions({}).capture).toBe('on');
    expect(problemOf({ capture: 'retain-on-fail' as never })).toBe('INVALID_ARGUMENT: stagewrightOptions.capture must be one of ' +
      `'on', 'off', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'only-on-failure' (as Playwright's \`trace\` takes them), got "retain-on-fail".`);
  });
});

describe('testIdAttributesOf', () => {
  it('should read Playwright\'s testIdAttribute, a comma-separated list included', () => {
    expect(testIdAttributesOf(undefined)).toEqual(['data-testid']);
    expect(testIdAttributesOf('')).toEqual(['data-testid']);
    expect(testIdAttributesOf('data-test-hook')).toEqual(['data-test-hook']);
    expect(testIdAttributesOf('data-PW, data-ti,data-pw')).toEqual(['data-pw', 'data-ti']);
    expect(resolveOptions({}).testIdAttributes).toEqual(['data-testid']);
    expect(() => resolveOptions({ testIdAttributes: ['x'] } as StagewrightOptions)).toThrow(/unknown options: testIdAttributes/);
  });
});

describe('capturePlan', () => {
  it('should capture steps as trace records, and a failed test whenever captures are not off', () => {
    const plan = (mode: Parameters<typeof capturePlan>[0], retry: number) => capturePlan(mode, retry);
    expect(plan('on', 0)).toEqual({ steps: true, retainOnFailure: false, failure: true });
    expect(plan('retain-on-failure', 0)).toEqual({ steps: true, retainOnFailure: true, failure: true });
    expect([0, 1, 2].map(retry => plan('on-first-retry', retry).steps)).toEqual([false, true, false]);
    expect([0, 1, 2].map(retry => plan('on-all-retries', retry).steps)).toEqual([false, true, true]);
    expect(plan('only-on-failure', 1)).toEqual({ steps: false, retainOnFailure: false, failure: true });
    expect(plan('off', 1)).toEqual({ steps: false, retainOnFailure: false, failure: false });
  });
});
