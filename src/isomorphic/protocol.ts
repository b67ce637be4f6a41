// What crosses the page boundary: the store's request to the in-page runtime and its answer.
// Both travel as JSON strings (see injected/index.ts).

import type { SnapshotEntry, TextRun, WalkLimits } from './types';

export interface SnapshotRequest {
  limits: WalkLimits;
  /** Extra CSS selectors whose values and text never leave the page. */
  redact: string[];
  /** The store's next free ref number for this page: refs are never reused within its life. */
  minNextId: number;
  /** Ref prefix of this document: '' in the main frame, 'f1' in the first child frame. */
  prefix: string;
  /** Also serialize the DOM file's markup, right after the walk (same refs, same moment). */
  dom?: boolean;
  /** A subtree walk (`snapshot({ root })`): it must not stand in for the document's last walk. */
  partial?: boolean;
  /**
   * The token of the last answer the caller holds (see `decodeAnswer`): when it is the page's
   * last answer too, the page sends only what changed since.
   */
  since?: string;
}

/**
 * An answer, in parts: [header JSON, entries part, DOM markup?]. The entries part is lines: the
 * text runs' JSON (or `0`), then one packed entry's JSON per line (JSON never holds a raw line
 * break), so that Node parses only the lines that differ from the last answer's (see
 * `parseEntriesPart` in src/runtime/pageCalls.ts). A step changes a field or two, so most of a
 * big snapshot's bytes are the same as the last answer's: each part travels either whole
 * (`F<text>`), as what changed between the common beginning and end it shares with the same part
 * of the last answer (`D<prefix>,<suffix>,<middle>`), or as that part unchanged (`K`). Each
 * encoded part is preceded by its length and ':'; the answer begins with
 * `<token>|<1 when the last answer was the base, else 0>`.
 * The page encodes (injected/index.ts), Node decodes (src/runtime/pageCalls.ts).
 */
export interface AnswerState {
  token: string;
  parts: (string | undefined)[];
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
}

/**
 * The name of the runtime on the page's window: never on an element, not enumerable, and defined
 * before page scripts run as a property they cannot change (injected/index.ts `install()`), so
 * `window[kRuntimeKey]` is always the runtime that watched the page from its start.
 */
export const kRuntimeKey = '__stagewright_runtime';

// Entries cross the page boundary as positional arrays: about a third of the bytes of the
// objects, which is most of the cost of a big snapshot's trip through the protocol.
// [ref, role, name, state, bbox [x, y, w, h] | 0, fingerprint, interactive 0/1, depth, parent | 0, tag, extras?]
export type PackedEntry = [string, string, string, SnapshotEntry['state'], number[] | 0, string, number, number, string | 0, string, PackedExtras?];
type PackedExtras = Pick<SnapshotEntry, 'description' | 'text' | 'runs' | 'url' | 'value' | 'placeholder' | 'frame'>;

/** In the page: the entries part of an answer (see `AnswerState`), with the page's captured `JSON.stringify`. */
export function encodeEntriesPart(packed: PackedEntry[], text: TextRun[], stringify: (value: unknown) => string): string {
  let part = text.length ? stringify(text) : '0';
  for (let i = 0; i < packed.length; i++)
    part += '\n' + stringify(packed[i]);
  return part;
}

/**
 * In the page: no builtin calls, only literals and property reads. The walker makes every field of
 * an entry its own (optional ones `undefined`), so no read here reaches a page's Object.prototype.
 */
export function packEntry(e: SnapshotEntry): PackedEntry {
  const packed: PackedEntry = [e.ref, e.role, e.name, e.state, e.bbox ? [e.bbox.x, e.bbox.y, e.bbox.width, e.bbox.height] : 0,
    e.fingerprint, e.interactive ? 1 : 0, e.depth, e.parent === null ? 0 : e.parent, e.tag];
  if (e.description !== undefined || e.text !== undefined || e.runs !== undefined || e.url !== undefined || e.value !== undefined || e.placeholder !== undefined || e.frame !== undefined)
    packed[10] = { description: e.description, text: e.text, runs: e.runs, url: e.url, value: e.value, placeholder: e.placeholder, frame: e.frame };
  return packed;
}

export function unpackEntry(p: PackedEntry): SnapshotEntry {
  // Packed entries outlive one answer (parseEntriesPart reuses them): objects are copied, never shared.
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
