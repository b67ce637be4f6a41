// One iterative walk of a document and its open shadow roots, producing schema v1 entries
// (docs/design.md, Snapshot schema v1). Iterative so that a 20,000-deep page cannot overflow the JS
// stack; bounded by node, depth and time limits that end the walk with `truncated`.

import { computeFingerprint, computeFingerprintBase } from '../src/isomorphic/fingerprint';
import type { EntryState, SnapshotEntry, TextRun, WalkLimits } from '../src/isomorphic/types';
import { kMaxTextLength } from '../src/isomorphic/types';
import { getAccessibleDescription, getAccessibleName, getCSSContent } from './accname';
import {
  append, assignedNodes, characterData, documentActiveElement, documentDefaultView, documentDocumentElement, documentGetElementById,
  elementQuerySelectorAll, elementShadowRoot, getAttribute, getBoundingClientRect, getClientRects, getRootNode, hasAttribute, iframeSrc,
  inputValue, labelControl, mapDelete, mapForEach, mapGet, MapCtor, mapSet, mathRound, nodeContains, nodeFirstChild, nodeLastChild, nodeNextSibling,
  nodeListLength, nodeOwnerDocument, nodeParentElement, nodePreviousSibling, nodeType, now, objectCreate, objectKeys, optionLabel, optionText, selectOptions,
  selectSelectedIndex, shadowRootActiveElement, shadowRootGetElementById, stringCharCodeAt, stringIndexOf, stringSlice, stringToLowerCase, stringTrim,
  textAreaValue, toSet,
} from './builtins';
import { computeOwnHiddenness, computeShownOutOfTree, elementTag, isContentEditable, isEditingHost, isElementHiddenForAria, getElementComputedStyle, Hiddenness, readElementComputedStyle, seedHiddenSubtree, styleContentVisibility, styleCursor, styleTextSecurity, type StyleRecord } from './domUtils';
import { isAllWhitespace, normalizeWhitespace, splitTokens } from './text';
import type { RefRegistry } from './registry';
import { getAriaStates, isChildrenPresentationalRole, isInteractiveRole, nameSaysOwnText, readAriaRole } from './roles';
import { editableLinesOutsideRedacted, hasContentOutsideRedacted, isInRedacted, isRedacted, isSecretContent, noteSecretValues, withholdsValueAttributes } from './secrets';
import { addPseudoContentRoot, beginPseudoContentScan, endPseudoContentScan, mayHaveElementContent, mayHavePseudoContentInWalk } from './pseudoContent';
import { shadowRootOf } from './shadow';
import { inWalkScope } from './walkScope';
import { beginLinkUrls, linkUrl } from './links';
import { kNeverRenderedTags } from './tags';
import {
  fieldState, newWalkedElements, newWalkedEntries, Parking, readsOutside, settingsOf, type LastWalk, type WalkedElements, type WalkedEntries, type WalkFound,
  type WalkMemo,
} from './walkMemo';

export interface WalkOptions {
  limits: WalkLimits;
  /** Extra CSS selectors whose values and text never leave the page. */
  redact: string[];
  /** The store's next free ref number for this page: refs are never reused. */
  minNextId: number;
  /** Ref prefix of this document: '' in the main frame, 'f1' in the first child frame. */
  prefix: string;
  /** Issue refs to elements that have none (false for the selector engine's catch-up walks). */
  issueNew: boolean;
  /** Called for each shadow root the walk enters. */
  onShadowRoot?: (root: ShadowRoot) => void;
  /** A subtree walk: it does not replace the document's last walk in the registry. */
  partial?: boolean;
  /**
   * The document's memory of its last walk (walkMemo.ts): subtrees where nothing changed are
   * taken from it, and this walk replaces it. Never for a subtree walk.
   */
  memo?: WalkMemo;
  /**
   * Only to prove that the oracle catches a wrong reuse: every subtree the memo has is taken
   * without the sweep's checks.
   */
  unsoundReuse?: boolean;
  /** False: refs are what the registry holds now, and it is left as it is (the oracle's full walk). */
  assign?: boolean;
}

export interface WalkResult {
  entries: SnapshotEntry[];
  /** Text with no entry above it: runs among the top-level entries. */
  text: TextRun[];
  truncated: boolean;
  visited: number;
  /** How many entries were taken from the last walk (walkMemo.ts). */
  taken: number;
  /** Per entry: taken from the last walk. */
  takenEntries: boolean[];
  /**
   * Per entry taken from the last walk, the last walk's entry it is a copy of (its `bbox`, `depth`,
   * `parent`, `ref`, `fingerprint` and `state.visible` are this walk's); undefined for one walked.
   */
  sources: (SnapshotEntry | undefined)[];
}

// Landmarks (and dialogs) make up the fingerprint context of what they contain.
const kContextRoles = toSet([
  'banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search', 'dialog', 'alertdialog',
]);

const kValueRoles = toSet(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);
// How many elements of an editor its value reads at most (it is capped at kMaxTextLength anyway).
const kMaxEditableNodes = 50_000;

const enum Frame { Enter, Exit }

// Text found with no entry above it belongs to the top level; a control's label text is its name.
const kTopLevel = -1;
const kNoOwner = -2;

interface StackItem {
  kind: Frame;
  node: Node;
  /** Entry index that owns text found here; kTopLevel for none above; kNoOwner where text is skipped. */
  owner: number;
  /** Entry index of the nearest entry ancestor, -1 for none. */
  parent: number;
  depth: number;
  /** Inside a children-presentational entry: descendants are not entries. */
  presentational: boolean;
  hiddenText: boolean;
  /** Inside an editable secret field: its text is the value, withheld from here down. */
  secretText: boolean;
  /** Inside visible aria-hidden or inert content: out of the accessibility tree, on the screen. */
  outOfTree: boolean;
  /** Inside an editable field whose content is its value: only widgets are entries there. */
  editorValue: boolean;
  /** On an Exit item: the element's ::after content, and the owner it belongs to. */
  after: string;
  afterOwner: number;
  /** Inside a subtree that is new or changed since the last walk: nothing in it is taken from that walk. */
  changed: boolean;
  /** On an Exit item: the index of the element's entry, -1 for none. */
  entry: number;
}

export function walkDocument(root: Element, registry: RefRegistry, options: WalkOptions): WalkResult {
  return inWalkScope(options.redact, () => {
    try {
      return walk(root, registry, options);
    } finally {
      endPseudoContentScan();
    }
  });
}

function walk(root: Element, registry: RefRegistry, options: WalkOptions): WalkResult {
  const { maxNodes, maxDepth, timeBudgetMs } = options.limits;
  const deadline = now() + timeBudgetMs;
  const entries: SnapshotEntry[] = [];
  const elements: Element[] = [];
  const parents: number[] = [];
  // Per text owner, slot = owner + 1 (slot 0 is the top level): the run being read, how many child
  // entries the owner has so far, and its finished runs. A run ends where a child entry or a block
  // box begins or ends, so runs sit among the children in reading order and blocks stay apart.
  const current: string[] = [''];
  const childCounts: number[] = [0];
  const runs: TextRun[][] = [[]];
  const endRun = (slot: number) => {
    const text = capText(normalizeWhitespace(current[slot]));
    current[slot] = '';
    if (text)
      append(runs[slot], { at: childCounts[slot], text });
  };
  // Where style sheets live: the document and every shadow root the walk entered.
  const ownerDocument = nodeOwnerDocument(root)!;
  const styleRoots: (Document | ShadowRoot)[] = [ownerDocument];
  const rootNode = getRootNode(root);
  if (nodeType(rootNode) === 11 /* DOCUMENT_FRAGMENT_NODE: a subtree walk inside a shadow tree */)
    append(styleRoots, rootNode as ShadowRoot);
  // ::before/::after content is text of the run it sits in: the scan of the style sheets says
  // whether any can exist (shadow roots are added as the walk enters them), and runs until the names are done.
  beginPseudoContentScan(styleRoots);
  beginLinkUrls(ownerDocument);
  const focused = deepActiveElement(ownerDocument);
  // Every element the walk reaches is in this document, shadow trees included.
  const windowed = !!documentDefaultView(ownerDocument);
  const documentElement = documentDocumentElement(ownerDocument);
  let truncated = false;
  let visited = 0;

  const owns = collectOwns(root);
  // The incremental walk: what is taken from the last walk, and what this one keeps for the next.
  const memo = options.partial ? undefined : options.memo;
  const settings = memo ? settingsOf(options, ownerDocument) : '';
  const reuse = memo ? memo.begin(root, settings, focused, options.redact.length > 0, ownedElements(owns)) : undefined;
  // What an earlier walk found under what is hidden now, kept for when it shows again.
  const parking = reuse && !options.redact.length ? new Parking(reuse) : undefined;
  const walked = memo ? newWalkedElements() : undefined;
  const walkedEntries = memo ? newWalkedEntries() : undefined;
  /** Per entry: taken whole from the last walk (its name, description and text come with it). */
  const taken: boolean[] = [];
  const sources: (SnapshotEntry | undefined)[] = [];
  const stack: StackItem[] = [];
  append(stack, { kind: Frame.Enter, node: root, owner: kTopLevel, parent: -1, depth: 0, presentational: false, hiddenText: false, secretText: false, outOfTree: false, editorValue: false, after: '', afterOwner: kNoOwner, changed: false, entry: -1 });

  /**
   * Takes the subtree of `element` from the last walk, where it had an entry whose subtree reads
   * nothing outside it, was reached with the same context, and holds no change the records or
   * the focus say: when a sweep finds every element's style, shadow root, generated content and
   * form state as they were, its entries are the last walk's with this walk's boxes.
   */
  const takeFromLastWalk = (element: Element, item: StackItem): boolean => {
    const last = reuse!.last;
    const j = mapGet(last.entryOf, element);
    if (j !== undefined)
      return takeSubtree(last.found, j, element, item);
    // Hidden at the last walk, and shown again: what an earlier walk found there (Parking).
    const parked = parking ? parking.subtreeAt(element) : undefined;
    if (!parked)
      return false;
    if (takeSubtree(parked.found, parked.entry, element, item))
      return true;
    parking!.notTaken(parked);
    return false;
  };

  const takeSubtree = (found: WalkFound, j: number, element: Element, item: StackItem): boolean => {
    const before = found.walked;
    const spans = found.walkedEntries;
    if (!spans.selfContained[j] || spans.context[j] !== contextOf(item) || mapGet(reuse!.changedBelow, element))
      return false;
    const start = spans.walkedAt[j];
    const end = spans.walkedEnd[j];
    if (visited + end - start > maxNodes)
      return false;
    for (let k = start; k < end; k++) {
      if ((k & 127) === 0 && now() > deadline)
        return false;
      const at = before.elements[k];
      const tag = before.tags[k];
      const style = readElementComputedStyle(at, windowed);
      const entered = before.entered[k];
      if (entered) {
        append(styleRoots, entered);
        addPseudoContentRoot(entered);
        if (options.onShadowRoot)
          options.onShadowRoot(entered);
      }
      if (!options.unsoundReuse && !sameAsWalked(before, k, at, tag, style))
        return false;
      if (before.secret[k])
        noteSecretValues(at, tag, isRedacted(at));
    }
    const parent = item.parent;
    if (current[parent + 1])
      endRun(parent + 1);
    childCounts[parent + 1]++;
    const offset = entries.length - j;
    const walkedOffset = walked!.elements.length - start;
    const entryEnd = spans.entryEnd[j];
    for (let i = j; i < entryEnd; i++) {
      const entry = cloneEntry(spans.entries[i]);
      sources[entries.length] = spans.entries[i];
      const at = before.elements[spans.walkedAt[i]];
      const box = readBox(at, windowed ? getElementComputedStyle(at) : null);
      entry.bbox = box.bbox;
      entry.state.visible = box.visible;
      const entryParent = i === j ? parent : spans.parents[i] + offset;
      entry.depth = entryParent >= 0 ? entries[entryParent].depth + 1 : 0;
      taken[entries.length] = true;
      walkedEntries!.walkedAt[entries.length] = spans.walkedAt[i] + walkedOffset;
      walkedEntries!.walkedEnd[entries.length] = spans.walkedEnd[i] + walkedOffset;
      walkedEntries!.entryEnd[entries.length] = spans.entryEnd[i] + offset;
      walkedEntries!.context[entries.length] = spans.context[i];
      append(entries, entry);
      append(elements, before.elements[spans.walkedAt[i]]);
      append(parents, entryParent);
      append(current, '');
      append(childCounts, 0);
      append(runs, []);
    }
    // What the sweep found is what the last walk kept: kept again as it was.
    for (let k = start; k < end; k++) {
      append(walked!.elements, before.elements[k]);
      append(walked!.tags, before.tags[k]);
      append(walked!.display, before.display[k]);
      append(walked!.visibility, before.visibility[k]);
      append(walked!.contentVisibility, before.contentVisibility[k]);
      append(walked!.cursor, before.cursor[k]);
      append(walked!.textSecurity, before.textSecurity[k]);
      append(walked!.shadowRoot, before.shadowRoot[k]);
      append(walked!.entered, before.entered[k]);
      append(walked!.pseudo, before.pseudo[k]);
      append(walked!.field, before.field[k]);
      append(walked!.secret, before.secret[k]);
      append(walked!.outside, before.outside[k]);
      append(walked!.entry, before.entry[k] >= 0 ? before.entry[k] + offset : -1);
      append(walked!.fresh, false);
    }
    visited += end - start;
    return true;
  };

  while (stack.length) {
    const item = stack[stack.length - 1];
    stack.length--;
    const node = item.node;
    if (item.kind === Frame.Exit) {
      if (item.entry >= 0 && walked)
        endSpan(walked, walkedEntries!, item.entry, entries.length);
      if (item.after)
        current[item.afterOwner + 1] += item.after;
      if (item.owner !== kNoOwner && current[item.owner + 1])
        endRun(item.owner + 1);
      continue;
    }
    const type = nodeType(node);
    if (type === 3 /* TEXT_NODE */) {
      if (item.owner !== kNoOwner && !item.hiddenText)
        current[item.owner + 1] += characterData(node as Text);
      continue;
    }
    if (type !== 1 /* ELEMENT_NODE */)
      continue;
    const element = node as Element;
    // An owned element is walked as its owner's child (pushed there, `released`), not where it sits.
    const isOwned = owns.count > 0 && !!mapGet(owns.ownerOf, element);
    if (isOwned) {
      if (!mapGet(owns.released, element))
        continue;
      mapDelete(owns.released, element);
    }
    const changed = item.changed || (!!reuse && !!mapGet(reuse.changedSubtree, element));
    if (reuse && !changed && element !== root && takeFromLastWalk(element, item))
      continue;
    if (++visited > maxNodes || ((visited & 127) === 0 && now() > deadline)) {
      truncated = true;
      break;
    }
    if (item.depth > maxDepth) {
      truncated = true;
      continue;
    }
    const tag = elementTag(element);
    const walkedAt = walked ? walked.elements.length : -1;
    if (walked)
      walkedFresh(walked, element, tag, readsOutside(element, tag, isOwned || (owns.count > 0 && !!mapGet(owns.owned, element))));
    const style = readElementComputedStyle(element, windowed);
    const hiddenness = computeOwnHiddenness(element, style);
    // What the walk learns top-down spares the name computation its climbs up the ancestors.
    // Inside visible aria-hidden or inert content every element is hidden for ARIA, whatever its own state.
    seedHiddenSubtree(element, item.outOfTree ? Hiddenness.Subtree : hiddenness, style);
    // Visible content under aria-hidden or inert stays, marked (see below); inside a
    // children-presentational entry it was never content to show. Inside marked inert content,
    // visible aria-hidden or inert content nested in it is more of that content's text.
    const visibleOutOfTree = hiddenness === Hiddenness.Subtree && (!item.presentational || item.outOfTree) && element !== root
      ? computeShownOutOfTree(element, style, hasShownContent) : '';
    if (hiddenness === Hiddenness.Subtree && !visibleOutOfTree) {
      if (parking && style && style.display === 'none' && !kNeverRenderedTags[tag])
        parking.hidden(element, changed);
      continue;
    }
    if (parking)
      parking.entered(element);
    const shownOutOfTree = item.presentational ? '' : visibleOutOfTree;
    const display = style ? style.display : '';
    const hiddenSelf = hiddenness === Hiddenness.Self;
    // Frames are entries of their own: the store walks each frame and stitches it in here.
    let role = tag === 'iframe' || tag === 'frame' ? 'iframe' : readAriaRole(element);
    if (shownOutOfTree && (role === 'none' || role === 'presentation' || role === ''))
      role = 'generic';
    const inline = display === 'inline' || display === 'contents';
    const interactive = !hiddenSelf && shownOutOfTree !== 'inert' && isInteractive(element, role, style);

    let owner = item.owner;
    let parent = item.parent;
    const redacted = isRedacted(element);
    noteSecretValues(element, tag, redacted);
    // A label's text is already its control's name: neither an entry nor text of its container.
    // A control out of the tree (display:none, in a closed <details>, aria-hidden…) is not in the
    // snapshot to carry that name, and the label is still on screen: its text stays.
    const labelled = tag === 'label' && !interactive ? labelControl(element as HTMLLabelElement) : null;
    const controlLabel = !!labelled && !item.outOfTree && !isElementHiddenForAria(labelled);
    if (controlLabel)
      owner = kNoOwner;
    // A plain block of text is an entry of its own, but for a line or a word of an editor (what is
    // edited) and a block of visible aria-hidden content (a gutter's line numbers): their text
    // reads as the editor's, or the marked entry's. In a field whose content is its value (an
    // editable textbox), only a widget is an entry: a paragraph there is part of the value.
    const include = !hiddenSelf && !item.presentational && !controlLabel && element !== documentElement && (!item.editorValue || interactive) && (
      !!shownOutOfTree || (role !== 'generic' && role !== 'none' && role !== 'presentation') || interactive ||
      (role === 'generic' && !inline && hasOwnText(element) && !isContentEditable(element) && !item.outOfTree));
    if (include) {
      const index = entries.length;
      const entry = createEntry(element, tag, role, interactive, style, focused, redacted);
      taken[index] = false;
      if (walked) {
        walked.entry[walkedAt] = index;
        walkedEntries!.walkedAt[index] = walkedAt;
        walkedEntries!.context[index] = contextOf(item);
      }
      // A clickable non-widget (a generic, an image) says so; a link or button needs no marker.
      if (interactive && !isInteractiveRole(role) && startsPointer(element, style))
        entry.state.cursor = 'pointer';
      if (shownOutOfTree === 'aria-hidden')
        entry.state.hidden = true;
      else if (shownOutOfTree === 'inert')
        entry.state.inert = true;
      entry.depth = parent >= 0 ? entries[parent].depth + 1 : 0;
      append(entries, entry);
      append(elements, element);
      append(parents, parent);
      // The parent's text so far comes before this child.
      if (current[parent + 1])
        endRun(parent + 1);
      childCounts[parent + 1]++;
      append(current, '');
      append(childCounts, 0);
      append(runs, []);
      owner = index;
      parent = index;
    }
    // A secret withholds values, never a subtree: only what a `redact` selector matches keeps its
    // content out. An editable secret field's text is its value; any other's (a component's label
    // and help text inside its host) stays, and its inner field is an entry with no value.
    if ((redacted && isInRedacted(element)) || tag === 'textarea' || tag === 'input' || tag === 'iframe') {
      // An unnamed input button (in visible aria-hidden content) still shows its value: its text.
      if (include && tag === 'input' && (item.outOfTree || shownOutOfTree === 'aria-hidden') && !redacted && isInputButton(element))
        current[owner + 1] += ' ' + inputValue(element as HTMLInputElement) + ' ';
      if (include && walked)
        endSpan(walked, walkedEntries!, owner, entries.length);
      continue;
    }
    // Inside visible aria-hidden content, elements are entries with their text and no names, as
    // Playwright's AI snapshot shows them; inert content stays one entry holding its text.
    const presentational = item.presentational || shownOutOfTree === 'inert' || (include && isChildrenPresentationalRole(role));
    const secretText = item.secretText || (redacted && isSecretContent(element));
    const outOfTree = item.outOfTree || !!shownOutOfTree;
    const editorValue = item.editorValue || (include && kValueRoles[role] === true && isContentEditable(element));
    const hiddenText = hiddenSelf || secretText;
    if (!inline && owner !== kNoOwner && current[owner + 1])
      endRun(owner + 1);
    else if (tag === 'br' && owner !== kNoOwner)
      // In an editor a line break is where a line of what is edited ends: a reader sees lines.
      if (isContentEditable(element))
        endRun(owner + 1);
      else
        current[owner + 1] += ' ';
    const shadowRoot = shadowRootOf(element);
    if (shadowRoot) {
      if (walked)
        walked.entered[walkedAt] = shadowRoot;
      append(styleRoots, shadowRoot);
      addPseudoContentRoot(shadowRoot);
      if (options.onShadowRoot)
        options.onShadowRoot(shadowRoot);
    }
    // Generated content reads where it renders: ::before ahead of the children, ::after behind them.
    const pseudoText = owner !== kNoOwner && !hiddenText && mayHavePseudoContentInWalk(element, tag);
    const before = pseudoText ? getCSSContent(element, '::before') : null;
    if (before)
      current[owner + 1] += before;
    const after = pseudoText ? getCSSContent(element, '::after') : null;
    append(stack, { kind: Frame.Exit, node: element, owner: inline ? kNoOwner : owner, parent, depth: item.depth, presentational, hiddenText, secretText, outOfTree, editorValue, after: after || '', afterOwner: owner, changed, entry: include ? owner : -1 });
    const owned = owns.count ? mapGet(owns.owned, element) : undefined;
    if (owned) {
      for (let i = owned.length - 1; i >= 0; i--) {
        mapSet(owns.released, owned[i], true);
        append(stack, { kind: Frame.Enter, node: owned[i], owner, parent, depth: item.depth + 1, presentational, hiddenText, secretText, outOfTree, editorValue, after: '', afterOwner: kNoOwner, changed, entry: -1 });
      }
    }
    pushChildren(stack, element, tag, shadowRoot, { owner, parent, depth: item.depth + 1, presentational, hiddenText, secretText, outOfTree, editorValue, changed });
  }

  // Names run after the walk but under the same deadline: past it, the rest of the page is cut.
  const bases: string[] = [];
  const named = computeNames(entries, elements, parents, bases, deadline, taken);
  if (named < entries.length) {
    truncated = true;
    entries.length = named;
    elements.length = named;
    parents.length = named;
  }

  for (let slot = 0; slot <= entries.length; slot++) {
    if (current[slot])
      endRun(slot);
  }
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    let own = runs[i + 1];
    if (taken[i] || !own.length || entry.value !== undefined)
      continue;
    // Where the content is the name, a run the name already says is not said again; content that
    // an aria-label or aria-labelledby replaced is still on screen, and stays. Beside child entries
    // (a link holding text and a button) the runs stay where they are, as Playwright prints them:
    // the name joins them with the children's and says where none of them sits.
    if (nameSaysOwnText(entry.role) && childCounts[i + 1] === 0) {
      const unsaid: TextRun[] = [];
      for (let j = 0; j < own.length; j++) {
        if (!nameSays(entry.name, own[j].text))
          append(unsaid, own[j]);
      }
      own = unsaid;
      if (!own.length)
        continue;
    }
    let text = own[0].text;
    for (let j = 1; j < own.length; j++)
      text += ' ' + own[j].text;
    if (text === entry.name)
      continue;
    entry.text = text;
    if (own.length > 1 || own[0].at !== 0)
      entry.runs = own;
  }
  computeFingerprints(entries, parents, bases);

  const refs = options.assign === false ? refsNow(registry, elements) : registry.assign(elementsAsCandidates(elements, entries), {
    minNextId: options.minNextId, prefix: options.prefix, issueNew: options.issueNew, partial: !!options.partial,
  });
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    entry.ref = refs[i] || '';
    entry.parent = parents[i] >= 0 ? (refs[parents[i]] || null) : null;
  }
  if (memo) {
    if (truncated) {
      memo.forget();
    } else {
      if (parking)
        parking.finish(root);
      const found: WalkFound = { walked: walked!, walkedEntries: walkedEntries!, generation: memo.nextGeneration() };
      memo.keep(rememberWalk(root, settings, focused, found, entries, parents, windowed, parking));
    }
  }
  let takenCount = 0;
  for (let i = 0; i < taken.length; i++)
    takenCount += taken[i] ? 1 : 0;
  return { entries, text: runs[0], truncated, visited, taken: takenCount, takenEntries: taken, sources };
}

/**
 * Names, descriptions and the sibling-independent part of each fingerprint (`bases`), once the
 * walk is done: by then it has settled which elements are hidden, so the name computation never
 * climbs the ancestors to find out. In document order, because a fingerprint's context is the
 * landmarks around the entry and the last heading before it. The name computation keeps redacted
 * text out (and names a redacted entry `[redacted]` when it hid the name).
 */
function computeNames(entries: SnapshotEntry[], elements: Element[], parents: number[], bases: string[], deadline: number, taken: boolean[]): number {
  const contexts: string[] = [];
  // Entries in visible aria-hidden content: hidden from the accessibility tree, they have no name
  // (https://w3c.github.io/accname/#comp_hidden_not_referenced); their text shows what they say.
  const unnamed: boolean[] = [];
  let lastHeading = '';
  for (let i = 0; i < entries.length; i++) {
    if ((i & 63) === 63 && now() > deadline)
      return i;
    const entry = entries[i];
    const element = elements[i];
    const parent = parents[i];
    unnamed[i] = entry.state.hidden === true || (parent >= 0 && unnamed[parent]);
    // An entry taken from the last walk comes with its name and description.
    const name = taken[i] ? entry.name : unnamed[i] ? '' : capText(safeText(getAccessibleName, element));
    entry.name = name;
    const description = taken[i] || unnamed[i] ? '' : capText(safeText(getAccessibleDescription, element));
    if (description)
      entry.description = description;
    const context = parent >= 0 ? contexts[parent] : '';
    contexts[i] = kContextRoles[entry.role] ? context + '|' + entry.role + ':' + name : context;
    bases[i] = computeFingerprintBase({ role: entry.role, name, tag: entry.tag, context: context + '#' + lastHeading });
    if (entry.role === 'heading')
      lastHeading = name;
  }
  return entries.length;
}

/**
 * Fingerprints (docs/design.md, Fingerprints): an entry whose base (role, name, tag, landmarks,
 * heading) is unique in the walk, that has a name and that is not an item nor inside one is
 * identified by it. Any other entry — nameless, one of several "×" buttons, or anything in a row or
 * list item — also holds its content and the fingerprint of its anchor, the nearest ancestor with a
 * name or content: the checkbox of the "Walk dog" item differs from the one of "Buy milk", and the
 * cell "United Kingdom" of one row from the one of another row. An item (list item, row, option…)
 * is told by everything it shows (its own text and what its descendants read), the way a reader
 * tells items apart. Entries that still share a fingerprint are ambiguous, and pairing never
 * carries a ref between them. No sibling index: a position says nothing about which item an element
 * is.
 */
function computeFingerprints(entries: SnapshotEntry[], parents: number[], bases: string[]): void {
  const counts: { [key: string]: number } = objectCreate(null);
  for (let i = 0; i < entries.length; i++) {
    const key = '#' + bases[i];
    counts[key] = (counts[key] || 0) + 1;
  }
  // A unique name says which thing it is only outside items: inside one, the same name in
  // another row is another thing, so the item's identity comes with it.
  const inItem: boolean[] = [];
  for (let i = 0; i < entries.length; i++) {
    const parent = parents[i];
    inItem[i] = parent >= 0 && (inItem[parent] || !!kItemRoles[entries[parent].role]);
  }
  const itemContent = computeItemContent(entries, parents, inItem);
  // The nearest entry at or above each entry that has a name or content (-1: none).
  const anchors: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const parent = parents[i];
    const anchor = parent >= 0 ? anchors[parent] : -1;
    const isItem = !!kItemRoles[entry.role];
    const content = isItem ? (entry.text || '') + '\u0003' + itemContent[i] : entry.text || '';
    anchors[i] = entry.name || content ? i : anchor;
    const identified = entry.name !== '' && !isItem && !inItem[i] && counts['#' + bases[i]] === 1;
    entry.fingerprint = computeFingerprint(bases[i], identified ? undefined : {
      text: content,
      anchor: anchor >= 0 ? entries[anchor].fingerprint : '',
    }, stringCharCodeAt);
  }
}

// Items that lists, tables, trees and menus repeat: a reader tells them apart by what they show.
const kItemRoles = toSet([
  'listitem', 'row', 'option', 'treeitem', 'article', 'cell', 'gridcell', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab',
]);

// Actions every item repeats ("×", "Delete", "Edit"), often shown only on hover: they say nothing
// about which item it is, and a hover must not make an item another one.
const kActionRoles = toSet(['button']);

/**
 * For each item entry, what its descendants read (names and texts, in document order),
 * down to nested items, which count by their own name and text only: a tree item is not another
 * item because a child item expanded. One pass from the last entry up, each entry's reading joined
 * onto its parent's, so the whole walk costs its text once; the parts of entries in no item are
 * never built.
 */
function computeItemContent(entries: SnapshotEntry[], parents: number[], inItem: boolean[]): string[] {
  // Filled up front: a hole would read what a page put on Array.prototype or Object.prototype.
  const reads: string[] = [];
  for (let i = 0; i < entries.length; i++)
    append(reads, '');
  const result: string[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    const isItem = !!kItemRoles[entry.role];
    const below = reads[i];
    // Hashed once, with the rest of the item's fingerprint.
    if (isItem)
      result[i] = below;
    if (!inItem[i] || kActionRoles[entry.role])
      continue;
    const parent = parents[i];
    const piece = entry.name || entry.text || '';
    // Brackets keep "a b" + "c" apart from "a" + "b c".
    const own = isItem ? piece : piece + '\u0004' + below + '\u0005';
    reads[parent] = own + '\u0006' + reads[parent];
  }
  return result;
}

function elementsAsCandidates(elements: Element[], entries: SnapshotEntry[]) {
  const candidates: { element: Element; fingerprint: string }[] = [];
  for (let i = 0; i < elements.length; i++)
    append(candidates, { element: elements[i], fingerprint: entries[i].fingerprint });
  return candidates;
}

interface Owns {
  count: number;
  /** Owned element -> its owner. */
  ownerOf: Map<Element, Element>;
  /** Owner -> the elements it owns, in aria-owns order. */
  owned: Map<Element, Element[]>;
  /** Owned elements the owner has pushed: the walk enters them there, once. */
  released: Map<Element, boolean>;
}

/**
 * aria-owns (https://w3c.github.io/aria/#aria-owns): owned elements are the owner's children, after
 * its own, and are not walked where they sit. The first owner wins; an element never owns itself
 * or an ancestor, and an owner that is hidden or whose content is not walked (fields, frames,
 * redacted elements) owns nothing, so what it names never vanishes.
 */
function collectOwns(root: Element): Owns {
  const result: Owns = { count: 0, ownerOf: new MapCtor(), owned: new MapCtor(), released: new MapCtor() };
  const owners = elementQuerySelectorAll(root, '[aria-owns]');
  const count = nodeListLength(owners);
  for (let i = 0; i < count; i++) {
    const owner = owners[i];
    const tag = elementTag(owner);
    if (tag === 'input' || tag === 'textarea' || tag === 'iframe' || tag === 'frame' || isRedacted(owner) || isElementHiddenForAria(owner))
      continue;
    const scope = getRootNode(owner) as Document | ShadowRoot;
    const ids = splitTokens(getAttribute(owner, 'aria-owns') || '');
    const list: Element[] = [];
    for (let j = 0; j < ids.length; j++) {
      const target = nodeType(scope) === 9 ? documentGetElementById(scope as Document, ids[j]) : shadowRootGetElementById(scope as ShadowRoot, ids[j]);
      if (!target || nodeContains(target, owner) || mapGet(result.ownerOf, target) || !nodeContains(root, target))
        continue;
      mapSet(result.ownerOf, target, owner);
      append(list, target);
      result.count++;
    }
    if (list.length)
      mapSet(result.owned, owner, list);
  }
  return result;
}

/** What a child inherits from where it sits: an Enter item without its node. */
type ChildContext = Omit<StackItem, 'kind' | 'node' | 'after' | 'afterOwner' | 'entry'>;

/**
 * Pushes the flat-tree children of `element` so that they pop in document order: elements, and
 * text where it is read (not under an owner that skips it, nor hidden).
 */
function pushChildren(stack: StackItem[], element: Element, tag: string, shadowRoot: ShadowRoot | null, context: ChildContext) {
  const readsText = context.owner !== kNoOwner && !context.hiddenText;
  if (tag === 'slot' && !shadowRoot) {
    const assigned = assignedNodes(element as HTMLSlotElement, { flatten: true });
    if (assigned.length) {
      for (let i = assigned.length - 1; i >= 0; i--)
        pushChild(stack, assigned[i], readsText, context);
      return;
    }
  }
  // Last to first through the sibling links: indexing a live NodeList costs twice as much.
  for (let child = nodeLastChild(shadowRoot || element); child; child = nodePreviousSibling(child))
    pushChild(stack, child, readsText, context);
}

function pushChild(stack: StackItem[], child: Node, readsText: boolean, context: ChildContext) {
  const type = nodeType(child);
  if (type === 1 /* ELEMENT_NODE */ || (type === 3 /* TEXT_NODE */ && readsText)) {
    append(stack, {
      kind: Frame.Enter, node: child, owner: context.owner, parent: context.parent, depth: context.depth, presentational: context.presentational,
      hiddenText: context.hiddenText, secretText: context.secretText, outOfTree: context.outOfTree, editorValue: context.editorValue,
      after: '', afterOwner: kNoOwner, changed: context.changed, entry: -1,
    });
  }
}

interface EntryBox {
  bbox: SnapshotEntry['bbox'];
  visible: boolean;
}

/** An entry's box, null where nothing is rendered, and whether it is visible (a non-empty box). */
function readBox(element: Element, style: StyleRecord | null): EntryBox {
  const rect = getBoundingClientRect(element);
  const rendered = rect.width > 0 || rect.height > 0 || (!!style && style.display !== 'contents' && getClientRects(element).length > 0);
  return {
    bbox: rendered ? { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) } : null,
    visible: rect.width > 0 && rect.height > 0,
  };
}

function createEntry(element: Element, tag: string, role: string, interactive: boolean,
  style: StyleRecord | null, focused: Element | null, redacted: boolean): SnapshotEntry {
  const state = getAriaStates(element, role) as EntryState;
  const box = readBox(element, style);
  state.visible = box.visible;
  if (element === focused)
    state.focused = true;
  // Every field is an own property from the start, the optional ones too: what is read of an entry
  // (packEntry, the text runs, fingerprints) is never what a page added to Object.prototype, and a
  // setter a page put there never takes what is written.
  const entry: SnapshotEntry = {
    ref: '',
    role,
    name: '',
    description: undefined,
    state,
    bbox: box.bbox,
    fingerprint: '',
    interactive,
    recently_changed: false,
    depth: 0,
    parent: null,
    tag,
    text: undefined,
    runs: undefined,
    url: undefined,
    value: undefined,
    placeholder: undefined,
    frame: undefined,
  };
  if (kValueRoles[role] && !redacted) {
    const value = readValue(element, tag);
    if (value !== undefined)
      entry.value = capText(value);
  }
  // A secret field keeps its placeholder (only its value is secret); what a `redact` selector
  // matches keeps its role and place but none of its own text (docs/concepts.md, Redaction).
  const ownTextRedacted = redacted && isInRedacted(element);
  if (role === 'iframe')
    entry.frame = { src: ownTextRedacted ? '' : capText(iframeSrc(element as HTMLIFrameElement) || '') };
  if (ownTextRedacted)
    return entry;
  if (role === 'link' && (tag === 'a' || tag === 'area') && hasAttribute(element, 'href'))
    entry.url = capText(linkUrl(element as HTMLAnchorElement));
  const placeholder = getAttribute(element, 'placeholder');
  if (placeholder)
    entry.placeholder = capText(placeholder);
  return entry;
}

/** A copy of an entry of the last walk, with what this walk sets (ref, parent, depth, box) still to set. */
function cloneEntry(entry: SnapshotEntry): SnapshotEntry {
  // No prototype, as getAriaStates makes it.
  const state = objectCreate(null) as EntryState;
  const keys = objectKeys(entry.state);
  for (let i = 0; i < keys.length; i++)
    (state as unknown as { [key: string]: unknown })[keys[i]] = (entry.state as unknown as { [key: string]: unknown })[keys[i]];
  return {
    ref: '', role: entry.role, name: entry.name, description: entry.description, state, bbox: null, fingerprint: '', interactive: entry.interactive,
    recently_changed: false, depth: 0, parent: null, tag: entry.tag, text: entry.text, runs: entry.runs, url: entry.url, value: entry.value,
    placeholder: entry.placeholder, frame: entry.frame,
  };
}

/** What the walk carries into an element from above, as one number: the same number, the same walk below. */
function contextOf(item: StackItem): number {
  return (item.presentational ? 1 : 0) + (item.hiddenText ? 2 : 0) + (item.secretText ? 4 : 0) + (item.outOfTree ? 8 : 0) +
    (item.editorValue ? 16 : 0) + (item.owner === kNoOwner ? 32 : 0) + item.depth * 64;
}

/** Ends the span of entry `index`'s subtree, in walked elements and in entries. */
function endSpan(walked: WalkedElements, spans: WalkedEntries, index: number, entryCount: number): void {
  spans.walkedEnd[index] = walked.elements.length;
  spans.entryEnd[index] = entryCount;
}

/** The refs the registry holds now for `elements`, the registry left as it is. */
function refsNow(registry: RefRegistry, elements: Element[]): string[] {
  const refs: string[] = [];
  for (let i = 0; i < elements.length; i++)
    append(refs, registry.refOf(elements[i]) || '');
  return refs;
}

/** The elements aria-owns moves, and their owners: what they hold is not where it sits. */
function ownedElements(owns: Owns): Element[] {
  const elements: Element[] = [];
  if (!owns.count)
    return elements;
  mapForEach(owns.ownerOf, (owner: Element, owned: Element) => {
    append(elements, owned);
    append(elements, owner);
  });
  return elements;
}

const kNoStyle = '\u0000';

/** An element this walk visited itself: what the last walk kept of it is read at the walk's end (`rememberWalk`). */
function walkedFresh(walked: WalkedElements, element: Element, tag: string, outside: boolean): void {
  append(walked.elements, element);
  append(walked.tags, tag);
  append(walked.display, kNoStyle);
  append(walked.visibility, kNoStyle);
  append(walked.contentVisibility, kNoStyle);
  append(walked.cursor, undefined);
  append(walked.textSecurity, undefined);
  append(walked.shadowRoot, null);
  append(walked.entered, null);
  append(walked.pseudo, undefined);
  append(walked.field, undefined);
  append(walked.secret, false);
  append(walked.outside, outside);
  append(walked.entry, -1);
  append(walked.fresh, true);
}

/** Generated content of the element's ::before and ::after, where the style sheets say there may be some. */
function pseudoContentOf(element: Element, tag: string): string | undefined {
  if (!mayHavePseudoContentInWalk(element, tag))
    return undefined;
  return (getCSSContent(element, '::before') || '') + '\u0000' + (getCSSContent(element, '::after') || '');
}

/**
 * The sweep of one element the last walk visited (at `k`): whether what the walk read of it that
 * no mutation record shows is as it was.
 */
function sameAsWalked(walked: WalkedElements, k: number, element: Element, tag: string, style: StyleRecord | null): boolean {
  if ((style ? style.display : kNoStyle) !== walked.display[k] || (style ? style.visibility : kNoStyle) !== walked.visibility[k] ||
    (style ? styleContentVisibility(style) : kNoStyle) !== walked.contentVisibility[k])
    return false;
  if (style && walked.cursor[k] !== undefined && styleCursor(style) !== walked.cursor[k])
    return false;
  if (style && walked.textSecurity[k] !== undefined && styleTextSecurity(style) !== walked.textSecurity[k])
    return false;
  if (shadowRootOf(element) !== walked.shadowRoot[k] || pseudoContentOf(element, tag) !== walked.pseudo[k])
    return false;
  // Whether a field is secret changes with a record, a value typed (compared here), or its
  // `-webkit-text-security` (compared above, where the walk read it: every field that is not
  // secret by its type or autocomplete).
  return walked.field[k] === undefined || fieldState(element, tag) === walked.field[k];
}

/**
 * What the next walk compares and takes: read once the walk is done, from the walk's own caches
 * (a style property the walk never asked for is not compared either). A subtree is self-contained
 * when no element in it reads outside it.
 */
function rememberWalk(root: Element, settings: string, focused: Element | null, found: WalkFound,
  entries: SnapshotEntry[], parents: number[], windowed: boolean, parking: Parking | undefined): LastWalk {
  const walked = found.walked;
  const spans = found.walkedEntries;
  const outsideBefore: number[] = [0];
  for (let k = 0; k < walked.elements.length; k++) {
    if (walked.fresh[k]) {
      const element = walked.elements[k];
      const tag = walked.tags[k];
      const style = windowed ? getElementComputedStyle(element) : null;
      walked.display[k] = style ? style.display : kNoStyle;
      walked.visibility[k] = style ? style.visibility : kNoStyle;
      walked.contentVisibility[k] = style ? styleContentVisibility(style) : kNoStyle;
      walked.cursor[k] = style ? style.cursor : undefined;
      walked.textSecurity[k] = style ? style.textSecurity : undefined;
      walked.shadowRoot[k] = shadowRootOf(element);
      walked.pseudo[k] = pseudoContentOf(element, tag);
      walked.field[k] = fieldState(element, tag);
      walked.secret[k] = withholdsValueAttributes(element, isRedacted(element));
      if (!walked.outside[k] && mayHaveElementContent(element))
        walked.outside[k] = true;
    }
    append(outsideBefore, outsideBefore[k] + (walked.outside[k] ? 1 : 0));
  }
  const entryOf: Map<Element, number> = new MapCtor();
  for (let i = 0; i < entries.length; i++) {
    const at = spans.walkedAt[i];
    const end = spans.walkedEnd[i];
    spans.selfContained[i] = at !== undefined && end !== undefined && outsideBefore[end] === outsideBefore[at];
    if (at !== undefined)
      mapSet(entryOf, walked.elements[at], i);
  }
  spans.entries = entries;
  spans.parents = parents;
  return { settings, root, focused, found, entryOf, parked: parking ? parking.parked : new MapCtor() };
}

function readValue(element: Element, tag: string): string | undefined {
  if (tag === 'input')
    return inputValue(element as HTMLInputElement);
  if (tag === 'textarea')
    return textAreaValue(element as HTMLTextAreaElement);
  if (tag === 'select') {
    const select = element as HTMLSelectElement;
    const index = selectSelectedIndex(select);
    const options = selectOptions(select);
    const option = index >= 0 && options ? options[index] : undefined;
    return option ? normalizeWhitespace(optionLabel(option) || optionText(option)) : '';
  }
  if (isContentEditable(element))
    return editableLinesOutsideRedacted(element, kMaxTextLength, kMaxEditableNodes);
  const valueText = getAttribute(element, 'aria-valuetext') ?? getAttribute(element, 'aria-valuenow');
  return valueText === null ? undefined : valueText;
}

/** Focusable widgets, editable fields and elements where a pointer cursor starts. */
function isInteractive(element: Element, role: string, style: StyleRecord | null): boolean {
  if (isInteractiveRole(role))
    return true;
  // The editing host takes input; what it holds (tokens, bold words, lines) is its content.
  if (isEditingHost(element))
    return true;
  const tabIndex = getAttribute(element, 'tabindex');
  if (tabIndex !== null && tabIndex !== '-1' && stringTrim(tabIndex) !== '')
    return true;
  return startsPointer(element, style);
}

/** A pointer cursor starts here: children of a clickable element inherit its cursor. */
function startsPointer(element: Element, style: StyleRecord | null): boolean {
  if (!style || styleCursor(style) !== 'pointer')
    return false;
  const parent = nodeParentElement(element);
  const parentStyle = parent ? getElementComputedStyle(parent) : undefined;
  return !parentStyle || styleCursor(parentStyle) !== 'pointer';
}

/**
 * Whether the name already says `run`: a whole word or more of it, or (for a run of three or more
 * characters) any part, since name-from-content joins inline runs without a space. A one-letter
 * run ("x") is not said by a name that merely contains the letter.
 */
function nameSays(name: string, run: string): boolean {
  if (run.length >= 3)
    return stringIndexOf(name, run) !== -1;
  return stringIndexOf(' ' + name + ' ', ' ' + run + ' ') !== -1;
}

/** An `<input>` a reader sees as a button labelled by its value. */
function isInputButton(element: Element): boolean {
  const type = stringToLowerCase(getAttribute(element, 'type') || '');
  return type === 'button' || type === 'submit' || type === 'reset';
}

/**
 * Whether visible aria-hidden or inert content shows anything: text, a value, or generated
 * content that is text.
 */
function hasShownContent(element: Element): boolean {
  return hasContentOutsideRedacted(element, hasPseudoText);
}

function hasPseudoText(element: Element): boolean {
  return !isAllWhitespace(getCSSContent(element, '::before') || '') || !isAllWhitespace(getCSSContent(element, '::after') || '');
}

function hasOwnText(element: Element): boolean {
  for (let child = nodeFirstChild(element); child; child = nodeNextSibling(child)) {
    if (nodeType(child) === 3 && !isAllWhitespace(characterData(child as Text)))
      return true;
  }
  return false;
}

function deepActiveElement(doc: Document): Element | null {
  let active = documentActiveElement(doc);
  // Bounded by the page's shadow nesting; each step goes one shadow tree down.
  for (let shadowRoot = active && elementShadowRoot(active); shadowRoot; shadowRoot = active && elementShadowRoot(active)) {
    const inner = shadowRootActiveElement(shadowRoot);
    if (!inner)
      break;
    active = inner;
  }
  return active;
}

/**
 * Names and descriptions from content recurse through the element's subtree: on a pathologically deep one the
 * JS stack runs out. The entry then goes without rather than failing the whole walk.
 */
function safeText(compute: (element: Element) => string, element: Element): string {
  try {
    return compute(element);
  } catch {
    return '';
  }
}

/** Caps free text (docs/design.md, Caps) so one enormous attribute cannot blow up a snapshot. */
export function capText(text: string): string {
  return text.length > kMaxTextLength ? stringSlice(text, 0, kMaxTextLength - 1) + '…' : text;
}

function round(n: number): number {
  return mathRound(n * 100) / 100;
}
