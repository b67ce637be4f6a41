// Triage of a failed test (docs/failures.md, Triage): what the failing target matched at each
// capture of the test, what became of it, a verdict — the test looks out of date, the app looks
// broken, or cannot tell — and replacement locators proven on every capture. Report only: nothing
// here can change a test's outcome.

import { diffSnapshots } from '../snapshot/diff';
import { formatAddedLine, formatChangeLine, formatIdentity } from '../snapshot/format';
import { findEntries } from '../snapshot/query';
import type { Snapshot, SnapshotDiff, SnapshotEntry } from '../isomorphic/types';
import { candidatesFor, proveCandidate, type RecordedState } from '../locators/candidates';
import { ancestorsOf, evaluateLocator, isDescendant, isInChildFrame, ownText, snapshotIndex } from '../locators/evaluate';
import { parseLocator, type LocatorStep } from '../locators/parse';
import { likeness, nameSimilarity } from '../snapshot/likeness';
import { normalizeWhitespace } from '../snapshot/query';
import { errorText, type TriageTarget } from './target';
import { entriesOfRoleIn, placesOf } from './places';
import type { LastPassCall, TargetIdentity } from './lastPass';

export type TargetStatus = 'renamed' | 'moved' | 'hidden' | 'disabled' | 'removed' | 'removed by the test' | 'ambiguous' | 'never there' | 'present' | 'untraceable' | 'unknown';
export type Verdict = 'out of date' | 'app broken' | 'cannot tell';

export interface TriageReport {
  error: string;
  /** The step the error happened in; undefined for the test body. */
  step?: string;
  target: { source: string; traceable: boolean; reason?: string };
  /** What the target matched at each capture, oldest first. */
  history: { capture: string; matched: string[] }[];
  status: TargetStatus;
  /** What became of the target, in a sentence. */
  now: string;
  /** Diff lines that show it. */
  evidence: string[];
  verdict: Verdict;
  reason: string;
  /** Replacement locators for the element the target matched (or its likely replacement), proven on every capture where it exists. */
  suggestions: { code: string; checkedAgainst: string[]; warnings: string[] }[];
  /** The ref the suggestions are for (the element the test meant, or its near match). */
  suggestedRef?: string;
  /** The other errors of the test, first lines, when it had several. */
  otherErrors?: string[];
  /**
   * What the call reached when the test last passed (its record, docs/failures.md), in a sentence;
   * or that no passing run is on record. Absent when records are not kept.
   */
  lastPass?: string;
  /** What the failing step changed (the last step when the target cannot be traced). */
  lastChanges: { capture: string; lines: string[] };
}

export interface TriageInput {
  error: string;
  step?: string;
  target: TriageTarget;
  /** The recorded captures, oldest first; the last one is the failure capture. */
  states: RecordedState[];
  /**
   * The test's actions on elements (clicks, fills…), as locator source, each with the number of
   * the last capture taken before it (a capture label's number): who removed an element is read
   * from them. Undefined when they were not recorded.
   */
  actions?: TestAction[];
  /** The ref of the <iframe> the target's frame is in (`…contentFrame()`, `frameLocator(…)`), when it has one. */
  frameRef?: string;
  /** The variable the target's page is held in (`page`, `popup`): suggestions start from it. */
  pageName?: string;
  /**
   * The failing call as the test's last passing run kept it, with that run's date; null when no
   * passing run is on record, undefined when records are not kept.
   */
  lastPass?: { passedAt: string; call: LastPassCall } | null;
  /** What Playwright saw on the live page after the failure, for a target that matched nothing. */
  live?: LiveEvidence;
}

export interface LiveEvidence {
  /** The target appeared this many milliseconds after the failure (one late look, bounded). */
  appearedAfterMs?: number;
  /** The last passing run's element is in the page but hidden (Playwright's `includeHidden`). */
  hidden?: boolean;
  /**
   * What a reader opens to reach the hidden element with one action (a closed `<details>`'s
   * summary, a tab, a menu button): its name, and the locator code that reaches it.
   */
  opener?: { name: string; code: string };
  /** The page's requests still unanswered when the test ended. */
  pendingRequests?: string[];
}

export interface TestAction {
  /** `getByRole('button', { name: 'Delete' })`, as Playwright prints the locator. */
  locator: string;
  /** What it did: `click`, `fill`… */
  method: string;
  /** The number of the last capture taken before it (0 when none was). */
  afterCapture: number;
}

const kMaxEvidence = 12;
/** A target that matches a whole list shows its first few matches per capture. */
const kMaxShownMatches = 5;
/** Evidence and working context come from the latest captures' diffs: a long test is not diffed whole. */
const kMaxDiffedCaptures = 25;
const kMaxChangeLines = 30;
const kMaxSuggestions = 3;
const kProblemRoles = new Set(['alert', 'alertdialog']);
const kProblemWords = /\b(error|failed|failure|unavailable|went wrong|try again|denied|invalid|not found|exception|crash)/i;

export function analyzeFailure(input: TriageInput): TriageReport {
  const error = errorText(input.error).split('\n')[0];
  const states = input.states;
  const diffAt = consecutiveDiffs(states);
  const final = states[states.length - 1];
  const pageName = input.pageName ?? 'page';
  const report: TriageReport = {
    error,
    step: input.step,
    target: { source: input.target.kind === 'none' ? '' : input.target.source, traceable: false },
    history: [],
    status: 'unknown',
    now: '',
    evidence: [],
    verdict: 'cannot tell',
    reason: '',
    suggestions: [],
    lastChanges: lastChanges(states, input.step, diffAt),
  };
  if (input.lastPass !== undefined)
    report.lastPass = lastPassSentence(input.lastPass);
  // What the last passing run reached, when it was on the page the triage reads (the first page, or a popup).
  const lastTarget = input.lastPass?.call.target;
  const recorded = lastTarget && !!lastTarget.onOtherPage === ((input.pageName ?? 'page') !== 'page') ? lastTarget : undefined;
  const problems = final ? problemsShown(final) : [];
  const problemReason = () => `the page shows a problem: ${problems.join('; ')}`;
  if (input.target.kind === 'none' || (input.target.kind === 'locator' && input.target.parsed.kind === 'untraceable') || !final) {
    report.target.reason = !final ? 'nothing was captured in this test'
      : input.target.kind === 'none' ? 'the error names no locator or query'
        : input.target.kind === 'locator' && input.target.parsed.kind === 'untraceable' ? `it cannot be traced: ${input.target.parsed.reason}` : '';
    report.status = 'untraceable';
    report.now = `The target cannot be followed through the captures (${report.target.reason}); see what changed around the failure below.`;
    report.verdict = problems.length ? 'app broken' : 'cannot tell';
    report.reason = problems.length ? problemReason() : 'the target cannot be traced, and the page shows no error';
    return report;
  }
  report.target.traceable = true;
  const target = { ...input.target, frameRef: input.frameRef } as Traced;
  const match = matcher(target);
  const matchesAt = states.map(state => match(state));
  report.history = states.map((state, i) => {
    const shown = matchesAt[i].slice(0, kMaxShownMatches).map(entry => formatIdentity(entry));
    return { capture: state.label, matched: matchesAt[i].length > kMaxShownMatches ? [...shown, `… ${matchesAt[i].length - kMaxShownMatches} more`] : shown };
  });
  const finalMatches = matchesAt[states.length - 1];
  // The element the target meant: the one it matched alone last.
  let meant: { state: RecordedState; index: number; entry: SnapshotEntry } | undefined;
  states.forEach((state, i) => {
    if (matchesAt[i].length === 1)
      meant = { state, index: i, entry: matchesAt[i][0] };
  });
  const nowEntry = meant && snapshotIndex(final.snapshot).byRef.get(meant.entry.ref);
  let suggested: SnapshotEntry | undefined;

  if (finalMatches.length > 1) {
    report.status = 'ambiguous';
    report.now = `It matches ${finalMatches.length} elements now: ${finalMatches.slice(0, 4).map(entry => formatIdentity(entry)).join(', ')}.`;
    report.evidence = evidenceFor(states, diffAt, finalMatches.map(entry => entry.ref));
    // The one the test meant: the one it matched alone before, else the nearest to where it worked.
    suggested = nowEntry ?? nearMatch(target, states, diffAt, meant, finalMatches)?.entry;
    report.verdict = 'out of date';
    report.reason = suggested ? `the page now has more than one such element; the test meant ${formatIdentity(suggested)}` : 'the locator is not specific enough for the page';
  } else if (finalMatches.length === 1) {
    const entry = finalMatches[0];
    report.status = entry.state.disabled ? 'disabled' : !entry.state.visible ? 'hidden' : 'present';
    report.now = `It matches ${formatIdentity(entry)}${entry.state.disabled ? ', which is disabled' : !entry.state.visible ? ', which is not visible' : ''}.`;
    report.evidence = evidenceFor(states, diffAt, [entry.ref]);
    const hiddenSinceLastPass = !!recorded && !entry.state.visible;
    report.verdict = problems.length || entry.state.disabled || hiddenSinceLastPass ? 'app broken' : 'cannot tell';
    report.reason = problems.length ? problemReason()
      : entry.state.disabled ? 'the element is there but disabled'
        : hiddenSinceLastPass ? `the element is there but not visible, and the test reached it when it last passed (${input.lastPass!.passedAt.slice(0, 10)})`
          : 'the element is there: the failure is about something else (its text, its state, or timing)';
    suggested = entry;
  } else if (nowEntry) {
    report.status = nowEntry.name !== meant!.entry.name ? 'renamed' : nowEntry.state.hidden || !nowEntry.state.visible ? 'hidden' : 'moved';
    report.now = report.status === 'renamed' ? `${formatIdentity(meant!.entry)} is now named ${JSON.stringify(nowEntry.name)}.` : `${formatIdentity(meant!.entry)} is still there, but the target no longer matches it.`;
    report.evidence = evidenceFor(states, diffAt, [nowEntry.ref]);
    report.verdict = problems.length ? 'app broken' : 'out of date';
    report.reason = problems.length ? problemReason() : `the element is there under another ${report.status === 'renamed' ? 'name' : 'description'}, and the page shows no error`;
    suggested = nowEntry;
  } else {
    const gone = meant && whereItWent(meant, states, input.actions);
    if (gone?.byTest) {
      report.status = 'removed by the test';
      report.evidence = evidenceFor(states, diffAt, [meant!.entry.ref]);
      report.now = `${formatIdentity(meant!.entry)} left the page at ${gone.capture}, when the test did ${gone.byTest}.`;
      report.verdict = 'out of date';
      report.reason = `the test itself removed the element (${gone.byTest}, captured in ${gone.capture}) and then used it: fix the test's steps, not the app`;
      return report;
    }
    const busy = busyEvidence(final, input.live);
    if (busy.length && !problems.length) {
      report.status = meant ? 'removed' : 'never there';
      report.evidence = evidenceFor(states, diffAt, [meant?.entry.ref].filter((ref): ref is string => !!ref));
      report.now = `${meant ? `${formatIdentity(meant.entry)} is gone` : 'It matched nothing when the test failed'}, and the page was still changing: ${busy.join('; ')}.`;
      report.verdict = 'cannot tell';
      report.reason = `the page was still changing when the test failed (${busy[0]}): the target may be late, not gone — give it time, or fix what keeps the page busy`;
      return report;
    }
    if (input.live?.opener && !problems.length) {
      const opener = input.live.opener;
      report.status = 'hidden';
      report.now = `It is on the page, hidden until ${JSON.stringify(opener.name)} is opened.`;
      report.verdict = 'out of date';
      report.reason = `the element is hidden behind ${JSON.stringify(opener.name)}: open it first (\`await ${pageName}.${opener.code}.click()\`), then the target as it is`;
      return report;
    }
    if (recorded && !problems.length) {
      const compared = compareWithLastPass(recorded, input.lastPass!.passedAt, final.snapshot, input.live);
      if (compared) {
        report.status = compared.status;
        report.now = compared.now;
        report.evidence = evidenceFor(states, diffAt, [meant?.entry.ref, compared.standIn?.ref].filter((ref): ref is string => !!ref));
        report.verdict = compared.status === 'renamed' || compared.status === 'moved' ? 'out of date' : 'app broken';
        report.reason = compared.reason;
        if (compared.standIn) {
          report.suggestedRef = compared.standIn.ref;
          report.suggestions = proveSuggestions(compared.standIn, final, states, pageName, input.frameRef);
        }
        return report;
      }
    }
    // A near match must be what the last passing run reached: of its role (and not another element of its place).
    const near = problems.length ? undefined : acceptedByRecord(nearMatch(target, states, diffAt, meant), recorded, final.snapshot);
    report.status = meant ? (near ? 'renamed' : 'removed') : 'never there';
    report.evidence = evidenceFor(states, diffAt, [meant?.entry.ref, near?.entry.ref].filter((ref): ref is string => !!ref));
    if (near) {
      report.now = `${meant ? `${formatIdentity(meant.entry)} is gone; ` : 'It never matched anything in this test; '}${formatIdentity(near.entry)} is the same control (${near.why}).`;
      report.verdict = 'out of date';
      report.reason = `${formatIdentity(near.entry)} is there in its place and the page shows no error`;
      suggested = near.entry;
    } else {
      report.now = meant ? `${formatIdentity(meant.entry)} is gone${gone ? ` since ${gone.capture}` : ''}, and nothing like it is on the page.` : 'It never matched anything in this test, and nothing like it is on the page.';
      // Gone with no action of the test that explains it is the app's doing; never there may as well
      // be the test's. That the test reached it when it last passed says the app changed, not how:
      // without its place to compare (above), a rename to other words and a removal look alike.
      const appRemovedIt = !!gone && input.actions !== undefined;
      const passedBefore = !meant && !!input.lastPass;
      report.verdict = problems.length || appRemovedIt ? 'app broken' : 'cannot tell';
      report.reason = problems.length ? problemReason()
        : appRemovedIt ? `the element left the page at ${gone!.capture} with no action of the test aimed at it or its container, and nothing replaces it`
          : passedBefore ? `the test reached it when it last passed (${input.lastPass!.passedAt.slice(0, 10)}), so the app changed; whether it was removed or renamed to other words, the page cannot say`
            : meant ? 'the element is gone and nothing replaces it, and what removed it is not known' : 'it never matched in this test, nothing like it is on the page, and the page shows no error';
    }
  }
  if (suggested && report.verdict !== 'app broken') {
    report.suggestedRef = suggested.ref;
    report.suggestions = proveSuggestions(suggested, final, states, pageName, input.frameRef);
  }
  return report;
}

type Traced = Exclude<TriageTarget, { kind: 'none' }> & { frameRef?: string };

/** The target's steps, scoped to its frame's <iframe> when it is in one. */
function targetSteps(target: Traced): LocatorStep[] | undefined {
  if (target.kind !== 'locator' || target.parsed.kind !== 'steps')
    return undefined;
  return target.frameRef ? [{ kind: 'ref', ref: target.frameRef }, ...target.parsed.steps] : target.parsed.steps;
}

/** The entries a target matches in a recorded state (test ids and titles are read from its DOM file). */
function matcher(target: Traced): (state: Pick<RecordedState, 'snapshot' | 'attributesOf'>) => SnapshotEntry[] {
  if (target.kind === 'query')
    return ({ snapshot }) => findEntries(snapshot, target.query);
  const steps = targetSteps(target) ?? [];
  return ({ snapshot, attributesOf }) => {
    const refs = new Set(evaluateLocator(steps, snapshot, attributesOf).refs);
    return snapshot.entries.filter(entry => refs.has(entry.ref));
  };
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
function nearMatch(target: Traced, states: RecordedState[], diffAt: DiffAt, meant?: { state: RecordedState; index: number; entry: SnapshotEntry }, among?: SnapshotEntry[]): { entry: SnapshotEntry; why: string } | undefined {
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
  const final_ = states[states.length - 1];
  if (role === 'button' && final_.attributesOf) {
    for (const place of places.filter(p => p.why.endsWith('where the test was working'))) {
      const submits = scored.filter(s => s.entry.role === 'button' && isDescendant(s.entry, place.ref, final) && final_.attributesOf!(s.entry.ref)?.type === 'submit');
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

/** "it was button "Save" in form "Profile" when the test last passed (2026-11-20)", or that no passing run is on record. */
function lastPassSentence(lastPass: { passedAt: string; call: LastPassCall } | null): string {
  if (!lastPass)
    return 'No passing run of this test is on record: the verdict rests on this run alone.';
  const date = lastPass.passedAt.slice(0, 10);
  const target = lastPass.call.target;
  return target ? `When the test last passed (${date}), this call reached ${describeRecorded(target)}.`
    : `The test last passed on ${date}; no capture of that run showed this call's element.`;
}

function describeRecorded(target: TargetIdentity): string {
  const place = target.places[0];
  return `${formatIdentity(target)}${place ? ` in ${formatIdentity(place)}` : ''}${target.inFrame ? ', in a frame' : ''}`;
}

/**
 * What the last passing run's element became, read from the page where it was: the same place,
 * the elements of its role there, then and now. Renamed when one new name stands at its position
 * among as many as before; removed when the place has fewer, and none new. Undefined when the page
 * cannot say (the place is gone, or more than one thing changed there).
 */
function compareWithLastPass(recorded: TargetIdentity, passedAt: string, final: Snapshot, live: LiveEvidence | undefined): { status: TargetStatus; now: string; reason: string; standIn?: SnapshotEntry } | undefined {
  const date = passedAt.slice(0, 10);
  const was = describeRecorded(recorded);
  if (live?.hidden)
    return { status: 'hidden', now: `${was} is in the page, hidden.`, reason: `the test reached ${was} when it last passed (${date}); it is still in the page, and hidden now` };
  // A target of the first page's document is looked for there; one in a frame, in any frame.
  const sameFrame = (entry: SnapshotEntry) => !!recorded.inFrame || !isInChildFrame(entry);
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
function busyEvidence(final: RecordedState, live: LiveEvidence | undefined): string[] {
  const evidence: string[] = [];
  if (live?.appearedAfterMs !== undefined)
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
  if (live?.pendingRequests?.length)
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
function whereItWent(meant: { state: RecordedState; index: number; entry: SnapshotEntry }, states: RecordedState[], actions: TestAction[] | undefined): { capture: string; byTest?: string } | undefined {
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

/** The number a capture's label starts with (`003 save (start)` → 3), 0 for none. */
export function captureNumber(label: string): number {
  return parseInt(label, 10) || 0;
}

/** Alerts and error messages the page shows at the end. */
function problemsShown(final: RecordedState): string[] {
  return final.snapshot.entries
      .filter(isProblem)
      .slice(0, 3)
      .map(entry => `${entry.role} ${JSON.stringify(entry.text || entry.name)}`);
}

function isProblem(entry: SnapshotEntry): boolean {
  if (!entry.state.visible || entry.state.hidden)
    return false;
  const text = entry.text || entry.name;
  if (kProblemRoles.has(entry.role))
    return !!text;
  return (entry.role === 'status' || entry.role === 'heading' || entry.role === 'dialog') && kProblemWords.test(text);
}

/** The diff lines, between consecutive captures, that mention any of `refs`. */
function evidenceFor(states: RecordedState[], diffAt: DiffAt, refs: string[]): string[] {
  const wanted = new Set(refs);
  const lines: string[] = [];
  for (let i = Math.max(1, states.length - kMaxDiffedCaptures); i < states.length && lines.length < kMaxEvidence; i++) {
    for (const line of diffLines(diffAt(i), ref => wanted.has(ref)))
      lines.push(`${states[i].label}: ${line}`);
  }
  return lines.slice(0, kMaxEvidence);
}

/** The failing step's changes: from its start capture (else the capture before the last) to the last. */
function lastChanges(states: RecordedState[], step: string | undefined, diffAt: DiffAt): { capture: string; lines: string[] } {
  if (states.length < 2)
    return { capture: states[0]?.label ?? '', lines: [] };
  const final = states[states.length - 1];
  let start = states.length - 2;
  if (step) {
    for (let i = states.length - 2; i >= 0; i--) {
      if (states[i].label.endsWith(` ${step} (start)`)) {
        start = i;
        break;
      }
    }
  }
  // When the failing step changed nothing, the latest captures that did change something.
  let lines = diffLines(start === states.length - 2 ? diffAt(states.length - 1) : diffSnapshots(states[start].snapshot, final.snapshot, { format: 'full' }));
  let from = start;
  for (let i = start - 1; !lines.length && i >= 0; i--) {
    lines = diffLines(diffAt(i + 1));
    from = i;
  }
  const to = lines.length && from < start ? states[from + 1] : final;
  return { capture: `${states[from].label} → ${to.label}`, lines: lines.length > kMaxChangeLines ? [...lines.slice(0, kMaxChangeLines), `… ${lines.length - kMaxChangeLines} more`] : lines };
}

type DiffAt = (index: number) => SnapshotDiff;

/** The full diff from capture `index - 1` to capture `index`, each computed once per triage. */
function consecutiveDiffs(states: RecordedState[]): DiffAt {
  const diffs: SnapshotDiff[] = [];
  return index => diffs[index] ??= diffSnapshots(states[index - 1].snapshot, states[index].snapshot, { format: 'full' });
}

/** A diff's lines (`+ …`, `- …`, `~ …`), only of the refs `keep` accepts when it is given. */
function diffLines(diff: SnapshotDiff, keep: (ref: string) => boolean = () => true): string[] {
  return [
    ...diff.added.filter(entry => keep(entry.ref)).map(formatAddedLine),
    ...diff.removed.filter(entry => keep(entry.ref)).map(entry => `- ${formatIdentity(entry)}`),
    ...diff.changed.filter(change => keep(change.ref)).map(formatChangeLine),
  ];
}

/** Locators for `entry` proven on every recorded state where its ref exists (the live page checks them again). */
function proveSuggestions(entry: SnapshotEntry, final: RecordedState, states: RecordedState[], pageName: string, frameRef?: string): TriageReport['suggestions'] {
  const suggestions: TriageReport['suggestions'] = [];
  const stateWithEntry = [...states].reverse().find(state => state.snapshot.entries.some(e => e.ref === entry.ref)) ?? final;
  // Inside a frame, candidates are scoped to its <iframe>: `page.locator(…).contentFrame()` is added live.
  const frameSteps: LocatorStep[] = frameRef ? [{ kind: 'ref', ref: frameRef }] : [];
  for (const candidate of candidatesFor(entry, stateWithEntry.snapshot, stateWithEntry.attributesOf)) {
    const proof = proveCandidate({ ...candidate, steps: [...frameSteps, ...candidate.steps] }, entry.ref, states);
    if (proof.failedAt || !proof.checkedAgainst.length)
      continue;
    suggestions.push({ code: `${pageName}.${candidate.code}`, checkedAgainst: proof.checkedAgainst, warnings: candidate.warning ? [candidate.warning] : [] });
    if (suggestions.length === kMaxSuggestions || !candidate.warning && suggestions.length === 2)
      break;
  }
  return suggestions;
}
