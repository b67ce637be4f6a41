/** `source` with `test` and `expect` imported from 'stagewright' instead of '@playwright/test', line for line. */
export function swapTestImports(source: string): { source: string; changed: number };

export type DiffKind = 'action' | 'navigation' | 'assertion' | 'step' | 'end';

/** The kind of a `NNN <label> · dom.diff` attachment; undefined for another name. */
export function diffKind(name: string, stepTitles?: Set<string>): DiffKind | undefined;

export interface ReportTest {
  file: string;
  line: number;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  duration: number;
  error: string;
  attachments: string[];
  userSteps: number;
  skippedCaptures: number;
  diffs: Record<DiffKind, number>;
}

/** The tests of a Playwright JSON report, keyed `file › describe › title`. */
export function testsOfReport(report: unknown): Map<string, ReportTest>;
