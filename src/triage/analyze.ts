// Triage of a failed test (README: Triage): what the failing target matched at each capture of
// the test, what became of it, a verdict — the test looks out of date, the app looks broken, or
// cannot tell — and replacement locators proven on every capture. Report only: nothing here can
// change a test's outcome.

import { diffSnapshots } from '../snapshot/diff';
import { formatAddedLine, formatChangeLine, formatIdentity } from '../snapshot/format';
import { findEntries } from '../snapshot/query';
import type { Snapshot, SnapshotDiff, SnapshotEntry } from '../isomorphic/types';
import { candidatesFor, proveCandidate, type RecordedState } from '../locators/candidates';
import { evaluateLocator, snapshotIndex } from '../locators/evaluate';
import { errorText, type TriageTarget } from './target';

export type TargetStatus = 'renamed' | 'moved' | 'hidden' | 'disabled' | 'removed' | 'ambiguous' | 'never there' | 'present' | 'untraceable' | 'unknown';
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
  /** What the failing step changed (the last step when the target cannot be traced). */
  lastChanges: { capture: string; lines: string[] };
}

export interface TriageInput {
  error: string;
  step?: string;
  target: TriageTarget;
  /** The recorded captures, oldest first; the last one is the failure capture. */
  states: RecordedState[];
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
  const problems = final ? problemsShown(final) : [];
  if (input.target.kind === 'none' || (input.target.kind === 'locator' && input.target.parsed.kind === 'untraceable') || !final) {
    report.target.reason = !final ? 'nothing was captured in this test'
      : input.target.kind === 'none' ? 'the error names no locator or query'
        : input.target.kind === 'locator' && input.target.parsed.kind === 'untraceable' ? `it cannot be traced: ${input.target.parsed.reason}` : '';
    report.status = 'untraceable';
    report.now = `The target cannot be followed through the captures (${report.target.reason}); see what changed around the failure below.`;
    report.verdict = problems.length ? 'app broken' : 'cannot tell';
    report.reason = problems.length ? `the page shows a problem: ${problems.join('; ')}` : 'the target cannot be traced, and the page shows no error';
    return report;
  }
  report.target.traceable = true;
  const match = matcher(input.target);
  const matchesAt = states.map(state => match(state.snapshot));
  report.history = states.map((state, i) => {
    const shown = matchesAt[i].slice(0, kMaxShownMatches).map(entry => formatIdentity(entry));
    return { capture: state.label, matched: matchesAt[i].length > kMaxShownMatches ? [...shown, `… ${matchesAt[i].length - kMaxShownMatches} more`] : shown };
  });
  const finalMatches = matchesAt[states.length - 1];
  // The element the target meant: the one it matched alone last.
  let meant: { state: RecordedState; entry: SnapshotEntry } | undefined;
  states.forEach((state, i) => {
    if (matchesAt[i].length === 1)
      meant = { state, entry: matchesAt[i][0] };
  });
  const nowEntry = meant && snapshotIndex(final.snapshot).byRef.get(meant.entry.ref);
  let replacementFound: { entry?: SnapshotEntry } | undefined;
  const replacement = () => (replacementFound ??= { entry: likelyReplacement(input.target, states, diffAt, meant) }).entry;

  if (finalMatches.length > 1) {
    report.status = 'ambiguous';
    report.now = `It matches ${finalMatches.length} elements now: ${finalMatches.slice(0, 4).map(entry => formatIdentity(entry)).join(', ')}.`;
    report.evidence = evidenceFor(states, diffAt, finalMatches.map(entry => entry.ref));
    report.verdict = 'out of date';
    report.reason = meant ? `the page now has more than one such element; the test meant ${formatIdentity(meant.entry)}, which is still there` : 'the locator is not specific enough for the page';
  } else if (finalMatches.length === 1) {
    const entry = finalMatches[0];
    report.status = entry.state.disabled ? 'disabled' : !entry.state.visible ? 'hidden' : 'present';
    report.now = `It matches ${formatIdentity(entry)}${entry.state.disabled ? ', which is disabled' : !entry.state.visible ? ', which is not visible' : ''}.`;
    report.evidence = evidenceFor(states, diffAt, [entry.ref]);
    report.verdict = problems.length || entry.state.disabled ? 'app broken' : 'cannot tell';
    report.reason = problems.length ? `the page shows a problem: ${problems.join('; ')}`
      : entry.state.disabled ? 'the element is there but disabled' : 'the element is there: the failure is about something else (its text, its state, or timing)';
  } else if (nowEntry) {
    report.status = nowEntry.name !== meant!.entry.name ? 'renamed' : nowEntry.state.hidden || !nowEntry.state.visible ? 'hidden' : 'moved';
    report.now = report.status === 'renamed' ? `${formatIdentity(meant!.entry)} is now named ${JSON.stringify(nowEntry.name)}.` : `${formatIdentity(meant!.entry)} is still there, but the target no longer matches it.`;
    report.evidence = evidenceFor(states, diffAt, [nowEntry.ref]);
    report.verdict = problems.length ? 'app broken' : 'out of date';
    report.reason = problems.length ? `the page shows a problem: ${problems.join('; ')}` : `the element is there under another ${report.status === 'renamed' ? 'name' : 'description'}, and the page shows no error`;
  } else {
    const standIn = replacement();
    report.status = meant ? (standIn ? 'renamed' : 'removed') : 'never there';
    report.evidence = evidenceFor(states, diffAt, [meant?.entry.ref, standIn?.ref].filter((ref): ref is string => !!ref));
    if (standIn) {
      report.now = `${meant ? `${formatIdentity(meant.entry)} is gone; ` : 'It never matched anything in this test; '}${formatIdentity(standIn)} stands where it would be.`;
      report.verdict = problems.length ? 'app broken' : 'out of date';
      report.reason = problems.length ? `the page shows a problem: ${problems.join('; ')}` : `${formatIdentity(standIn)} is there in its place and the page shows no error`;
    } else {
      report.now = meant ? `${formatIdentity(meant.entry)} is gone, and nothing like it is on the page.` : 'It never matched anything in this test, and nothing like it is on the page.';
      // Gone is the app's doing; never there may as well be the test's.
      report.verdict = problems.length || meant ? 'app broken' : 'cannot tell';
      report.reason = problems.length ? `the page shows a problem: ${problems.join('; ')}`
        : meant ? 'the element is gone and nothing replaces it' : 'it never matched in this test, nothing like it is on the page, and the page shows no error';
    }
  }
  const suggested = report.status === 'renamed' || report.status === 'never there' || report.status === 'removed'
    ? replacement() ?? nowEntry
    : nowEntry;
  if (suggested)
    report.suggestions = proveSuggestions(suggested, final, states);
  return report;
}

/** The entries a target matches in a snapshot. */
function matcher(target: Exclude<TriageTarget, { kind: 'none' }>): (snapshot: Snapshot) => SnapshotEntry[] {
  if (target.kind === 'query')
    return snapshot => findEntries(snapshot, target.query);
  const steps = target.parsed.kind === 'steps' ? target.parsed.steps : [];
  return snapshot => {
    const refs = new Set(evaluateLocator(steps, snapshot).refs);
    return snapshot.entries.filter(entry => refs.has(entry.ref));
  };
}

/** Role of what the target looks for, when it says one. */
function targetRole(target: TriageTarget): string | undefined {
  if (target.kind === 'query')
    return target.query.role;
  if (target.kind === 'locator' && target.parsed.kind === 'steps') {
    const last = [...target.parsed.steps].reverse().find(step => step.kind === 'role');
    return last?.kind === 'role' ? last.role : undefined;
  }
  return undefined;
}

/**
 * An element of the final state that stands where the target's element would: the same role,
 * under the same named container — the one the element was in, or, when the target never matched,
 * the one the test has been working in (where the recorded diffs changed values and states) —
 * and the only such candidate there.
 */
function likelyReplacement(target: TriageTarget, states: RecordedState[], diffAt: DiffAt, meant?: { state: RecordedState; entry: SnapshotEntry }): SnapshotEntry | undefined {
  const role = meant?.entry.role ?? targetRole(target);
  const final = states[states.length - 1].snapshot;
  if (!role)
    return undefined;
  const containers = meant ? [namedContainer(meant.entry, meant.state.snapshot)].filter(c => c !== undefined) : workingContainers(states, diffAt);
  const sameRole = snapshotIndex(final).byRole.get(role) ?? [];
  for (const container of containers) {
    const inside = sameRole.filter(entry => !entry.state.hidden && namedContainer(entry, final)?.fingerprint === container.fingerprint);
    const fresh = meant ? inside.filter(entry => !snapshotIndex(meant.state.snapshot).byRef.has(entry.ref)) : inside;
    const candidates = fresh.length ? fresh : inside;
    if (candidates.length === 1)
      return candidates[0];
  }
  return undefined;
}

const kContainerRoles = new Set(['form', 'region', 'dialog', 'alertdialog', 'navigation', 'main', 'banner', 'contentinfo', 'complementary', 'search', 'group', 'tabpanel', 'menu', 'list', 'table', 'grid']);

function namedContainer(entry: SnapshotEntry, snapshot: Snapshot): SnapshotEntry | undefined {
  const { byRef } = snapshotIndex(snapshot);
  for (let parent = entry.parent ? byRef.get(entry.parent) : undefined; parent; parent = parent.parent ? byRef.get(parent.parent) : undefined) {
    if (parent.name && kContainerRoles.has(parent.role))
      return parent;
  }
  return undefined;
}

/** The named containers where the test changed things (values, states), most recent first. */
function workingContainers(states: RecordedState[], diffAt: DiffAt): SnapshotEntry[] {
  const containers: SnapshotEntry[] = [];
  for (let i = states.length - 1; i > Math.max(0, states.length - 1 - kMaxDiffedCaptures); i--) {
    for (const change of diffAt(i).changed) {
      const container = change.curr && namedContainer(change.curr, states[i].snapshot);
      if (container && !containers.some(c => c.fingerprint === container.fingerprint))
        containers.push(container);
    }
  }
  return containers;
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

/** Locators for `entry` proven on every recorded state where its ref exists. */
function proveSuggestions(entry: SnapshotEntry, final: RecordedState, states: RecordedState[]): TriageReport['suggestions'] {
  const suggestions: TriageReport['suggestions'] = [];
  const stateWithEntry = [...states].reverse().find(state => state.snapshot.entries.some(e => e.ref === entry.ref)) ?? final;
  for (const candidate of candidatesFor(entry, stateWithEntry.snapshot, stateWithEntry.attributesOf)) {
    const proof = proveCandidate(candidate, entry.ref, states);
    if (proof.failedAt || !proof.checkedAgainst.length)
      continue;
    suggestions.push({ code: `page.${candidate.code}`, checkedAgainst: proof.checkedAgainst, warnings: candidate.warning ? [candidate.warning] : [] });
    if (suggestions.length === kMaxSuggestions || !candidate.warning && suggestions.length === 2)
      break;
  }
  return suggestions;
}
