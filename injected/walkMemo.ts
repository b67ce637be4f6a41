// The incremental walk (docs/performance.md, The incremental walk): what a document's last walk
// found, kept so that the next one can take an entry's whole subtree from it when nothing there
// changed, instead of computing roles, states, names and text again. The walk still visits every
// element: a subtree is taken only after a sweep has read each of its elements' style again (what
// no mutation record shows: hover, focus, a style sheet) and each entry's box, and found them as
// they were. Everything here reads the DOM through the builtins captured at install.

import type { SnapshotEntry } from '../src/isomorphic/types';
import {
  append, arrayJoin, documentDesignMode, fragmentHost, getAttribute, hasAttribute, inputChecked, inputIndeterminate, inputValue, MapCtor, mapGet, mapSet,
  nodeBaseURI, nodeListLength, nodeParentElement, nodeParentNode, nodeType, optionSelected, recordAddedNodes, recordAttributeName, recordRemovedNodes,
  recordTarget, recordType, selectSelectedIndex, stringToLowerCase, textAreaValue, toSet,
} from './builtins';
import { elementTag } from './domUtils';
import type { WalkLimits } from '../src/isomorphic/types';

/** Nodes the mutation records name, kept between walks, past which the next walk is a full one. */
const kMaxTouched = 5_000;

/**
 * Per element the last walk visited, in walk order: what the sweep compares, and what it replays.
 * Parallel arrays: one object per element would cost the walk more than it saves.
 */
export interface WalkedElements {
  elements: Element[];
  tags: string[];
  display: string[];
  visibility: string[];
  contentVisibility: string[];
  /** The cursor and `-webkit-text-security`, where the walk read them (undefined where not). */
  cursor: (string | undefined)[];
  textSecurity: (string | undefined)[];
  /** Its shadow root as the last walk saw it, and the one the walk entered (null where none). */
  shadowRoot: (ShadowRoot | null)[];
  entered: (ShadowRoot | null)[];
  /** ::before and ::after content where the style sheets say there may be some. */
  pseudo: (string | undefined)[];
  /** A form control's state no mutation record shows (`fieldState`). */
  field: (string | undefined)[];
  /** Whether the walk asked it for secret values (`noteSecretValues`). */
  secret: boolean[];
  /** What it reads lies outside its subtree (`readsOutside`): no subtree holding it is taken. */
  outside: boolean[];
  /** The index of its entry, -1 for none. */
  entry: number[];
  /** Visited by this walk itself, not taken from the last one. */
  fresh: boolean[];
}

/** Per entry of the last walk: the entry as sent, and the span of its subtree. */
export interface WalkedEntries {
  entries: SnapshotEntry[];
  parents: number[];
  /** Where its element is in WalkedElements, and where its subtree ends there. */
  walkedAt: number[];
  walkedEnd: number[];
  /** Where its subtree's entries end. */
  entryEnd: number[];
  /** What the walk carried into it from above (`contextOf`): another context is another walk. */
  context: number[];
  /** No element of its subtree reads outside it. */
  selfContained: boolean[];
}

export interface LastWalk {
  /** The options and document state the walk ran under (`settingsOf`). */
  settings: string;
  root: Element;
  focused: Element | null;
  walked: WalkedElements;
  walkedEntries: WalkedEntries;
  /** Entry index by element. */
  entryOf: Map<Element, number>;
}

export interface MemoState {
  last: LastWalk | undefined;
  records: RecordLog;
}

/** What a walk may take from the last one. */
export interface Reuse {
  last: LastWalk;
  /** Elements with a change at or below them: never taken whole. */
  changedBelow: Map<Node, true>;
  /** Elements whose whole subtree is new or changed: nothing in it is taken. */
  changedSubtree: Map<Node, true>;
}

/** What a print may take from the last one. */
export interface MarkupReuse {
  markup: LastMarkup;
  changedBelow: Map<Node, true>;
  changedSubtree: Map<Node, true>;
}

/**
 * The DOM file's last markup, and per element it printed (in print order): where its markup
 * starts and ends in it, and what the next print compares before it takes that markup whole.
 */
export interface LastMarkup {
  root: Element;
  /** The print's settings: the walk's, and the test id attributes. */
  settings: string;
  html: string;
  elements: Element[];
  start: number[];
  end: number[];
  /** Its ref in the file ('' for none), its form state, its open shadow root. */
  refs: string[];
  field: (string | undefined)[];
  shadowRoot: (ShadowRoot | null)[];
  /** Whether the print asked it for secret values, and whether it was inside an editable secret field. */
  secret: boolean[];
  secretText: boolean[];
  depth: number[];
  /** Where its printed subtree ends among `elements`. */
  subtreeEnd: number[];
  /** Where each element is among `elements`. */
  indexByElement: Map<Element, number>;
}

export function newWalkedElements(): WalkedElements {
  return { elements: [], tags: [], display: [], visibility: [], contentVisibility: [], cursor: [], textSecurity: [], shadowRoot: [], entered: [], pseudo: [], field: [], secret: [], outside: [], entry: [], fresh: [] };
}

export function newWalkedEntries(): WalkedEntries {
  return { entries: [], parents: [], walkedAt: [], walkedEnd: [], entryEnd: [], context: [], selfContained: [] };
}

/**
 * The mutation records since a walk or a print, kept as the nodes they name: where a subtree's
 * content or structure changed (`touched`), subtrees inserted (`inserted`) or whose root's
 * attributes changed (`subtrees`), and attribute records of `class` and `style` (`styleOnly`),
 * which change only what a sweep reads again, unless `redact` selectors are in play, which may
 * match on any attribute. Past kMaxTouched records it overflows: nothing is taken then.
 *
 * An inserted subtree is new to the walk, but for one that only moved among its siblings (a list
 * sorted, a row moved up): removed from a parent and put back into the same one within a single
 * batch of records (`moves`). Its ancestors are the ones it had, and nothing in it can have
 * changed unrecorded: while a removed node is out of the document, the observer keeps receiving
 * the records of its subtree until that batch is delivered (the DOM standard's transient
 * observers). A node removed in one batch and put back in a later one may have changed out of
 * sight, and is new.
 */
class RecordLog {
  touched: Node[] = [];
  inserted: Node[] = [];
  subtrees: Node[] = [];
  styleOnly: Node[] = [];
  overflow = false;
  /**
   * Per node a childList record inserted or removed: the parent and batch of its first record,
   * which was a removal; false when it was an insertion, or a later record names another parent
   * or batch.
   */
  private _moves = new MapCtor<Node, { parent: Node; batch: number } | false>();
  private _batch = 0;
  /** Nodes named by removals, and all the nodes kept: what kMaxTouched bounds. */
  private _removed = 0;
  private _kept = 0;

  note(records: MutationRecord[]): void {
    if (this.overflow)
      return;
    if (this._kept + records.length > kMaxTouched)
      return this._overflow();
    const batch = ++this._batch;
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      const target = recordTarget(record);
      const type = recordType(record);
      if (type === 'attributes') {
        const name = recordAttributeName(record);
        append(name === 'class' || name === 'style' ? this.styleOnly : this.subtrees, target);
      } else if (type === 'childList') {
        append(this.touched, target);
        const removed = recordRemovedNodes(record);
        for (let j = 0, count = nodeListLength(removed); j < count; j++)
          this._sighted(removed[j], target, batch, true);
        const added = recordAddedNodes(record);
        for (let j = 0, count = nodeListLength(added); j < count; j++) {
          append(this.inserted, added[j]);
          this._sighted(added[j], target, batch, false);
        }
      } else {
        append(this.touched, target);
      }
    }
    this._kept = this.touched.length + this.inserted.length + this.subtrees.length + this.styleOnly.length + this._removed;
    if (this._kept > kMaxTouched)
      this._overflow();
  }

  /** Past kMaxTouched nodes kept: nothing is taken, and nothing is held. */
  private _overflow(): void {
    this.overflow = true;
    this.touched = [];
    this.inserted = [];
    this.subtrees = [];
    this.styleOnly = [];
    this._moves = new MapCtor();
  }

  private _sighted(node: Node, parent: Node, batch: number, removal: boolean): void {
    const seen = mapGet(this._moves, node);
    if (removal)
      this._removed++;
    if (seen === undefined)
      mapSet(this._moves, node, removal ? { parent, batch } : false);
    else if (seen && (seen.parent !== parent || seen.batch !== batch))
      mapSet(this._moves, node, false);
  }

  /**
   * Marks what the records say changed: at or below (`below`), and whole subtrees (`subtrees`).
   * `styleOnly`: what a `class` or `style` record marks (nothing, at or below, or its subtree).
   * `moves`: whether a subtree that moved among its siblings is not a new one (not when `redact`
   * selectors are in play: a sibling combinator or `:nth-child` matches by place).
   */
  mark(below: Map<Node, true>, subtrees: Map<Node, true>, styleOnly: 'nothing' | 'below' | 'subtree', moves: boolean): void {
    for (let i = 0; i < this.touched.length; i++)
      markBelow(below, this.touched[i]);
    for (let i = 0; i < this.inserted.length; i++) {
      const node = this.inserted[i];
      const moved = moves ? mapGet(this._moves, node) : undefined;
      if (moved && nodeParentNode(node) === moved.parent)
        continue; // Its parent is touched: marked below already.
      mapSet(subtrees, node, true);
      markBelow(below, node);
    }
    for (let i = 0; i < this.subtrees.length; i++) {
      mapSet(subtrees, this.subtrees[i], true);
      markBelow(below, this.subtrees[i]);
    }
    for (let i = 0; i < this.styleOnly.length && styleOnly !== 'nothing'; i++) {
      if (styleOnly === 'subtree')
        mapSet(subtrees, this.styleOnly[i], true);
      markBelow(below, this.styleOnly[i]);
    }
  }
}

/**
 * One document's memory of its last walk, and of the mutations since (the change counter hands
 * every record over).
 */
export class WalkMemo {
  private _last: LastWalk | undefined;
  private _records = new RecordLog();

  noteRecords(records: MutationRecord[]): void {
    if (this._last)
      this._records.note(records);
  }

  /** Everything it holds, for `restore`: the oracle walks again from the same memory. */
  save(): MemoState {
    return { last: this._last, records: this._records };
  }

  restore(state: MemoState): void {
    this._last = state.last;
    this._records = state.records;
  }

  /** Nothing of the last walk is taken: a walk that was cut short, or one that is not the document's. */
  forget(): void {
    this._last = undefined;
    this._records = new RecordLog();
  }

  /**
   * At a walk's start: what of the last walk it may take, or undefined for a full walk. The
   * mutations since are consumed here; `owned` are the elements aria-owns moves (and their owners).
   */
  begin(root: Element, settings: string, focused: Element | null, redacting: boolean, owned: Element[]): Reuse | undefined {
    const last = this._last;
    const records = this._records;
    this.forget();
    if (!last || records.overflow || last.root !== root || last.settings !== settings)
      return undefined;
    const reuse: Reuse = { last, changedBelow: new MapCtor(), changedSubtree: new MapCtor() };
    // `class` and `style` records mark nothing here unless redacting: the sweep reads styles again.
    records.mark(reuse.changedBelow, reuse.changedSubtree, redacting ? 'subtree' : 'nothing', !redacting);
    // Focus moves with no record: where it was and where it is, their `focused` state changed.
    if (focused !== last.focused) {
      if (focused)
        markBelow(reuse.changedBelow, focused);
      if (last.focused)
        markBelow(reuse.changedBelow, last.focused);
    }
    for (let i = 0; i < owned.length; i++)
      markBelow(reuse.changedBelow, owned[i]);
    return reuse;
  }

  keep(last: LastWalk): void {
    this._last = last;
  }
}

/**
 * The DOM file's memory of its last print, and of the mutation records since: the file prints
 * `class` and `style`, so every record marks what it touched, and records gather across walks
 * that print nothing (`snapshot()`) until the next print.
 */
export class PrintMemo {
  private _last: LastMarkup | undefined;
  private _records = new RecordLog();

  noteRecords(records: MutationRecord[]): void {
    if (this._last)
      this._records.note(records);
  }

  forget(): void {
    this._last = undefined;
    this._records = new RecordLog();
  }

  /** At a print's start: the last markup and what changed since, or undefined for a full print. */
  begin(root: Element, settings: string, redacting: boolean): MarkupReuse | undefined {
    const markup = this._last;
    const records = this._records;
    this.forget();
    if (!markup || records.overflow || markup.root !== root || markup.settings !== settings)
      return undefined;
    const reuse: MarkupReuse = { markup, changedBelow: new MapCtor(), changedSubtree: new MapCtor() };
    records.mark(reuse.changedBelow, reuse.changedSubtree, redacting ? 'subtree' : 'below', !redacting);
    return reuse;
  }

  keep(markup: LastMarkup | undefined): void {
    this._last = markup;
  }
}

/** The node and its shadow-including ancestors, up to one already marked. */
function markBelow(marks: Map<Node, true>, node: Node): void {
  for (let at: Node | null = node; at && !mapGet(marks, at);) {
    mapSet(marks, at, true);
    const parent: Node | null = nodeParentNode(at);
    at = parent && nodeType(parent) === 11 /* DOCUMENT_FRAGMENT_NODE */ ? fragmentHost(parent as DocumentFragment) : parent;
  }
}

/** What a walk's result depends on besides the DOM: its options and what the document resolves URLs against. */
export function settingsOf(options: { limits: WalkLimits; prefix: string; redact: string[] }, document: Document): string {
  return options.limits.maxNodes + ' ' + options.limits.maxDepth + ' ' + options.prefix + ' ' + options.redact.length + ' ' + arrayJoin(options.redact, '\u0000') +
    '\u0001' + nodeBaseURI(document) + '\u0001' + documentDesignMode(document);
}

// The form controls whose state `fieldState` reads.
const kFieldTags = toSet(['input', 'textarea', 'select', 'option']);

export function isFieldTag(tag: string): boolean {
  return kFieldTags[tag] === true;
}

/**
 * A form control's state that a script or the user sets with no mutation record, and that the
 * walk reads: its value, checked and indeterminate states, the chosen option, whether an option
 * is selected; and, where given, its `-webkit-text-security` (a field masked by style is secret).
 */
export function fieldState(element: Element, tag: string, textSecurity = ''): string | undefined {
  const mark = textSecurity + '\u0000';
  if (tag === 'input')
    return mark + (inputChecked(element as HTMLInputElement) ? '1' : '0') + (inputIndeterminate(element as HTMLInputElement) ? '1' : '0') + inputValue(element as HTMLInputElement);
  if (tag === 'textarea')
    return mark + textAreaValue(element as HTMLTextAreaElement);
  if (tag === 'select')
    return mark + selectSelectedIndex(element as HTMLSelectElement);
  if (tag === 'option')
    return mark + (optionSelected(element as HTMLOptionElement) ? '1' : '0');
  return undefined;
}

// The `scope`s that set a <th>'s role whatever its neighbours.
const kHeaderScopes = toSet(['col', 'colgroup', 'row', 'rowgroup']);

// Labelable elements (https://html.spec.whatwg.org/multipage/forms.html#category-label): a label
// anywhere may name them.
const kLabelable = toSet(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

/**
 * Whether what the walk says of `element` can change with no change in its own subtree, besides
 * style and focus (which the sweep and the focus check see): it names or describes itself by
 * reference, aria-owns moves it or moves others into it, a label elsewhere may name it, it is a
 * label for another element, its role or place depends on its siblings (a <th> with no `scope`, a <details>'s
 * summary and content), or it is a slot (what is assigned to it lives elsewhere).
 */
export function readsOutside(element: Element, tag: string, owned: boolean): boolean {
  if (owned || tag === 'slot' || tag === 'summary')
    return true;
  // A <th> heads its row or its column by `scope`, or else by the cells beside it (roles.ts).
  if (tag === 'th')
    return kHeaderScopes[stringToLowerCase(getAttribute(element, 'scope') || '')] !== true;
  if (hasAttribute(element, 'aria-labelledby') || hasAttribute(element, 'aria-describedby') || hasAttribute(element, 'aria-owns'))
    return true;
  if (tag === 'label' && hasAttribute(element, 'for'))
    return true;
  if (kLabelable[tag] && (getAttribute(element, 'id') !== null || isInLabel(element)))
    return true;
  const parent = nodeParentElement(element);
  return !!parent && elementTag(parent) === 'details';
}

function isInLabel(element: Element): boolean {
  for (let at = nodeParentElement(element); at; at = nodeParentElement(at)) {
    if (elementTag(at) === 'label')
      return true;
  }
  return false;
}
