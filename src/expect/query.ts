import { queryProblem } from '../snapshot/query';
import type { EntryQuery } from '../isomorphic/types';
import { StagewrightError } from '../errors';

/**
 * Queries are checked before polling: a typo must not read as "no entry" after a timeout. The
 * rules are `queryProblem`'s (src/snapshot/query.ts), which `sw.find` checks too.
 */
export function validateQuery(query: unknown, matcherName: string, known?: readonly string[]): asserts query is EntryQuery {
  const problem = queryProblem(query, matcherName, known);
  if (problem !== undefined)
    throw new StagewrightError('INVALID_ARGUMENT', problem);
}
