// The triage's verdict as an ordered list of named rules (docs/failures.md, The rules): each reads
// the facts of a failure (what the target matched, capture by capture and on the live page, what
// the last passing run reached, what the page shows) and returns a verdict with its reason, or
// nothing; the first that answers decides, and triage.json names it (`decidedBy`). A new kind of
// break is a new rule, in its place in the list, with its case in the failure corpus.

import { formatIdentity } from '../snapshot/format';
import { likeness, nameSimilarity } from '../snapshot/likeness';
import { normalizeWhitespace } from '../snapshot/query';
import type { Snapshot, SnapshotDiff, SnapshotEntry } from '../isomorphic/types';
import type { RecordedState } from '../locators/candidates';
import { ancestorsOf, evaluateLocator, isDescendant, isInChildFrame, ownText, snapshotIndex, testIdOf } from '../locators/evaluate';
import { parseLocator, type LocatorStep } from '../locators/parse';
import { captureNumber, type LiveEvidence, type TargetIdentity, type TargetStatus, type TestAction, type TriageInput, type Verdict } from './evidence';
import { entriesOfRoleIn, placesOf } from './places';
import type { TriageTarget } from './target';

export type DiffAt = (index: number) => SnapshotDiff;
export type Traced = Exclude<TriageTarget, { kind: 'none' }> & { frameRef?: string };
export interface Meant { state: RecordedState; index: number; entry: SnapshotEntry }

/** What became of the target, as the captures and the live page show it, before any rule decides. */
export interface Seen {
  status: TargetStatus;
  /** What became of it, in a sentence. */
  now: string;
  /** The refs whose diff lines show it. */
  evidenceRefs: string[];
  /** The element the suggestions are for, when one is known. */
  element?: SnapshotEntry;
}

/** The facts of one failure, gathered once (analyze.ts) and read by every rule. */
export interface Facts {
  input: TriageInput;
  states: RecordedState[];
  /** The failure capture; undefined when nothing was captured. */
  final: RecordedState | undefined;
  diffAt: DiffAt;
  pageName: string;
  /** The target as the captures can follow it; undefined for none, or one a snapshot cannot evaluate (CSS, XPath). */
  traced: Traced | undefined;
  /** Why the target cannot be followed through the captures, when it cannot. */
  untraceable?: string;
  /** What a traced target matched at each capture, oldest first ([] for each, untraced). */
  matchesAt: SnapshotEntry[][];
  /**
   * What it matches on the final page: from the failure capture, or, for a target a snapshot
   * cannot evaluate, from the live page; undefined when neither can say.
   */
  finalMatches: SnapshotEntry[] | undefined;
  /** Elements the live page matched that no capture shows: not in the accessibility tree (hidden). */
  unlisted: number;
  /** The element the target meant: the one it matched alone last. */
  meant?: Meant;
  /** The element it meant, still on the final page (under another name or description). */
  nowEntry?: SnapshotEntry;
  /** Alerts and error messages the final page shows. */
  problems: string[];
  /** What the call reached when the test last passed, when that was on this page. */
  recorded?: TargetIdentity;
  /** The date of the last pass (YYYY-MM-DD), when one is on record. */
  passedOn?: string;
  live: LiveEvidence;
  /** Where the element the test meant left the page, and whether an action of the test did it. */
  gone(): { capture: string; byTest?: string } | undefined;
  seen: Seen;
}

/** A verdict and why; the status, sentence, evidence and element default to what was seen. */
export interface Decision extends Partial<Seen> {
  verdict: Verdict;
  reason: string;
}

export interface Rule {
  name: string;
  /** One line: when it decides, and what (docs/failures.md lists these, in order). */
  summary: string;
  decide(facts: Facts): Decision | undefined;
}

const matchesNothing = (f: Facts) => f.finalMatches?.length === 0 && !f.unlisted && !f.nowEntry;

/** The rules, in the order they are asked. */
export const kRules: readonly Rule[] = [
  {
    name: 'nothing-captured',
    summary: 'no capture of the page was taken: cannot tell',
    decide: f => f.final ? undefined : { verdict: 'cannot tell', reason: 'the target cannot be traced, and the page shows no error' },
  },
  {
    name: 'ambiguous',
    summary: 'the target matches several elements now: out of date, with the one the test meant',
    decide: f => (f.finalMatches?.length ?? 0) < 2 ? undefined : {
      verdict: 'out of date',
      reason: f.seen.element ? `the page now has more than one such element; the test meant ${formatIdentity(f.seen.element)}` : 'the locator is not specific enough for the page',
    },
  },
  {
    name: 'removed-by-the-test',
    summary: 'the element left the page when an action of the test aimed at it or its container: out of date, fix the steps',
    decide: f => {
      const gone = matchesNothing(f) ? f.gone() : undefined;
      if (!gone?.byTest)
        return undefined;
      return {
        status: 'removed by the test',
        now: `${formatIdentity(f.meant!.entry)} left the page at ${gone.capture}, when the test did ${gone.byTest}.`,
        element: undefined,
        verdict: 'out of date',
        reason: `the test itself removed the element (${gone.byTest}, captured in ${gone.capture}) and then used it: fix the test's steps, not the app`,
      };
    },
  },
  {
    name: 'problem-shown',
    summary: 'the page shows an alert or an error message: app broken',
    decide: f => f.problems.length ? { verdict: 'app broken', reason: `the page shows a problem: ${f.problems.join('; ')}` } : undefined,
  },
  {
    name: 'disabled',
    summary: 'the target matches one element, disabled: app broken',
    decide: f => f.finalMatches?.length === 1 && f.finalMatches[0].state.disabled ? { verdict: 'app broken', reason: 'the element is there but disabled' } : undefined,
  },
  {
    name: 'hidden-since-last-pass',
    summary: 'the target matches one element, hidden, that the test reached when it last passed: app broken',
    decide: f => {
      const hidden = f.finalMatches?.length === 1 ? !f.finalMatches[0].state.visible : f.finalMatches?.length === 0 && f.unlisted > 0;
      if (!hidden || !f.recorded)
        return undefined;
      return { verdict: 'app broken', reason: `the element is there but not visible, and the test reached it when it last passed (${f.passedOn})` };
    },
  },
  {
    name: 'present',
    summary: 'the target matches one element (or only hidden ones) and no record says more: cannot tell, the failure is about something else',
    decide: f => {
      if (f.finalMatches?.length === 1)
        return { verdict: 'cannot tell', reason: 'the element is there: the failure is about something else (its text, its state, or timing)' };
      if (f.finalMatches?.length === 0 && f.unlisted)
        return { verdict: 'cannot tell', reason: 'the element is there but not shown, and no passing run says whether it should be' };
      return undefined;
    },
  },
  {
    name: 'no-longer-matches',
    summary: 'the element the target matched earlier in the test is there under another name or description: out of date',
    decide: f => f.nowEntry ? {
      verdict: 'out of date',
      reason: `the element is there under another ${f.seen.status === 'renamed' ? 'name' : 'description'}, and the page shows no error`,
    } : undefined,
  },
  {
    name: 'still-changing',
    summary: 'the target came late, or the page was busy (aria-busy, a progress bar, a loading message, requests unanswered): cannot tell',
    decide: f => {
      if (!matchesNothing(f) && f.finalMatches !== undefined)
        return undefined;
      const busy = busyEvidence(f.final!, f.live);
      if (!busy.length || (!f.traced && !f.recorded && f.finalMatches === undefined))
        return undefined;
      return {
        status: f.meant ? 'removed' : 'never there',
        now: `${f.meant ? `${formatIdentity(f.meant.entry)} is gone` : 'It matched nothing when the test failed'}, and the page was still changing: ${busy.join('; ')}.`,
        element: undefined,
        verdict: 'cannot tell',
        reason: `the page was still changing when the test failed (${busy[0]}): the target may be late, not gone — give it time, or fix what keeps the page busy`,
      };
    },
  },
  {
    name: 'behind-an-opener',
    summary: 'the element is hidden in a closed <details>, tab panel or menu one action opens: out of date, open it first',
    decide: f => {
      const opener = f.live.opener;
      if (!opener || !(matchesNothing(f) || f.finalMatches === undefined || f.unlisted))
        return undefined;
      return {
        status: 'hidden',
        now: `It is on the page, hidden until ${JSON.stringify(opener.name)} is opened.`,
        element: undefined,
        verdict: 'out of date',
        reason: `the element is hidden behind ${JSON.stringify(opener.name)}: open it first (\`await ${f.pageName}.${opener.code}.click()\`), then the target as it is`,
      };
    },
  },
  {
    name: 'same-element',
    summary: 'the element the call reached when the test last passed is there, same role, name and place, and the target misses it (a test id, a class, an id or the markup changed): out of date',
    decide: f => {
      if (!f.recorded || !matchesNothing(f))
        return undefined;
      const element = sameElement(f.recorded, f.final!.snapshot);
      if (!element || element.state.hidden || !element.state.visible)
        return undefined;
      const was = describeRecorded(f.recorded);
      const testId = testIdOf(f.final!.attributesOf, element.ref);
      if (f.recorded.testId !== undefined && testId !== f.recorded.testId) {
        const now = testId === undefined ? 'has no test id now' : `has the test id ${JSON.stringify(testId)} now`;
        return {
          status: 'renamed',
          now: `${was} is there, in its place: ${formatIdentity(element)}, which ${now} (it was ${JSON.stringify(f.recorded.testId)}).`,
          evidenceRefs: [element.ref],
          element,
          verdict: 'out of date',
          reason: `the test reached ${was} when it last passed (${f.passedOn}); it is there, and its test id changed`,
        };
      }
      const markup = markupEvidence(f, element);
      return {
        status: 'still there',
        now: `${was} is there, in its place: ${formatIdentity(element)}; the target no longer matches it${markup ? ` (${markup})` : ''}.`,
        evidenceRefs: [element.ref],
        element,
        verdict: 'out of date',
        reason: `the test reached ${was} when it last passed (${f.passedOn}); it is there, and the target no longer matches it`,
      };
    },
  },
  {
    name: 'last-pass-place',
    summary: 'in the place the call\'s element was when the test last passed: its name on one element elsewhere or of another role (moved), one new name at its position (renamed): out of date; fewer and none new (removed) or hidden on the live page: app broken',
    decide: f => {
      if (!f.recorded || !(matchesNothing(f) || (f.finalMatches?.length === 0 && f.unlisted)))
        return undefined;
      const compared = compareWithLastPass(f.recorded, f.passedOn!, f.final!.snapshot, f.live);
      if (!compared)
        return undefined;
      return {
        status: compared.status,
        now: compared.now,
        evidenceRefs: [f.meant?.entry.ref, compared.standIn?.ref].filter((ref): ref is string => !!ref),
        element: compared.standIn,
        verdict: compared.status === 'renamed' || compared.status === 'moved' ? 'out of date' : 'app broken',
        reason: compared.reason,
      };
    },
  },
  {
    name: 'near-match',
    summary: 'one element stands out as the same control (its role, a similar name, the place the test worked in) and no record says otherwise: out of date',
    decide: f => {
      if (!f.traced || !matchesNothing(f))
        return undefined;
      // A near match must be what the last passing run reached: of its role (and not another element of its place).
      const near = acceptedByRecord(nearMatch(f.traced, f.states, f.diffAt, f.meant), f.recorded, f.final!.snapshot);
      if (!near)
        return undefined;
      return {
        status: f.meant ? 'renamed' : 'never there',
        now: `${f.meant ? `${formatIdentity(f.meant.entry)} is gone; ` : 'It never matched anything in this test; '}${formatIdentity(near.entry)} is the same control (${near.why}).`,
        evidenceRefs: [f.meant?.entry.ref, near.entry.ref].filter((ref): ref is string => !!ref),
        element: near.entry,
        verdict: 'out of date',
        reason: `${formatIdentity(near.entry)} is there in its place and the page shows no error`,
      };
    },
  },
  {
    name: 'removed-by-the-app',
    summary: 'the element left the page with no action of the test aimed at it or its container: app broken',
    decide: f => {
      const gone = matchesNothing(f) && f.input.actions !== undefined ? f.gone() : undefined;
      return gone ? {
        verdict: 'app broken',
        reason: `the element left the page at ${gone.capture} with no action of the test aimed at it or its container, and nothing replaces it`,
      } : undefined;
    },
  },
  {
    name: 'undecided',
    summary: 'none of the above: cannot tell, saying what is missing (a target the captures can follow, a passing run on record)',
    decide: f => {
      const passed = f.input.lastPass;
      const reason = !f.traced ? `the target cannot be traced${passed?.call.target ? ', the element its call reached when the test last passed is not on the page as it was' : ''}, and the page shows no error`
        : f.meant ? 'the element is gone and nothing replaces it, and what removed it is not known'
          : passed ? `the test reached it when it last passed (${passed.passedAt.slice(0, 10)}), so the app changed; whether it was removed or renamed to other words, the page cannot say`
            : 'it never matched in this test, nothing like it is on the page, and the page shows no error';
      return { verdict: 'cannot tell', reason };
    },
  },
];

/** The first rule that decides, and its decision; the last rule always does. */
export function decide(facts: Facts): { rule: Rule; decision: Decision } {
  for (const rule of kRules) {
    const decision = rule.decide(facts);
    if (decision)
      return { rule, decision };
  }
  throw new Error('the last triage rule decides every case');
}

// --- What the rules read ---------------------------------------------------------------------------

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
  // The only one of its role in a place that is the target's: a rename the name cannot tell.
  for (const place of places) {
    const inside = scored.filter(s => s.entry.role === role && (s.entry.ref === place.ref || isDescendant(s.entry, place.ref, final)));
    if (inside.length === 1 && (best === inside[0] || best.score - inside[0].score < kMinLead || similarity(name, nameFor(best.entry, wanted ?? { scope: [] })) < kMinSimilarity))
      return { entry: inside[0].entry, why: [...new Set([`the only ${role} ${place.why}`, ...inside[0].why.filter(w => w !== place.why)])].join(', ') };
  }
  // A button the test clicked after filling fields: the one submit button where it filled them.
  const finalState = states[states.length - 1];
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
function markupEvidence(f: Facts, element: SnapshotEntry): string | undefined {
  const selector = f.input.target.kind === 'locator' ? /^locator\((['"])([^'"]*)\1/.exec(f.input.target.source)?.[2] : undefined;
  const attributes = f.final?.attributesOf?.(element.ref);
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
function compareWithLastPass(recorded: TargetIdentity, date: string, final: Snapshot, live: LiveEvidence): { status: TargetStatus; now: string; reason: string; standIn?: SnapshotEntry } | undefined {
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
function acceptedByRecord<T extends { entry: SnapshotEntry }>(near: T | undefined, recorded: TargetIdentity | undefined, final: Snapshot): T | undefined {
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
function busyEvidence(final: RecordedState, live: LiveEvidence): string[] {
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
