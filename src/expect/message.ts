// A matcher's failure, worded by the matcher and written by the one formatter every error of
// stagewright shares (`formatMessage` in src/errors.ts; docs/api.md, Matchers). Built lazily,
// only on failure.

import { formatMessage, type ErrorCode } from '../errors';

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
  return formatMessage({
    header: `expect(stagewright)${details.isNot ? '.not' : ''}.${details.matcherName}(expected) failed`,
    code: details.code,
    summary: details.summary,
    hint: details.hint,
    expected: `${details.isNot ? 'not ' : ''}${details.expected}`,
    received: details.received,
    timeout: details.timeout,
    similarRefs: details.similarRefs.slice(0, 5),
    nextActions: details.nextActions,
  });
}
