// Style that no mutation record shows: a script may change a style sheet through the CSSOM
// (`insertRule`, a rule's declaration set in place, `replaceSync`, a sheet adopted or disabled),
// the media may change under the page (a color scheme, print, a zoom), and an animation or a
// transition under way moves and shows content on every frame. The change counter compares, for
// each document or shadow root, a signature of its style sheets and of the media queries they use
// with the one it had when last compared, and counts a root with a running animation as changed.

import {
  animationPlayState, append, cssRulePrototypes, documentAdoptedStyleSheets, documentGetAnimations, documentStyleSheets, importRuleStyleSheet, isArray, MapCtor,
  mapGet, mapSet, matchMedia, mediaListText, mediaQueryListMatches, nodeType, prototypeOf, ruleCssText, ruleListItem, ruleListLength, shadowRootAdoptedStyleSheets,
  shadowRootGetAnimations, shadowRootStyleSheets, stringIndexOf, stringSlice, styleSheetDisabled, styleSheetListItem, styleSheetListLength,
  styleSheetMedia, styleSheetRules, WeakMapCtor, weakMapGet, weakMapSet,
} from './builtins';

type StyleRoot = Document | ShadowRoot;

/**
 * How many rules one comparison reads, in all roots, and how many characters of rule text it
 * keeps: past either, every comparison counts as a change (a page with megabytes of CSS pays a
 * walk per capture, never an unbounded read).
 */
const kMaxRules = 50_000;
const kMaxTextLength = 8_000_000;
/** How deep `@import`s may nest before the signature gives up (and counts a change). */
const kMaxImportDepth = 16;
/** The distinct media queries whose answers are compared, at most. */
const kMaxMediaQueries = 500;

class TooMuch {}

export class StyleState {
  /** Each root's signature when last compared. */
  private readonly _signatures: WeakMap<StyleRoot, string> = new WeakMapCtor();
  /** Each style sheet's number in signatures: a sheet replaced by an equal one is still a change. */
  private readonly _sheetIds: WeakMap<CSSStyleSheet, number> = new WeakMapCtor();
  private _nextSheetId = 1;
  /** The media query lists made so far, by query: `matches` is live. */
  private readonly _queries = new MapCtor<string, MediaQueryList | null>();

  /**
   * How many of `roots` have other style than when last compared, or an animation running. A root
   * seen for the first time does not count, but for its animations: it was there at the last walk,
   * or its insertion was a mutation.
   */
  changes(roots: StyleRoot[]): number {
    let changed = 0;
    const budget = { rules: kMaxRules, text: kMaxTextLength };
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i];
      let signature: string;
      try {
        signature = this._signature(root, budget);
      } catch {
        // Too much to compare, or a sheet that broke its getters: it may have changed.
        signature = '';
      }
      const before = weakMapGet(this._signatures, root);
      if (signature === '' || (before !== undefined && before !== signature))
        changed++;
      weakMapSet(this._signatures, root, signature);
      if (animating(root))
        changed++;
    }
    return changed;
  }

  /** The root's sheets (in order, with their rules' text and state) and the answers of the media queries they use. */
  private _signature(root: StyleRoot, budget: { rules: number; text: number }): string {
    const isDocument = nodeType(root) === 9 /* DOCUMENT_NODE */;
    const list = isDocument ? documentStyleSheets?.(root as Document) : shadowRootStyleSheets?.(root as ShadowRoot);
    if (!list || !styleSheetListLength || !styleSheetListItem)
      throw new TooMuch();
    const sheets: CSSStyleSheet[] = [];
    const count = styleSheetListLength(list);
    for (let i = 0; i < count; i++)
      append(sheets, styleSheetListItem(list, i) as CSSStyleSheet);
    const adopted = isDocument ? documentAdoptedStyleSheets?.(root as Document) : shadowRootAdoptedStyleSheets?.(root as ShadowRoot);
    if (isArray(adopted)) {
      for (let i = 0; i < adopted.length; i++)
        append(sheets, adopted[i]);
    }
    const parts: string[] = [];
    for (let i = 0; i < sheets.length; i++)
      this._sheet(sheets[i], parts, budget, 0);
    let signature = '';
    for (let i = 0; i < parts.length; i++)
      signature += parts[i];
    return signature + '\u0000' + this._mediaAnswers(signature);
  }

  /** A sheet's number, whether it applies, its media and its rules' text; `@import`ed sheets after their rule. */
  private _sheet(sheet: CSSStyleSheet | null, parts: string[], budget: { rules: number; text: number }, depth: number) {
    if (!sheet)
      return void append(parts, '\u0001-');
    if (depth > kMaxImportDepth)
      throw new TooMuch();
    let id = weakMapGet(this._sheetIds, sheet);
    if (id === undefined) {
      id = this._nextSheetId++;
      weakMapSet(this._sheetIds, sheet, id);
    }
    const media = styleSheetMedia?.(sheet);
    append(parts, '\u0001' + id + (styleSheetDisabled?.(sheet) ? 'd' : '') + '@media ' + (media && mediaListText ? mediaListText(media) : '') + '{');
    let rules: CSSRuleList;
    try {
      rules = styleSheetRules!(sheet);
    } catch {
      return; // A cross-origin sheet: the page's scripts cannot change it either, only replace it.
    }
    if (!ruleListLength || !ruleListItem || !ruleCssText)
      throw new TooMuch();
    const count = ruleListLength(rules);
    if ((budget.rules -= count) < 0)
      throw new TooMuch();
    for (let i = 0; i < count; i++) {
      const rule = ruleListItem(rules, i)!;
      // A rule's text holds the rules nested in it (@media, @supports, nesting), not an @import's sheet.
      const text = ruleCssText(rule);
      if ((budget.text -= text.length) < 0)
        throw new TooMuch();
      append(parts, text);
      if (importRuleStyleSheet && prototypeOf(rule) === cssRulePrototypes.import)
        this._sheet(importRuleStyleSheet(rule as CSSImportRule), parts, budget, depth + 1);
    }
  }

  /** Whether each media query of the sheets matches now ('1' or '0', in the order found). */
  private _mediaAnswers(text: string): string {
    if (!matchMedia || !mediaQueryListMatches)
      return '';
    let answers = '';
    let found = 0;
    for (let at = stringIndexOf(text, '@media '); at !== -1; at = stringIndexOf(text, '@media ', at + 7)) {
      const end = stringIndexOf(text, '{', at);
      if (end === -1)
        break;
      const query = stringSlice(text, at + 7, end);
      if (query === '' || query === ' ')
        continue;
      if (++found > kMaxMediaQueries)
        throw new TooMuch();
      let list = mapGet(this._queries, query);
      if (list === undefined) {
        try {
          list = matchMedia(query);
        } catch {
          list = null;
        }
        mapSet(this._queries, query, list);
      }
      answers += list ? (mediaQueryListMatches(list) ? '1' : '0') : '-';
    }
    return answers;
  }
}

/** Whether an animation or a transition is running in the root (its content changes every frame). */
function animating(root: StyleRoot): boolean {
  const getAnimations = nodeType(root) === 9 ? documentGetAnimations : shadowRootGetAnimations;
  if (!getAnimations || !animationPlayState)
    return false;
  try {
    const animations = (getAnimations as (root: StyleRoot) => Animation[])(root);
    for (let i = 0; i < animations.length; i++) {
      if (animationPlayState(animations[i]) === 'running')
        return true;
    }
    return false;
  } catch {
    return true;
  }
}
