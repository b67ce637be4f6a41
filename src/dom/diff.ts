// Unified diffs of the DOM file between captures (docs/report.md, Bounded in time), bounded in time
// and size: a step that re-ordered a 5,000-row table once kept a plain line diff busy for a minute,
// synchronously, so Playwright's timeouts could not fire. Past a limit a short summary takes the
// diff's place.

import { formatPatch, structuredPatch, type StructuredPatch } from 'diff';
import { StagewrightError } from '../errors';
import { commonPrefix, commonSuffix, firstTextDifference } from '../isomorphic/commonEnds';

export interface DomDiffLimits { maxEditLength: number; maxWork: number; timeoutMs: number; maxBytes: number }

export const kDomDiffLimits: DomDiffLimits = {
  // Added plus removed lines the line diff may find before it gives up. Its work grows with the
  // square of that number: re-ordering 5,000 rows of a 64k-line file gives up after ~120 ms at
  // 1,000, ~330 ms at 2,000; and a longer diff is not read line by line anyway.
  maxEditLength: 1_000,
  // The edits the line diff may find times the lines of the span it diffs: its work grows with
  // both, so a large span gets fewer edits (a re-sort of 500 rows on a 3,000-element page took
  // ~70 ms a capture at 1,000 edits, on the core the browser shares).
  maxWork: 4_000_000,
  // Wall-clock cap on the line diff, whatever the edit length: captures share the step's time.
  timeoutMs: 500,
  // Longest diff text kept: a step's diff is attached to the report and kept in the trail.
  maxBytes: 256 * 1024,
};

const kFileName = 'dom.html';
const kContext = 3;

/**
 * A file's lines as `text.split('\n')` has them, read by index without splitting the whole file:
 * a step's DOM file runs to tens of thousands of lines, of which a diff reads a few.
 */
interface Lines {
  readonly text: string;
  /** How many `text.split('\n')` has. */
  readonly count: number;
  line(index: number): string;
  /** Lines `from` to `to`. */
  slice(from: number, to: number): string[];
  /** Lines `from` to `to` as they stand in the file: ended by '\n', but the file's last. */
  join(from: number, to: number): string;
}

/** The lines that differ: lines `start` to `beforeEnd` of the old file became `start` to `afterEnd` of the new. */
interface ChangedSpan { start: number; beforeEnd: number; afterEnd: number }

/**
 * A unified diff of two DOM files, or '' when they are the same. Past `limits` (defaults
 * `kDomDiffLimits`), a summary with the same file header and `#` lines saying why and how much
 * changed. `verify`: the changed lines are found again by splitting both files whole, and the
 * first difference from that diff throws (`INCREMENTAL_MISMATCH`).
 */
export function diffDom(previous: string, current: string, limits: Partial<DomDiffLimits> = {}, options: { verify?: boolean } = {}): string {
  if (previous === current)
    return '';
  const diff = diffLines(changedLines(previous, current), limits);
  if (options.verify) {
    const whole = diffLines(changedLinesOfSplit(previous, current), limits);
    if (whole !== diff)
      throw new StagewrightError('INCREMENTAL_MISMATCH', `The DOM diff found from the files' common ends differs from the diff of their split lines: ${firstTextDifference(diff, whole, 'the split files\' diff')}.`, {
        hint: 'The files changed in a way the common ends do not delimit as the split lines do: a bug in stagewright. Report it with the step that shows it.',
      });
  }
  return diff;
}

function diffLines({ before, after, span }: { before: Lines; after: Lines; span: ChangedSpan }, limits: Partial<DomDiffLimits>): string {
  const { maxEditLength, maxWork, timeoutMs, maxBytes } = { ...kDomDiffLimits, ...limits };
  const beforeSpan = before.slice(span.start, span.beforeEnd);
  const afterSpan = after.slice(span.start, span.afterEnd);
  const beforeCounts = countLines(beforeSpan);
  const afterCounts = countLines(afterSpan);
  const counts = countChangedLines(beforeSpan, afterSpan, beforeCounts, afterCounts);
  const skipped = (reason: string) => summary(reason, before, after, counts);
  // Written only when the diff is skipped: the first toLocaleString of a process costs ~25 ms (ICU).
  const tooLong = () => `more than ${formatCount(maxEditLength)} lines added or removed`;
  // Each line only one side has is an edit of any diff: past the limit, do not even start.
  if (counts.onlyBefore + counts.onlyAfter > maxEditLength)
    return skipped(tooLong());
  const spanLines = span.beforeEnd + span.afterEnd - 2 * span.start;
  const edits = Math.min(maxEditLength, Math.max(1, Math.floor(maxWork / (spanLines + 4 * kContext))));
  const tooMany = () => skipped(edits < maxEditLength
    ? `more than ${formatCount(edits)} lines added or removed among ${formatCount(span.beforeEnd - span.start)} lines before and ${formatCount(span.afterEnd - span.start)} after`
    : tooLong());
  // A re-order has no line that only one side has, and may still need more edits than the bound:
  // known in one pass, where the line diff would spend its whole bound finding it out.
  if (spanLines > edits && editsAtLeast(beforeSpan, afterSpan, beforeCounts, afterCounts) > edits)
    return tooMany();
  const started = performance.now();
  const patch = patchOfSpan(before, after, span, { maxEditLength: edits, timeout: timeoutMs });
  if (!patch)
    return performance.now() - started >= timeoutMs ? skipped(`took longer than ${formatCount(timeoutMs)} ms`) : tooMany();
  const text = formatPatch(patch);
  const bytes = Buffer.byteLength(text);
  return bytes > maxBytes ? skipped(`the diff would be ${formatBytes(bytes)}`) : text;
}

/**
 * The lines the files do not share at their ends, found from the characters they share at their
 * ends (`commonPrefix`, `commonSuffix`: native comparisons of blocks), so that neither file is split.
 * The same span as `changedLinesOfSplit` gives: lines are compared from the front up to the last
 * line of the shorter file, which only the back compares, and from the back while the front has
 * not taken them.
 */
function changedLines(previous: string, current: string): { before: Lines; after: Lines; span: ChangedSpan } {
  const prefix = commonPrefix(previous, current);
  const suffix = commonSuffix(previous, current, 0);
  // Newlines in the shared beginning, the shared end past it, and each file's middle.
  const shared = Math.min(suffix, Math.min(previous.length, current.length) - prefix);
  const prefixNewlines = countNewlines(previous, 0, prefix);
  const sharedNewlines = prefixNewlines + countNewlines(previous, previous.length - shared, previous.length);
  const before = new TextLines(previous, sharedNewlines + countNewlines(previous, prefix, previous.length - shared) + 1);
  const after = new TextLines(current, sharedNewlines + countNewlines(current, prefix, current.length - shared) + 1);
  const shorter = Math.min(before.count, after.count);
  // The lines the files share from the front: each ended by a newline in both (so they are
  // fewer than the shorter file's lines).
  const start = prefixNewlines;
  // From the back, the last lines of `previous` starting at `from`, while they lie in the shared
  // end and start a line in `current` too.
  let tail = 0;
  let end = previous.length;
  while (tail < shorter - start) {
    const from = end > 0 ? previous.lastIndexOf('\n', end - 1) + 1 : 0;
    const length = previous.length - from;
    const at = current.length - length;
    // Inside the shared end, the newline before the line is shared; at its edge, one file begins there.
    const same = length < suffix || (length === suffix && (from === 0 || at === 0) && (at === 0 || current[at - 1] === '\n'));
    if (!same)
      break;
    tail++;
    end = from - 1;
  }
  return { before, after, span: { start, beforeEnd: before.count - tail, afterEnd: after.count - tail } };
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1))
    count++;
  return count;
}

/** Lines read from the text near the last one read: a diff reads a few runs of nearby lines. */
class TextLines implements Lines {
  // The start of line `_line` in `text`.
  private _line = 0;
  private _offset = 0;

  constructor(readonly text: string, readonly count: number) {}

  /** Where line `index` starts; `count` past the end (as if the file had one more newline). */
  private _offsetOf(index: number): number {
    if (index >= this.count)
      return this.text.length + 1;
    while (this._line < index) {
      this._offset = this.text.indexOf('\n', this._offset) + 1;
      this._line++;
    }
    while (this._line > index) {
      this._offset = this._line - 1 === 0 ? 0 : this.text.lastIndexOf('\n', this._offset - 2) + 1;
      this._line--;
    }
    return this._offset;
  }

  line(index: number): string {
    const from = this._offsetOf(index);
    return this.text.slice(from, this._offsetOf(index + 1) - 1);
  }

  slice(from: number, to: number): string[] {
    if (from >= to)
      return [];
    const start = this._offsetOf(from);
    return (to < this.count ? this.text.slice(start, this._offsetOf(to) - 1) : this.text.slice(start)).split('\n');
  }

  join(from: number, to: number): string {
    const start = this._offsetOf(from);
    return to < this.count ? this.text.slice(start, this._offsetOf(to)) : this.text.slice(start);
  }
}

/** The oracle of `changedLines`: both files split whole, compared line by line. */
function changedLinesOfSplit(previous: string, current: string): { before: Lines; after: Lines; span: ChangedSpan } {
  const before = new SplitLines(previous);
  const after = new SplitLines(current);
  const shorter = Math.min(before.count, after.count);
  let start = 0;
  // The last element of a split is the one line not ended by '\n' (or '' after a final newline):
  // from the front it may equal a line of the other file that is ended, so only the tail compares it.
  while (start < shorter - 1 && before.lines[start] === after.lines[start])
    start++;
  let tail = 0;
  while (tail < shorter - start && before.lines[before.count - 1 - tail] === after.lines[after.count - 1 - tail])
    tail++;
  return { before, after, span: { start, beforeEnd: before.count - tail, afterEnd: after.count - tail } };
}

class SplitLines implements Lines {
  readonly lines: string[];
  readonly count: number;

  constructor(readonly text: string) {
    this.lines = text.split('\n');
    this.count = this.lines.length;
  }

  line(index: number): string {
    return this.lines[index];
  }

  slice(from: number, to: number): string[] {
    return this.lines.slice(from, to);
  }

  join(from: number, to: number): string {
    return to < this.count ? this.lines.slice(from, to).join('\n') + '\n' : this.lines.slice(from).join('\n');
  }
}

/**
 * Diffs the changed span with its context lines and moves the hunks to their place in the whole
 * files: a diff of the whole files, without tokenizing and walking their common lines (on a
 * 64k-line file, 7 ms instead of 60 for a one-line change).
 */
function patchOfSpan(before: Lines, after: Lines, span: ChangedSpan, abort: { maxEditLength: number; timeout: number }): StructuredPatch | undefined {
  const from = Math.max(0, span.start - kContext);
  const oldText = before.join(from, span.beforeEnd + kContext);
  const newText = after.join(from, span.afterEnd + kContext);
  const patch = structuredPatch(kFileName, kFileName, oldText, newText, undefined, undefined, { context: kContext, ...abort });
  if (!patch)
    return undefined;
  for (const hunk of patch.hunks) {
    hunk.oldStart += from;
    hunk.newStart += from;
  }
  restoreTrailingContext(patch, after, span.afterEnd + kContext);
  return patch;
}

/**
 * The line diff may slide a change over equal lines into the trailing context it was given
 * (`a a a a` -> `b a a a` comes out as `+b`, then the fourth `a` removed), leaving the last hunk
 * short of context. The common lines after the diffed text, the same in both files, make it up.
 */
function restoreTrailingContext(patch: StructuredPatch, after: Lines, textEnd: number): void {
  const hunk = patch.hunks[patch.hunks.length - 1];
  const lines = lineCount(after);
  if (!hunk || textEnd >= lines)
    return;
  let context = 0;
  while (context < hunk.lines.length && hunk.lines[hunk.lines.length - 1 - context].startsWith(' '))
    context++;
  for (let i = textEnd; i < lines && context < kContext; i++, context++) {
    hunk.lines.push(' ' + after.line(i));
    hunk.oldLines++;
    hunk.newLines++;
    if (i === after.count - 1)
      hunk.lines.push('\\ No newline at end of file');
  }
}

/** A file that ends with a newline splits into one more, empty, element: it is no line. */
function lineCount(lines: Lines): number {
  return lines.text.endsWith('\n') ? lines.count - 1 : lines.count;
}

interface LineCounts { onlyBefore: number; onlyAfter: number; moved: number }

/** How many times each line stands in `lines`. */
function countLines(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines)
    counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/**
 * How many lines of the changed span only one side has, counted as multisets in one pass; when
 * both sides hold the same lines, how many stand somewhere else (a re-order).
 */
function countChangedLines(before: readonly string[], after: readonly string[], beforeCounts: Map<string, number>, afterCounts: Map<string, number>): LineCounts {
  let onlyBefore = 0;
  let onlyAfter = 0;
  for (const [line, count] of beforeCounts)
    onlyBefore += Math.max(0, count - (afterCounts.get(line) ?? 0));
  for (const [line, count] of afterCounts)
    onlyAfter += Math.max(0, count - (beforeCounts.get(line) ?? 0));
  let moved = 0;
  if (!onlyBefore && !onlyAfter) {
    for (let i = 0; i < before.length; i++)
      moved += before[i] === after[i] ? 0 : 1;
  }
  return { onlyBefore, onlyAfter, moved };
}

/**
 * A lower bound of the edits (lines removed plus lines added) of any line diff of `before` into
 * `after`. A line each side has exactly once is kept only by pairing its two copies, and the
 * lines a diff keeps stand in the same order on both sides: of those lines, at most a longest
 * increasing run of their places in `after` (taken in `before`'s order) is kept, and each of the
 * others is removed and added again. Exact for a re-order of distinct lines (a sorted table).
 */
export function editsAtLeast(before: readonly string[], after: readonly string[], countBefore = countLines(before), countAfter = countLines(after)): number {
  const placeAfter = new Map<string, number>();
  for (let i = 0; i < after.length; i++)
    placeAfter.set(after[i], i);
  // The smallest last place of an increasing run of each length (patience sorting).
  const tails: number[] = [];
  let unique = 0;
  for (const line of before) {
    if (countBefore.get(line) !== 1 || countAfter.get(line) !== 1)
      continue;
    unique++;
    const place = placeAfter.get(line)!;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle] < place)
        low = middle + 1;
      else
        high = middle;
    }
    tails[low] = place;
  }
  return 2 * (unique - tails.length);
}

/**
 * What stands in for a skipped diff: the file header (so diff viewers still recognise the file),
 * then why, the sizes and the changed-line counts as `#` lines, which patch parsers pass over.
 */
function summary(reason: string, previous: Lines, current: Lines, counts: LineCounts): string {
  const header = formatPatch({ oldFileName: kFileName, newFileName: kFileName, oldHeader: undefined, newHeader: undefined, hunks: [] });
  const change = counts.onlyBefore || counts.onlyAfter
    ? `${formatLines(counts.onlyBefore)} only before, ${formatCount(counts.onlyAfter)} only after`
    : `the same lines in a different order: ${formatLines(counts.moved)} moved`;
  return header + [
    `# DOM diff skipped: ${reason}`,
    `# before: ${describeFile(previous)}; after: ${describeFile(current)}`,
    `# ${change}`,
  ].join('\n') + '\n';
}

function describeFile(file: Lines): string {
  return `${formatLines(lineCount(file))}, ${formatBytes(Buffer.byteLength(file.text))}`;
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

function formatLines(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1e6)
    return `${(bytes / 1e6).toFixed(2)} MB`;
  return bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} kB` : `${bytes} bytes`;
}

/** `003-fill-the-form.diff`: numbered, label slugged to safe file-name characters. */
export function diffFileName(index: number, label: string): string {
  return `${String(index).padStart(3, '0')}-${slugify(label)}.diff`;
}

export function slugify(label: string): string {
  const slug = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, 60).replace(/-+$/, '') || 'capture';
}
