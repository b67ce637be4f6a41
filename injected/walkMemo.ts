// The incremental walk (docs/performance.md, The incremental walk): what a document's last walk
// found, kept so that the next one can take an entry's whole subtree from it when nothing there
// changed, instead of computing roles, states, names and text again. The walk still visits every
// element: a subtree is taken only after a sweep has read each of its elements' style again (what
// no mutation record shows: hover, focus, a style sheet) and each entry's box, and found them as
// they were. Everything here reads the DOM through the builtins captured at install.

import type { SnapshotEntry } from '../src/isomorphic/types';
import {
  append, arrayJoin, documentDesignMode, elementFirstElementChild, elementNextElementSibling, fragmentHost, getAttribute, hasAttribute, inputChecked,
  inputIndeterminate, inputValue, MapCtor, mapForEach, mapGet, mapSet, nodeBaseURI, nodeListLength, nodeParentElement, nodeParentNode, nodeType,
  optionSelected, parentFirstElementChild, recordAddedNodes, recordAttributeName, recordRemovedNodes, recordTarget, recordType, selectSelectedIndex,
  stringToLowerCase, textAreaValue, toSet,
} from './builtins';
import { elementTag } from './domUtils';
import { shadowRootOf } from './shadow';
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

/**
 * What one walk found: what a subtree taken from it reads. Parked subtrees hold on to this, not to
 * the walk's whole memory, so that no chain of earlier walks stays alive.
 */
export interface WalkFound {
  walked: WalkedElements;
  walkedEntries: WalkedEntries;
  /** The walk's number in its document: parked subtrees of the oldest walks are dropped first. */
  generation: number;
}

/** Entry `entry` of an earlier walk, with everything below it. */
export interface WalkedSubtree {
  found: WalkFound;
  entry: number;
}

export interface LastWalk {
  /** The options and document state the walk ran under (`settingsOf`). */
  settings: string;
  root: Element;
  focused: Element | null;
  found: WalkFound;
  /** Entry index by element. */
  entryOf: Map<Element, number>;
  /**
   * Per element the walk found hidden (`display: none`) and did not enter, the subtrees of earlier
   * walks kept under it (`Parking`).
   */
  parked: Map<Element, WalkedSubtree[]>;
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
 * attributes changed (`subtrees`), and attribute records of `class`, `style` and `hidden`
 * (`styleOnly`), which change only what a sweep reads again (the computed `display` and
 * `content-visibility` are all `hidden` sets), unless `redact` selectors are in play, which may
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
        append(name === 'class' || name === 'style' || name === 'hidden' ? this.styleOnly : this.subtrees, target);
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
  private _generation = 0;

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
    // `class`, `style` and `hidden` records mark nothing here unless redacting: the sweep reads styles again.
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

  /** The next walk's number, for `WalkFound.generation`. */
  nextGeneration(): number {
    return ++this._generation;
  }
}

// How many earlier walks parked subtrees may read from, and how many subtrees in all: past
// either, the oldest walks' subtrees, or the rest, are not kept.
const kMaxParkedWalks = 4;
const kMaxParked = 20_000;
// Elements searched per walk for the last walk's entries under a hidden element that had none
// itself, and ancestors climbed to check what is kept.
const kMaxParkingWork = 20_000;

/**
 * Parking (docs/performance.md, The incremental walk): a walk does not enter an element it finds
 * hidden (`display: none`), so the next walk would have nothing of its subtree to take when it
 * shows again: a tab switched back, a filter cleared, a menu opened again. Per hidden element,
 * a walk keeps the subtrees that an earlier walk found under it, as long as no record since says
 * they changed (nothing marked at or below them, no subtree marked between them and it); the
 * walk that enters that element again may take them as it takes the last walk's entries, after
 * the same checks and sweep. Not under `redact` selectors.
 */
export class Parking {
  /** What this walk keeps: per hidden element it did not enter, the subtrees kept under it. */
  readonly parked: Map<Element, WalkedSubtree[]> = new MapCtor();
  count = 0;
  private readonly _reuse: Reuse;
  private readonly _last: LastWalk;
  /** Subtrees this walk may take, by their root element: under the hidden elements it entered again. */
  private readonly _open: Map<Element, WalkedSubtree> = new MapCtor();
  /** The last walk's hidden elements that this walk reached itself. */
  private readonly _reached: Map<Element, true> = new MapCtor();
  private _work = 0;

  constructor(reuse: Reuse) {
    this._reuse = reuse;
    this._last = reuse.last;
  }

  /** A parked subtree rooted at `element` that this walk may take. */
  subtreeAt(element: Element): WalkedSubtree | undefined {
    return mapGet(this._open, element);
  }

  /** The walk entered `element`: what was parked under it may be taken. */
  entered(element: Element): void {
    const under = mapGet(this._last.parked, element);
    if (!under)
      return;
    mapSet(this._reached, element, true);
    for (let i = 0; i < under.length; i++)
      mapSet(this._open, rootOf(under[i]), under[i]);
  }

  /** A parked subtree was not taken whole: its child entries may be. */
  notTaken(subtree: WalkedSubtree): void {
    const children = childrenOf(subtree);
    for (let i = 0; i < children.length; i++)
      mapSet(this._open, rootOf(children[i]), children[i]);
  }

  /**
   * The walk found `element` hidden and did not enter it; `changed`: it is inside a subtree new or
   * changed since the last walk, and nothing under it is kept.
   */
  hidden(element: Element, changed: boolean): void {
    const before = mapGet(this._last.parked, element);
    if (before)
      mapSet(this._reached, element, true);
    if (changed)
      return;
    const kept: WalkedSubtree[] = [];
    if (before) {
      this._keep(before, element, kept);
    } else {
      const known = this._walkedAt(element);
      if (known)
        this._keep(childrenOf(known), element, kept);
      else
        this._search(element, kept);
    }
    // Kept even when empty: the next walk then knows there is nothing to search for.
    this._park(element, kept);
  }

  /**
   * At the walk's end: the last walk's hidden elements this walk did not reach (inside a subtree
   * it took whole, or under an element it found hidden) keep what was parked under them, where
   * nothing above them changed whole and they are still in the document.
   */
  finish(root: Element): void {
    const verdicts: Map<Node, boolean> = new MapCtor();
    mapForEach(this._last.parked, (subtrees: WalkedSubtree[], element: Element) => {
      if (mapGet(this._reached, element) || !this._unchangedUpTo(element, root, verdicts))
        return;
      const kept: WalkedSubtree[] = [];
      this._keep(subtrees, element, kept);
      this._park(element, kept);
    });
    this._dropOldest();
  }

  /** The subtree an earlier walk found at `element`: the last walk's entry, or one this walk may take. */
  private _walkedAt(element: Element): WalkedSubtree | undefined {
    const j = mapGet(this._last.entryOf, element);
    return j !== undefined ? { found: this._last.found, entry: j } : mapGet(this._open, element);
  }

  private _park(element: Element, kept: WalkedSubtree[]): void {
    if (this.count + kept.length > kMaxParked)
      return;
    mapSet(this.parked, element, kept);
    this.count += kept.length;
  }

  /**
   * Keeps of `subtrees` (under `hidden`) those no record since the last walk touched: whole where
   * nothing at or below it was marked, else its child entries, each where no subtree between it
   * and `hidden` was marked (an attribute changed, a node inserted) and it is still under `hidden`.
   */
  private _keep(subtrees: WalkedSubtree[], hidden: Element, kept: WalkedSubtree[]): void {
    const { changedBelow, changedSubtree } = this._reuse;
    if (!mapGet(changedBelow, hidden)) {
      // Nothing at or below the hidden element changed: all of it stands.
      for (let i = 0; i < subtrees.length; i++)
        append(kept, subtrees[i]);
      return;
    }
    const stack: WalkedSubtree[] = [];
    for (let i = 0; i < subtrees.length; i++)
      append(stack, subtrees[i]);
    while (stack.length) {
      const subtree = stack[stack.length - 1];
      stack.length--;
      const element = rootOf(subtree);
      let at: Node | null = element;
      while (at && at !== hidden && !mapGet(changedSubtree, at) && ++this._work < kMaxParkingWork)
        at = parentOf(at);
      if (at !== hidden)
        continue;
      if (!mapGet(changedBelow, element)) {
        append(kept, subtree);
        continue;
      }
      const children = childrenOf(subtree);
      for (let i = 0; i < children.length; i++)
        append(stack, children[i]);
    }
  }

  /**
   * The last walk's entries under a hidden element that had none itself (a wrapper): found by
   * searching its subtree down to the first elements with entries, within the work bound.
   */
  private _search(hidden: Element, kept: WalkedSubtree[]): void {
    const found: WalkedSubtree[] = [];
    const stack: Element[] = [hidden];
    while (stack.length && this._work < kMaxParkingWork) {
      const element = stack[stack.length - 1];
      stack.length--;
      const shadowRoot = shadowRootOf(element);
      for (let child = shadowRoot ? parentFirstElementChild(shadowRoot) : elementFirstElementChild(element); child; child = elementNextElementSibling(child)) {
        this._work++;
        const known = this._walkedAt(child);
        if (known)
          append(found, known);
        else
          append(stack, child);
      }
    }
    this._keep(found, hidden, kept);
  }

  /** Whether no subtree from `element` up to `root` was marked changed, and it is still under `root`. */
  private _unchangedUpTo(element: Element, root: Element, verdicts: Map<Node, boolean>): boolean {
    const { changedSubtree } = this._reuse;
    const path: Node[] = [];
    let verdict: boolean | undefined;
    for (let at: Node | null = element; ;) {
      if (!at || mapGet(changedSubtree, at)) {
        verdict = false;
        break;
      }
      if (at === root) {
        verdict = true;
        break;
      }
      verdict = mapGet(verdicts, at);
      if (verdict !== undefined)
        break;
      append(path, at);
      at = parentOf(at);
    }
    for (let i = 0; i < path.length; i++)
      mapSet(verdicts, path[i], verdict);
    return verdict;
  }

  /** Past kMaxParkedWalks earlier walks read from, the subtrees of the oldest are not kept. */
  private _dropOldest(): void {
    const generations: number[] = [];
    mapForEach(this.parked, (subtrees: WalkedSubtree[]) => {
      for (let i = 0; i < subtrees.length; i++) {
        const generation = subtrees[i].found.generation;
        let j = 0;
        while (j < generations.length && generations[j] !== generation)
          j++;
        if (j === generations.length)
          append(generations, generation);
      }
    });
    if (generations.length <= kMaxParkedWalks)
      return;
    // The oldest generation kept: the kMaxParkedWalks-th newest (no sort: the page may have replaced it).
    let oldestKept = -1;
    for (let n = 0; n < kMaxParkedWalks; n++) {
      let newest = -1;
      for (let i = 0; i < generations.length; i++) {
        if (generations[i] > newest && (oldestKept < 0 || generations[i] < oldestKept))
          newest = generations[i];
      }
      oldestKept = newest;
    }
    this.count = 0;
    mapForEach(this.parked, (subtrees: WalkedSubtree[], element: Element) => {
      const kept: WalkedSubtree[] = [];
      for (let i = 0; i < subtrees.length; i++) {
        if (subtrees[i].found.generation >= oldestKept)
          append(kept, subtrees[i]);
      }
      mapSet(this.parked, element, kept);
      this.count += kept.length;
    });
  }
}

/** The element of a walked subtree's root entry. */
function rootOf(subtree: WalkedSubtree): Element {
  const found = subtree.found;
  return found.walked.elements[found.walkedEntries.walkedAt[subtree.entry]];
}

/** The child entries of a walked subtree's root, as subtrees. */
function childrenOf(subtree: WalkedSubtree): WalkedSubtree[] {
  const spans = subtree.found.walkedEntries;
  const children: WalkedSubtree[] = [];
  for (let i = subtree.entry + 1; i < spans.entryEnd[subtree.entry]; i = spans.entryEnd[i])
    append(children, { found: subtree.found, entry: i });
  return children;
}

/** The shadow-including parent. */
function parentOf(node: Node): Node | null {
  const parent: Node | null = nodeParentNode(node);
  return parent && nodeType(parent) === 11 /* DOCUMENT_FRAGMENT_NODE */ ? fragmentHost(parent as DocumentFragment) : parent;
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
  for (let at: Node | null = node; at && !mapGet(marks, at); at = parentOf(at))
    mapSet(marks, at, true);
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
