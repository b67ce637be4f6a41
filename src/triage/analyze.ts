// Triage of a failed test (docs/failures.md, Triage): what the failing target matched at each
// capture of the test and on the live page, what became of it, a verdict — the test looks out of
// date, the app looks broken, or cannot tell — decided by the first of the rules (rules.ts) that
// answers, and replacement locators proven on every capture. Report only: nothing here can
// change a test's outcome.

import { diffSnapshots } from '../snapshot/diff';
import { formatAddedLine, formatChangeLine, formatIdentity } from '../snapshot/format';
import { findEntries } from '../snapshot/query';
import type { SecretValues } from '../snapshot/secretValues';
import type { SnapshotDiff, SnapshotEntry } from '../isomorphic/types';
import { candidatesFor, proveCandidate, type RecordedState } from '../locators/candidates';
import { evaluateLocator, snapshotIndex } from '../locators/evaluate';
import type { LocatorStep } from '../locators/parse';
import { errorText } from './target';
import type { LastPassCall, TargetStatus, TriageInput, Verdict } from './evidence';
import { describeRecorded, kMaxDiffedCaptures, nearMatch, problemsShown, targetSteps, whereItWent, type DiffAt, type Meant, type Traced } from './findings';
import { decide, type Facts, type Seen } from './rules';

export type { LiveEvidence, TargetStatus, TestAction, TriageInput, Verdict } from './evidence';

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
  /** The rule that decided the verdict (rules.ts, `kRules`). */
  decidedBy: string;
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

const kMaxEvidence = 12;
/** A target that matches a whole list shows its first few matches per capture. */
const kMaxShownMatches = 5;
const kMaxChangeLines = 30;
const kMaxSuggestions = 3;

export function analyzeFailure(input: TriageInput): TriageReport {
  const facts = gatherFacts(input);
  const { rule, decision } = decide(facts);
  const seen = { ...facts.seen, ...decision };
  const report: TriageReport = {
    error: errorText(input.error).split('\n')[0],
    step: input.step,
    target: { source: input.target.kind === 'none' ? '' : input.target.source, traceable: !!facts.traced },
    history: [],
    status: seen.status,
    now: seen.now,
    evidence: evidenceFor(facts.states, facts.diffAt, seen.evidenceRefs, input.secrets),
    verdict: decision.verdict,
    reason: decision.reason,
    decidedBy: rule.name,
    suggestions: [],
    lastChanges: lastChanges(facts.states, input.step, facts.diffAt, input.secrets),
  };
  if (facts.untraceable)
    report.target.reason = facts.untraceable;
  if (input.lastPass !== undefined)
    report.lastPass = lastPassSentence(input.lastPass);
  if (facts.traced) {
    report.history = facts.states.map((state, i) => {
      const matches = facts.matchesAt[i];
      const shown = matches.slice(0, kMaxShownMatches).map(entry => formatIdentity(entry));
      return { capture: state.label, matched: matches.length > kMaxShownMatches ? [...shown, `… ${matches.length - kMaxShownMatches} more`] : shown };
    });
  }
  if (seen.element && report.verdict !== 'app broken' && facts.final) {
    report.suggestedRef = seen.element.ref;
    report.suggestions = proveSuggestions(seen.element, facts.final, facts.states, facts.pageName, input.frameRef);
  }
  return report;
}

/** Everything the rules read, computed once. */
function gatherFacts(input: TriageInput): Facts {
  const states = input.states;
  const diffAt = consecutiveDiffs(states);
  const final = states[states.length - 1];
  const pageName = input.pageName ?? 'page';
  const live = input.live ?? {};
  // What the last passing run reached, when it was on the page the triage reads (the first page, or a popup).
  const lastTarget = input.lastPass?.call.target;
  const recorded = lastTarget && !!lastTarget.onOtherPage === (pageName !== 'page') ? lastTarget : undefined;
  const target = input.target;
  const untraceable = !final ? 'nothing was captured in this test'
    : target.kind === 'none' ? 'the error names no locator or query'
      : target.kind === 'locator' && target.parsed.kind === 'untraceable' ? `it cannot be traced: ${target.parsed.reason}` : undefined;
  const traced = untraceable ? undefined : { ...target, frameRef: input.frameRef } as Traced;
  const match = traced ? matcher(traced) : () => [];
  const matchesAt = states.map(state => match(state));
  let finalMatches: SnapshotEntry[] | undefined;
  let unlisted = 0;
  if (traced) {
    finalMatches = matchesAt[states.length - 1];
  } else if (final && live.matched && target.kind === 'locator') {
    // What Playwright resolves a CSS or XPath target to on the live page, as the final capture names it.
    const { byRef } = snapshotIndex(final.snapshot);
    finalMatches = live.matched.map(ref => byRef.get(ref)).filter((entry): entry is SnapshotEntry => !!entry);
    unlisted = live.matched.length - finalMatches.length;
  }
  let meant: Meant | undefined;
  states.forEach((state, index) => {
    if (matchesAt[index].length === 1)
      meant = { state, index, entry: matchesAt[index][0] };
  });
  const nowEntry = meant && final && finalMatches?.length === 0 ? snapshotIndex(final.snapshot).byRef.get(meant.entry.ref) : undefined;
  let gone: { value?: ReturnType<Facts['gone']> } | undefined;
  const facts: Facts = {
    input,
    states,
    final,
    diffAt,
    pageName,
    traced,
    untraceable,
    matchesAt,
    finalMatches,
    unlisted,
    meant,
    nowEntry,
    problems: [...live.serverError ? [live.serverError] : [], ...final ? problemsShown(final) : []],
    recorded,
    passedOn: input.lastPass?.passedAt.slice(0, 10),
    live,
    gone: () => (gone ??= { value: meant && whereItWent(meant, states, input.actions) }).value,
    seen: { status: 'unknown', now: '', evidenceRefs: [] },
  };
  facts.seen = whatWasSeen(facts);
  return facts;
}

/** What became of the target, before any rule decides: its status, in a sentence, and the element it is about. */
function whatWasSeen(f: Facts): Seen {
  if (!f.final || f.finalMatches === undefined)
    return { status: 'untraceable', now: `The target cannot be followed through the captures (${f.untraceable}); see what changed around the failure below.`, evidenceRefs: [] };
  const matches = f.finalMatches;
  if (matches.length > 1) {
    // The one the test meant: the one it matched alone before, else the nearest to where it worked.
    const element = f.meant && snapshotIndex(f.final.snapshot).byRef.get(f.meant.entry.ref)
      || (f.traced ? nearMatch(f.traced, f.states, f.diffAt, f.meant, matches)?.entry : undefined);
    return { status: 'ambiguous', now: `It matches ${matches.length} elements now: ${matches.slice(0, 4).map(entry => formatIdentity(entry)).join(', ')}.`, evidenceRefs: matches.map(entry => entry.ref), element };
  }
  if (matches.length === 1) {
    const [entry] = matches;
    return {
      status: entry.state.disabled ? 'disabled' : !entry.state.visible ? 'hidden' : 'present',
      now: `It matches ${formatIdentity(entry)}${entry.state.disabled ? ', which is disabled' : !entry.state.visible ? ', which is not visible' : ''}.`,
      evidenceRefs: [entry.ref],
      element: entry,
    };
  }
  if (f.unlisted)
    return { status: 'hidden', now: `It matches ${f.unlisted === 1 ? 'an element' : `${f.unlisted} elements`} on the live page that no capture shows: not in the accessibility tree, hidden.`, evidenceRefs: [] };
  if (f.nowEntry) {
    const status = f.nowEntry.name !== f.meant!.entry.name ? 'renamed' : f.nowEntry.state.hidden || !f.nowEntry.state.visible ? 'hidden' : 'moved';
    return {
      status,
      now: status === 'renamed' ? `${formatIdentity(f.meant!.entry)} is now named ${JSON.stringify(f.nowEntry.name)}.` : `${formatIdentity(f.meant!.entry)} is still there, but the target no longer matches it.`,
      evidenceRefs: [f.nowEntry.ref],
      element: f.nowEntry,
    };
  }
  const gone = f.gone();
  const now = f.meant ? `${formatIdentity(f.meant.entry)} is gone${gone ? ` since ${gone.capture}` : ''}, and nothing like it is on the page.`
    : f.traced ? 'It never matched anything in this test, and nothing like it is on the page.'
      : `It matches nothing on the live page${f.recorded ? `; when the test last passed it reached ${describeRecorded(f.recorded)}` : ''}.`;
  return { status: f.meant ? 'removed' : 'never there', now, evidenceRefs: f.meant ? [f.meant.entry.ref] : [] };
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

/** "it was button "Save" in form "Profile" when the test last passed (2026-11-20)", or that no passing run is on record. */
function lastPassSentence(lastPass: { passedAt: string; call: LastPassCall } | null): string {
  if (!lastPass)
    return 'No passing run of this test is on record: the verdict rests on this run alone.';
  const date = lastPass.passedAt.slice(0, 10);
  const target = lastPass.call.target;
  return target ? `When the test last passed (${date}), this call reached ${describeRecorded(target)}.`
    : `The test last passed on ${date}; no capture of that run showed this call's element.`;
}

/** The diff lines, between consecutive captures, that mention any of `refs`. */
function evidenceFor(states: RecordedState[], diffAt: DiffAt, refs: string[], secrets: SecretValues | undefined): string[] {
  if (!refs.length)
    return [];
  const wanted = new Set(refs);
  const lines: string[] = [];
  for (let i = Math.max(1, states.length - kMaxDiffedCaptures); i < states.length && lines.length < kMaxEvidence; i++) {
    for (const line of diffLines(diffAt(i), secrets, ref => wanted.has(ref)))
      lines.push(`${states[i].label}: ${line}`);
  }
  return lines.slice(0, kMaxEvidence);
}

/** The failing step's changes: from its start capture (else the capture before the last) to the last. */
function lastChanges(states: RecordedState[], step: string | undefined, diffAt: DiffAt, secrets: SecretValues | undefined): { capture: string; lines: string[] } {
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
  let lines = diffLines(start === states.length - 2 ? diffAt(states.length - 1) : diffSnapshots(states[start].snapshot, final.snapshot, { format: 'full' }), secrets);
  let from = start;
  for (let i = start - 1; !lines.length && i >= 0; i--) {
    lines = diffLines(diffAt(i + 1), secrets);
    from = i;
  }
  const to = lines.length && from < start ? states[from + 1] : final;
  return { capture: `${states[from].label} → ${to.label}`, lines: lines.length > kMaxChangeLines ? [...lines.slice(0, kMaxChangeLines), `… ${lines.length - kMaxChangeLines} more`] : lines };
}

/** The full diff from capture `index - 1` to capture `index`, each computed once per triage. */
function consecutiveDiffs(states: RecordedState[]): DiffAt {
  const diffs: SnapshotDiff[] = [];
  return index => diffs[index] ??= diffSnapshots(states[index - 1].snapshot, states[index].snapshot, { format: 'full' });
}

/** A diff's lines (`+ …`, `- …`, `~ …`), only of the refs `keep` accepts when it is given. */
function diffLines(diff: SnapshotDiff, secrets: SecretValues | undefined, keep: (ref: string) => boolean = () => true): string[] {
  return [
    ...diff.added.filter(entry => keep(entry.ref)).map(formatAddedLine),
    ...diff.removed.filter(entry => keep(entry.ref)).map(entry => `- ${formatIdentity(entry)}`),
    // Masked before a long value is cut to an excerpt (TriageInput.secrets).
    ...diff.changed.filter(change => keep(change.ref)).map(change => formatChangeLine(secrets ? secrets.maskChange(change) : change)),
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
