// Entry queries (API.md `EntryQuery`) and the filters that shape what a snapshot returns.

import type { EntryQuery, EntryState, Snapshot, SnapshotEntry } from '../isomorphic/types';

const kQueryKeys = ['role', 'name', 'exact', 'state', 'interactive', 'ref'] as const satisfies readonly (keyof EntryQuery)[];

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
 * or undefined when nothing is. `caller` names the call (`toHaveEntry`, `sw.find`). The one check
 * behind `sw.find` and every matcher: a typo (`{ rol: 'button' }`) must not read as "any entry",
 * nor as "no entry" after a timeout.
 */
export function queryProblem(query: unknown, caller: string): string | undefined {
  if (!isPlainObject(query))
    return `${caller}() takes an EntryQuery object like { role: 'button', name: 'Save' }, got ${describe(query)}.`;
  const unknown = Object.keys(query).filter(key => !(kQueryKeys as readonly string[]).includes(key));
  if (unknown.length)
    return `${caller}() got unknown query fields: ${unknown.join(', ')}. Known: ${kQueryKeys.join(', ')}.`;
  const { role, name, exact, state, interactive, ref } = query as EntryQuery;
  for (const [key, value] of [['role', role], ['ref', ref]] as const) {
    if (value !== undefined && typeof value !== 'string')
      return `${caller}(): ${key} must be a string, got ${describe(value)}.`;
  }
  if (name !== undefined && typeof name !== 'string' && !(name instanceof RegExp))
    return `${caller}(): name must be a string or a RegExp, got ${describe(name)}.`;
  for (const [key, value] of [['exact', exact], ['interactive', interactive]] as const) {
    if (value !== undefined && typeof value !== 'boolean')
      return `${caller}(): ${key} must be a boolean, got ${describe(value)}.`;
  }
  if (state === undefined)
    return undefined;
  if (!isPlainObject(state))
    return `${caller}(): state must be an object of EntryState fields like { disabled: true }, got ${describe(state)}.`;
  const unknownStates = Object.keys(state).filter(key => !Object.hasOwn(kStateRules, key));
  if (unknownStates.length)
    return `${caller}() got unknown state fields: ${unknownStates.join(', ')}. Known: ${Object.keys(kStateRules).join(', ')}.`;
  for (const [key, value] of Object.entries(state)) {
    const rule = kStateRules[key as keyof EntryState];
    if (value !== undefined && !rule.accepts(value))
      return `${caller}(): state.${key} must be ${rule.expected}, got ${describe(value)}.`;
  }
  return undefined;
}

function isPlainObject(value: unknown): value is object {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RegExp);
}

function describe(value: unknown): string {
  if (value instanceof RegExp || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    return String(value);
  try {
    return value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value); // Circular, like a Page passed by mistake.
  }
}

/** Entries matching `query`, in document order. */
export function findEntries(snapshot: Snapshot, query: EntryQuery): SnapshotEntry[] {
  return snapshot.entries.filter(entry => matchesQuery(entry, query));
}

/**
 * Like Playwright's `getByRole`: a string name matches case-insensitively as a substring unless
 * `exact`. An entry without a name (an alert, a status, a paragraph) is matched on its text.
 */
export function matchesQuery(entry: SnapshotEntry, query: EntryQuery): boolean {
  if (query.ref !== undefined && entry.ref !== query.ref)
    return false;
  if (query.role !== undefined && entry.role !== query.role)
    return false;
  if (query.interactive !== undefined && entry.interactive !== query.interactive)
    return false;
  // Live regions, paragraphs and the like have no name but their text: match what the user reads.
  if (query.name !== undefined && !matchesName(entry.name || entry.text || '', query.name, !!query.exact))
    return false;
  if (query.state !== undefined && !matchesState(entry.state, query.state))
    return false;
  return true;
}

export function matchesName(name: string, expected: string | RegExp, exact: boolean): boolean {
  if (typeof expected !== 'string') {
    expected.lastIndex = 0;
    return expected.test(name);
  }
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
