// What the triage's rules read (rules.ts): the pure findings over the captures and the record —
// the element a reader would call the same control as a target's (`nearMatch`), the one the last
// passing run reached (`sameElement`), what became of it in its place (`compareWithLastPass`),
// where an element went and who removed it, what the page shows as a problem or as busy.

import { formatIdentity } from '../snapshot/format';
import { likeness, nameSimilarity } from '../snapshot/likeness';
import { normalizeWhitespace } from '../snapshot/query';
import type { Snapshot, SnapshotDiff, SnapshotEntry } from '../isomorphic/types';
import type { RecordedState } from '../locators/candidates';
import { ancestorsOf, evaluateLocator, isDescendant, isInChildFrame, ownText, snapshotIndex } from '../locators/evaluate';
import { parseLocator, type LocatorStep } from '../locators/parse';
import { captureNumber, type LiveEvidence, type TargetIdentity, type TargetStatus, type TestAction } from './evidence';
import { entriesOfRoleIn, placesOf } from './places';
import type { TriageTarget } from './target';

export type DiffAt = (index: number) => SnapshotDiff;
export type Traced = Exclude<TriageTarget, { kind: 'none' }> & { frameRef?: string };
export interface Meant { state: RecordedState; index: number; entry: SnapshotEntry }

/** The target's steps, scoped to its frame's <iframe> when it is in one. */
export function targetSteps(target: Traced): LocatorStep[] | undefined {
  if (target.kind !== 'locator' || target.parsed.kind !== 'steps')
    return undefined;
  return target.frameRef ? [{ kind: 'ref', ref: target.frameRef }, ...target.parsed.steps] : target.parsed.steps;
}

/** What the target looks for, as a reader would say it: a role, a name, and where (its scope). */
interface Wanted {
  role?: string;
  /** The roles a `getByLabel` or `getByPlaceholder` target can be. */
  kind?: 'label' | 'placeholder' | 'text' | 'altText' | 'title' | 'testId';
  name?: string;
  /** The steps before the last one: the container the target is looked for in. */
  scope: LocatorStep[];
}

function wantedOf(target: Traced): Wanted | undefined {
  if (target.kind === 'query')
    return { role: target.query.role, name: typeof target.query.name === 'string' ? target.query.name : target.query.name?.source, scope: [] };
  const steps = targetSteps(target);
  if (!steps)
    return undefined;
  // The last step that names what is looked for; `nth`/`filter` after it do not change what it is.
  let at = steps.length - 1;
  while (at >= 0 && (steps[at].kind === 'nth' || steps[at].kind === 'hasText'))
    at--;
  const last = steps[at];
  if (!last || last.kind === 'ref')
    return undefined;
  const scope = steps.slice(0, at);
  if (last.kind === 'role')
    return { role: last.role, name: typeof last.name === 'string' ? last.name : last.name?.source, scope };
  if (last.kind === 'hasText' || last.kind === 'nth')
    return undefined;
  return { kind: last.kind, name: typeof last.text === 'string' ? last.text : last.text.source, scope };
}

const kLabelledRoles = new Set(['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'spinbutton', 'slider']);
/** How similar a name must be, alone, for an element to be the same control under a new name. */
const kMinSimilarity = 0.4;
/** How far ahead of the next the best candidate must be. */
const kMinLead = 0.15;
/** Evidence and working context come from the latest captures' diffs: a long test is not diffed whole. */
export const kMaxDiffedCaptures = 25;

/** What an entry is called for the target's kind of locator: its name, its label, its placeholder, its text. */
function nameFor(entry: SnapshotEntry, wanted: Wanted): string | undefined {
  switch (wanted.kind) {
    case 'placeholder': return entry.placeholder;
    case 'label': return kLabelledRoles.has(entry.role) ? entry.name : undefined;
    case 'text': return ownText(entry) || undefined;
    case 'altText': return entry.role === 'img' ? entry.name : undefined;
    default: return entry.name;
  }
}

function similarity(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined)
    return 0;
  return nameSimilarity(normalizeWhitespace(a).toLowerCase(), normalizeWhitespace(b).toLowerCase());
}

/**
 * The element on the final page a reader would call the same control as the target's: of its
 * role (or of any role, under the very same name), named like it (the ranking of the matchers'
 * similar refs), in the same place — the target's own scope, the container the element was in,
 * the containers where the test worked — at the same position among its siblings. Returns it
 * only when it stands out: the only one of its role in that place, or a clear best by name.
 */
export function nearMatch(target: Traced, states: RecordedState[], diffAt: DiffAt, meant?: Meant, among?: SnapshotEntry[]): { entry: SnapshotEntry; why: string } | undefined {
  const wanted = wantedOf(target);
  const final = states[states.length - 1].snapshot;
  const role = meant?.entry.role ?? wanted?.role;
  const name = meant ? nameFor(meant.entry, wanted ?? { scope: [] }) ?? meant.entry.name : wanted?.name;
  if (!wanted && !meant)
    return undefined;
  const { byRef } = snapshotIndex(final);
  const frameOf = (ref: string) => ref.replace(/s\d+$/, '');
  // Page locators do not reach into frames: candidates are in the target's frame.
  const inFrame = (entry: SnapshotEntry) => target.frameRef ? isDescendant(entry, target.frameRef, final)
    : frameOf(entry.ref) === (meant ? frameOf(meant.entry.ref) : '');
  // Places: the target's scope on the final page; the meant element's containers; where the test worked.
  const places: { ref: string; why: string }[] = [];
  if (wanted?.scope.length) {
    for (const ref of evaluateLocator(wanted.scope, final, states[states.length - 1].attributesOf).refs.slice(0, 3))
      places.push({ ref, why: 'in the target\'s own scope' });
  }
  if (meant) {
    for (const place of placesOf(meant.entry, meant.state.snapshot).slice(0, 2)) {
      if (byRef.has(place.ref))
        places.push({ ref: place.ref, why: `in ${formatIdentity(place)}, where it was` });
    }
  }
  for (const place of workingPlaces(states, diffAt))
    places.push({ ref: place.ref, why: `in ${formatIdentity(place)}, where the test was working` });

  const before = meant ? snapshotIndex(meant.state.snapshot).byRef : undefined;
  const pool = (among ?? final.entries).filter(entry => {
    if (entry.state.hidden || !entry.state.visible && !among)
      return false;
    if (meant && entry.ref === meant.entry.ref)
      return false;
    // A stand-in for an element that left is new, or was not what the test meant before.
    if (before?.has(entry.ref) && !among)
      return false;
    if (!inFrame(entry))
      return false;
    return true;
  });
  const scored: { entry: SnapshotEntry; score: number; why: string[] }[] = [];
  for (const entry of pool) {
    const entryName = wanted ? nameFor(entry, wanted) : entry.name;
    if (wanted?.kind && entryName === undefined)
      continue;
    const place = places.find(p => p.ref === entry.ref || isDescendant(entry, p.ref, final));
    const samePosition = !!meant && sameSiblingPosition(meant.entry, meant.state.snapshot, entry, final);
    // The one ranking of "most like it" (src/snapshot/likeness.ts), with where the target was.
    const { score, name: nameScore } = likeness(entry, { role, name }, { nameOf: () => entryName, inPlace: !!place, samePosition });
    // Another role only under the very same name (a button that became a link).
    if (role && entry.role !== role && nameScore < 0.9)
      continue;
    const why: string[] = [];
    if (nameScore >= kMinSimilarity)
      why.push(nameScore === 1 ? 'the same name' : 'a similar name');
    if (place)
      why.push(place.why);
    if (samePosition)
      why.push('at the same position among its siblings');
    scored.push({ entry, score, why });
  }
  if (!scored.length)
    return undefined;
  scored.sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  const finalState = states[states.length - 1];
  // A button that says it leaves its form alone (a Cancel beside the fields the test filled) is not
  // what the test was working towards: alone where it worked, it stands in for no other button.
  const leavesFormAlone = (entry: SnapshotEntry) => entry.role === 'button' && ['button', 'reset'].includes(finalState.attributesOf?.(entry.ref)?.type ?? '');
  // The only one of its role in a place that is the target's: a rename the name cannot tell.
  for (const place of places) {
    const inside = scored.filter(s => s.entry.role === role && (s.entry.ref === place.ref || isDescendant(s.entry, place.ref, final)));
    if (inside.length === 1 && place.why.endsWith('where the test was working') && leavesFormAlone(inside[0].entry))
      continue;
    if (inside.length === 1 && (best === inside[0] || best.score - inside[0].score < kMinLead || similarity(name, nameFor(best.entry, wanted ?? { scope: [] })) < kMinSimilarity))
      return { entry: inside[0].entry, why: [...new Set([`the only ${role} ${place.why}`, ...inside[0].why.filter(w => w !== place.why)])].join(', ') };
  }
  // A button the test clicked after filling fields: the one submit button where it filled them.
  if (role === 'button' && finalState.attributesOf) {
    for (const place of places.filter(p => p.why.endsWith('where the test was working'))) {
      const submits = scored.filter(s => s.entry.role === 'button' && isDescendant(s.entry, place.ref, final) && finalState.attributesOf!(s.entry.ref)?.type === 'submit');
      if (submits.length === 1 && (best === submits[0] || similarity(name, best.entry.name) < kMinSimilarity))
        return { entry: submits[0].entry, why: `the only submit button ${place.why}` };
    }
  }
  const bestName = similarity(name, wanted ? nameFor(best.entry, wanted) : best.entry.name);
  // Unique of its kind on the page (the one search field) lowers the bar.
  const unique = scored.filter(s => s.entry.role === best.entry.role).length === 1 && bestName > 0.25;
  if ((bestName >= kMinSimilarity || unique) && (!second || best.score - second.score >= kMinLead))
    return { entry: best.entry, why: best.why.join(', ') || 'the only one of its kind' };
  return undefined;
}

export function describeRecorded(target: TargetIdentity): string {
  const place = target.places[0];
  return `${formatIdentity(target)}${place ? ` in ${formatIdentity(place)}` : ''}${target.inFrame ? ', in a frame' : ''}`;
}

/** A target of the first page's document is looked for there; one in a frame, in any frame. */
const inFrameOf = (recorded: TargetIdentity) => (entry: SnapshotEntry) => !!recorded.inFrame || !isInChildFrame(entry);

/**
 * The element on the final page that is the one the last passing run reached, by what a reader
 * knows it by: of its role and name, in its nearest named place (one such place on the page, or
 * the page), and the same one of as many such elements there as before. Undefined when the page
 * cannot say which.
 */
export function sameElement(recorded: TargetIdentity, final: Snapshot): SnapshotEntry | undefined {
  const among = recorded.among;
  if (!among || among.index < 0)
    return undefined;
  const sameFrame = inFrameOf(recorded);
  const anchor = among.place === -1 ? undefined : recorded.places[among.place];
  let place: SnapshotEntry | undefined;
  if (anchor) {
    const places = final.entries.filter(entry => entry.role === anchor.role && entry.name === anchor.name && sameFrame(entry));
    if (places.length !== 1)
      return undefined;
    place = places[0];
  }
  const twins = entriesOfRoleIn(final, recorded.role, place).filter(entry => entry.name === recorded.name && sameFrame(entry));
  return twins.length === among.count ? twins[among.index] : undefined;
}

/**
 * What the DOM file says of a CSS target beside the element it missed: the id or the classes
 * the selector names, and the element's own now (the DOM file keeps both).
 */
export function markupEvidence(source: string, final: RecordedState, element: SnapshotEntry): string | undefined {
  const selector = /^locator\((['"])([^'"]*)\1/.exec(source)?.[2];
  const attributes = final.attributesOf?.(element.ref);
  if (!selector || !attributes)
    return undefined;
  const ids = [...selector.matchAll(/#([\w-]+)/g)].map(m => m[1]);
  const classes = [...selector.matchAll(/\.([\w-]+)/g)].map(m => m[1]);
  const own = (attributes.class ?? '').split(/\s+/).filter(Boolean);
  const said: string[] = [];
  if (ids.length && !ids.includes(attributes.id ?? ''))
    said.push(attributes.id ? `its id is ${JSON.stringify(attributes.id)}, not ${JSON.stringify(ids[0])}` : 'it has no id');
  const missing = classes.filter(name => !own.includes(name));
  if (missing.length)
    said.push(own.length ? `its class is ${JSON.stringify(own.join(' '))}, without ${missing.map(name => JSON.stringify(name)).join(', ')}` : 'it has no class');
  if (!said.length && (ids.length || classes.length))
    said.push('its id and classes are as the selector says: the markup around it changed');
  return said.length ? `the DOM file shows ${said.join('; ')}` : undefined;
}

/**
 * What the last passing run's element became, read from the page where it was: the same place,
 * the elements of its role there, then and now. Renamed when one new name stands at its position
 * among as many as before; removed when the place has fewer, and none new. Undefined when the page
 * cannot say (the place is gone, or more than one thing changed there).
 */
export function compareWithLastPass(recorded: TargetIdentity, date: string, final: Snapshot, live: LiveEvidence): { status: TargetStatus; now: string; reason: string; standIn?: SnapshotEntry } | undefined {
  const was = describeRecorded(recorded);
  if (live.hidden)
    return { status: 'hidden', now: `${was} is in the page, hidden.`, reason: `the test reached ${was} when it last passed (${date}); it is still in the page, and hidden now` };
  const sameFrame = inFrameOf(recorded);
  const nearest = recorded.places[0];
  const places = nearest ? final.entries.filter(entry => entry.role === nearest.role && entry.name === nearest.name && sameFrame(entry)) : [];
  if (nearest && places.length !== 1)
    return undefined;
  const place = places[0];
  const where = place ? formatIdentity(place) : 'the page';
  // Its name, as another kind of control in its place (a button that became a link), or as its
  // kind in another place (moved): the same control, found by what the test knew it by.
  const otherRole = final.entries.filter(entry => sameFrame(entry) && entry.name === recorded.name && entry.role !== recorded.role && (!place || isDescendant(entry, place.ref, final)));
  const elsewhere = final.entries.filter(entry => sameFrame(entry) && entry.name === recorded.name && entry.role === recorded.role);
  if (recorded.name && elsewhere.length + otherRole.length === 1) {
    const [standIn] = [...elsewhere, ...otherRole];
    const [itsPlace] = placesOf(standIn, final);
    const how = elsewhere.length ? `in ${itsPlace ? formatIdentity(itsPlace) : 'another place'} now` : `a ${standIn.role} now`;
    return {
      status: 'moved',
      standIn,
      now: `${was} is gone from there; ${formatIdentity(standIn)} is the same control, ${how}.`,
      reason: `the test reached ${was} when it last passed (${date}); ${formatIdentity(standIn)} is the same control, ${how}, and the page shows no error`,
    };
  }
  if (elsewhere.length + otherRole.length > 1)
    return undefined;
  const then = recorded.position.names;
  const now = entriesOfRoleIn(final, recorded.role, place).filter(sameFrame);
  if (!place && then.length >= 50)
    return undefined;
  const added = now.filter(entry => !then.includes(entry.name));
  if (now.length === then.length && added.length === 1 && now.indexOf(added[0]) === recorded.position.index) {
    return {
      status: 'renamed',
      standIn: added[0],
      now: `${was} is gone; ${formatIdentity(added[0])} stands in its place (${recorded.position.index + 1} of ${then.length} ${recorded.role}s in ${where}, as it was).`,
      reason: `the test reached ${was} when it last passed (${date}); ${formatIdentity(added[0])} stands in its place, and the page shows no error`,
    };
  }
  if (now.length < then.length && !added.length) {
    return {
      status: 'removed',
      now: `${was} is gone: ${where} is there, with no such ${recorded.role} and none in its place.`,
      reason: `the test reached ${was} when it last passed (${date}); ${where} is there with no such ${recorded.role} and none in its place`,
    };
  }
  return undefined;
}

/**
 * A near match stands only when it could be what the last passing run reached: of its role, and in
 * its place when the page still has that place.
 */
export function acceptedByRecord<T extends { entry: SnapshotEntry }>(near: T | undefined, recorded: TargetIdentity | undefined, final: Snapshot): T | undefined {
  if (!near || !recorded)
    return near;
  if (near.entry.role !== recorded.role)
    return undefined;
  const place = recorded.places[0];
  const samePlace = (entry: SnapshotEntry) => entry.role === place.role && entry.name === place.name;
  if (place && final.entries.some(samePlace) && !placesOf(near.entry, final).some(samePlace))
    return undefined;
  return near;
}

const kBusyWords = /\b(loading|please wait|saving|processing|updating)\b/i;

/** Signs that the page was still changing at the failure: a late target, aria-busy, a progress bar or a loading message, requests unanswered. */
export function busyEvidence(final: RecordedState, live: LiveEvidence): string[] {
  const evidence: string[] = [];
  if (live.appearedAfterMs !== undefined)
    evidence.push(live.appearedAfterMs ? `the target appeared ${live.appearedAfterMs} ms into a last look after the failure` : 'the target was there right after the failure');
  for (const entry of final.snapshot.entries) {
    if (evidence.length >= 4)
      break;
    if (entry.state.hidden || !entry.state.visible)
      continue;
    if (final.attributesOf?.(entry.ref)?.['aria-busy'] === 'true')
      evidence.push(`${formatIdentity(entry)} is aria-busy`);
    else if (entry.role === 'progressbar')
      evidence.push(`${formatIdentity(entry)} shows`);
    else if ((entry.role === 'status' || entry.role === 'alert') && kBusyWords.test(entry.text || entry.name))
      evidence.push(`${entry.role} ${JSON.stringify(entry.text || entry.name)} shows`);
  }
  if (live.pendingRequests?.length)
    evidence.push(`${live.pendingRequests.length} request${live.pendingRequests.length === 1 ? ' was' : 's were'} unanswered (${live.pendingRequests.slice(0, 2).join(', ')})`);
  return evidence;
}

function sameSiblingPosition(a: SnapshotEntry, aSnapshot: Snapshot, b: SnapshotEntry, bSnapshot: Snapshot): boolean {
  const position = (entry: SnapshotEntry, snapshot: Snapshot) => {
    const siblings = (entry.parent ? snapshotIndex(snapshot).children.get(entry.parent) : undefined)?.filter(s => s.role === entry.role) ?? [];
    return { index: siblings.indexOf(entry), count: siblings.length };
  };
  const pa = position(a, aSnapshot);
  const pb = position(b, bSnapshot);
  return pa.index !== -1 && pa.index === pb.index && pa.count === pb.count && a.role === b.role;
}

/** The places (named or not) where the test changed things (values, states), most recent first. */
function workingPlaces(states: RecordedState[], diffAt: DiffAt): SnapshotEntry[] {
  const places: SnapshotEntry[] = [];
  const final = snapshotIndex(states[states.length - 1].snapshot).byRef;
  for (let i = states.length - 1; i > Math.max(0, states.length - 1 - kMaxDiffedCaptures); i--) {
    for (const change of diffAt(i).changed) {
      if (!change.curr || !('value' in change.changes || 'state.checked' in change.changes || 'state.selected' in change.changes))
        continue;
      const place = placesOf(change.curr, states[i].snapshot).find(p => final.has(p.ref));
      if (place && !places.some(p => p.ref === place.ref))
        places.push(place);
    }
  }
  return places;
}

/**
 * Where the element the test meant left the page: the first capture after the last one that had
 * it, and the test's action between those captures that aimed at it or at the container that
 * left with it (then the test removed it), when actions were recorded.
 */
export function whereItWent(meant: Meant, states: RecordedState[], actions: TestAction[] | undefined): { capture: string; byTest?: string } | undefined {
  const lastWith = [...states.keys()].reverse().find(i => snapshotIndex(states[i].snapshot).byRef.has(meant.entry.ref));
  if (lastWith === undefined || lastWith === states.length - 1)
    return undefined;
  const gone = states[lastWith + 1];
  const before = states[lastWith].snapshot;
  const { byRef } = snapshotIndex(before);
  const after = snapshotIndex(gone.snapshot).byRef;
  // The container that left with it: its highest ancestor that is gone too.
  let root = byRef.get(meant.entry.ref)!;
  for (const parent of ancestorsOf(root, before)) {
    if (after.has(parent.ref))
      break;
    root = parent;
  }
  const from = captureNumber(states[lastWith].label);
  const to = captureNumber(gone.label);
  for (const action of actions ?? []) {
    if (action.afterCapture < from || action.afterCapture >= to)
      continue;
    const parsed = parseLocator(action.locator);
    if (parsed.kind !== 'steps')
      continue;
    const hit = evaluateLocator(parsed.steps, before, states[lastWith].attributesOf).refs.some(ref => {
      const entry = byRef.get(ref);
      return !!entry && (ref === root.ref || isDescendant(entry, root.ref, before) || isDescendant(meant.entry, ref, before));
    });
    if (hit)
      return { capture: gone.label, byTest: `${action.method} on ${action.locator}` };
  }
  return { capture: gone.label };
}

/**
 * Alerts and error messages the page shows at the end: an alert with text, a control the page
 * marks invalid, and a status, heading or dialog (of either role) whose words say a problem. A
 * role alone is none: an alertdialog asking to confirm is no error.
 */
export function problemsShown(final: RecordedState): string[] {
  return final.snapshot.entries
      .filter(isProblem)
      .slice(0, 3)
      .map(entry => entry.role === 'alert' || kProblemWords.test(entry.text || entry.name) ? `${entry.role} ${JSON.stringify(entry.text || entry.name)}` : `${formatIdentity(entry)} is marked invalid`);
}

const kProblemWords = /\b(error|failed|failure|unavailable|went wrong|try again|denied|invalid|not found|exception|crash)/i;
const kWordedProblemRoles = new Set(['status', 'heading', 'dialog', 'alertdialog']);

function isProblem(entry: SnapshotEntry): boolean {
  if (!entry.state.visible || entry.state.hidden)
    return false;
  const text = entry.text || entry.name;
  if (entry.role === 'alert')
    return !!text;
  if (entry.state.invalid === true)
    return true;
  return kWordedProblemRoles.has(entry.role) && kProblemWords.test(text);
}
