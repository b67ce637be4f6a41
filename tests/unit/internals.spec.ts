// The door to Playwright's internals: nothing else reaches them, and each one missing either
// falls back, saying so once, or (STAGEWRIGHT_REQUIRE_INTERNALS=1) fails with a coded error.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, TestInfo, TestType } from '@playwright/test';
import { StagewrightError } from '../../src/errors';
import { addBoxedStackPrefix, asInternalCall, captureReports, currentHookType, hookActions, hookActionsBefore, hookAllSteps, kFallbacks, listenToApiCalls, playwrightVersion, testTimeLeft, type ActionCall } from '../../src/playwright/internals';

const root = path.resolve(__dirname, '..', '..');

describe('Playwright internals', () => {
  let reports: string[];
  let restore: () => void;
  beforeEach(() => {
    reports = [];
    restore = captureReports(reports);
  });
  afterEach(() => {
    restore();
    delete process.env.STAGEWRIGHT_REQUIRE_INTERNALS;
  });

  it('should be reached only through src/playwright/internals.ts', () => {
    const pattern = String.raw`\b_(step|wrapApiCall|currentHookType|timeoutManager|instrumentation)\b|'_expect'|playwright(-core)?/lib/|coreBundle|setBoxedStackPrefixes|TestTypeImpl|as unknown as \{ *_`;
    const hits = execFileSync('git', ['grep', '--untracked', '-nE', pattern, '--', 'src', 'injected'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    const outside = hits.filter(line => !line.startsWith('src/playwright/internals.ts:'));
    expect(outside).toEqual([]);
    expect(hits.length).toBeGreaterThan(5);
  });

  it('should run a call as it is where `_wrapApiCall` is missing, and say so once', async () => {
    expect(await asInternalCall({}, async () => 42)).toBe(42);
    expect(await asInternalCall({}, async () => 43)).toBe(43);
    expect(reports).toEqual([`stagewright: @playwright/test ${playwrightVersion()} lacks the \`_wrapApiCall\` method of its client objects (internal calls); without it, ${kFallbacks['internal calls']}.`]);
  });

  it('should wrap a call as internal where `_wrapApiCall` exists', async () => {
    const seen: unknown[] = [];
    const owner = { _wrapApiCall: async <T>(call: () => Promise<T>, options: { internal: boolean }) => { seen.push(options); return await call(); } };
    expect(await asInternalCall(owner, async () => 'ok')).toBe('ok');
    expect(seen).toEqual([{ internal: true }]);
    expect(reports).toEqual([]);
  });

  it('should let Playwright read an internal call\'s stack unformatted, and put the formatter back at once', async () => {
    const formatted: number[] = [];
    const format = (_error: Error, sites: NodeJS.CallSite[]) => {
      formatted.push(sites.length);
      return 'formatted';
    };
    const previous = Error.prepareStackTrace;
    Error.prepareStackTrace = format;
    try {
      let stack: string | undefined;
      // As `_wrapApiCall` does: the stack is read before its first await.
      const owner = { _wrapApiCall: async <T>(call: () => Promise<T>) => { stack = new Error('read').stack; return await call(); } };
      // What the call does once it awaits (its errors, the user's) is formatted as ever.
      const result = asInternalCall(owner, async () => {
        await Promise.resolve();
        return new Error('inside').stack;
      });
      expect(Error.prepareStackTrace).toBe(format);
      expect(stack).toMatch(/^Error: read\n\s+at /);
      expect(await result).toBe('formatted');
      expect(formatted).toEqual([expect.any(Number)]);
    } finally {
      Error.prepareStackTrace = previous;
    }
  });

  it('should read the time left from the deadline of the running part of the test, on Playwright\'s clock', () => {
    const manager = (deadline: number) => ({ _timeoutManager: { currentSlotDeadline: () => deadline } }) as unknown as TestInfo;
    // Playwright's clock is the one its deadlines are on: probe it with a deadline of 0.
    const now = -testTimeLeft(manager(0))!;
    expect(now).toBeGreaterThan(0);
    const left = testTimeLeft(manager(now + 5000))!;
    expect(left).toBeGreaterThan(4000);
    expect(left).toBeLessThanOrEqual(5000);
    // No timeout (0, or ignored under a debugger) is Playwright's largest deadline.
    expect(testTimeLeft(manager(2147483647))).toBe(Infinity);
    expect(reports).toEqual([]);
  });

  it('should read no time left where `_timeoutManager` is missing, and say so once', () => {
    expect(testTimeLeft({} as TestInfo)).toBeUndefined();
    expect(testTimeLeft({ _timeoutManager: {} } as unknown as TestInfo)).toBeUndefined();
    expect(reports).toEqual([`stagewright: @playwright/test ${playwrightVersion()} lacks the \`_timeoutManager\` of TestInfo, or \`monotonicTime\` in playwright-core/lib/coreBundle (test deadline); without it, ${kFallbacks['test deadline']}.`]);
    process.env.STAGEWRIGHT_REQUIRE_INTERNALS = '1';
    expect(() => testTimeLeft({} as TestInfo)).toThrow(StagewrightError);
  });

  it('should read no hook type where `_currentHookType` is missing, and say so', () => {
    expect(currentHookType({} as TestInfo)).toBeUndefined();
    expect(currentHookType({ _currentHookType: () => 'beforeAll' } as unknown as TestInfo)).toBe('beforeAll');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('(hook type)');
  });

  it('should not listen to API calls where the instrumentation is missing, and say so', () => {
    const listener = { onApiCallBegin() {}, onApiCallEnd() {} };
    expect(listenToApiCalls({} as BrowserContext, listener)).toBeUndefined();
    const listeners = new Set<object>();
    const context = { _instrumentation: { addListener: (l: object) => listeners.add(l), removeListener: (l: object) => listeners.delete(l) } };
    const stop = listenToApiCalls(context as unknown as BrowserContext, listener);
    expect(listeners.has(listener)).toBe(true);
    stop!();
    expect(listeners.size).toBe(0);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('(client instrumentation)');
  });

  it('should leave step locations alone where `setBoxedStackPrefixes` is missing, and say so', () => {
    expect(addBoxedStackPrefix('/lib', () => ({}))).toBe(false);
    expect(addBoxedStackPrefix('/lib', () => { throw new Error('moved'); })).toBe(false);
    const set: string[][] = [];
    expect(addBoxedStackPrefix('/lib', () => ({ setBoxedStackPrefixes: prefixes => set.push(prefixes) }))).toBe(true);
    expect(set[0]).toContain('/lib');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('(boxed stack prefixes)');
  });

  it('should not hook steps of a test object without `_step`, and say what still works', () => {
    const fake = Object.assign(() => {}, { step: () => {} }) as unknown as TestType<{}, {}>;
    expect(hookAllSteps(fake, async () => {})).toBe(false);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('only `test.step` of stagewright\'s `test`');
  });

  it('should fail with UNSUPPORTED_PLAYWRIGHT, naming the version, when internals are required', () => {
    process.env.STAGEWRIGHT_REQUIRE_INTERNALS = '1';
    let error: unknown;
    try {
      currentHookType({} as TestInfo);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StagewrightError);
    expect((error as StagewrightError).code).toBe('UNSUPPORTED_PLAYWRIGHT');
    expect((error as Error).message).toContain(`@playwright/test ${playwrightVersion()} lacks`);
  });

  it('should find every internal in the Playwright this repository installs', () => {
    process.env.STAGEWRIGHT_REQUIRE_INTERNALS = '1';
    expect(addBoxedStackPrefix(path.join(root, 'src'))).toBe(true);
    expect(playwrightVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('should follow each action once, after it succeeded, and say so where assertions cannot be followed', async () => {
    // Stand-ins shaped like Playwright's classes: a locator's `clear` is its `fill`, as Playwright's is.
    let stack = '';
    class FakeLocator {
      async fill(value: string) {
        stack = new Error().stack ?? '';
        return `filled ${value}`;
      }
      async clear() { return await this.fill(''); }
      async click() { throw new Error('locator.click: Timeout 5ms exceeded.'); }
    }
    class FakeFrame {}
    class FakePage { locator() { return new FakeLocator(); } mainFrame() { return new FakeFrame(); } }
    const followed: ActionCall[] = [];
    expect(hookActions(new FakePage() as unknown as Page, call => { followed.push(call); return undefined; })).toBe(true);
    const locator = new FakeLocator();
    expect(await locator.fill('Ada')).toBe('filled Ada');
    expect(await locator.clear()).toBe('filled ');
    await expect(locator.click()).rejects.toThrow('locator.click: Timeout 5ms exceeded.');
    expect(followed.map(call => [call.method, call.args])).toEqual([['fill', ['Ada']], ['clear', []]]);
    expect(followed[0].receiver).toBe(locator);
    // The wrapper keeps the method's name, and its frame is one Playwright skips as Node's own
    // (it names a call, and locates its step, from the frames around it).
    expect(FakeLocator.prototype.fill.name).toBe('fill');
    const frames = stack.split('\n').slice(1);
    expect(frames[1]).toMatch(/^\s+at FakeLocator\.fill \(node:stagewright\/action-hook:\d+:\d+\)$/);
    expect(frames.filter(frame => frame.includes('internals.ts'))).toEqual([]);
    expect(reports).toEqual([`stagewright: @playwright/test ${playwrightVersion()} lacks the \`_expect\` method of its locators and frames, which web-first assertions call (action hook); without it, ${kFallbacks['action hook']}.`]);
  });

  it('should hold an action back until what runs before it settles, and start any other in the same tick', async () => {
    const order: string[] = [];
    class FakeLocator {
      async click() {
        order.push('click');
        return 'clicked';
      }
      async _expect() {
        order.push('expect');
        return { matches: true };
      }
    }
    class FakeFrame {
      async _expect() {
        return { matches: true };
      }
    }
    class FakePage { locator() { return new FakeLocator(); } mainFrame() { return new FakeFrame(); } }
    const held = new FakeLocator();
    let release!: () => void;
    const proof = new Promise<void>(resolve => release = resolve);
    const seen: ActionCall[] = [];
    expect(hookActionsBefore(new FakePage() as unknown as Page, 'proofs', call => {
      seen.push(call);
      return call.receiver === held ? proof.then(() => { order.push('proved'); }) : undefined;
    })).toBe(true);
    // Not held: the method runs in the same tick.
    const other = new FakeLocator();
    const clicked = other.click();
    expect(order).toEqual(['click']);
    expect(await clicked).toBe('clicked');
    // Held: it runs once the proof settles, and a proof that fails does not fail it.
    const heldClick = held.click();
    await new Promise(resolve => setTimeout(resolve, 10));
    expect(order).toEqual(['click']);
    release();
    expect(await heldClick).toBe('clicked');
    expect(order).toEqual(['click', 'proved', 'click']);
    expect(await held._expect()).toEqual({ matches: true });
    expect(seen.map(call => call.method)).toEqual(['click', 'click', '_expect']);
    expect(seen[2].receiver).toBe(held);
    const failing = new FakeLocator();
    hookActionsBefore(new FakePage() as unknown as Page, 'proofs', () => Promise.reject(new Error('no answer')));
    expect(await failing.click()).toBe('clicked');
    // Hooks of other names run too, and a call waits for every one that holds it.
    let second!: () => void;
    hookActionsBefore(new FakePage() as unknown as Page, 'proofs', () => undefined);
    hookActionsBefore(new FakePage() as unknown as Page, 'another', () => new Promise<void>(resolve => second = () => { order.push('second'); resolve(); }));
    const from = order.length;
    const both = held.click();
    await new Promise(resolve => setTimeout(resolve, 10));
    expect(order.slice(from)).toEqual([]);
    second();
    expect(await both).toBe('clicked');
    expect(order.slice(from)).toEqual(['second', 'click']);
    hookActionsBefore(new FakePage() as unknown as Page, 'another', () => undefined);
  });
});
