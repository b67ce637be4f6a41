// Where the last passing runs are kept and what makes a file one of them, named once: the fixtures
// write and read them (lastPassFiles.ts), and `npx stagewright prune` (src/cli/prune.ts) finds them.
// Types are its only imports: the command's bundle carries this and nothing of the library.

import type { LastPassCall } from './evidence';

/** A `ref('…')` call of the test, where it was made, and the element the ref named when it was made. */
export interface LastPassRef {
  file: string;
  line: number;
  column: number;
  ref: string;
  role: string;
  name: string;
}

/** Checked field by field when read (`readRecordText`, below): a field added here is added there. */
export interface LastPassRecord {
  format: typeof kLastPassFormat;
  version: typeof kLastPassVersion;
  /** The config file it was written under, relative to the project's test folder (`configKey`, below). */
  config: string;
  /** The test's title path, for a reader of the folder. */
  test: string[];
  project: string;
  passedAt: string;
  calls: LastPassCall[];
  /** Its ref calls, where a capture showed their elements: a later run's ref naming another element fails (api/stagewright.ts). */
  refs?: LastPassRef[];
}

/** The folder, under a project's `snapshotDir`, of its records by default. */
export const kLastPassFolder = ['.stagewright', 'last-pass'] as const;

/**
 * Every record says it is one: prune deletes nothing that lacks the mark, so a records folder
 * pointed at the user's own files deletes none of them.
 */
export const kLastPassFormat = 'stagewright-last-pass';
/** 2: the mark and the config a record was written under. */
export const kLastPassVersion = 2;

/** A record's file name: its test's id. */
export function recordName(testId: string): string {
  return `${testId.replace(/[^\w-]/g, '_')}.json`;
}

/** What of `node:path` the names need: passed in, so that this file stays pure. */
export interface PathOps {
  relative(from: string, to: string): string;
  isAbsolute(file: string): boolean;
  basename(file: string): string;
  sep: string;
}

/** The folder of a test's record under the records' root: its spec file relative to the project's test folder (its name, outside it). */
export function specFolder(path: PathOps, testDir: string, testFile: string): string {
  const relative = path.relative(testDir, testFile);
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.basename(testFile) : relative;
}

/**
 * The config a record was written under, as it names it: the config file relative to the
 * project's test folder, with `/` (empty without one). Two configs sharing a test folder, and so
 * a records folder, prune only their own records.
 */
export function configKey(path: PathOps, testDir: string, configFile: string | undefined): string {
  return configFile ? path.relative(testDir, configFile).split(path.sep).join('/') : '';
}

/** A file's text read as a record: the record, or why it is not one. */
export type RecordReading =
  | { record: LastPassRecord }
  | {
    record?: undefined;
    /** It carries the mark: stagewright wrote it. */
    marked: boolean;
    /** A record of another version (of an older or newer stagewright, or of 0.10 and before, which had no mark): not a fault of the file. */
    otherVersion: boolean;
    problem: string;
  };

/** Records are read from disk, which anyone may have written: every field is checked before a reader trusts it. */
export function readRecordText(text: string): RecordReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { marked: false, otherVersion: false, problem: 'it is not JSON' };
  }
  if (!isObject(value))
    return { marked: false, otherVersion: false, problem: 'it is not a JSON object' };
  const marked = value.format === kLastPassFormat;
  if (typeof value.version === 'number' && value.version !== kLastPassVersion)
    return { marked, otherVersion: true, problem: `it is a record of version ${value.version}, not ${kLastPassVersion}` };
  const problem = kRecordShape(value, '');
  return problem ? { marked, otherVersion: false, problem } : { record: value as unknown as LastPassRecord };
}

/** A check of one value: why it is wrong (`at` names it), or undefined. */
type Check = (value: unknown, at: string) => string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const named = (at: string) => at || 'the file';
const string: Check = (value, at) => typeof value === 'string' ? undefined : `${named(at)} is not a string`;
const integer: Check = (value, at) => Number.isSafeInteger(value) ? undefined : `${named(at)} is not a whole number`;
const boolean: Check = (value, at) => typeof value === 'boolean' ? undefined : `${named(at)} is not true or false`;
const exactly = (expected: unknown): Check => (value, at) => value === expected ? undefined : `${named(at)} is not ${JSON.stringify(expected)}`;
const optional = (check: Check): Check => (value, at) => value === undefined ? undefined : check(value, at);

function listOf(check: Check): Check {
  return (value, at) => {
    if (!Array.isArray(value))
      return `${named(at)} is not a list`;
    for (let i = 0; i < value.length; i++) {
      const problem = check(value[i], `${at}[${i}]`);
      if (problem)
        return problem;
    }
    return undefined;
  };
}

/** An object with these fields: one check for each field of `T`, so that the type and its check keep the same fields. */
function shape<T>(fields: { [K in keyof T]-?: Check }): Check {
  return (value, at) => {
    if (!isObject(value))
      return `${named(at)} is not an object`;
    for (const [key, check] of Object.entries(fields) as [string, Check][]) {
      const problem = check(value[key], at ? `${at}.${key}` : key);
      if (problem)
        return problem;
    }
    return undefined;
  };
}

type Call = LastPassRecord['calls'][number];
type Target = NonNullable<Call['target']>;
type Ref = NonNullable<LastPassRecord['refs']>[number];

const kTargetShape = shape<Target>({
  role: string,
  name: string,
  testId: optional(string),
  places: listOf(shape<Target['places'][number]>({ role: string, name: string })),
  position: shape<Target['position']>({ index: integer, names: listOf(string) }),
  among: optional(shape<NonNullable<Target['among']>>({ place: integer, index: integer, count: integer })),
  inFrame: optional(boolean),
  onOtherPage: optional(boolean),
});

const kRecordShape = shape<LastPassRecord>({
  format: exactly(kLastPassFormat),
  version: exactly(kLastPassVersion),
  config: string,
  test: listOf(string),
  project: string,
  passedAt: string,
  calls: listOf(shape<Call>({
    method: string,
    locator: string,
    file: optional(string),
    line: optional(integer),
    column: optional(integer),
    step: optional(string),
    target: optional(kTargetShape),
  })),
  refs: optional(listOf(shape<Ref>({ file: string, line: integer, column: integer, ref: string, role: string, name: string }))),
});
