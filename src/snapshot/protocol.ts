// What crosses the page boundary: the store's request to the in-page runtime and its answer.
// Both travel as JSON strings (see injected/index.ts).

import type { SnapshotEntry, WalkLimits } from './types';

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
}

export interface PageSnapshot {
  documentId: string;
  url: string;
  title: string;
  entries: SnapshotEntry[];
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
}

/** The key of the runtime on the page's window (a symbol: never on an element, never enumerable). */
export const kRuntimeKey = 'stagewright.runtime';
