// What a diff line shows of a long text field that changed (docs/concepts.md, Diffs): the changed
// lines, or the changed words of a one-line value, with a little context, never the whole value
// twice. A code editor's value is its whole file: one word replaced in it once printed 6,000
// characters. The diff's JSON keeps both values whole; only its text is cut.

import { diffArrays } from 'diff';
import { commonPrefix, commonSuffix } from '../isomorphic/commonEnds';

/** A text field longer than this, or of more than one line, shows its change as an excerpt. */
const kLongText = 120;
/** Unchanged characters shown on each side of a change, cut where a word starts or ends when one does. */
const kContext = 20;
/** Changed characters shown before an excerpt is cut. */
const kMaxChanged = 50;
/** A changed line this short, on both sides, shows whole. */
const kWholeLine = 80;
/** Characters shown of lines added, removed, or replaced by a different number of lines. */
const kMaxBlock = 80;
/** The second change is shown too when the two together show at most this many characters. */
const kTwoParts = 120;
// The token diff is bounded in time: what lies between the common ends is compared line by line
// (or word by word) only up to these sizes, and the diff gives up past kMaxEdits tokens added and
// removed (its work is the tokens compared times the edits); then all of it reads as one run.
const kMaxComparedTokens = 4_000;
const kMaxComparedChars = 20_000;
const kMaxEdits = 100;

/** A piece of one side: the text shown, and whether the line (or value) goes on before or after it. */
export interface Excerpt { text: string; cutBefore: boolean; cutAfter: boolean }

/** Lines of a multi-line value, counted from 1: of the later value, or of the earlier one when removed. */
export interface LineRange { first: number; last: number }

export type ChangedPart =
  | { kind: 'changed'; lines?: LineRange; prev: Excerpt; curr: Excerpt }
  | { kind: 'added'; lines: LineRange; curr: Excerpt }
  | { kind: 'removed'; lines: LineRange; prev: Excerpt };

export interface TextChange {
  /** `line`: the parts are lines of a multi-line value; `change`: spans of a one-line value. */
  unit: 'line' | 'change';
  /** The first change, and the second when both are short; empty when the two sides are equal. */
  parts: ChangedPart[];
  /** The changes not shown, in `unit`s: a one-line value counts its spans as `changed`. */
  rest: { changed: number; added: number; removed: number };
}

/** Whether a change of this field's value shows as an excerpt. */
export function isLongText(value: unknown): value is string {
  return typeof value === 'string' && (value.length > kLongText || value.includes('\n'));
}

/** The parts of `curr` that differ from `prev`, and how many more there are. */
export function textChange(prev: string, curr: string): TextChange {
  const multiLine = prev.includes('\n') || curr.includes('\n');
  const change: TextChange = { unit: multiLine ? 'line' : 'change', parts: [], rest: { changed: 0, added: 0, removed: 0 } };
  let seen = 0;
  for (const { counts, build } of multiLine ? lineParts(prev, curr) : spanParts(prev, curr)) {
    seen++;
    if (seen === 1) {
      change.parts.push(build());
      continue;
    }
    if (seen === 2) {
      const part = build();
      if (partLength(change.parts[0]) + partLength(part) <= kTwoParts) {
        change.parts.push(part);
        continue;
      }
    }
    change.rest.changed += counts.changed;
    change.rest.added += counts.added;
    change.rest.removed += counts.removed;
  }
  return change;
}

type Counts = TextChange['rest'];
/** What a part stands for (lines, or spans), and the part, built only when it may be shown. */
type LazyPart = { counts: Counts; build: () => ChangedPart };

const kOneChange: Counts = { changed: 1, added: 0, removed: 0 };

function partLength(part: ChangedPart): number {
  return (part.kind === 'added' ? 0 : part.prev.text.length) + (part.kind === 'removed' ? 0 : part.curr.text.length);
}

/** A run of tokens that differ: `prev[prevStart, prevEnd)` became `curr[currStart, currEnd)`. */
interface Hunk { prevStart: number; prevEnd: number; currStart: number; currEnd: number }

/**
 * The changed lines: a line replaced by one line is a line pair, lines added or removed are a
 * block, and so is a run of lines replaced by a different number of lines.
 */
function* lineParts(prev: string, curr: string): Generator<LazyPart> {
  // An empty value has no lines: filling an empty editor adds all of them.
  const before = prev === '' ? [] : prev.split('\n');
  const after = curr === '' ? [] : curr.split('\n');
  for (const hunk of hunksOf(before, after)) {
    const removed = hunk.prevEnd - hunk.prevStart;
    const added = hunk.currEnd - hunk.currStart;
    if (removed === added) {
      for (let i = 0; i < added; i++) {
        const [a, b] = [before[hunk.prevStart + i], after[hunk.currStart + i]];
        // Only a run the diff gave up on pairs lines it did not compare: equal pairs there are no change.
        if (a !== b)
          yield { counts: kOneChange, build: () => linePair(a, b, hunk.currStart + i + 1) };
      }
      continue;
    }
    const paired = Math.min(removed, added);
    const counts = { changed: paired, added: added - paired, removed: removed - paired };
    const block = (lines: string[], start: number, end: number) => cutAt(lines.slice(start, end).join('\n'), kMaxBlock);
    const [inPrev, inCurr] = [{ first: hunk.prevStart + 1, last: hunk.prevEnd }, { first: hunk.currStart + 1, last: hunk.currEnd }];
    if (!added)
      yield { counts, build: () => ({ kind: 'removed', lines: inPrev, prev: block(before, hunk.prevStart, hunk.prevEnd) }) };
    else if (!removed)
      yield { counts, build: () => ({ kind: 'added', lines: inCurr, curr: block(after, hunk.currStart, hunk.currEnd) }) };
    else
      yield { counts, build: () => ({ kind: 'changed', lines: inCurr, prev: block(before, hunk.prevStart, hunk.prevEnd), curr: block(after, hunk.currStart, hunk.currEnd) }) };
  }
}

function linePair(prev: string, curr: string, line: number): ChangedPart {
  const [prevExcerpt, currExcerpt] = prev.length <= kWholeLine && curr.length <= kWholeLine ? [whole(prev), whole(curr)]
    : excerptPair(prev, curr, 0, prev.length, 0, curr.length);
  return { kind: 'changed', lines: { first: line, last: line }, prev: prevExcerpt, curr: currExcerpt };
}

/** The changed spans of a one-line value, found word by word; spans closer than kContext read as one. */
function* spanParts(prev: string, curr: string): Generator<LazyPart> {
  const prefix = commonPrefix(prev, curr);
  const suffix = commonSuffix(prev, curr, prefix);
  const [prevEnd, currEnd] = [prev.length - suffix, curr.length - suffix];
  let hunks: Hunk[] = [{ prevStart: prefix, prevEnd, currStart: prefix, currEnd }];
  if (prevEnd - prefix + currEnd - prefix <= kMaxComparedChars) {
    const before = wordsOf(prev.slice(prefix, prevEnd));
    const after = wordsOf(curr.slice(prefix, currEnd));
    const [prevAt, currAt] = [offsetsOf(before, prefix), offsetsOf(after, prefix)];
    hunks = hunksOf(before, after).map(hunk => ({ prevStart: prevAt[hunk.prevStart], prevEnd: prevAt[hunk.prevEnd], currStart: currAt[hunk.currStart], currEnd: currAt[hunk.currEnd] }));
  }
  for (const hunk of mergeClose(hunks)) {
    yield { counts: kOneChange, build: () => {
      const [prevExcerpt, currExcerpt] = excerptPair(prev, curr, hunk.prevStart, hunk.prevEnd, hunk.currStart, hunk.currEnd);
      return { kind: 'changed', prev: prevExcerpt, curr: currExcerpt };
    } };
  }
}

// Words, runs of white space, and each other character alone (punctuation, a URL's `/` and `?`).
const kWord = /[\p{L}\p{N}\p{M}_]+|\s+|[^\p{L}\p{N}\p{M}_\s]/gu;

function wordsOf(text: string): string[] {
  return text.match(kWord) ?? [];
}

/** Where each token starts, from `start`, and where the last ends. */
function offsetsOf(tokens: string[], start: number): number[] {
  const offsets = [start];
  for (const token of tokens)
    offsets.push(offsets[offsets.length - 1] + token.length);
  return offsets;
}

function mergeClose(hunks: Hunk[]): Hunk[] {
  const merged: Hunk[] = [];
  for (const hunk of hunks) {
    const last = merged[merged.length - 1];
    if (last && hunk.prevStart - last.prevEnd <= kContext)
      merged[merged.length - 1] = { prevStart: last.prevStart, prevEnd: hunk.prevEnd, currStart: last.currStart, currEnd: hunk.currEnd };
    else
      merged.push(hunk);
  }
  return merged;
}

/**
 * The runs of tokens that differ, in order. The common ends are set aside first; what lies between
 * is diffed when it is small enough, and past the limits it is one run.
 */
function hunksOf(before: string[], after: string[]): Hunk[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start])
    start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  const [prevEnd, currEnd] = [before.length - end, after.length - end];
  if (start === prevEnd && start === currEnd)
    return [];
  const whole = [{ prevStart: start, prevEnd, currStart: start, currEnd }];
  const middle = [before.slice(start, prevEnd), after.slice(start, currEnd)];
  if (middle[0].length + middle[1].length > kMaxComparedTokens || charsOf(middle[0]) + charsOf(middle[1]) > kMaxComparedChars)
    return whole;
  const changes = diffArrays(middle[0], middle[1], { maxEditLength: kMaxEdits });
  if (!changes)
    return whole;
  const hunks: Hunk[] = [];
  let [prevAt, currAt] = [start, start];
  let open: Hunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      prevAt += change.count;
      currAt += change.count;
      continue;
    }
    if (!open) {
      open = { prevStart: prevAt, prevEnd: prevAt, currStart: currAt, currEnd: currAt };
      hunks.push(open);
    }
    if (change.removed)
      open.prevEnd = prevAt += change.count;
    else
      open.currEnd = currAt += change.count;
  }
  return hunks;
}

function charsOf(tokens: string[]): number {
  let length = 0;
  for (const token of tokens)
    length += token.length;
  return length;
}

function whole(text: string): Excerpt {
  return { text, cutBefore: false, cutAfter: false };
}

/** The start of `text`, at most `max` characters. */
function cutAt(text: string, max: number): Excerpt {
  return text.length <= max ? whole(text) : { text: text.slice(0, keepPairs(text, max)), cutBefore: false, cutAfter: true };
}

/** The two sides of one change: the characters that differ, with the same context around them. */
function excerptPair(prev: string, curr: string, prevStart: number, prevEnd: number, currStart: number, currEnd: number): [Excerpt, Excerpt] {
  // Runs of the word diff are whole words: the letters they share are context, so that a change
  // cut at kMaxChanged still shows where its sides differ.
  const prefix = commonPrefix(prev.slice(prevStart, prevEnd), curr.slice(currStart, currEnd));
  const suffix = commonSuffix(prev.slice(prevStart, prevEnd), curr.slice(currStart, currEnd), prefix);
  return [excerpt(prev, prevStart + prefix, prevEnd - suffix), excerpt(curr, currStart + prefix, currEnd - suffix)];
}

function excerpt(text: string, start: number, end: number): Excerpt {
  let from = Math.max(0, start - kContext);
  if (from > 0 && !isSpace(text, from - 1)) {
    const space = firstSpace(text, from, start);
    from = space === -1 ? keepPairsFrom(text, from) : space + 1;
  }
  if (end - start > kMaxChanged) {
    const to = keepPairs(text, start + kMaxChanged);
    return { text: text.slice(from, to), cutBefore: from > 0, cutAfter: true };
  }
  let to = Math.min(text.length, end + kContext);
  if (to < text.length && !isSpace(text, to)) {
    const space = lastSpace(text, end, to);
    to = space === -1 ? keepPairs(text, to) : space;
  }
  return { text: text.slice(from, to), cutBefore: from > 0, cutAfter: to < text.length };
}

function isSpace(text: string, index: number): boolean {
  return /\s/.test(text[index]);
}

/** The first white space in `text[from, to)`, or -1. */
function firstSpace(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (isSpace(text, i))
      return i;
  }
  return -1;
}

/** The last white space in `text(from, to)`: context after a change keeps at least one character. */
function lastSpace(text: string, from: number, to: number): number {
  for (let i = to - 1; i > from; i--) {
    if (isSpace(text, i))
      return i;
  }
  return -1;
}

// A cut between the halves of a surrogate pair would leave a lone half: it moves to keep the pair.
function keepPairs(text: string, end: number): number {
  return end > 0 && end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end;
}

function keepPairsFrom(text: string, start: number): number {
  return start > 0 && start < text.length && isHighSurrogate(text.charCodeAt(start - 1)) ? start + 1 : start;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
