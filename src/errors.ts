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
  UNSUPPORTED_PLAYWRIGHT: 'UNSUPPORTED_PLAYWRIGHT',
  INCREMENTAL_MISMATCH: 'INCREMENTAL_MISMATCH',
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
  UNSUPPORTED_PLAYWRIGHT: {
    hint: 'This version of @playwright/test lacks something stagewright relies on.',
    retryable: false,
    nextActions: ['Use a version of @playwright/test that `npm run test:compat` lists as passing (docs/contributing.md → Compatibility)'],
  },
  INCREMENTAL_MISMATCH: {
    hint: 'A shortcut of a capture gave what a full walk does not: a bug in stagewright (only checked under STAGEWRIGHT_VERIFY_INCREMENTAL=1).',
    retryable: false,
    nextActions: ['Report the page and the difference named; unset STAGEWRIGHT_VERIFY_INCREMENTAL to go on meanwhile'],
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
    super(formatMessage({ code, summary: message, hint, similarRefs, nextActions }), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StagewrightError';
    this.code = code;
    this.hint = hint;
    this.retryable = options.retryable ?? defaults.retryable;
    this.nextActions = nextActions;
    this.similarRefs = similarRefs;
  }
}

/** The parts of a message, as every error and matcher failure of stagewright words them. */
export interface MessageParts {
  /** A matcher's header: `expect(stagewright).toHaveEntry(expected) failed`. */
  header?: string;
  code: ErrorCode;
  /** After the code: what went wrong, in one line. */
  summary: string;
  hint: string;
  expected?: string;
  received?: string;
  /** Milliseconds, when a poll timed out. */
  timeout?: number;
  /** Snapshot lines of the entries the caller most likely meant. */
  similarRefs: string[];
  nextActions: string[];
}

/**
 * The one message shape (in the style of Playwright's own matcher messages): the header, the
 * line starting with the code, a one-line hint, the aligned Expected / Received / Timeout lines,
 * the similar refs and the next steps, each block after a blank line.
 */
export function formatMessage(parts: MessageParts): string {
  const blocks: string[][] = [];
  if (parts.header)
    blocks.push([parts.header]);
  blocks.push([`${parts.code}: ${parts.summary}`, `Hint: ${parts.hint}`]);
  const values: string[] = [];
  if (parts.expected !== undefined)
    values.push(`Expected: ${parts.expected}`);
  if (parts.received !== undefined)
    values.push(`Received: ${parts.received}`);
  if (parts.timeout !== undefined)
    values.push(`Timeout:  ${parts.timeout}ms`);
  if (values.length)
    blocks.push(values);
  if (parts.similarRefs.length)
    blocks.push(['Similar refs:', ...parts.similarRefs.map(line => `  - ${line}`)]);
  if (parts.nextActions.length)
    blocks.push(['Next steps:', ...parts.nextActions.map(action => `  - ${action}`)]);
  return blocks.map(block => block.join('\n')).join('\n\n');
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
