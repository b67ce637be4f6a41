// Unified diffs of the DOM file between captures (docs/report.md, Bounded in time), bounded in time
// and size: a step that re-ordered a 5,000-row table once kept a plain line diff busy for a minute,
// synchronously, so Playwright's timeouts could not fire. Past a limit a short summary takes the
// diff's place.

import { formatPatch, structuredPatch, type StructuredPatch } from 'diff';

export interface DomDiffLimits { maxEditLength: number; timeoutMs: number; maxBytes: number }

export const kDomDiffLimits: DomDiffLimits = {
  // Added plus removed lines the line diff may find before it gives up. Its work grows with the
  // square of that number: re-ordering 5,000 rows of a 64k-line file gives up after ~120 ms at
  // 1,000, ~330 ms at 2,000; and a longer diff is not read line by line anyway.
  maxEditLength: 1_000,
  // Wall-clock cap on the line diff, whatever the edit length: captures share the step's time.
  timeoutMs: 500,
  // Longest diff text kept: a step's diff is attached to the report and kept in the trail.
  maxBytes: 256 * 1024,
};

const kFileName = 'dom.html';
const kContext = 3;

/** The lines that differ: `before.slice(start, beforeEnd)` became `after.slice(start, afterEnd)`. */
interface ChangedSpan { start: number; beforeEnd: number; afterEnd: number }

/**
 * A unified diff of two DOM files, or '' when they are the same. Past `limits` (defaults
 * `kDomDiffLimits`), a summary with the same file header and `#` lines saying why and how much
 * changed.
 */
export function diffDom(previous: string, current: string, limits: Partial<DomDiffLimits> = {}): string {
  if (previous === current)
    return '';
  const { maxEditLength, timeoutMs, maxBytes } = { ...kDomDiffLimits, ...limits };
  const before = previous.split('\n');
  const after = current.split('\n');
  const span = changedSpan(before, after);
  const counts = countChangedLines(before, after, span);
  const skipped = (reason: string) => summary(reason, { text: previous, lines: before }, { text: current, lines: after }, counts);
  // Written only when the diff is skipped: the first toLocaleString of a process costs ~25 ms (ICU).
  const tooLong = () => `more than ${formatCount(maxEditLength)} lines added or removed`;
  // Each line only one side has is an edit of any diff: past the limit, do not even start.
  if (counts.onlyBefore + counts.onlyAfter > maxEditLength)
    return skipped(tooLong());
  const started = performance.now();
  const patch = patchOfSpan(before, after, span, { maxEditLength, timeout: timeoutMs });
  if (!patch)
    return skipped(performance.now() - started >= timeoutMs ? `took longer than ${formatCount(timeoutMs)} ms` : tooLong());
  const text = formatPatch(patch);
  const bytes = Buffer.byteLength(text);
  return bytes > maxBytes ? skipped(`the diff would be ${formatBytes(bytes)}`) : text;
}

/** Trims the common leading and trailing lines, so that the line diff sees only what changed. */
function changedSpan(before: string[], after: string[]): ChangedSpan {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  // The last element of a split is the one line not ended by '\n' (or '' after a final newline):
  // from the front it may equal a line of the other file that is ended, so only the tail compares it.
  while (start < shorter - 1 && before[start] === after[start])
    start++;
  let tail = 0;
  while (tail < shorter - start && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  return { start, beforeEnd: before.length - tail, afterEnd: after.length - tail };
}

/**
 * Diffs the changed span with its context lines and moves the hunks to their place in the whole
 * files: a diff of the whole files, without tokenizing and walking their common lines (on a
 * 64k-line file, 7 ms instead of 60 for a one-line change).
 */
function patchOfSpan(before: string[], after: string[], span: ChangedSpan, abort: { maxEditLength: number; timeout: number }): StructuredPatch | undefined {
  const from = Math.max(0, span.start - kContext);
  const oldText = joinLines(before, from, span.beforeEnd + kContext);
  const newText = joinLines(after, from, span.afterEnd + kContext);
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
function restoreTrailingContext(patch: StructuredPatch, after: string[], textEnd: number): void {
  const hunk = patch.hunks[patch.hunks.length - 1];
  const lines = lineCount(after);
  if (!hunk || textEnd >= lines)
    return;
  let context = 0;
  while (context < hunk.lines.length && hunk.lines[hunk.lines.length - 1 - context].startsWith(' '))
    context++;
  for (let i = textEnd; i < lines && context < kContext; i++, context++) {
    hunk.lines.push(' ' + after[i]);
    hunk.oldLines++;
    hunk.newLines++;
    if (i === after.length - 1)
      hunk.lines.push('\\ No newline at end of file');
  }
}

/** A file that ends with a newline splits into one more, empty, element: it is no line. */
function lineCount(lines: string[]): number {
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}

/** Lines `from` to `to` of a file split at '\n', as they stand in it (the last one ends the file). */
function joinLines(lines: string[], from: number, to: number): string {
  return to < lines.length ? lines.slice(from, to).join('\n') + '\n' : lines.slice(from).join('\n');
}

interface LineCounts { onlyBefore: number; onlyAfter: number; moved: number }

/**
 * How many lines of the changed span only one side has, counted as multisets in one pass; when
 * both sides hold the same lines, how many stand somewhere else (a re-order).
 */
function countChangedLines(before: string[], after: string[], span: ChangedSpan): LineCounts {
  const balance = new Map<string, number>();
  for (let i = span.start; i < span.beforeEnd; i++)
    balance.set(before[i], (balance.get(before[i]) ?? 0) + 1);
  for (let i = span.start; i < span.afterEnd; i++)
    balance.set(after[i], (balance.get(after[i]) ?? 0) - 1);
  let onlyBefore = 0;
  let onlyAfter = 0;
  for (const count of balance.values()) {
    if (count > 0)
      onlyBefore += count;
    else
      onlyAfter -= count;
  }
  let moved = 0;
  if (!onlyBefore && !onlyAfter) {
    for (let i = span.start; i < span.beforeEnd; i++)
      moved += before[i] === after[i] ? 0 : 1;
  }
  return { onlyBefore, onlyAfter, moved };
}

/**
 * What stands in for a skipped diff: the file header (so diff viewers still recognise the file),
 * then why, the sizes and the changed-line counts as `#` lines, which patch parsers pass over.
 */
function summary(reason: string, previous: DomFile, current: DomFile, counts: LineCounts): string {
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

interface DomFile { text: string; lines: string[] }

function describeFile(file: DomFile): string {
  return `${formatLines(lineCount(file.lines))}, ${formatBytes(Buffer.byteLength(file.text))}`;
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
