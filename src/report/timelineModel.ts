// The timeline page's data (docs/report.md, The timeline page) and what both sides do with it:
// Node writes it from the masked texts the captures attached (timeline.ts), the page rebuilds
// each capture's tree from it and marks what changed (page/). Pure: the page bundles this file.

/**
 * A line patch: `[keep, remove, insert, keep, remove, insert, …]` — keep that many lines, drop
 * that many, add those; the lines past the last triple are kept. The trees of a test's captures
 * are the first one whole and each later one as its patch, so the page holds what changed.
 */
export type LinePatch = (number | string[])[];

export interface TimelineChanges { added: number; removed: number; changed: number; moved: number }

export interface TimelineCapture {
  /** The report's name for it: `002 click getByRole('button', { name: 'Save' })`, with the page after a `·`. */
  title: string;
  /** Where the spec made it (`checkout.spec.ts:14`), when known. */
  line?: string;
  /** Milliseconds since the test's captures began. */
  at: number;
  /** The page it captured: an index into `pages`. */
  page: number;
  /** Its tree: an index into that page's `states`. */
  state: number;
  /**
   * What it was diffed against (its counts, its DOM diff and its marks): a state of the same page.
   * Absent for a page's first capture. When it is not the state just before `state`, `patch` goes
   * from it to `state`.
   */
  base?: number;
  patch?: LinePatch;
  changes: TimelineChanges;
  /** The unified diff of the DOM file against `base` (the DOM part of its `dom.diff`). */
  dom?: string;
  /** Assertions proven on this state (the end of its `dom.diff`). */
  suggestions?: string[];
}

export interface TimelinePage {
  /** '' for the test's page; `page-2` for the second, as attachments name it. */
  label: string;
  /** The first state's lines; each later state is the one before it with its patch applied. */
  first: string[];
  states: LinePatch[];
}

export interface TimelineTriage {
  /** `The test looks out of date`, as triage.md heads it. */
  verdict: string;
  reason: string;
  error: string;
  step?: string;
  /** The failing locator, '' when the error names none. */
  target: string;
  /** What became of it, in a sentence. */
  now: string;
  /** Proven replacement locators, best first. */
  suggestions: string[];
}

export interface TimelineData {
  /** The test's title path, file first. */
  title: string;
  status: string;
  pages: TimelinePage[];
  captures: TimelineCapture[];
  triage?: TimelineTriage;
  /** The capture shown first: a failed test's failure capture. */
  selected: number;
}

/** `lines` with `patch` applied. */
export function applyPatch(lines: readonly string[], patch: LinePatch): string[] {
  const result: string[] = [];
  let at = 0;
  for (let i = 0; i + 2 < patch.length; i += 3) {
    const keep = patch[i] as number;
    for (let k = 0; k < keep; k++)
      result.push(lines[at++]);
    at += patch[i + 1] as number;
    for (const line of patch[i + 2] as string[])
      result.push(line);
  }
  while (at < lines.length)
    result.push(lines[at++]);
  return result;
}

export type RowKind = 'same' | 'added' | 'removed' | 'changed' | 'moved';

/** A line of a capture's tree as the page shows it: `was` is a changed line's old text. */
export interface Row { kind: RowKind; text: string; was?: string }

// An entry line's ref (docs/design.md, Text forms): the `[ref=…]` piece after the role, its quoted
// name and its state markers. A name or a value that holds `[ref=s9]` is not taken for it.
const kEntryRef = /^\s*- '?[^\s"'[]*(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]"]*\])*? \[ref=((?:f\d+)?s\d+)\]/;
// A property or text line (`- text: …`, `- /url: …`): its key pairs an old line with a new one.
const kPropertyKey = /^\s*- (?:text|\/[\w-]+):/;

/** The ref an entry line names, or undefined (text and property lines name none). */
export function refOfLine(line: string): string | undefined {
  return kEntryRef.exec(line)?.[1];
}

/** An entry line's ref and where it starts in the line. */
export function findRef(line: string): { ref: string; at: number } | undefined {
  const match = kEntryRef.exec(line);
  return match ? { ref: match[1], at: match[0].length - 1 - match[1].length } : undefined;
}

/**
 * The lines of a capture's tree with what `patch` changed from `before` marked in place, in the
 * new tree's order with removed lines where they stood. An entry line removed and added back
 * with the same ref is one line: `changed` with its old text beside when it differs, `moved` when
 * only its place did. A property or text line replaced in the same hunk by one with the same key
 * is `changed` too. What is left is `removed` or `added`.
 */
export function markRows(before: readonly string[], patch: LinePatch): Row[] {
  const removedRefs = new Map<string, string>();
  const addedRefs = new Set<string>();
  for (let i = 0, at = 0; i + 2 < patch.length; i += 3) {
    at += patch[i] as number;
    for (let k = 0; k < (patch[i + 1] as number); k++) {
      const ref = refOfLine(before[at + k]);
      if (ref)
        removedRefs.set(ref, before[at + k]);
    }
    at += patch[i + 1] as number;
    for (const line of patch[i + 2] as string[]) {
      const ref = refOfLine(line);
      if (ref)
        addedRefs.add(ref);
    }
  }
  const rows: Row[] = [];
  let at = 0;
  for (let i = 0; i + 2 < patch.length; i += 3) {
    for (let k = patch[i] as number; k > 0; k--)
      rows.push({ kind: 'same', text: before[at++] });
    const removed = before.slice(at, at += patch[i + 1] as number);
    // Property lines that left, by key, for a new line of the same key to pair with.
    const leftByKey = new Map<string, number[]>();
    const paired = new Uint8Array(removed.length);
    removed.forEach((line, index) => {
      const key = kPropertyKey.exec(line)?.[0];
      if (key)
        (leftByKey.get(key) ?? leftByKey.set(key, []).get(key)!).push(index);
    });
    const added: Row[] = [];
    for (const line of patch[i + 2] as string[]) {
      const ref = refOfLine(line);
      const key = ref ? undefined : kPropertyKey.exec(line)?.[0];
      const index = key ? leftByKey.get(key)?.shift() : undefined;
      if (index !== undefined)
        paired[index] = 1;
      const was = ref ? removedRefs.get(ref) : index !== undefined ? removed[index] : undefined;
      if (was === undefined)
        added.push({ kind: 'added', text: line });
      else if (was === line)
        added.push({ kind: 'moved', text: line });
      else
        added.push({ kind: 'changed', text: line, was });
    }
    removed.forEach((line, index) => {
      const ref = refOfLine(line);
      if (ref ? !addedRefs.has(ref) : !paired[index])
        rows.push({ kind: 'removed', text: line });
    });
    rows.push(...added);
  }
  while (at < before.length)
    rows.push({ kind: 'same', text: before[at++] });
  return rows;
}
