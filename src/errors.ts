import type { RefProblem, RefProblemMessages } from './isomorphic/protocol';

/**
 * The closed registry of error codes. Every error the library throws is a `StagewrightError`
 * whose message starts with one of these codes, so agents can branch on it.
 */
export const ErrorCode = {
  REF_NOT_FOUND: 'REF_NOT_FOUND',
  REF_STALE: 'REF_STALE',
  SNAPSHOT_FAILED: 'SNAPSHOT_FAILED',
  FRAME_UNREACHABLE: 'FRAME_UNREACHABLE',
  PAGE_CLOSED: 'PAGE_CLOSED',
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  EXPECTATION_FAILED: 'EXPECTATION_FAILED',
} as const;
export type ErrorCode = typeof ErrorCode[keyof typeof ErrorCode];

interface CodeDefaults { hint: string; retryable: boolean; nextActions: string[] }

const kDefaults: Record<ErrorCode, CodeDefaults> = {
  REF_NOT_FOUND: {
    hint: 'No element with this ref was issued on this page.',
    retryable: false,
    nextActions: ['Take a fresh snapshot with sw.snapshot() and use a ref from it', 'Use sw.find({ role, name }) to look the element up'],
  },
  REF_STALE: {
    hint: 'The ref belongs to an earlier document: the page navigated or reloaded since. Take a fresh snapshot.',
    retryable: true,
    nextActions: ['Take a fresh snapshot with sw.snapshot() and use a ref from it'],
  },
  SNAPSHOT_FAILED: {
    hint: 'The page could not be snapshotted.',
    retryable: true,
    nextActions: ['Wait for the page to settle and snapshot again'],
  },
  FRAME_UNREACHABLE: {
    hint: 'A frame could not be reached; it may have detached or navigated.',
    retryable: true,
    nextActions: ['Snapshot again once the frame has loaded'],
  },
  PAGE_CLOSED: {
    hint: 'The page is closed.',
    retryable: false,
    nextActions: ['Use sw.forPage(page) with an open page'],
  },
  INVALID_ARGUMENT: {
    hint: 'An argument has the wrong type or value.',
    retryable: false,
    nextActions: ['Check the call against the API in the README'],
  },
  EXPECTATION_FAILED: {
    hint: 'The expected condition did not hold before the timeout.',
    retryable: true,
    nextActions: ['Take a fresh snapshot to see the page as it is now'],
  },
};

export interface StagewrightErrorOptions {
  hint?: string;
  retryable?: boolean;
  nextActions?: string[];
  similarRefs?: string[];
  cause?: unknown;
}

export class StagewrightError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  readonly retryable: boolean;
  readonly nextActions: string[];
  readonly similarRefs: string[];

  constructor(code: ErrorCode, message: string, options: StagewrightErrorOptions = {}) {
    const defaults = kDefaults[code];
    const hint = options.hint ?? defaults.hint;
    const nextActions = options.nextActions ?? defaults.nextActions;
    const similarRefs = options.similarRefs ?? [];
    super(formatErrorMessage(code, message, hint, similarRefs, nextActions), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StagewrightError';
    this.code = code;
    this.hint = hint;
    this.retryable = options.retryable ?? defaults.retryable;
    this.nextActions = nextActions;
    this.similarRefs = similarRefs;
  }
}

function formatErrorMessage(code: ErrorCode, message: string, hint: string, similarRefs: string[], nextActions: string[]): string {
  const lines = [`${code}: ${message}`, `Hint: ${hint}`];
  if (similarRefs.length) {
    lines.push('Similar refs:');
    for (const line of similarRefs)
      lines.push(`  ${line}`);
  }
  if (nextActions.length) {
    lines.push('Next steps:');
    for (const action of nextActions)
      lines.push(`  - ${action}`);
  }
  return lines.join('\n');
}

/** The first line of an error's message (or of what was thrown): what a one-line report quotes. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/**
 * The sentence of a problem the page's ref engine reports (a code and its data: the page writes
 * no prose), after the code.
 * @internal
 */
export function refProblemSentence(problem: RefProblem): string {
  switch (problem.reason) {
    case 'not-issued':
      return `ref ${problem.ref} was not issued in this document: the page navigated or reloaded since it was taken. Take a fresh snapshot.`;
    case 'gone':
      return `the element of ref ${problem.ref} has left the page (removed from the document). Take a fresh snapshot and locate it again.`;
  }
}

/**
 * The messages the `sw-ref` selector engine fails with, one per reason: `<code>: <sentence>` cut
 * around the ref, which the page puts between. An action on a ref's locator fails with it as
 * Playwright reports it, so the message is the error's first line with no hint or next steps.
 * @internal
 */
export function refProblemMessages(): RefProblemMessages {
  const message = (reason: RefProblem['reason']): [string, string] => {
    const marker = '\u0000';
    const problem: RefProblem = { code: 'REF_STALE', reason, ref: marker };
    const [before, after] = `${problem.code}: ${refProblemSentence(problem)}`.split(marker);
    return [before, after];
  };
  return { 'not-issued': message('not-issued'), 'gone': message('gone') };
}

/**
 * The error of a ref problem the page reported, about `subject` (`No element for …`).
 * @internal
 */
export function refProblemError(problem: RefProblem, subject: string, options: StagewrightErrorOptions = {}): StagewrightError {
  return new StagewrightError(problem.code, `${subject}: ${refProblemSentence(problem)}`, options);
}
