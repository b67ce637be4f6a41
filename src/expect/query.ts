import type { EntryQuery } from '../snapshot/types';
import { StagewrightError } from './errors';

const kQueryKeys = new Set(['role', 'name', 'exact', 'state', 'interactive', 'ref']);

/** Queries are checked before polling: a typo must not read as "no entry" after a timeout. */
export function validateQuery(query: unknown, matcherName: string): asserts query is EntryQuery {
  if (!query || typeof query !== 'object' || Array.isArray(query))
    throw new StagewrightError('INVALID_ARGUMENT', `${matcherName}() takes an EntryQuery object like { role: 'button', name: 'Save' }, got ${JSON.stringify(query)}.`);
  const unknown = Object.keys(query).filter(key => !kQueryKeys.has(key));
  if (unknown.length)
    throw new StagewrightError('INVALID_ARGUMENT', `${matcherName}() got unknown query fields: ${unknown.join(', ')}. Known: ${[...kQueryKeys].join(', ')}.`);
  const { name } = query as EntryQuery;
  if (name !== undefined && typeof name !== 'string' && !(name instanceof RegExp))
    throw new StagewrightError('INVALID_ARGUMENT', `${matcherName}(): name must be a string or a RegExp, got ${JSON.stringify(name)}.`);
}
