// Every use of Playwright's non-public API, behind one door. Each is feature-detected the first
// time it is needed; where a version lacks it, a named fallback keeps the public behaviour and one
// line on stderr says which Playwright version lacks what, and what the fallback costs. Nothing
// turns off silently. With STAGEWRIGHT_REQUIRE_INTERNALS=1 (what `npm run test:compat` sets), a
// missing internal is a StagewrightError instead: a supported version must have them all.
//
// What is left here, and why no public API does it (docs/architecture.md → Playwright's internals):
// - the step hook: `test.step` of every test object (ours, `mergeTests` of it, `@playwright/test`'s
//   own in a page object) shares one `TestTypeImpl.prototype._step`;
// - internal calls: `_wrapApiCall(…, { internal: true })` keeps our page calls out of the report
//   and the trace;
// - boxed stack prefixes: Playwright's list of library folders, left out of step locations and
//   error stacks;
// - the hook type: `testInfo._currentHookType()`, which Playwright's own `page` fixture reads;
// - the test's deadline: `testInfo._timeoutManager`, when the running part of the test times out
//   (the body shares one timeout with the fixtures' setup; after hooks and the fixtures' teardown
//   get a timeout of their own, which only the manager knows the start of);
// - the client instrumentation: the listener list Playwright's `pw:api` steps come from;
// - the action hook: the action methods of Locator, Page and Frame (and `_expect`, which every
//   web-first assertion goes through, and the page's keyboard, mouse and touchscreen), wrapped so
//   that a capture begins as an action ends and the next call waits for it: the instrumentation's
//   end of a call is synchronous, and its begin cannot hold a call back; and so that the
//   first action on a ref's locator waits for the proof of its locator begun at the `ref()` call,
//   while the element is surely there (the instrumentation's begin cannot hold a call back).

import path from 'node:path';
import type { BrowserContext, Frame, Locator, Page, TestInfo, TestType } from '@playwright/test';
import { StagewrightError } from '../errors';

export type InternalName = 'step hook' | 'internal calls' | 'boxed stack prefixes' | 'hook type' | 'test deadline' | 'client instrumentation' | 'action hook' | 'locator frame';

/** What each internal gives, and what its fallback does without it. */
export const kFallbacks: { readonly [name in InternalName]: string } = {
  'step hook': 'only `test.step` of stagewright\'s `test` and its `extend`s is captured: import `test` from \'stagewright\' in page objects, and do not pass it to `mergeTests`',
  'internal calls': 'stagewright\'s page calls show in the trace as actions of their own',
  'boxed stack prefixes': 'a step Playwright locates itself may point into stagewright\'s files',
  'hook type': 'the stagewright fixture in `beforeAll`/`afterAll` fails with Playwright\'s own `page` error',
  'test deadline': 'the time a test has left is counted from its page\'s setup, which overestimates it in the test (by the time its context took) and underestimates it in its teardown (which Playwright gives a timeout of its own): captures of its calls may stop later, and a passing test\'s end capture may be given up sooner, than its time would allow',
  'client instrumentation': 'the triage cannot tell which action removed an element, nor which action a timed-out test was in',
  'locator frame': 'what a call on a locator reached is not read (it could be in a document that may run no scripts): the last passing run keeps it only where its locator can be evaluated on the captures',
  'action hook': 'what each call reached is kept only where its locator can be evaluated on the captures; under `captureActions`, the calls it cannot follow are not captured one by one: the next capture shows what they changed; and a ref\'s locator is checked at its call without holding back the action on it, so that one that removes the element may come first (the ref is then not frozen)',
};

const reported = new Set<InternalName>();
/** Where a missing internal is said: stderr, or, in tests, a list. */
let sink: (line: string) => void = line => process.stderr.write(line + '\n');

/** Playwright Test's version, as the `@playwright/test` in use says. */
export function playwrightVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@playwright/test/package.json').version as string;
  } catch {
    return 'unknown';
  }
}

/** Says once that `name` is missing, and what its fallback does; throws when internals are required. */
export function reportMissing(name: InternalName, detail: string): void {
  const message = `stagewright: @playwright/test ${playwrightVersion()} lacks ${detail} (${name}); without it, ${kFallbacks[name]}.`;
  if (process.env.STAGEWRIGHT_REQUIRE_INTERNALS === '1')
    throw new StagewrightError('UNSUPPORTED_PLAYWRIGHT', message, { hint: 'STAGEWRIGHT_REQUIRE_INTERNALS=1 makes every missing Playwright internal an error.' });
  if (reported.has(name))
    return;
  reported.add(name);
  sink(message);
}

/** For tests: collects what reportMissing says, and forgets what it said before. */
export function captureReports(into: string[]): () => void {
  const previous = sink;
  reported.clear();
  sink = line => into.push(line);
  return () => {
    sink = previous;
    reported.clear();
  };
}

// --- The step hook -------------------------------------------------------------------------------

type StepInfo = Parameters<Parameters<TestType<{}, {}>['step']>[1]>[0];
type StepOptions = NonNullable<Parameters<TestType<{}, {}>['step']>[2]>;
type StepBody = (stepInfo: StepInfo) => unknown;
type StepFunction = (expectation: 'pass' | 'skip', title: string, body: StepBody, options?: StepOptions) => Promise<unknown>;

/**
 * Playwright's test object (`@playwright/test`'s `test`, every `extend` and `mergeTests` of it)
 * is a function whose `step` is `TestTypeImpl.prototype._step` bound to the object's
 * TestTypeImpl, kept under the `testType` symbol (Playwright's common/testType.ts).
 */
interface TestTypeImpl { _step: StepFunction }

function implOf(testType: TestType<any, any>): TestTypeImpl | undefined {
  const key = Object.getOwnPropertySymbols(testType).find(symbol => symbol.description === 'testType');
  const impl = key && (testType as unknown as Record<symbol, unknown>)[key] as TestTypeImpl | undefined;
  if (typeof impl?._step !== 'function' || typeof testType.step !== 'function' || testType.step.name !== 'bound _step')
    return undefined;
  return impl;
}

/** What the hook calls for each step: `run` is Playwright's own step function for it. */
export type StepWrapper = (title: string, body: StepBody, options: StepOptions, run: (body: StepBody, options: StepOptions) => Promise<unknown>) => Promise<unknown>;

const hookedPrototypes = new WeakSet<object>();

/**
 * Wraps `_step` on the prototype every test object shares, so that `wrap` runs around every step
 * whichever object made it; `base` (made before the hook) is bound to the wrapper again. Returns
 * false, having said so, where the version has no such internals. Installed once per prototype.
 */
export function hookAllSteps(base: TestType<any, any>, wrap: StepWrapper): boolean {
  const impl = implOf(base);
  const prototype = impl && Object.getPrototypeOf(impl) as TestTypeImpl;
  if (!prototype || !Object.prototype.hasOwnProperty.call(prototype, '_step')) {
    reportMissing('step hook', 'the `_step` method its test objects share');
    return false;
  }
  if (!hookedPrototypes.has(prototype)) {
    hookedPrototypes.add(prototype);
    const original = prototype._step;
    // A method, so that it keeps the name `_step` (and its bound copies `bound _step`, as before).
    prototype._step = {
      _step(this: TestTypeImpl, expectation: 'pass' | 'skip', title: string, body: StepBody, options: StepOptions = {}) {
        if (typeof body !== 'function')
          return original.call(this, expectation, title, body, options);
        return wrap(title, body, options, (body, options) => original.call(this, expectation, title, body, options));
      },
    }._step;
  }
  rebindStep(base);
  return true;
}

/** Binds a test object made before the hook to the hooked `_step`, as Playwright's constructor does. */
export function rebindStep<T extends TestType<any, any>>(testType: T): T {
  const impl = implOf(testType);
  if (impl) {
    const step = impl._step.bind(impl, 'pass');
    Object.assign(testType, { step: Object.assign(step, { skip: impl._step.bind(impl, 'skip') }) });
  }
  return testType;
}

// --- Internal calls ------------------------------------------------------------------------------

type ApiCallWrapper = { _wrapApiCall?<T>(call: () => Promise<T>, options: { internal: boolean }): Promise<T> };

/**
 * Runs a page call as Playwright's own internal calls run: no step in the report, no action in the
 * trace. A traced action keeps its params and result, so every capture would be in the trace twice
 * (the runtime's source at every install, each walk's result next to the attachments made from
 * it). `_wrapApiCall(…, { internal: true })` is how Playwright hides its own helper calls
 * (client/channelOwner.ts); without it the call runs as it is.
 */
export function asInternalCall<T>(owner: object, call: () => Promise<T>): Promise<T> {
  const wrapper = owner as ApiCallWrapper;
  if (typeof wrapper._wrapApiCall !== 'function') {
    reportMissing('internal calls', 'the `_wrapApiCall` method of its client objects');
    return call();
  }
  // Playwright reads the stack of each call it wraps, as it starts: 50 frames, which the runner's
  // formatter maps through the test files' source maps, a millisecond or more a call. An internal
  // call's stack shows only in that call's own error, which this library mostly catches: it is read
  // unmapped (a test file's frames keep their compiled lines there). The call itself, once it
  // awaits, and the user's calls, are formatted as ever.
  const format = Error.prepareStackTrace;
  delete (Error as { prepareStackTrace?: unknown }).prepareStackTrace;
  try {
    return wrapper._wrapApiCall(call, { internal: true });
  } finally {
    if (format)
      Error.prepareStackTrace = format;
  }
}

// --- Boxed stack prefixes ------------------------------------------------------------------------

type StackUtils = { setBoxedStackPrefixes?: (prefixes: string[]) => void };

/**
 * Adds `libraryRoot` to the folders Playwright treats as its own: it then leaves them out of step
 * locations (a step, an attachment, a fixture is located at the user's line or nowhere) and of
 * error stacks. The list replaces the one Playwright set at startup (its own package), in the copy
 * of its internals that Playwright itself loaded. `load` is for tests.
 */
export function addBoxedStackPrefix(libraryRoot: string, load: (playwrightRoot: string) => StackUtils | undefined = loadStackUtils): boolean {
  let utils: StackUtils | undefined;
  let playwrightRoot = '';
  try {
    playwrightRoot = playwrightRootOfTest();
    utils = load(playwrightRoot);
  } catch {
    utils = undefined;
  }
  if (typeof utils?.setBoxedStackPrefixes !== 'function') {
    reportMissing('boxed stack prefixes', '`setBoxedStackPrefixes` in playwright-core/lib/coreBundle');
    return false;
  }
  const roots = new Set([playwrightRoot, path.dirname(require.resolve('playwright/package.json')), libraryRoot]);
  utils.setBoxedStackPrefixes([...roots]);
  return true;
}

/** The folder of the `playwright` package that `@playwright/test` loads: the runner's own copy of its internals. */
function playwrightRootOfTest(): string {
  const testPackage = path.dirname(require.resolve('@playwright/test/package.json'));
  return path.dirname(require.resolve('playwright/package.json', { paths: [testPackage] }));
}

function loadStackUtils(playwrightRoot: string): StackUtils | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve('playwright-core/lib/coreBundle', { paths: [playwrightRoot] })).utils as StackUtils | undefined;
}

// --- The hook type -------------------------------------------------------------------------------

/**
 * The kind of hook running (`beforeAll`, `afterAll`, `beforeEach`…), or undefined in the test body.
 * Playwright's own `page` fixture reads the same private method for its error in `beforeAll`.
 */
export function currentHookType(testInfo: TestInfo): string | undefined {
  const read = (testInfo as { _currentHookType?: () => string | undefined })._currentHookType;
  if (typeof read !== 'function') {
    reportMissing('hook type', 'the `_currentHookType` method of TestInfo');
    return undefined;
  }
  return read.call(testInfo);
}

// --- The test's deadline -------------------------------------------------------------------------

interface TimeoutManager { currentSlotDeadline(): number }
/** Deadlines at or past this are Playwright's "no deadline" (a timeout of 0, or timeouts ignored under a debugger). */
const kNoDeadline = 2 ** 30;
let monotonicTime: (() => number) | undefined | null = null;

/**
 * Milliseconds before the running part of the test times out: the body with the fixtures' setup
 * and `beforeEach` hooks, or the after hooks with the fixtures' teardown, which Playwright gives a
 * timeout of their own. Infinity with no timeout; undefined without the internal (said once).
 */
export function testTimeLeft(testInfo: TestInfo): number | undefined {
  const manager = (testInfo as { _timeoutManager?: Partial<TimeoutManager> })._timeoutManager;
  if (monotonicTime === null)
    monotonicTime = loadMonotonicTime();
  if (typeof manager?.currentSlotDeadline !== 'function' || !monotonicTime) {
    reportMissing('test deadline', 'the `_timeoutManager` of TestInfo, or `monotonicTime` in playwright-core/lib/coreBundle');
    return undefined;
  }
  const deadline = manager.currentSlotDeadline();
  if (typeof deadline !== 'number' || Number.isNaN(deadline)) {
    reportMissing('test deadline', 'a deadline from `currentSlotDeadline` of TestInfo\'s `_timeoutManager`');
    return undefined;
  }
  return deadline >= kNoDeadline ? Infinity : deadline - monotonicTime();
}

/** The clock Playwright's deadlines are on, from the copy of its internals the runner loaded. */
function loadMonotonicTime(): (() => number) | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const read = require(require.resolve('playwright-core/lib/coreBundle', { paths: [playwrightRootOfTest()] })).iso?.monotonicTime;
    return typeof read === 'function' ? read : undefined;
  } catch {
    return undefined;
  }
}

// --- The client instrumentation ------------------------------------------------------------------

export interface ApiZone { apiName?: string; frames?: { file: string; line: number; column: number }[] }
export interface ApiChannel { type: string; method: string; params?: { selector?: unknown } }
export interface ApiCallListener {
  onApiCallBegin(zone: ApiZone, channel: ApiChannel): void;
  onApiCallEnd(zone: ApiZone): void;
}
interface Instrumentation { addListener(listener: object): void; removeListener(listener: object): void }

/**
 * Listens to every API call of a context's client as it begins and ends (what Playwright's test
 * runner makes its `pw:api` steps from); returns the way to stop, or undefined without it.
 */
export function listenToApiCalls(context: BrowserContext, listener: ApiCallListener): (() => void) | undefined {
  const instrumentation = (context as unknown as { _instrumentation?: Instrumentation })._instrumentation;
  if (typeof instrumentation?.addListener !== 'function' || typeof instrumentation.removeListener !== 'function') {
    reportMissing('client instrumentation', 'the `_instrumentation` listener list of its browser contexts');
    return undefined;
  }
  instrumentation.addListener(listener);
  return () => instrumentation.removeListener(listener);
}

// --- The action hook -----------------------------------------------------------------------------

/**
 * The methods that act on a page, by the class that has them: each is async and returns when
 * Playwright says the action is done, so a capture begun then sees what it did (the test's next
 * line runs meanwhile, and its next call waits for the capture). `_expect` is the one call every
 * web-first assertion makes.
 */
const kElementActions = ['check', 'uncheck', 'setChecked', 'click', 'dblclick', 'tap', 'fill', 'press', 'type', 'hover', 'focus', 'selectOption', 'setInputFiles', 'dispatchEvent'];
const kActionMethods = {
  locator: [...kElementActions, 'pressSequentially', 'clear', 'blur', 'selectText', 'dragTo', '_expect'],
  page: [...kElementActions, 'dragAndDrop', 'goto', 'reload', 'goBack', 'goForward', 'setContent'],
  frame: [...kElementActions, 'dragAndDrop', 'goto', 'setContent', '_expect'],
} as const;
/** The input devices of a page (`page.keyboard`, …) and their actions: suites press keys and move the mouse as often as they click locators. */
const kDeviceMethods = {
  keyboard: ['press', 'type', 'down', 'up', 'insertText'],
  mouse: ['click', 'dblclick', 'down', 'up', 'move', 'wheel'],
  touchscreen: ['tap'],
} as const;
export type Device = keyof typeof kDeviceMethods;
const devicePrototypes = new WeakMap<object, Device>();

/** `'keyboard'` for `page.keyboard` (any page's), and so on; undefined for anything else. */
export function deviceOf(receiver: object): Device | undefined {
  return devicePrototypes.get(Object.getPrototypeOf(receiver));
}

/**
 * What ran: the object it ran on (a Locator, Page or Frame), its method and arguments; for a
 * web-first assertion, `method: 'expect'` and the assertion as Playwright's matcher names it
 * (`toHaveText`, `not.toBeVisible`), with the selector it checked when the receiver is not a locator.
 */
export interface ActionCall { receiver: object; method: string; args: unknown[]; assertion?: { matcher: string; selector?: string } }
/** Runs after an action that succeeded, before its caller goes on: what it starts for later, the next call waits for (hookActionsBefore). */
export type AfterAction = (call: ActionCall) => Promise<void> | undefined;
/**
 * Runs before an action (or a web-first assertion) starts, as Playwright has it called: a promise
 * it returns holds the action back until it settles. Most calls need nothing: then it returns
 * undefined, and the action starts at once, in the same tick, as if nothing wrapped it.
 */
export type BeforeAction = (call: ActionCall) => Promise<unknown> | undefined;

/**
 * What the wrappers share: the hooks, and whether an action is being started (`page.click` starts
 * `frame.click` before it first waits: that is one action, followed once).
 */
const actionState: { after: AfterAction | undefined; before: BeforeAction | undefined; inside: boolean } = { after: undefined, before: undefined, inside: false };
const hookedActionPrototypes = new WeakSet<object>();

/**
 * The wrapper of one method. Made from source named `node:…`: Playwright names a call (and
 * prefixes its errors, `locator.click: Timeout …`) after the last of its own stack frames before
 * the caller's, and places its report step at the first frame outside its files; it skips Node's
 * own frames (`node:` files) in both. A wrapper that showed in the stack would have renamed every
 * call it wraps.
 */
type WrapperMaker = (original: Function, state: typeof actionState, name: string) => Function;
let makeWrapper: WrapperMaker | null | undefined;

function wrapperMaker(): WrapperMaker | null {
  if (makeWrapper === undefined) {
    try {
      makeWrapper = new Function('original', 'state', 'name', `return { async [name](...args) {
  if (state.inside || (!state.after && !state.before))
    return await original.apply(this, args);
  const waiting = state.before ? state.before({ receiver: this, method: name, args }) : undefined;
  if (waiting) {
    try {
      await waiting;
    } catch {
    }
  }
  const after = state.after;
  if (!after)
    return await original.apply(this, args);
  state.inside = true;
  let called;
  try {
    called = original.apply(this, args);
  } finally {
    state.inside = false;
  }
  const result = await called;
  try {
    await after({ receiver: this, method: name, args });
  } catch {
  }
  return result;
} }[name];
//# sourceURL=node:stagewright/action-hook`) as WrapperMaker;
    } catch {
      makeWrapper = null; // Code from strings is disallowed (--disallow-code-generation-from-strings).
    }
  }
  return makeWrapper;
}

/**
 * Runs `after` after each action of Locator, Page and Frame (classes reached through `page`), of
 * the page's keyboard, mouse and touchscreen, and each web-first assertion, whoever made the object, for the rest of the worker. An action that
 * throws is not followed. Returns false, having said so, where it cannot.
 */
export function hookActions(page: Page, after: AfterAction): boolean {
  if (!wrapActionMethods(page))
    return false;
  actionState.after = call => after(call.method === '_expect' ? assertionCall(call) : call);
  return true;
}

/** The hooks that run before each action, by name: each user of the hook sets its own. */
const beforeHooks = new Map<string, BeforeAction>();

/**
 * Runs `before` (the hook named `name`, replacing the last one of that name) before each action of
 * Locator, Page and Frame and each web-first assertion (its receiver is the Locator or Frame
 * Playwright calls `_expect` on), for the rest of the worker: what it returns holds the call back.
 * A call held back starts after an `await`, so Playwright locates it at the caller's `await` (same
 * line, another column) rather than at the method's name. Returns false, having said so, where it cannot.
 */
export function hookActionsBefore(page: Page, name: string, before: BeforeAction): boolean {
  if (!wrapActionMethods(page))
    return false;
  beforeHooks.set(name, before);
  actionState.before = call => {
    let held: Promise<unknown> | undefined;
    for (const hook of beforeHooks.values()) {
      const waiting = hook(call);
      if (waiting)
        held = held ? Promise.all([held, waiting]) : waiting;
    }
    return held;
  };
  return true;
}

/** Wraps the action methods of the classes reached through `page`, once per class; false where it cannot. */
function wrapActionMethods(page: Page): boolean {
  const make = wrapperMaker();
  if (!make) {
    reportMissing('action hook', 'a way to wrap its action methods (the process disallows code generation from strings)');
    return false;
  }
  const frame = page.mainFrame();
  const hook = (prototype: object, methods: readonly string[]) => {
    if (hookedActionPrototypes.has(prototype))
      return;
    hookedActionPrototypes.add(prototype);
    const methodsOf = prototype as Record<string, unknown>;
    for (const method of methods) {
      const original = methodsOf[method];
      if (typeof original === 'function')
        methodsOf[method] = make(original, actionState, method);
    }
  };
  const locatorPrototype = Object.getPrototypeOf(page.locator(':root'));
  const framePrototype = Object.getPrototypeOf(frame);
  // The public methods are there by contract; the one private method is checked.
  if (typeof locatorPrototype._expect !== 'function' || typeof framePrototype._expect !== 'function')
    reportMissing('action hook', 'the `_expect` method of its locators and frames, which web-first assertions call');
  hook(locatorPrototype, kActionMethods.locator);
  hook(Object.getPrototypeOf(page), kActionMethods.page);
  hook(framePrototype, kActionMethods.frame);
  for (const device of Object.keys(kDeviceMethods) as Device[]) {
    const object: unknown = page[device];
    if (!object || typeof object !== 'object')
      continue;
    const prototype = Object.getPrototypeOf(object) as object;
    devicePrototypes.set(prototype, device);
    hook(prototype, kDeviceMethods[device]);
  }
  return true;
}

/** `_expect(expression, { selector, isNot, … })` as the assertion it is: `to.have.url` is `toHaveURL`. */
function assertionCall({ receiver, args }: ActionCall): ActionCall {
  const [expression, options] = args as [unknown, { selector?: unknown; isNot?: unknown } | undefined];
  const words = String(expression).split('.');
  const matcher = words.map((word, i) => !i ? word : word === 'url' ? 'URL' : word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const selector = typeof options?.selector === 'string' ? options.selector : undefined;
  return { receiver, method: 'expect', args: [], assertion: { matcher: (options?.isNot ? 'not.' : '') + matcher, ...(selector ? { selector } : {}) } };
}

// --- The frame of a locator ----------------------------------------------------------------------

/**
 * The frame a locator was made on (`page.frames()[1].locator(…)` is on that frame; a locator
 * through `contentFrame()` is on its page's frame, and enters child frames), or undefined without it.
 */
export function frameOfLocator(locator: Locator): Frame | undefined {
  const frame = (locator as unknown as { _frame?: Frame })._frame;
  if (!frame || typeof frame.parentFrame !== 'function') {
    reportMissing('locator frame', 'the `_frame` of its locators');
    return undefined;
  }
  return frame;
}
