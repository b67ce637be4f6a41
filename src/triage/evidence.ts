// What a test leaves for its triage and for its record, as data: the calls it made on elements
// and what each reached, what the last passing run kept of them, what the live page showed after
// the failure, and how captures are numbered. Pure types and one reader, shared by the files that
// gather the evidence (actionLog.ts, onFailure.ts), keep it (lastPass.ts) and decide on it
// (rules.ts, analyze.ts), so that none of them imports another.

import type { RecordedState } from '../locators/candidates';
import type { SecretValues } from '../snapshot/secretValues';
import type { TriageTarget } from './target';

/** An action of the test on an element (a click, a fill…): who removed an element is read from them. */
export interface TestAction {
  /** `getByRole('button', { name: 'Delete' })`, as Playwright prints the locator. */
  locator: string;
  /** What it did: `click`, `fill`… */
  method: string;
  /** The number of the last capture taken before it (0 when none was). */
  afterCapture: number;
}

/** A call of the test on an element (an action or a web-first assertion), where the user made it: what the last passing run keeps. */
export interface TestCall {
  /** `click`, `fill`, `expect`… */
  method: string;
  /** The locator, as Playwright prints it. */
  locator: string;
  location?: { file: string; line: number; column: number };
  step?: string;
  /** The number of captures taken before it. */
  afterCapture: number;
  /** A negated assertion, or one that the element be gone: no target to keep. */
  absent: boolean;
  /**
   * The element Playwright resolved the locator to when the call ended: the page it was on (the
   * page object, compared by identity) and the ref the captures gave it ('' when none did).
   * Absent when the call's end was not seen, or its locator matched no element or several then.
   */
  reached?: { page: object; ref: string };
}

/** The number a capture's label starts with (`003 save (start)` → 3), 0 for none. */
export function captureNumber(label: string): number {
  return parseInt(label, 10) || 0;
}

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
  /**
   * Which of the elements of its role and name it was in its nearest named place (`place`: its
   * index in `places`; -1 for the page): the one a reader finds again when only a test id, a class
   * or the markup around it changed.
   */
  among?: { place: number; index: number; count: number };
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

export type TargetStatus = 'renamed' | 'moved' | 'hidden' | 'disabled' | 'removed' | 'removed by the test' | 'ambiguous' | 'never there' | 'present' | 'still there' | 'untraceable' | 'unknown';
export type Verdict = 'out of date' | 'app broken' | 'cannot tell';

/** What Playwright saw on the live page after the failure. */
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
  /** The server answered the page's last document with an error (500 or more), in words. */
  serverError?: string;
  /**
   * For a target a snapshot cannot evaluate (CSS, XPath): the refs of the elements Playwright
   * resolves it to on the live page ('' for one no capture named: not in the accessibility tree).
   * Undefined when it could not be asked.
   */
  matched?: string[];
}

export interface TriageInput {
  error: string;
  step?: string;
  target: TriageTarget;
  /** The recorded captures, oldest first; the last one is the failure capture. */
  states: RecordedState[];
  /**
   * The test's actions on elements, as locator source, each with the number of the last capture
   * taken before it: who removed an element is read from them. Undefined when they were not recorded.
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
  /** What Playwright saw on the live page after the failure. */
  live?: LiveEvidence;
  /**
   * The secret values the test saw. A capture taken before a value was known to be secret holds it
   * unmasked; the report's text is masked afterwards, but a long value's change prints as an
   * excerpt, which may cut a secret in two: each change is masked whole before it is printed.
   */
  secrets?: SecretValues;
}
