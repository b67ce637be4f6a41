// Snapshot schema v1 (docs/design.md, Snapshot schema v1): plain JSON, no Map/Set/Date, so it
// crosses the page boundary as a string and is stored, diffed and attached without conversion.

import type { EntryRole } from './roles';

export type { EntryRole };

export interface BBox { x: number; y: number; width: number; height: number }

export interface EntryState {
  disabled?: boolean;
  checked?: boolean | 'mixed';
  pressed?: boolean | 'mixed';
  expanded?: boolean;
  selected?: boolean;
  focused?: boolean;
  required?: boolean;
  readonly?: boolean;
  invalid?: boolean | string;
  /** Rendered and visible, with text, but aria-hidden: out of the accessibility tree. Printed `[aria-hidden]`. */
  hidden?: boolean;
  /** A pointer cursor starts on this non-widget (a clickable generic or image). Printed `[cursor=pointer]`. */
  cursor?: 'pointer';
  /** Rendered and visible, with text, but inert: out of the accessibility tree, takes no input. Printed `[inert]`. */
  inert?: boolean;
  level?: number;
  haspopup?: boolean | string;
  /** `aria-sort` on column and row headers; absent for `none`, no attribute or an invalid value. */
  sort?: 'ascending' | 'descending' | 'other';
  visible: boolean;
}

export interface SnapshotEntry {
  /** 's12' in the main frame, 'f1s3' in the first child frame. */
  ref: string;
  /** ARIA role (explicit or implicit), as Playwright's getByRole uses it. */
  role: string;
  /** Accessible name (accname 1.2), '' when none. */
  name: string;
  /** Accessible description: help and error text. */
  description?: string;
  state: EntryState;
  /** Viewport CSS pixels; null when not rendered. */
  bbox: BBox | null;
  /** What makes this element "the same" across snapshots (docs/design.md, Fingerprints). */
  fingerprint: string;
  interactive: boolean;
  recently_changed: boolean;
  depth: number;
  parent: string | null;
  tag: string;
  /** The entry's own text runs joined with spaces: what find, the matchers and diffs compare. */
  text?: string;
  /**
   * Where each own text run sits among the entry's children, in reading order
   * (docs/concepts.md, Text runs). Absent when `text` is one run before all children.
   */
  runs?: TextRun[];
  url?: string;
  value?: string;
  placeholder?: string;
  /**
   * On iframe entries. `unreachable`: the frame was not walked because it has no document yet (a
   * lazy iframe, a response that never came) or did not answer within the walk's budget.
   */
  frame?: { src: string; crossOrigin?: boolean; unreachable?: FrameUnreachable };
}

/** Why a frame's content is not in a snapshot. */
export type FrameUnreachable = 'not loaded' | 'not answering';

/** A run of an entry's own text: `at` is how many of the entry's child entries come before it. */
export interface TextRun { at: number; text: string }

export interface SnapshotMeta {
  url: string;
  title: string;
  snapshotId: number;
  documentId: string;
  /** Entries before filters and truncation. */
  entryCount: number;
  /** A limit cut the walk or the output. */
  truncated: boolean;
  truncated_entries?: number;
  renderer_reloaded?: boolean;
  elapsed_ms: number;
  estimated_tokens: number;
}

export interface Snapshot {
  schemaVersion: 1;
  entries: SnapshotEntry[];
  /** Text with no entry above it, as runs among the top-level entries. */
  text?: TextRun[];
  meta: SnapshotMeta;
}

export interface EntryIdentity { ref: string; role: string; name: string; fingerprint: string }

export interface EntryChange extends EntryIdentity {
  changes: { [field: string]: { prev: unknown; curr: unknown } };
  prev?: SnapshotEntry;
  curr?: SnapshotEntry;
}

/**
 * Children that both snapshots have under the same parent, in a new order: the same elements
 * re-sorted, not added or removed ones. `moved` is the fewest of them that moved (the rest kept
 * their relative order: the longest increasing subsequence), so moving one row to the top is 1.
 */
export interface ChildReorder {
  /** The parent's ref; '' for entries at the top level (no parent). */
  parent: string;
  /** The fewest children that changed place among the `compared` ones. */
  moved: number;
  /** How many children both snapshots have under this parent: the ones whose order was compared. */
  compared: number;
  /** The parent's role and name in the later snapshot, for the text form ('' at the top level). */
  role: string;
  name: string;
  /**
   * Which children moved (the `moved` ones, in their new order; the first `kMaxListedMoves`), each
   * with its place among the compared children before and after (1-based).
   */
  moves: ChildMove[];
  /**
   * The compared children's earlier places (1-based) in their new order — `[3, 1, 2]`: the third
   * is now first — when there are at most `kMaxListedOrder` of them; `undefined` past that.
   */
  order?: number[];
}

export interface ChildMove extends Omit<EntryIdentity, 'fingerprint'> {
  from: number;
  to: number;
}

/** How many moves a re-order lists, and up to how many compared children it gives the new order of. */
export const kMaxListedMoves = 10;
export const kMaxListedOrder = 30;

export interface SnapshotDiff {
  schemaVersion: 1;
  added: SnapshotEntry[];
  removed: EntryIdentity[];
  changed: EntryChange[];
  /** One record per parent whose children were re-ordered; never dropped by filters or budgets. */
  reordered: ChildReorder[];
  /**
   * `since` is the baseline's snapshotId; `totals` the true counts when a budget dropped some;
   * `cut` which snapshot (`before`, `after`) a walk limit cut, and how many entries past the cut
   * were left uncompared instead of being reported added or removed.
   */
  meta: SnapshotMeta & {
    since: number;
    totals?: { added: number; removed: number; changed: number };
    cut?: { before: boolean; after: boolean; skipped: { added: number; removed: number } };
  };
}

export interface EntryQuery {
  /**
   * A role an entry can have: a WAI-ARIA role, or `iframe`. A closed union, not `string`: the
   * query is checked against the same list when it runs (src/snapshot/query.ts), so a role
   * outside it could only ever fail, and a typo (`'buton'`) is better caught by the compiler.
   */
  role?: EntryRole;
  name?: string | RegExp;
  exact?: boolean;
  state?: Partial<EntryState>;
  interactive?: boolean;
  ref?: string;
}

export interface WalkLimits { maxNodes: number; maxDepth: number; timeBudgetMs: number }

export const kDefaultLimits: WalkLimits = { maxNodes: 50_000, maxDepth: 256, timeBudgetMs: 2_000 };

/**
 * Longest free-text field kept in an entry or run (docs/design.md, Caps); longer text ends in '…'.
 * Only hostile or machine-made content comes near it: ordinary paragraphs, names and code samples
 * are never cut. `budgetTokens` is how a user asks for less.
 */
export const kMaxTextLength = 10_000;

/**
 * Secret values shorter than this are not masked where they occur outside their field (the field's
 * own value is always withheld): masking every "a" or "12" would ruin the artifacts.
 */
export const kMinSecretLength = 4;
