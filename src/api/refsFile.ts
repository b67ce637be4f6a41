// refs.json, the file a test's end writes (src/api/refCalls.ts) and `npx stagewright freeze`
// reads (src/cli/): no imports, so that the command's bundle carries the format and nothing else.

export const kRefsFileVersion = 1;
export interface FrozenCall {
  /** Where the spec made the call: the absolute file, the line, and the column of `ref`. */
  file: string;
  line: number;
  column: number;
  ref: string;
  /** Made on the object of another page than the test's (`forPage(popup)`). */
  onOtherPage?: boolean;
  /** The locator, after the page's variable: `getByRole('button', { name: 'Save' })`. */
  code?: string;
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
  /** The test's status: only a passing test's calls have locators. */
  status: string;
  calls: FrozenCall[];
  /** Its steps that ran no assertion, when the test passed. */
  steps?: StepRecord[];
}
