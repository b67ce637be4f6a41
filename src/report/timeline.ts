// The timeline page (docs/report.md, The timeline page): one self-contained HTML file per test,
// its captures in order with each tree's changes marked in place, the DOM diffs, the refs and a
// failed test's triage. Built from the masked texts the captures attached, masked again with
// every secret the test saw by its end; the page's code and styles are bundled at build time
// (src/report/page/, scripts/build.mjs) and embedded as they are.

import { diffArrays } from 'diff';
import { timelineCsp, timelineScript, timelineStyle } from '../generated/timelinePageSource';
import type { LinePatch, TimelineCapture, TimelineChanges, TimelineData, TimelinePage, TimelineTriage } from './timelineModel';

export type { TimelineTriage } from './timelineModel';

/** The attachment's name after its number: `NNN stagewright · timeline.html`. */
export const kTimelineName = 'stagewright · timeline.html';

// The line diff of two trees gives up past these, and the patch replaces the changed span whole:
// it is as exact, only longer (a page replaced by another, a table re-sorted). Its work grows
// with the edits times the lines of the span, so the edits it may find shrink as the span grows:
// a re-sort of 500 rows took up to the timeout each capture, on the worker's core the browser shares.
const kMaxEditLength = 2_000;
const kMaxDiffWork = 2_000_000;
const kDiffTimeoutMs = 50;

/** One capture of a page as the page's timeline keeps it. */
export interface PageCapture {
  title: string;
  line?: string;
  /** `performance.now()` when it was taken. */
  time: number;
  state: number;
  base?: number;
  patch?: LinePatch;
  changes: TimelineChanges;
  dom: string;
  suggestions: string[];
}

/** A tree the page's timeline holds: its number and its lines. */
export interface TimelineState { index: number; lines: string[] }

/**
 * The captures of one page, kept as they happen: the first tree whole, each later one as a line
 * patch against the one before, so that what a long test keeps grows with what changed.
 */
export class PageTimeline {
  readonly captures: PageCapture[] = [];
  private _first: string[] | undefined;
  private readonly _patches: LinePatch[] = [];
  private _last: TimelineState | undefined;
  private _lastText: string | undefined;

  constructor(readonly label: string) {}

  /** The state of a tree's text: the latest one when the text is the same, else a new one. */
  state(text: string): TimelineState {
    if (this._last && text === this._lastText)
      return this._last;
    const lines = text.split('\n');
    if (!this._last)
      this._first = lines;
    this._patches.push(this._last ? linePatch(this._last.lines, lines) : []);
    this._lastText = text;
    return this._last = { index: this._patches.length - 1, lines };
  }

  /** Adds a capture of `state`, diffed against `base` (a state of this page, or none). */
  add(capture: Omit<PageCapture, 'state' | 'base' | 'patch'>, state: TimelineState, base: TimelineState | undefined) {
    const entry: PageCapture = { ...capture, state: state.index };
    if (base) {
      entry.base = base.index;
      if (base.index !== state.index && base.index !== state.index - 1)
        entry.patch = linePatch(base.lines, state.lines);
    }
    this.captures.push(entry);
  }

  /** The page's states for the page's data, each line masked with `mask`. */
  page(mask: (text: string) => string): TimelinePage {
    return { label: this.label, first: (this._first ?? []).map(mask), states: this._patches.map(patch => maskPatch(patch, mask)) };
  }
}

/** What a test's timeline is made of, at its end. */
export interface TimelineInput {
  /** The test's title path, file first. */
  titlePath: readonly string[];
  status: string;
  /** `performance.now()` when the test's captures began. */
  startedAt: number;
  pages: readonly PageTimeline[];
  triage?: TimelineTriage;
  /** Masks every secret the test saw (a value may have become secret after a capture showed it). */
  mask: (text: string) => string;
}

/**
 * The page's data, or undefined when there is nothing to step through: no capture changed
 * anything (one capture, or several of one unchanged page).
 */
export function timelineData(input: TimelineInput): TimelineData | undefined {
  const { mask } = input;
  const all = input.pages.flatMap((page, index) => page.captures.map(capture => ({ capture, page: index })));
  if (!all.some(({ capture }) => capture.dom || capture.changes.added || capture.changes.removed || capture.changes.changed || capture.changes.moved))
    return undefined;
  all.sort((a, b) => a.capture.time - b.capture.time);
  const captures = all.map(({ capture, page }): TimelineCapture => ({
    title: mask(capture.title),
    ...(capture.line ? { line: capture.line } : {}),
    at: Math.max(0, Math.round(capture.time - input.startedAt)),
    page,
    state: capture.state,
    ...(capture.base !== undefined ? { base: capture.base } : {}),
    ...(capture.patch ? { patch: maskPatch(capture.patch, mask) } : {}),
    changes: capture.changes,
    ...(capture.dom ? { dom: mask(capture.dom) } : {}),
    ...(capture.suggestions.length ? { suggestions: capture.suggestions.map(mask) } : {}),
  }));
  return {
    title: mask(input.titlePath.join(' › ')),
    status: input.status,
    pages: input.pages.map(page => page.page(mask)),
    captures,
    ...(input.triage ? { triage: input.triage } : {}),
    // A failed test opens on its page's failure capture: the test's page's last.
    selected: input.triage ? captures.map(capture => capture.page).lastIndexOf(0) : 0,
  };
}

/**
 * The self-contained page: a Content-Security-Policy that lets only its own script and style
 * run (by their hashes), the data as inert base64 of gzipped JSON (a tree of a large page is most
 * of a page, and shrinks about tenfold), inflated by the browser and rendered by the script with
 * DOM calls only.
 */
export function timelinePage(data: TimelineData, pack: PackData): string {
  const packed = pack(JSON.stringify(data));
  // Base64 only: anything else could end or change the element it is written into.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(packed))
    throw new Error('The timeline page\'s data must be packed as base64.');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${timelineCsp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(data.title)} · stagewright timeline</title>`,
    `<style>${timelineStyle}</style>`,
    '</head>',
    '<body>',
    '<noscript>The timeline needs JavaScript; the captures are also attached as text files.</noscript>',
    `<script type="application/gzip;base64" id="timeline-data">${packed}</script>`,
    `<script>${timelineScript}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Packs the page's JSON as the page reads it: base64 (which holds no `<` or `&` that could end or
 * change its element) of the gzipped UTF-8 text. Node's zlib does it (src/capture/timelinePack.ts).
 */
export type PackData = (json: string) => string;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, c => `&#${c.charCodeAt(0)};`);
}

function maskPatch(patch: LinePatch, mask: (text: string) => string): LinePatch {
  return patch.map(part => typeof part === 'number' ? part : part.map(mask));
}

/**
 * The line patch from `before` to `after`: the common lines at both ends are kept without
 * diffing them, the span between is diffed line by line (or replaced whole past the limits).
 */
export function linePatch(before: readonly string[], after: readonly string[]): LinePatch {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start])
    start++;
  let tail = 0;
  while (tail < shorter - start && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  const removed = before.slice(start, before.length - tail);
  const added = after.slice(start, after.length - tail);
  if (!removed.length && !added.length)
    return [];
  const patch: LinePatch = [];
  let keep = start;
  const changes = removed.length && added.length ? diffArrays(removed, added, { maxEditLength: Math.min(kMaxEditLength, Math.floor(kMaxDiffWork / (removed.length + added.length))), timeout: kDiffTimeoutMs }) : undefined;
  if (!changes) {
    patch.push(keep, removed.length, added);
    return patch;
  }
  let pending: { removed: number; added: string[] } | undefined;
  const flush = () => {
    if (!pending)
      return;
    patch.push(keep, pending.removed, pending.added);
    keep = 0;
    pending = undefined;
  };
  for (const change of changes) {
    if (!change.added && !change.removed) {
      flush();
      keep += change.value.length;
      continue;
    }
    pending ??= { removed: 0, added: [] };
    if (change.removed)
      pending.removed += change.value.length;
    else
      pending.added.push(...change.value);
  }
  flush();
  return patch;
}
