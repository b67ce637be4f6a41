// Which elements' ::before / ::after, or the elements themselves, can have CSS `content`. Reading
// a pseudo-element's style is the costliest read there is (the browser computes the
// pseudo-element's style for it), and on real pages nearly all of those reads find nothing: an
// icon font's glyphs and clearfixes give the rules, a few elements match them. So a walk scans the
// style sheets it can reach once: the rules that give some `content` yield the selectors of their
// elements, and one `querySelectorAll` per document or shadow root (and kind) finds the elements
// they can match. Only those read their `content`. The candidates are a superset: a selector
// keeps its pseudo-classes (`:hover` is matched as the page is now), loses only what follows the
// pseudo-element, and any rule's condition (@media, @supports, @layer) counts as met; a nested
// rule's selector is resolved against its parent's (`&` is `:is(parent)`).
//
// Whatever the scan cannot read or place — a cross-origin sheet, @scope, `::part`, `::slotted`, a
// `:host` with more after it, a selector `querySelectorAll` rejects, @keyframes that animate
// `content`, a rule of a kind it does not know that declares `content` — makes every element a
// candidate, as before the scan existed. Outside a scan (a name computed by a matcher, the ref
// engine) every element is one too.
//
// The user-agent style sheet gives `q` its quotes, so `q` is always read.

import {
  append, arrayJoin, cssRulePrototypes, documentQuerySelectorAll, fragmentHost, fragmentQuerySelectorAll, getPropertyValue, getRootNode,
  groupingRuleRules, importRuleStyleSheet, MapCtor, mapGet, mapSet, nestedDeclarationsStyle, nodeListLength, nodeType, prototypeOf, regexpTest,
  ruleCssText, ruleListItem, ruleListLength, stringCharCodeAt, stringIndexOf, stringSlice, stringToLowerCase, stringTrim, styleRuleRules,
  styleRuleSelectorText, styleRuleStyle, styleSheetRules, styleSheetsOf, toSet,
} from './builtins';

type StyleRoot = Document | ShadowRoot;

/** Whose `content` a rule gives: a ::before or ::after, or the element itself (`content: url(…) / "alt"`). */
const enum Kind { Pseudo = 0, Element = 1 }

/** What one style sheet gives: by kind, the selectors of elements it gives content. */
interface SheetScan {
  selectors: [string[], string[]];
  /** By kind, a `:host` rule (`:host::before`): the shadow root's host is a candidate. */
  host: [boolean, boolean];
  /** Something the scan cannot place: every element is a candidate. */
  all: boolean;
}

/** Set while a walk scans: the candidates found so far, the roots scanned, each sheet's scan. */
let scan: {
  all: boolean;
  candidates: [Map<Element, true>, Map<Element, true>];
  scanned: Map<Node, true>;
  sheets: Map<CSSStyleSheet, SheetScan>;
  /** The element last found to be in a scanned root. */
  inScannedRoot: Element | undefined;
  /** Rules read so far (see kMaxScannedRules). */
  rules: number;
} | undefined;

/** How deep @media / @supports / @layer / @import may nest before the scan gives up (reads everything). */
const kMaxRuleDepth = 32;
/**
 * How many rules one walk's scan reads before it gives up (and every element is read, within the
 * walk's own time budget): a page with a million rules does not hold the walk before it starts.
 */
const kMaxScannedRules = 50_000;
/** A `content` declaration in a rule's text (not `justify-content`, `align-content`…). */
const kContentDeclaration = /(?:^|[\s{;])content\s*:/;
/** `content` values that give a pseudo-element no text. */
const kNoText = toSet(['', 'none', 'normal', '""', '\'\'']);

/** Scans the sheets of the document and of the given shadow roots; until `endPseudoContentScan`. */
export function beginPseudoContentScan(roots: StyleRoot[]): void {
  scan = { all: false, candidates: [new MapCtor(), new MapCtor()], scanned: new MapCtor(), sheets: new MapCtor(), inScannedRoot: undefined, rules: 0 };
  for (let i = 0; i < roots.length && !scan.all; i++)
    scanRoot(roots[i]);
}

/** Adds a shadow root the walk entered after the scan began. */
export function addPseudoContentRoot(root: StyleRoot): void {
  if (scan && !scan.all && !mapGet(scan.scanned, root))
    scanRoot(root);
}

export function endPseudoContentScan(): void {
  scan = undefined;
}

/** False only when no rule the scan found can give this element's pseudo-elements content. */
export function mayHavePseudoContent(element: Element, tag: string): boolean {
  return tag === 'q' || mayHaveContent(element, Kind.Pseudo);
}

/**
 * `mayHavePseudoContent` for an element the walk reached: its root (the document, or a shadow
 * root the walk entered) was scanned when the walk got there.
 */
export function mayHavePseudoContentInWalk(element: Element, tag: string): boolean {
  return tag === 'q' || !scan || scan.all || !!mapGet(scan.candidates[Kind.Pseudo], element);
}

/** False only when no rule the scan found can give this element itself `content`. */
export function mayHaveElementContent(element: Element): boolean {
  return mayHaveContent(element, Kind.Element);
}

function mayHaveContent(element: Element, kind: Kind): boolean {
  if (!scan || scan.all || mapGet(scan.candidates[kind], element))
    return true;
  // Its ::before, ::after and own content are asked about in a row: its root is looked up once.
  if (element === scan.inScannedRoot)
    return false;
  // An element of a tree the walk did not enter (a name read through aria-labelledby into a
  // hidden shadow tree): its root's sheets are scanned now.
  const root = getRootNode(element);
  if (mapGet(scan.scanned, root)) {
    scan.inScannedRoot = element;
    return false;
  }
  const type = nodeType(root);
  if (type !== 9 /* DOCUMENT_NODE */ && type !== 11 /* DOCUMENT_FRAGMENT_NODE */)
    return false; // Not in a document: nothing renders it.
  scanRoot(root as StyleRoot);
  return scan.all || !!mapGet(scan.candidates[kind], element);
}

function scanRoot(root: StyleRoot): void {
  const current = scan!;
  mapSet(current.scanned, root, true);
  const isDocument = nodeType(root) === 9;
  const scans: SheetScan[] = [];
  try {
    const all = styleSheetsOf(root);
    if (!all)
      return void (current.all = true);
    for (let i = 0; i < all.length && !current.all; i++) {
      if (all[i])
        append(scans, sheetScan(all[i]));
      current.all = scans.length > 0 && scans[scans.length - 1].all;
    }
  } catch {
    current.all = true; // Anything unreadable might have such rules.
  }
  for (let kind = Kind.Pseudo; kind <= Kind.Element && !current.all; kind++)
    addCandidates(root, isDocument, scans, kind);
}

/** The elements of `root` the sheets' selectors of one kind can match, added to the candidates. */
function addCandidates(root: StyleRoot, isDocument: boolean, scans: SheetScan[], kind: Kind): void {
  const current = scan!;
  const selectors: string[] = [];
  let host = false;
  for (let i = 0; i < scans.length; i++) {
    host = host || scans[i].host[kind];
    for (let j = 0; j < scans[i].selectors[kind].length; j++)
      append(selectors, scans[i].selectors[kind][j]);
  }
  if (host) {
    // `:host::before` (or `:host(.open)::after`): the host is the element it styles.
    const element = isDocument ? null : fragmentHost(root as ShadowRoot);
    if (element)
      mapSet(current.candidates[kind], element, true);
  }
  if (!selectors.length)
    return;
  let found: NodeList;
  try {
    const joined = arrayJoin(selectors, ',');
    found = isDocument ? documentQuerySelectorAll(root as Document, joined) : fragmentQuerySelectorAll(root as ShadowRoot, joined);
  } catch {
    current.all = true; // A selector the browser's style engine takes and querySelectorAll does not.
    return;
  }
  const length = nodeListLength(found);
  for (let i = 0; i < length; i++)
    mapSet(current.candidates[kind], found[i] as Element, true);
}

/** A sheet's scan, once per walk: component libraries share one sheet among many shadow roots. */
function sheetScan(sheet: CSSStyleSheet): SheetScan {
  const known = mapGet(scan!.sheets, sheet);
  if (known)
    return known;
  const result: SheetScan = { selectors: [[], []], host: [false, false], all: false };
  readSheet(sheet, result, 0);
  mapSet(scan!.sheets, sheet, result);
  return result;
}

function readSheet(sheet: CSSStyleSheet | null, result: SheetScan, depth: number): void {
  if (!sheet)
    return;
  let rules: CSSRuleList;
  try {
    rules = styleSheetRules!(sheet);
  } catch {
    result.all = true; // A cross-origin sheet cannot be read.
    return;
  }
  readRules(rules, result, depth);
}

/**
 * The rules of a sheet, an @media / @supports / @layer block, or a style rule's nested rules
 * (`parent`: the nesting rule's selector, resolved).
 */
function readRules(rules: CSSRuleList, result: SheetScan, depth: number, parent?: string): void {
  if (depth > kMaxRuleDepth || !ruleListLength || !ruleListItem)
    return void (result.all = true);
  const count = ruleListLength(rules);
  if ((scan!.rules += count) > kMaxScannedRules)
    return void (result.all = true);
  for (let i = 0; i < count && !result.all; i++) {
    const rule = ruleListItem(rules, i);
    if (!rule)
      continue;
    const proto = prototypeOf(rule);
    if (proto && proto === cssRulePrototypes.style) {
      readStyleRule(rule as CSSStyleRule, result, depth, parent);
    } else if (proto && proto === cssRulePrototypes.nestedDeclarations && parent !== undefined && nestedDeclarationsStyle) {
      // Declarations after a nested rule: the nesting rule's own.
      if (givesText(nestedDeclarationsStyle(rule)))
        addSelectors(parent, result);
    } else if (proto && proto === cssRulePrototypes.import) {
      readSheet(importRuleStyleSheet!(rule as CSSImportRule), result, depth + 1);
    } else if (isGroupingRule(rule)) {
      // @media, @supports, @layer, @container, @starting-style: their conditions count as met.
      readRules(groupingRuleRules!(rule as CSSGroupingRule), result, depth + 1, parent);
    } else if (declaresContent(ruleCssText!(rule))) {
      // @keyframes that animate `content` give text no rule's selector names; @scope's selectors
      // are relative to its root, which no querySelectorAll matches as written; and a rule of a
      // kind this scan does not know may give content too.
      result.all = true;
    }
  }
}

function isGroupingRule(rule: CSSRule): boolean {
  const grouping = cssRulePrototypes.grouping;
  if (!grouping || !groupingRuleRules)
    return false;
  for (let proto = prototypeOf(rule); proto; proto = prototypeOf(proto)) {
    if (proto === grouping)
      return true;
  }
  return false;
}

function declaresContent(cssText: string): boolean {
  return regexpTest(kContentDeclaration, cssText);
}

function givesText(style: CSSStyleDeclaration): boolean {
  return !kNoText[stringTrim(getPropertyValue(style, 'content'))];
}

function readStyleRule(rule: CSSStyleRule, result: SheetScan, depth: number, parent: string | undefined): void {
  if (!styleRuleSelectorText || !styleRuleStyle)
    return void (result.all = true);
  const own = styleRuleSelectorText(rule);
  const selector = parent === undefined ? own : resolveNested(own, parent);
  if (givesText(styleRuleStyle(rule)))
    addSelectors(selector, result);
  // CSS nesting: the nested rules' selectors are relative to this one's.
  const nested = styleRuleRules ? styleRuleRules(rule) : isGroupingRule(rule) ? groupingRuleRules!(rule) : undefined;
  if (nested && ruleListLength!(nested))
    readRules(nested, result, depth + 1, selector);
}

/**
 * A nested rule's selector list made absolute: `&` stands for the parent's (`:is(parent)`), and a
 * selector without one is relative to it (`.child` is `:is(parent) .child`).
 */
function resolveNested(selectorList: string, parent: string): string {
  const parts = splitSelectorList(selectorList);
  const replacement = ':is(' + parent + ')';
  for (let i = 0; i < parts.length; i++) {
    const part = stringTrim(parts[i]);
    const resolved = replaceNestingSelector(part, replacement);
    parts[i] = resolved === part ? replacement + ' ' + part : resolved;
  }
  return arrayJoin(parts, ',');
}

/** `selector` with each `&` outside strings and attribute brackets replaced. */
function replaceNestingSelector(selector: string, replacement: string): string {
  let result = '';
  let from = 0;
  scanSelector(selector, (code, at) => {
    if (code === 0x26 /* & */) {
      result += stringSlice(selector, from, at) + replacement;
      from = at + 1;
    }
    return false;
  });
  return from ? result + stringSlice(selector, from) : selector;
}

/** A content rule's selectors, by kind: the elements (or their ::before / ::after) it gives content. */
function addSelectors(selectorList: string, result: SheetScan): void {
  const parts = splitSelectorList(selectorList);
  for (let i = 0; i < parts.length && !result.all; i++) {
    const at = pseudoElementAt(parts[i]);
    const kind = at < 0 ? Kind.Element : Kind.Pseudo;
    let element = stringTrim(at < 0 ? parts[i] : stringSlice(parts[i], 0, at));
    const lower = stringToLowerCase(element);
    if (stringIndexOf(lower, '::slotted') !== -1 || stringIndexOf(lower, '::part') !== -1)
      return void (result.all = true);
    if (stringIndexOf(lower, ':host') !== -1) {
      if (isBareHost(lower))
        result.host[kind] = true;
      else
        result.all = true;
      continue;
    }
    // `::before` alone, or after a combinator (`.list > ::after`): any element there.
    const last = element ? stringCharCodeAt(element, element.length - 1) : 0;
    if (!element || last === 0x3e /* > */ || last === 0x2b /* + */ || last === 0x7e /* ~ */)
      element += '*';
    append(result.selectors[kind], element);
  }
}

/** `:host` or `:host(…)` alone, before the pseudo-element. */
function isBareHost(selector: string): boolean {
  if (selector === ':host')
    return true;
  if (stringSlice(selector, 0, 6) !== ':host(')
    return false;
  const close = matchingParen(selector, 5);
  return close === selector.length - 1;
}

/** The index of the parenthesis that closes the one at `open`, or -1. */
function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const code = stringCharCodeAt(text, i);
    if (code === 0x5c /* \ */) {
      i++;
      continue;
    }
    if (code === 0x28 /* ( */)
      depth++;
    else if (code === 0x29 /* ) */ && --depth === 0)
      return i;
  }
  return -1;
}

/**
 * Calls `visit` with each character of a selector outside strings and attribute brackets (escaped
 * ones and the parentheses themselves skipped), with how deep in parentheses it stands; returns
 * the first index it says yes to, or -1.
 */
function scanSelector(text: string, visit: (code: number, at: number, depth: number) => boolean): number {
  let depth = 0;
  let brackets = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const code = stringCharCodeAt(text, i);
    if (code === 0x5c /* \ */) {
      i++;
    } else if (quote) {
      if (code === quote)
        quote = 0;
    } else if (code === 0x22 /* " */ || code === 0x27 /* ' */) {
      quote = code;
    } else if (code === 0x5b /* [ */) {
      brackets++;
    } else if (code === 0x5d /* ] */) {
      brackets--;
    } else if (!brackets) {
      if (code === 0x28 /* ( */)
        depth++;
      else if (code === 0x29 /* ) */)
        depth--;
      else if (visit(code, i, depth))
        return i;
    }
  }
  return -1;
}

/** A selector list's selectors: split at the commas outside parentheses, brackets and strings. */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let start = 0;
  scanSelector(list, (code, at, depth) => {
    if (code === 0x2c /* , */ && !depth) {
      append(parts, stringSlice(list, start, at));
      start = at + 1;
    }
    return false;
  });
  append(parts, stringSlice(list, start));
  return parts;
}

/**
 * Where `::before` or `::after` (or the legacy `:before` / `:after`) begins in one selector,
 * outside parentheses, brackets and strings; -1 when it has none there.
 */
function pseudoElementAt(selector: string): number {
  return scanSelector(selector, (code, at, depth) => {
    if (code !== 0x3a /* : */ || depth)
      return false;
    const nameStart = stringCharCodeAt(selector, at + 1) === 0x3a ? at + 2 : at + 1;
    const name = stringToLowerCase(stringSlice(selector, nameStart, nameStart + 6));
    const length = stringSlice(name, 0, 6) === 'before' ? 6 : stringSlice(name, 0, 5) === 'after' ? 5 : 0;
    return !!length && !isIdentCode(stringCharCodeAt(selector, nameStart + length));
  });
}

function isIdentCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d || code === 0x5f || code >= 0x80 || code === 0x5c;
}
