// The triage's verdict as an ordered list of named rules (docs/failures.md, The rules): each reads
// the facts of a failure (what the target matched, capture by capture and on the live page, what
// the last passing run reached, what the page shows) and returns a verdict with its reason, or
// nothing; the first that answers decides, and triage.json names it (`decidedBy`). A new kind of
// break is a new rule, in its place in the list, with its case in the failure corpus.

import { formatIdentity } from '../snapshot/format';
import type { SnapshotEntry } from '../isomorphic/types';
import type { RecordedState } from '../locators/candidates';
import { testIdOf } from '../locators/evaluate';
import type { LiveEvidence, TargetIdentity, TargetStatus, TriageInput, Verdict } from './evidence';
import { acceptedByRecord, busyEvidence, compareWithLastPass, describeRecorded, markupEvidence, nearMatch, sameElement, type DiffAt, type Meant, type Traced } from './findings';

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
    summary: 'the page shows an alert or an error message, or the server answered its document with an error: app broken',
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
      if (f.finalMatches?.length === 1) {
        // When the one element is the one it meant (it came late), its own locator, or a narrower one, is no fix.
        const meant = f.finalMatches[0].ref === f.seen.element?.ref;
        return { verdict: 'cannot tell', reason: 'the element is there: the failure is about something else (its text, its state, or timing)', ...(meant ? { element: undefined } : {}) };
      }
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
      const markup = f.input.target.kind === 'locator' ? markupEvidence(f.input.target.source, f.final!, element) : undefined;
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
