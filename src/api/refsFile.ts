// refs.json, the file a test's end writes (src/api/refCalls.ts) and `npx stagewright freeze`
// reads (src/cli/). The command's bundle carries the format and its check, and nothing else of
// the library. What freeze reads is untrusted (a CI artifact, a folder anyone can write): it
// takes a file of exactly this shape or nothing, and never code text from it.

import type { LocatorStep } from '../locators/parse';

export const kRefsFileVersion = 2;
export interface FrozenCall {
  /** Where the spec made the call: the absolute file, the line, and the column of `ref`. */
  file: string;
  line: number;
  column: number;
  ref: string;
  /** Made on the object of another page than the test's (`forPage(popup)`). */
  onOtherPage?: boolean;
  /** The locator, after the page's variable, for a reader: `getByRole('button', { name: 'Save' })`. */
  code?: string;
  /** The same locator as data, one steps array per scope, outermost first (an iframe's, then the element's): what freeze writes. */
  chain?: LocatorStep[][];
  checkedAgainst?: string[];
  /** Why there is no locator. */
  problem?: string;
}

/** A `test.step` that ran no web-first assertion (`freeze --assert`). */
export interface StepRecord {
  /** Where the spec made the `step` call: the absolute file, the line, and the column of `step`. */
  file: string;
  line: number;
  column: number;
  title: string;
  /** The assertions Playwright proved on the test's page at the step's end, as code on `page`. */
  suggestions: string[];
}

export interface RefsFile {
  version: typeof kRefsFileVersion;
  test: string[];
  /** Its project's name, and the run (0 for the first, 1 for the first retry): freeze reads every run of every project. */
  project: string;
  retry: number;
  /** The test's status: only a passing test's calls have locators. */
  status: string;
  /** The SHA-256 (hex) of each file a call or step was made in, as the test ran it: freeze edits a file only while it still has those bytes. */
  sources: { [file: string]: string };
  calls: FrozenCall[];
  /** Its steps that ran no assertion, when the test passed. */
  steps?: StepRecord[];
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isPlace = (value: { [key: string]: unknown }) => isString(value.file) && Number.isInteger(value.line) && (value.line as number) > 0 && Number.isInteger(value.column) && (value.column as number) > 0;
const isObject = (value: unknown): value is { [key: string]: unknown } => !!value && typeof value === 'object' && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/**
 * What is wrong with data read as a refs.json, or undefined when it has this shape. Its chains are
 * checked by the reader that writes them (src/locators/code.ts `isLocatorChain`).
 */
export function refsFileProblem(value: unknown): string | undefined {
  if (!isObject(value))
    return 'it is not an object';
  if (value.version !== kRefsFileVersion)
    return `it is of version ${JSON.stringify(value.version)}, and this stagewright reads version ${kRefsFileVersion} (run the specs again)`;
  if (!isStringArray(value.test) || !isString(value.project) || !Number.isInteger(value.retry) || !isString(value.status))
    return 'its test, project, retry or status is missing or of the wrong type';
  if (!isObject(value.sources) || !Object.values(value.sources).every(hash => isString(hash) && /^[0-9a-f]{64}$/.test(hash)))
    return 'its sources are not a map of files to SHA-256 hashes';
  if (!Array.isArray(value.calls) || !value.calls.every(call => isObject(call) && isPlace(call) && isString(call.ref) &&
      (call.onOtherPage === undefined || typeof call.onOtherPage === 'boolean') && (call.problem === undefined || isString(call.problem)) && (call.code === undefined || isString(call.code))))
    return 'its calls are not a list of places in a spec with a ref';
  if (value.steps !== undefined && !(Array.isArray(value.steps) && value.steps.every(step => isObject(step) && isPlace(step) && isString(step.title) && isStringArray(step.suggestions))))
    return 'its steps are not a list of places in a spec with a title and suggestions';
  return undefined;
}
