// Entry queries (`find` in docs/api.md, The fixture object) and the filters that shape what a
// snapshot returns.

import type { EntryQuery, EntryState, Snapshot, SnapshotEntry } from '../isomorphic/types';
import { kAriaRoleNames } from '../isomorphic/roles';
import { closestKey, describeKey, describeValue, isPlainObject, unknownKeysHint } from './describe';

/** Every role a query can ask for (EntryRole): the walk gives no entry any other. */
export const kEntryRoles: readonly string[] = [...kAriaRoleNames, 'iframe'];

export const kQueryKeys = ['role', 'name', 'exact', 'state', 'interactive', 'ref'] as const satisfies readonly (keyof EntryQuery)[];

interface FieldRule { accepts: (value: unknown) => boolean; expected: string }
const kBoolean: FieldRule = { accepts: value => typeof value === 'boolean', expected: 'a boolean' };
const kBooleanOrMixed: FieldRule = { accepts: value => typeof value === 'boolean' || value === 'mixed', expected: "a boolean or 'mixed'" };
const kBooleanOrString: FieldRule = { accepts: value => typeof value === 'boolean' || typeof value === 'string', expected: 'a boolean or a string' };

/** Every EntryState field and the values it can hold: the type makes a new field add a rule here. */
const kStateRules: { [K in keyof Required<EntryState>]: FieldRule } = {
  disabled: kBoolean, checked: kBooleanOrMixed, pressed: kBooleanOrMixed, expanded: kBoolean,
  selected: kBoolean, focused: kBoolean, required: kBoolean, readonly: kBoolean,
  invalid: kBooleanOrString, hidden: kBoolean, inert: kBoolean,
  cursor: { accepts: value => value === 'pointer', expected: "'pointer'" },
  level: { accepts: value => Number.isInteger(value), expected: 'an integer' },
  haspopup: kBooleanOrString,
  sort: { accepts: value => value === 'ascending' || value === 'descending' || value === 'other', expected: "'ascending', 'descending' or 'other'" },
  visible: kBoolean,
};

/**
 * What is wrong with `query` as an EntryQuery, as the sentence an INVALID_ARGUMENT error says,
 * or undefined when nothing is. `caller` names the call (`toHaveEntry`, `sw.find`); `known` the
 * fields it takes (all of EntryQuery's unless said). The one check behind `sw.find` and every
 * matcher: a typo (`{ rol: 'button' }`) must not read as "any entry", nor as "no entry" after a
 * timeout.
 */
export function queryProblem(query: unknown, caller: string, known: readonly string[] = kQueryKeys): string | undefined {
  if (!isPlainObject(query))
    return `${caller}() takes an EntryQuery object like { role: 'button', name: 'Save' }, got ${describeValue(query)}.`;
  const unknown = Object.keys(query).filter(key => !known.includes(key));
  if (unknown.length)
    return `${caller}() got unknown query fields: ${unknown.map(describeKey).join(', ')}. ${unknownKeysHint(unknown, known)}`;
  const { role, name, exact, state, interactive, ref } = query as EntryQuery;
  for (const [key, value] of [['role', role], ['ref', ref]] as const) {
    if (value !== undefined && typeof value !== 'string')
      return `${caller}(): ${key} must be a string, got ${describeValue(value)}.`;
  }
  if (role !== undefined && !kEntryRoles.includes(role))
    return `${caller}(): unknown role '${describeKey(role)}'. ${unknownRoleHint(role)}`;
  if (name !== undefined && typeof name !== 'string' && !(name instanceof RegExp))
    return `${caller}(): name must be a string or a RegExp, got ${describeValue(name)}.`;
  for (const [key, value] of [['exact', exact], ['interactive', interactive]] as const) {
    if (value !== undefined && typeof value !== 'boolean')
      return `${caller}(): ${key} must be a boolean, got ${describeValue(value)}.`;
  }
  if (state === undefined)
    return undefined;
  if (!isPlainObject(state))
    return `${caller}(): state must be an object of EntryState fields like { disabled: true }, got ${describeValue(state)}.`;
  const unknownStates = Object.keys(state).filter(key => !Object.hasOwn(kStateRules, key));
  if (unknownStates.length)
    return `${caller}() got unknown state fields: ${unknownStates.map(describeKey).join(', ')}. ${unknownKeysHint(unknownStates, Object.keys(kStateRules))}`;
  for (const [key, value] of Object.entries(state)) {
    const rule = kStateRules[key as keyof EntryState];
    if (value !== undefined && !rule.accepts(value))
      return `${caller}(): state.${key} must be ${rule.expected}, got ${describeValue(value)}.`;
  }
  return undefined;
}

/** A guess for an unknown role (`'buton'`: did you mean 'button'?), else where the roles are listed. */
function unknownRoleHint(role: string): string {
  const guess = closestKey(role, kEntryRoles);
  if (guess !== undefined)
    return `Did you mean '${guess}'?`;
  return 'Roles are the WAI-ARIA roles (https://www.w3.org/TR/wai-aria-1.2/#role_definitions) and iframe, as a snapshot prints them.';
}

/**
 * Tests `pattern` on each of `inputs`, in order. A query's RegExp is the caller's code, and one
 * can backtrack for seconds on one name: Node-side callers pass a runner that a timeout can stop
 * (src/api/boundedRegExp.ts). Matching names in one call per query, not per entry, keeps the
 * cost of such a runner to one call.
 */
export type RegExpRunner = (pattern: RegExp, inputs: readonly string[]) => boolean[];

/** Runs in this thread with no bound: for patterns that come from the code of the test itself, or from recorded data. */
export const runRegExpUnbounded: RegExpRunner = (pattern, inputs) => inputs.map(input => {
  pattern.lastIndex = 0;
  return pattern.test(input);
});

/** Entries matching `query`, in document order. */
export function findEntries(snapshot: Snapshot, query: EntryQuery, runRegExp: RegExpRunner = runRegExpUnbounded): SnapshotEntry[] {
  return matchAll(snapshot.entries, query, entry => matchesAllButName(entry, query), nameOrText, runRegExp);
}

/**
 * Like Playwright's `getByRole`: a string name matches case-insensitively as a substring unless
 * `exact`. An entry without a name (an alert, a status, a paragraph) is matched on its text.
 */
export function matchesQuery(entry: SnapshotEntry, query: EntryQuery, runRegExp: RegExpRunner = runRegExpUnbounded): boolean {
  return matchAll([entry], query, item => matchesAllButName(item, query), nameOrText, runRegExp).length === 1;
}

/**
 * The items `query` matches: `others` checks every field but the name; the name, of the items
 * that pass, is tested last — a RegExp in one call of `runRegExp` over all of them.
 */
export function matchAll<T>(items: readonly T[], query: EntryQuery, others: (item: T) => boolean, nameOf: (item: T) => string, runRegExp: RegExpRunner = runRegExpUnbounded): T[] {
  const candidates = items.filter(others);
  const name = query.name;
  if (name === undefined || !candidates.length)
    return candidates;
  if (typeof name === 'string')
    return candidates.filter(item => matchesName(nameOf(item), name, !!query.exact));
  const matched = runRegExp(name, candidates.map(nameOf));
  return candidates.filter((_, index) => matched[index]);
}

// Live regions, paragraphs and the like have no name but their text: match what the user reads.
function nameOrText(entry: SnapshotEntry): string {
  return entry.name || entry.text || '';
}

/** Every field of `query` but the name (see matchAll). */
export function matchesAllButName(entry: SnapshotEntry, query: EntryQuery): boolean {
  if (query.ref !== undefined && entry.ref !== query.ref)
    return false;
  if (query.role !== undefined && entry.role !== query.role)
    return false;
  if (query.interactive !== undefined && entry.interactive !== query.interactive)
    return false;
  if (query.state !== undefined && !matchesState(entry.state, query.state))
    return false;
  return true;
}

/** A name against a query's name; a RegExp runs unbounded here (see RegExpRunner). */
export function matchesName(name: string, expected: string | RegExp, exact: boolean): boolean {
  if (typeof expected !== 'string')
    return runRegExpUnbounded(expected, [name])[0];
  const normalizedName = normalizeWhitespace(name);
  const normalizedExpected = normalizeWhitespace(expected);
  if (exact)
    return normalizedName === normalizedExpected;
  return normalizedName.toLowerCase().includes(normalizedExpected.toLowerCase());
}

function matchesState(state: EntryState, expected: Partial<EntryState>): boolean {
  for (const [key, value] of Object.entries(expected) as [keyof EntryState, unknown][]) {
    if (value === undefined)
      continue;
    const actual = state[key];
    // An absent boolean flag reads as false: { disabled: false } matches an enabled button.
    if (typeof value === 'boolean' && actual === undefined ? value !== false : actual !== value)
      return false;
  }
  return true;
}

export function normalizeWhitespace(text: string): string {
  // Names from the page are normalized already: most need no copy.
  return kNeedsNormalizing.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** Whitespace other than a single space between other characters. */
const kNeedsNormalizing = /[^\S ]|  |^ | $/;

/**
 * Keeps the entries `keep` accepts; kept entries whose parent was dropped hang from their
 * nearest kept ancestor, so the text keeps its shape.
 */
export function filterEntries(entries: readonly SnapshotEntry[], keep: (entry: SnapshotEntry) => boolean): SnapshotEntry[] {
  const byRef = new Map(entries.map(entry => [entry.ref, entry]));
  const kept = new Set<string>();
  const result: SnapshotEntry[] = [];
  for (const entry of entries) {
    if (!keep(entry))
      continue;
    kept.add(entry.ref);
    let parent = entry.parent;
    while (parent !== null && !kept.has(parent))
      parent = byRef.get(parent)?.parent ?? null;
    result.push(parent === entry.parent ? entry : { ...entry, parent });
  }
  return result;
}
