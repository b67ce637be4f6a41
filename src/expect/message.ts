// One failure-message formatter for every matcher (docs/api.md, Matchers): the header,
// a line starting with the code, a one-line hint, aligned Expected/Received/Timeout lines, the
// similar refs as snapshot lines, and concrete next steps. Built lazily, only on failure.

import { ErrorCode } from '../errors';

/** One failure of one matcher, as the matcher words it. */
export interface Failure {
  code: ErrorCode;
  /** After the code: what went wrong, in one line. */
  summary: string;
  hint: string;
  expected: string;
  received: string;
  similarRefs: string[];
  nextActions: string[];
}

export interface FailureDetails extends Failure {
  matcherName: string;
  isNot: boolean;
  /** Set when the poll timed out. */
  timeout?: number;
}

export function formatFailure(details: FailureDetails): string {
  const lines = [
    `expect(stagewright)${details.isNot ? '.not' : ''}.${details.matcherName}(expected) failed`,
    '',
    `${details.code}: ${details.summary}`,
    `Hint: ${details.hint}`,
    '',
    `Expected: ${details.isNot ? 'not ' : ''}${details.expected}`,
    `Received: ${details.received}`,
  ];
  if (details.timeout !== undefined)
    lines.push(`Timeout:  ${details.timeout}ms`);
  if (details.similarRefs.length) {
    lines.push('', 'Similar refs:');
    for (const line of details.similarRefs.slice(0, 5))
      lines.push(`  - ${line}`);
  }
  if (details.nextActions.length) {
    lines.push('', 'Next steps:');
    for (const action of details.nextActions)
      lines.push(`  - ${action}`);
  }
  return lines.join('\n');
}
