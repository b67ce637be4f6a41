// The last passing run (docs/failures.md, The last passing run): when a test passes, what each of
// its calls on an element (actions and assertions, by the line that made them) reached — role,
// name, place, position among its kind, test id. A later failure of the same call compares the
// page with it: the target the test meant is known from evidence, not guessed from the failing run.
// Pure: lastPassFiles.ts keeps the records on disk.

import type { Snapshot, SnapshotEntry } from '../isomorphic/types';
import type { RecordedState } from '../locators/candidates';
import { evaluateLocator, isInChildFrame, testIdOf } from '../locators/evaluate';
import type { LocatorStep } from '../locators/parse';
import { captureNumber } from './analyze';
import { locatorTarget } from './target';
import type { TestCall } from './actionLog';
import { entriesOfRoleIn, placesOf } from './places';
import { kLastPassFormat, kLastPassVersion } from './lastPassNames';

/** The most names a target's position keeps of the elements of its kind in its place. */
const kMaxPositionNames = 50;
const kMaxCalls = 200;

/** What a call's target was, enough to recognise it, or what stands in its place, again. */
export interface TargetIdentity {
  role: string;
  name: string;
  /** Its test id, as the suite's `getByTestId` reads it. */
  testId?: string;
  /** The places around it, nearest first. */
  places: { role: string; name: string }[];
  /** The elements of its role in its nearest place (the page, for none), in order: their names, and which one it was. */
  position: { index: number; names: string[] };
  /** In a child frame. */
  inFrame?: boolean;
  /** On another page of the test than its first (a popup). */
  onOtherPage?: boolean;
}

export interface LastPassCall {
  method: string;
  /** As Playwright prints it: `getByRole('button', { name: 'Save' })`. */
  locator: string;
  /** Where the test made the call: the file relative to the project's test folder, with `/`. */
  file?: string;
  line?: number;
  column?: number;
  step?: string;
  /** What it reached, when a capture of the run showed it; absent when none did. */
  target?: TargetIdentity;
}

/** A `ref('…')` call of the test, where it was made, and the element the ref named when it was made. */
export interface LastPassRef {
  file: string;
  line: number;
  column: number;
  ref: string;
  role: string;
  name: string;
}

/** Checked field by field when read (lastPassNames.ts, `readRecordText`): a field added here is added there. */
export interface LastPassRecord {
  format: typeof kLastPassFormat;
  version: typeof kLastPassVersion;
  /** The config file it was written under, relative to the project's test folder (lastPassNames.ts, `configKey`). */
  config: string;
  /** The test's title path, for a reader of the folder. */
  test: string[];
  project: string;
  passedAt: string;
  calls: LastPassCall[];
  /** Its ref calls, where a capture showed their elements: a later run's ref naming another element fails (api/stagewright.ts). */
  refs?: LastPassRef[];
}

/** The identity of `entry` as `snapshot` shows it. */
export function identityOf(entry: SnapshotEntry, snapshot: Snapshot, attributesOf?: RecordedState['attributesOf']): TargetIdentity {
  const places = placesOf(entry, snapshot);
  const kind = entriesOfRoleIn(snapshot, entry.role, places[0]);
  const identity: TargetIdentity = {
    role: entry.role,
    name: entry.name,
    places: places.map(place => ({ role: place.role, name: place.name })),
    position: { index: kind.indexOf(entry), names: kind.slice(0, kMaxPositionNames).map(e => e.name) },
  };
  const testId = testIdOf(attributesOf, entry.ref);
  if (testId !== undefined)
    identity.testId = testId;
  if (isInChildFrame(entry))
    identity.inFrame = true;
  return identity;
}

/**
 * The record of a passing test: each call, and the target it reached where a capture shows it —
 * the one element its locator matches in the last capture before the call, else in the first after
 * it. `pages`: the recorded states of each page of the test, its first page first; a call is
 * not told which page it was made on, so a locator that matches on more than one keeps no target.
 * A call made twice at one line keeps its first.
 */
export function buildRecord(test: { titlePath: string[]; project: string; config: string; relative: (file: string) => string }, calls: readonly TestCall[], pages: readonly (readonly RecordedState[])[], passedAt: Date): LastPassRecord {
  const record: LastPassRecord = { format: kLastPassFormat, version: kLastPassVersion, config: test.config, test: test.titlePath, project: test.project, passedAt: passedAt.toISOString(), calls: [] };
  const seen = new Set<string>();
  for (const call of calls) {
    const file = call.location ? test.relative(call.location.file) : undefined;
    const key = `${file}:${call.location?.line}:${call.location?.column}:${call.locator}`;
    if (seen.has(key) || record.calls.length >= kMaxCalls)
      continue;
    seen.add(key);
    const kept: LastPassCall = { method: call.method, locator: call.locator, file, line: call.location?.line, column: call.location?.column, step: call.step };
    if (!call.absent) {
      const found = pages.map(states => reachedIn(states, call));
      const on = found.filter(target => target !== undefined);
      if (on.length === 1) {
        kept.target = on[0]!;
        if (!found[0])
          kept.target.onOtherPage = true;
      }
    }
    record.calls.push(kept);
  }
  return record;
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
