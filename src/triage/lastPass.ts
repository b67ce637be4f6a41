// The last passing run (docs/failures.md, The last passing run): when a test passes, what each of
// its calls on an element (actions and assertions, by the line that made them) reached — role,
// name, place, position among its kind, test id. A later failure of the same call compares the
// page with it: the target the test meant is known from evidence, not guessed from the failing run.
// Pure: lastPassFiles.ts keeps the records on disk.

import type { Snapshot, SnapshotEntry } from '../isomorphic/types';
import type { RecordedState } from '../locators/candidates';
import { evaluateLocator, isInChildFrame, testIdOf } from '../locators/evaluate';
import type { LocatorStep } from '../locators/parse';
import { captureNumber, type LastPassCall, type TargetIdentity, type TestCall } from './evidence';
import { locatorTarget } from './target';
import { entriesOfRoleIn, placesOf } from './places';
import { kLastPassFormat, kLastPassVersion, type LastPassRecord } from './lastPassNames';

export type { LastPassCall, TargetIdentity } from './evidence';
export type { LastPassRecord, LastPassRef } from './lastPassNames';

/** The most names a target's position keeps of the elements of its kind in its place. */
const kMaxPositionNames = 50;
const kMaxCalls = 200;

/** The identity of `entry` as `snapshot` shows it. */
export function identityOf(entry: SnapshotEntry, snapshot: Snapshot, attributesOf?: RecordedState['attributesOf']): TargetIdentity {
  const places = placesOf(entry, snapshot);
  const kind = entriesOfRoleIn(snapshot, entry.role, places[0]);
  const named = places.findIndex(place => place.name);
  const twins = entriesOfRoleIn(snapshot, entry.role, places[named]).filter(e => e.name === entry.name && isInChildFrame(e) === isInChildFrame(entry));
  const identity: TargetIdentity = {
    role: entry.role,
    name: entry.name,
    places: places.map(place => ({ role: place.role, name: place.name })),
    position: { index: kind.indexOf(entry), names: kind.slice(0, kMaxPositionNames).map(e => e.name) },
    among: { place: named, index: twins.indexOf(entry), count: twins.length },
  };
  const testId = testIdOf(attributesOf, entry.ref);
  if (testId !== undefined)
    identity.testId = testId;
  if (isInChildFrame(entry))
    identity.inFrame = true;
  return identity;
}

/** A page of the test, its first page first: the object calls name it by, and its recorded states. */
export interface RecordedPage { page: object; states: readonly RecordedState[] }

/**
 * The record of a passing test: each call, and the target it reached. The element Playwright
 * resolved at the call's end (`TestCall.reached`) is found by its ref in the first capture after
 * the call that shows it, else the last before. A call whose end was not seen falls back to its
 * locator, evaluated on the captures: the one element it matches in the last capture before the
 * call, else in the first after it, on exactly one page (CSS and XPath cannot be evaluated there).
 * A call made twice at one line keeps its first.
 */
export function buildRecord(test: { titlePath: string[]; project: string; config: string; relative: (file: string) => string }, calls: readonly TestCall[], pages: readonly RecordedPage[], passedAt: Date): LastPassRecord {
  const record: LastPassRecord = { format: kLastPassFormat, version: kLastPassVersion, config: test.config, test: test.titlePath, project: test.project, passedAt: passedAt.toISOString(), calls: [] };
  const seen = new Set<string>();
  for (const call of calls) {
    const file = call.location ? test.relative(call.location.file) : undefined;
    const key = `${file}:${call.location?.line}:${call.location?.column}:${call.locator}`;
    if (seen.has(key) || record.calls.length >= kMaxCalls)
      continue;
    seen.add(key);
    const kept: LastPassCall = { method: call.method, locator: call.locator, file, line: call.location?.line, column: call.location?.column, step: call.step };
    const target = call.absent ? undefined : reachedTarget(call, pages);
    if (target)
      kept.target = target;
    record.calls.push(kept);
  }
  return record;
}

/** What `call` reached: the element Playwright resolved, else the one its locator matches on the captures of exactly one page. */
function reachedTarget(call: TestCall, pages: readonly RecordedPage[]): TargetIdentity | undefined {
  const at = call.reached ? pages.findIndex(page => page.page === call.reached!.page) : -1;
  const resolved = at === -1 ? undefined : withRef(pages[at].states, call.reached!.ref, call.afterCapture);
  if (resolved)
    return at ? { ...resolved, onOtherPage: true } : resolved;
  const found = pages.map(page => reachedIn(page.states, call));
  const on = found.filter(target => target !== undefined);
  if (on.length !== 1)
    return undefined;
  return found[0] ? on[0] : { ...on[0]!, onOtherPage: true };
}

/** The identity of the element with `ref`, in the first state after the call that shows it, else the last before. */
function withRef(states: readonly RecordedState[], ref: string, afterCapture: number): TargetIdentity | undefined {
  const after = states.filter(state => captureNumber(state.label) > afterCapture);
  const before = states.filter(state => captureNumber(state.label) <= afterCapture).reverse();
  for (const state of [...after, ...before]) {
    const entry = state.snapshot.entries.find(e => e.ref === ref);
    if (entry)
      return identityOf(entry, state.snapshot, state.attributesOf);
  }
  return undefined;
}

/** What `call` reached in one page's states, when one of them shows it. */
function reachedIn(states: readonly RecordedState[], call: TestCall): TargetIdentity | undefined {
  const target = locatorTarget(call.locator);
  if (target.kind !== 'locator' || target.parsed.kind !== 'steps')
    return undefined;
  const steps = target.parsed.steps;
  // States are labelled by their number: the last one at or before the call, then the ones after.
  const before = states.filter(state => captureNumber(state.label) <= call.afterCapture).slice(-1);
  const after = states.filter(state => captureNumber(state.label) > call.afterCapture);
  for (const state of [...before, ...after]) {
    const { refs, unknown } = target.frame ? inFrames(steps, state) : evaluateLocator(steps, state.snapshot, state.attributesOf);
    if (unknown || refs.length !== 1)
      continue;
    const entry = state.snapshot.entries.find(e => e.ref === refs[0]);
    if (entry)
      return identityOf(entry, state.snapshot, state.attributesOf);
  }
  return undefined;
}

/**
 * A locator inside a frame (`….contentFrame().getByRole(…)`): its part after the frame, in each
 * child frame of the capture. The frame's own locator is not read (it may be CSS): the one element
 * it matches across all frames is the target.
 */
function inFrames(steps: readonly LocatorStep[], state: RecordedState): { refs: string[]; unknown?: string } {
  const refs: string[] = [];
  for (const iframe of state.snapshot.entries) {
    if (!iframe.frame)
      continue;
    const found = evaluateLocator([{ kind: 'ref', ref: iframe.ref }, ...steps], state.snapshot, state.attributesOf);
    if (found.unknown)
      return found;
    refs.push(...found.refs);
  }
  return { refs };
}

/**
 * The call of the record that a failing call is (its location's file relative as the record's): the same locator at the same line, else the same
 * locator alone (the test gained or lost lines above it), else what was at the same line and
 * column (the locator is what changed).
 */
export function findCall(record: LastPassRecord, locator: string, location: { file: string; line: number; column: number } | undefined): LastPassCall | undefined {
  const sameLine = (call: LastPassCall) => !!location && call.file === location.file && call.line === location.line;
  return record.calls.find(call => call.locator === locator && sameLine(call))
    ?? record.calls.find(call => call.locator === locator && call.target)
    ?? record.calls.find(call => call.locator === locator)
    ?? record.calls.find(call => sameLine(call) && call.column === location!.column);
}
