// What crosses the page boundary: the store's request to the in-page runtime, its answer, and the
// ref engine's problems. The page encodes (injected/), Node decodes (src/runtime/pageCalls.ts), both
// with the functions here, side by side, so that the format has one description and one reader.
//
// Bundled into the page: encoding code must not call overridable builtins (see
// injected/builtins.ts), so the page passes the `slice` and `JSON.stringify` it captured at
// install. Decoding runs in Node only, through the helpers marked so. The codec is `@internal`:
// the published declarations carry only the request, the snapshot and the ref problem.

import type { Slice } from './commonEnds';
import { commonPrefix, commonSuffix } from './commonEnds';
import type { SnapshotEntry, TextRun, WalkLimits } from './types';

export interface SnapshotRequest {
  limits: WalkLimits;
  /** Extra CSS selectors whose values and text never leave the page. */
  redact: string[];
  /** The suite's test id attributes (Playwright's `testIdAttribute`): the DOM file keeps them beside `data-testid`. */
  testIds?: string[];
  /** The store's next free ref number for this page: refs are never reused within its life. */
  minNextId: number;
  /** Ref prefix of this document: '' in the main frame, 'f1' in the first child frame. */
  prefix: string;
  /** Also serialize the DOM file's markup, right after the walk (same refs, same moment). */
  dom?: boolean;
  /** A subtree walk (`snapshot({ root })`): it must not stand in for the document's last walk. */
  partial?: boolean;
  /**
   * The oracle of the incremental walk (STAGEWRIGHT_VERIFY_INCREMENTAL=1): a full walk beside it,
   * whose first difference comes back as `mismatch`.
   */
  verify?: boolean;
  /** Only for the oracle's own test: the incremental walk takes subtrees without checking them. */
  unsoundReuse?: boolean;
  /**
   * The token of the last answer the caller holds (see `decodeAnswer`): when it is the page's
   * last answer too, the page sends only what changed since.
   */
  since?: string;
}

export interface PageSnapshot<E = SnapshotEntry> {
  documentId: string;
  url: string;
  title: string;
  entries: E[];
  /** Text with no entry above it (runs among the top-level entries). */
  text?: TextRun[];
  truncated: boolean;
  /** Elements the walk visited. */
  visited: number;
  /** The document's next ref number: the store never hands out less. */
  nextId: number;
  elapsedMs: number;
  /** The document's change count when walked: `<documentId>:<mutations and input events>`. */
  changeCount: string;
  /** The DOM file's markup (unformatted), when asked for. */
  dom?: string;
  domTruncated?: boolean;
  /**
   * The values the walk withheld (secret fields' values, password-typed hosts' value attributes),
   * for Node to mask wherever else they occur (src/snapshot/secretValues.ts). Never an artifact.
   */
  secrets?: string[];
  /** Under `verify`: where the incremental walk first differed from a full walk. */
  mismatch?: string;
  /** How many entries the walk took from the document's last walk (the incremental walk). */
  taken: number;
}

/**
 * The name of the runtime on the page's window: never on an element, not enumerable, and defined
 * before page scripts run as a property they cannot change (injected/install.ts), so
 * `window[kRuntimeKey]` is always the runtime that watched the page from its start. Its type is
 * `StagewrightRuntime` (injected/api.ts).
 */
export const kRuntimeKey = '__stagewright_runtime';

/**
 * Why the ref engine (injected/refEngine.ts) has no element for a ref: a code and its data. The
 * page never writes the sentence; Node does (src/errors.ts `refProblemSentence`).
 */
export interface RefProblem {
  code: 'REF_STALE';
  /**
   * `not-issued`: this document never issued the ref (the page navigated or reloaded since it was
   * taken); `gone`: the ref's element left the document, and a wait for it has waited long enough.
   */
  reason: 'not-issued' | 'gone';
  ref: string;
}

/**
 * The message of each ref problem, written by Node (src/errors.ts) and handed to the page's
 * selector engine when it is registered: the text before the ref and the text after it. An action
 * on a `sw-ref` locator fails with this message, which Playwright reports as it is.
 * @internal
 */
export type RefProblemMessages = { readonly [R in RefProblem['reason']]: readonly [before: string, after: string] };

// ---------------------------------------------------------------------------------------------
// The answer to a snapshot request.
//
// An answer is in parts: [header JSON, entries part, DOM markup?]. The entries part is lines: the
// text runs' JSON (or `0`), then one packed entry's JSON per line (JSON never holds a raw line
// break), so that Node parses only the lines that differ from the last answer's
// (`decodeEntriesPart`). A step changes a field or two, so most of a big snapshot's bytes are the
// same as the last answer's: each part travels either whole (`F<text>`), as what changed between
// the common beginning and end it shares with the same part of the last answer
// (`D<prefix>,<suffix>,<middle>`), or as that part unchanged (`K`). Each encoded part is preceded
// by its length and ':'; the answer begins with `<token>|<1 when the last answer was the base, else 0>`.
// ---------------------------------------------------------------------------------------------

/**
 * An answer's parts, decoded: [header JSON, entries part, DOM markup?].
 * @internal
 */
export type AnswerParts = (string | undefined)[];

/**
 * An answer, decoded (or sent): its token, which the next request names in `since`, and its parts.
 * @internal
 */
export interface AnswerState {
  token: string;
  parts: AnswerParts;
}

/**
 * Thrown by the decoders: what the page sent is not an answer they can read.
 * @internal
 */
export class AnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerError';
  }
}

// Entries cross the page boundary as positional arrays: about a third of the bytes of the
// objects, which is most of the cost of a big snapshot's trip through the protocol.
// [ref, role, name, state, bbox [x, y, w, h] | 0, fingerprint, interactive 0/1, depth, parent | 0, tag, extras?]
/** @internal */
export type PackedEntry = [string, string, string, SnapshotEntry['state'], number[] | 0, string, number, number, string | 0, string, PackedExtras?];
type PackedExtras = Pick<SnapshotEntry, 'description' | 'text' | 'runs' | 'url' | 'value' | 'placeholder' | 'frame'>;

/** The fields of a PageSnapshot that may be absent. */
type OptionalField = 'text' | 'dom' | 'domTruncated' | 'secrets' | 'mismatch';

/**
 * A PageSnapshot as the page builds it: every field its own, optional ones `undefined`, so that
 * no read of one reaches a page's Object.prototype.
 * @internal
 */
export type EncodableSnapshot = Omit<PageSnapshot, OptionalField> & { [K in OptionalField]: PageSnapshot[K] | undefined };

type Stringify = (value: unknown) => string;

// --- Encoding, in the page -------------------------------------------------------------------

/**
 * In the page: no builtin calls, only literals and property reads. The walker makes every field of
 * an entry its own (optional ones `undefined`), so no read here reaches a page's Object.prototype.
 * @internal
 */
export function packEntry(e: SnapshotEntry): PackedEntry {
  const packed: PackedEntry = [e.ref, e.role, e.name, e.state, e.bbox ? [e.bbox.x, e.bbox.y, e.bbox.width, e.bbox.height] : 0,
    e.fingerprint, e.interactive ? 1 : 0, e.depth, e.parent === null ? 0 : e.parent, e.tag];
  if (e.description !== undefined || e.text !== undefined || e.runs !== undefined || e.url !== undefined || e.value !== undefined || e.placeholder !== undefined || e.frame !== undefined)
    packed[10] = { description: e.description, text: e.text, runs: e.runs, url: e.url, value: e.value, placeholder: e.placeholder, frame: e.frame };
  return packed;
}

/**
 * In the page: where an entry's line may come from the last answer. `reuse` gives the line sent
 * for entry `index` when it is known to be what packing it again would give, else undefined;
 * `keep` is told every line sent.
 * @internal
 */
export interface EntryLines {
  reuse(entry: SnapshotEntry, index: number): string | undefined;
  keep(entry: SnapshotEntry, line: string): void;
}

/**
 * In the page: the entries part of an answer, with the page's captured `JSON.stringify`: one line
 * per entry, `line(entry)` (by default the entry's JSON, for entries packed already).
 * @internal
 */
export function encodeEntriesPart<E>(entries: readonly E[], text: TextRun[] | undefined, stringify: Stringify, line: (entry: E, index: number) => string = entry => stringify(entry)): string {
  let part = text && text.length ? stringify(text) : '0';
  for (let i = 0; i < entries.length; i++)
    part += '\n' + line(entries[i], i);
  return part;
}

/**
 * In the page: a snapshot's answer parts. The header's fields are its own from the start: a setter on Object.prototype takes none.
 * @internal
 */
export function encodeSnapshotParts(snapshot: EncodableSnapshot, stringify: Stringify, lines?: EntryLines): AnswerParts {
  const header: Omit<EncodableSnapshot, 'entries' | 'text' | 'dom'> = {
    documentId: snapshot.documentId,
    url: snapshot.url,
    title: snapshot.title,
    truncated: snapshot.truncated,
    visited: snapshot.visited,
    nextId: snapshot.nextId,
    elapsedMs: snapshot.elapsedMs,
    changeCount: snapshot.changeCount,
    domTruncated: snapshot.domTruncated,
    secrets: snapshot.secrets,
    mismatch: snapshot.mismatch,
    taken: snapshot.taken,
  };
  const line = (entry: SnapshotEntry, index: number) => {
    let packed = lines ? lines.reuse(entry, index) : undefined;
    if (packed === undefined)
      packed = stringify(packEntry(entry));
    if (lines)
      lines.keep(entry, packed);
    return packed;
  };
  return [stringify(header), encodeEntriesPart(snapshot.entries, snapshot.text, stringify, line), snapshot.dom];
}

/**
 * In the page: an answer of `parts` under `token`: each part whole, or what changed since the same
 * part of `base` (the last answer, when the caller holds it too). Also the state the next answer
 * can be based on: a part not sent (no markup asked for) keeps the base's, so the one after can
 * still build on it.
 * @internal
 */
export function encodeAnswer(token: string, parts: AnswerParts, base: AnswerState | undefined, slice: Slice): { answer: string; state: AnswerState } {
  let answer = token + '|' + (base ? '1' : '0');
  const kept: AnswerParts = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const previous = base ? base.parts[i] : undefined;
    let encoded: string;
    if (part === undefined) {
      kept[i] = previous;
      if (previous === undefined)
        continue;
      encoded = 'K';
    } else {
      kept[i] = part;
      encoded = previous === undefined ? 'F' + part : encodeChange(previous, part, slice);
    }
    answer += encoded.length + ':' + encoded;
  }
  return { answer, state: { token, parts: kept } };
}

/**
 * `D<prefix>,<suffix>,<middle>`: `part` as `base` with what lies between their common beginning
 * and end replaced. The ends never split a surrogate pair (the middle must be a valid string).
 */
function encodeChange(base: string, part: string, slice: Slice): string {
  let prefix = commonPrefix(base, part, slice);
  if (prefix > 0 && isHighSurrogate(part, prefix - 1))
    prefix--;
  let suffix = commonSuffix(base, part, prefix, slice);
  if (suffix > 0 && isHighSurrogate(part, part.length - suffix - 1))
    suffix--;
  return 'D' + prefix + ',' + suffix + ',' + slice(part, prefix, part.length - suffix);
}

function isHighSurrogate(text: string, index: number): boolean {
  const c = text[index];
  return c >= '\ud800' && c <= '\udbff';
}

// --- Decoding, in Node -------------------------------------------------------------------------

const nodeIndexOf = (text: string, search: string, from?: number): number => text.indexOf(search, from); // Node side only
const nodeSlice = (text: string, start: number, end?: number): string => text.slice(start, end); // Node side only
const nodeLines = (text: string): string[] => text.split('\n'); // Node side only
const nodeParse = (json: string): unknown => JSON.parse(json); // Node side only

/** A short quote of what could not be read, for an error message. */
function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? nodeSlice(text, 0, 40) + '…' : text); // Node side only
}

/**
 * The parts of a page's answer, given the state the request named in `since` (`base`). Throws an
 * `AnswerError` when the answer is not one, or changes a base this side does not hold.
 * @internal
 */
export function decodeAnswer(answer: string, base: AnswerState | undefined): AnswerState {
  const bar = nodeIndexOf(answer, '|');
  if (bar < 0 || (answer[bar + 1] !== '0' && answer[bar + 1] !== '1'))
    throw new AnswerError(`Not an answer of the page runtime: ${quote(answer)} has no "<token>|0" or "<token>|1" header.`);
  const token = nodeSlice(answer, 0, bar);
  const based = answer[bar + 1] === '1';
  if (based && !base)
    throw new AnswerError('The page answered with changes to an answer this side does not hold.');
  const parts: AnswerParts = [];
  let at = bar + 2;
  for (let i = 0; at < answer.length; i++) {
    const colon = nodeIndexOf(answer, ':', at);
    const length = colon < 0 ? NaN : Number(nodeSlice(answer, at, colon));
    const encoded = nodeSlice(answer, colon + 1, colon + 1 + length);
    if (colon < 0 || !(length >= 1) || encoded.length !== length)
      throw new AnswerError(`A truncated answer of the page runtime: part ${i + 1} at character ${at} (${quote(nodeSlice(answer, at))}) is not "<length>:<part>" of its length.`);
    at = colon + 1 + length;
    if (encoded[0] === 'F') {
      parts[i] = nodeSlice(encoded, 1);
    } else if (encoded[0] === 'D') {
      const first = nodeIndexOf(encoded, ',');
      const second = first < 0 ? -1 : nodeIndexOf(encoded, ',', first + 1);
      const prefix = Number(nodeSlice(encoded, 1, first));
      const suffix = Number(nodeSlice(encoded, first + 1, second));
      if (second < 0 || !(prefix >= 0) || !(suffix >= 0))
        throw new AnswerError(`A malformed change in part ${i + 1} of an answer of the page runtime: ${quote(encoded)} is not "D<prefix>,<suffix>,<middle>".`);
      const previous = base?.parts[i];
      if (!based || previous === undefined || prefix + suffix > previous.length)
        throw new AnswerError('The page answered with changes to a part this side does not hold.');
      parts[i] = nodeSlice(previous, 0, prefix) + nodeSlice(encoded, second + 1) + nodeSlice(previous, previous.length - suffix);
    } else if (encoded === 'K') {
      // The part is what it was in the base (the DOM markup, on an answer without one).
      parts[i] = based ? base?.parts[i] : undefined;
    } else {
      throw new AnswerError(`A malformed answer of the page runtime: part ${i + 1} starts with ${quote(encoded[0])}, not F, D or K.`);
    }
  }
  return { token, parts };
}

/**
 * An entries part, decoded: its lines, kept so that the next part can reuse what did not change.
 * @internal
 */
export interface DecodedEntries {
  lines: string[];
  entries: PackedEntry[];
  text: TextRun[] | undefined;
}

/**
 * Reads an entries part. Lines equal to the `previous` part's, counted from the start and from
 * the end, take its parsed entries (a step changes a few entries in the middle); only the lines
 * between are parsed.
 * @internal
 */
export function decodeEntriesPart(part: string, previous: DecodedEntries | undefined): DecodedEntries {
  const lines = nodeLines(part);
  const count = lines.length - 1;
  const entries: PackedEntry[] = new Array(count);
  let head = 0;
  let tail = 0;
  if (previous) {
    const before = previous.lines;
    const shared = Math.min(count, before.length - 1);
    while (head < shared && lines[head + 1] === before[head + 1]) {
      entries[head] = previous.entries[head];
      head++;
    }
    while (tail < shared - head && lines[count - tail] === before[before.length - 1 - tail]) {
      entries[count - 1 - tail] = previous.entries[previous.entries.length - 1 - tail];
      tail++;
    }
  }
  for (let i = head; i < count - tail; i++)
    entries[i] = parseJson(lines[i + 1], `entry ${i + 1}`) as PackedEntry;
  const text = lines[0] === '0' ? undefined : parseJson(lines[0], 'the text runs') as TextRun[];
  return { lines, entries, text };
}

function parseJson(json: string, what: string): unknown {
  try {
    return nodeParse(json);
  } catch (error) {
    throw new AnswerError(`A malformed answer of the page runtime: ${what} is not JSON (${quote(json)}: ${(error as Error).message}).`);
  }
}

/** @internal */
export function unpackEntry(p: PackedEntry): SnapshotEntry {
  // Packed entries outlive one answer (decodeEntriesPart reuses them): objects are copied, never shared.
  const entry: SnapshotEntry = {
    ref: p[0], role: p[1], name: p[2], state: { ...p[3] },
    bbox: p[4] ? { x: p[4][0], y: p[4][1], width: p[4][2], height: p[4][3] } : null,
    fingerprint: p[5], interactive: p[6] === 1, recently_changed: false, depth: p[7], parent: p[8] === 0 ? null : p[8], tag: p[9],
  };
  const extras = p[10];
  if (extras) {
    // Always in this order: entries of a snapshot then share a few object shapes.
    if (extras.description !== undefined)
      entry.description = extras.description;
    if (extras.text !== undefined)
      entry.text = extras.text;
    if (extras.runs !== undefined)
      entry.runs = extras.runs;
    if (extras.url !== undefined)
      entry.url = extras.url;
    if (extras.value !== undefined)
      entry.value = extras.value;
    if (extras.placeholder !== undefined)
      entry.placeholder = extras.placeholder;
    if (extras.frame !== undefined)
      entry.frame = { ...extras.frame };
  }
  return entry;
}

/**
 * The PageSnapshot an answer's parts hold, and its entries part decoded (the `previous` of the
 * next call). The markup is the snapshot's when the header says the DOM file was asked for
 * (`domTruncated` is set exactly then); a part kept from the base without being asked for is not.
 * @internal
 */
export function decodeSnapshot(parts: AnswerParts, previous: DecodedEntries | undefined): { snapshot: PageSnapshot; entries: DecodedEntries } {
  const [header, body, dom] = parts;
  if (header === undefined || body === undefined)
    throw new AnswerError('An answer of the page runtime without its header or its entries.');
  const fields = parseJson(header, 'the header') as Omit<PageSnapshot, 'entries'>;
  if (!fields || typeof fields !== 'object')
    throw new AnswerError(`A malformed answer of the page runtime: the header ${quote(header)} is not an object.`);
  const entries = decodeEntriesPart(body, previous);
  const unpacked: SnapshotEntry[] = new Array(entries.entries.length);
  for (let i = 0; i < unpacked.length; i++)
    unpacked[i] = unpackEntry(entries.entries[i]);
  const snapshot: PageSnapshot = { ...fields, entries: unpacked };
  if (entries.text)
    snapshot.text = entries.text;
  if (fields.domTruncated !== undefined)
    snapshot.dom = dom ?? '';
  return { snapshot, entries };
}

// --- The ref engine's problems -----------------------------------------------------------------

/**
 * Reads the runtime's `refProblem` answer: a problem, or undefined for none (or an answer that is not one).
 * @internal
 */
export function decodeRefProblem(answer: unknown): RefProblem | undefined {
  if (typeof answer !== 'string' || !answer)
    return undefined;
  let problem: Partial<RefProblem> | null;
  try {
    problem = nodeParse(answer) as Partial<RefProblem> | null;
  } catch {
    return undefined;
  }
  if (!problem || problem.code !== 'REF_STALE' || (problem.reason !== 'gone' && problem.reason !== 'not-issued') || typeof problem.ref !== 'string')
    return undefined;
  return { code: problem.code, reason: problem.reason, ref: problem.ref };
}
