// Style that no mutation record shows: a script may change a style sheet through the CSSOM
// (`insertRule`, a rule's declaration set in place, `replaceSync`, a sheet adopted or disabled),
// the media may change under the page (a color scheme, print, a zoom), and an animation or a
// transition under way moves and shows content on every frame. The change counter compares, for
// each document or shadow root, a signature of its style sheets and of the media queries they use
// with the one it had when last compared, and counts a root with a running animation as changed.

import {
  animationPlayState, cssRulePrototypes, documentGetAnimations, importRuleStyleSheet, MapCtor, mapForEach, mapGet, mapSet, mapSize, matchMedia,
  mediaListText, mediaQueryListMatches, nodeType, prototypeOf, ruleCssText, ruleListItem, ruleListLength, shadowRootGetAnimations, stringIndexOf,
  stringSlice, styleSheetDisabled, styleSheetMedia, styleSheetRules, styleSheetsOf, WeakMapCtor, weakMapGet, weakMapSet,
} from './builtins';

type StyleRoot = Document | ShadowRoot;

/**
 * How many rules one comparison reads, in all roots, and how many characters of rule text it
 * keeps: past either, every comparison counts as a change (a page with megabytes of CSS pays a
 * walk per capture, never an unbounded read).
 */
const kMaxRules = 50_000;
const kMaxTextLength = 2_000_000;
/** How deep `@import`s may nest before the signature gives up (and counts a change). */
const kMaxImportDepth = 16;
/** The distinct media queries whose answers are compared, at most. */
const kMaxMediaQueries = 500;

class TooMuch {}

interface Budget { rules: number; text: number }

export class StyleState {
  /** Each root's sheets (their numbers, whether they apply, their media) when last compared. */
  private readonly _roots: WeakMap<StyleRoot, string> = new WeakMapCtor();
  /** Each sheet's number: a sheet replaced by an equal one is still a change. */
  private readonly _sheetIds: WeakMap<CSSStyleSheet, number> = new WeakMapCtor();
  private _nextSheetId = 1;
  /** Each sheet's rules' text when last compared (a sheet many shadow roots adopt is read once). */
  private readonly _texts: WeakMap<CSSStyleSheet, string> = new WeakMapCtor();
  /** The media query lists made so far, by query (`matches` is live), and their answers when last compared. */
  private readonly _queries = new MapCtor<string, MediaQueryList | null>();
  private _answers = '';
  /** The roots where an animation was running when last compared. */
  private readonly _animating: WeakMap<StyleRoot, boolean> = new WeakMapCtor();

  /**
   * How many changes of style `roots` show since last compared: a root whose sheets are others, a
   * sheet whose rules are, media queries that answer otherwise, and each root with an animation
   * running. A root or a sheet seen for the first time does not count: it was there at the last
   * walk, or it came with a mutation or a root whose sheets changed.
   */
  changes(roots: StyleRoot[]): number {
    return this._compare(roots, true);
  }

  /**
   * Keeps what the sheets of `roots` hold now, to compare with later (a shadow root just found),
   * and nothing else: animations are asked for (which brings the document's style up to date) at
   * a check only.
   */
  remember(roots: StyleRoot[]): void {
    this._compare(roots, false);
  }

  private _compare(roots: StyleRoot[], check: boolean): number {
    let changed = 0;
    const budget: Budget = { rules: kMaxRules, text: kMaxTextLength };
    const read = new MapCtor<CSSStyleSheet, true>();
    const queries = new MapCtor<string, true>();
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i];
      let signature: string | undefined;
      try {
        signature = this._root(root, read, queries, budget, () => changed++);
      } catch {
        // Too much to compare, or a sheet that broke its getters: it may have changed.
        signature = undefined;
      }
      const before = weakMapGet(this._roots, root);
      if (signature === undefined || (before !== undefined && before !== signature))
        changed++;
      weakMapSet(this._roots, root, signature ?? '\u0000');
      // An animation changes the page until it ends, after a comparison as much as before it:
      // the comparison after the last one that saw it running still counts a change.
      if (!check)
        continue;
      const running = animating(root);
      if (running || weakMapGet(this._animating, root))
        changed++;
      weakMapSet(this._animating, root, running);
    }
    if (!check)
      return 0;
    try {
      const answers = this._mediaAnswers(queries);
      if (answers !== this._answers)
        changed++;
      this._answers = answers;
    } catch {
      changed++;
    }
    return changed;
  }

  /** The root's sheets in order (adopted ones last); each sheet not read yet in this comparison is read. */
  private _root(root: StyleRoot, read: Map<CSSStyleSheet, true>, queries: Map<string, true>, budget: Budget, sheetChanged: () => void): string {
    const sheets = styleSheetsOf(root);
    if (!sheets)
      throw new TooMuch();
    let signature = '';
    for (let i = 0; i < sheets.length; i++)
      signature += this._sheet(sheets[i], read, queries, budget, sheetChanged, 0);
    return signature;
  }

  /**
   * A sheet's number, whether it applies and its media, and the same of the sheets it `@import`s;
   * its rules' text is compared with what it was, once per comparison.
   */
  private _sheet(sheet: CSSStyleSheet | null, read: Map<CSSStyleSheet, true>, queries: Map<string, true>, budget: Budget, sheetChanged: () => void, depth: number): string {
    if (!sheet)
      return '\u0001-';
    if (depth > kMaxImportDepth)
      throw new TooMuch();
    let id = weakMapGet(this._sheetIds, sheet);
    if (id === undefined) {
      id = this._nextSheetId++;
      weakMapSet(this._sheetIds, sheet, id);
    }
    const media = styleSheetMedia?.(sheet);
    const mediaText = media && mediaListText ? mediaListText(media) : '';
    if (mediaText)
      mapSet(queries, mediaText, true);
    let signature = '\u0001' + id + (styleSheetDisabled?.(sheet) ? 'd' : '') + '\u0002' + mediaText;
    let rules: CSSRuleList;
    try {
      rules = styleSheetRules!(sheet);
    } catch {
      return signature; // A cross-origin sheet: the page's scripts cannot change it either, only replace it.
    }
    if (!ruleListLength || !ruleListItem || !ruleCssText)
      throw new TooMuch();
    const count = ruleListLength(rules);
    const first = !mapGet(read, sheet);
    if (first && (budget.rules -= count) < 0)
      throw new TooMuch();
    mapSet(read, sheet, true);
    let text = '';
    for (let i = 0; i < count; i++) {
      const rule = ruleListItem(rules, i)!;
      if (importRuleStyleSheet && prototypeOf(rule) === cssRulePrototypes.import)
        signature += this._sheet(importRuleStyleSheet(rule as CSSImportRule), read, queries, budget, sheetChanged, depth + 1);
      if (!first)
        continue;
      // A rule's text holds the rules nested in it (@media, @supports, nesting), not an @import's sheet.
      const ruleText = ruleCssText(rule);
      if ((budget.text -= ruleText.length) < 0)
        throw new TooMuch();
      text += ruleText + '\n';
    }
    if (first) {
      const before = weakMapGet(this._texts, sheet);
      if (before !== undefined && before !== text)
        sheetChanged();
      weakMapSet(this._texts, sheet, text);
      collectMediaQueries(text, queries);
    }
    return signature;
  }

  /** Whether each media query matches now ('1' or '0', in the order found). */
  private _mediaAnswers(queries: Map<string, true>): string {
    const match = matchMedia;
    const matches = mediaQueryListMatches;
    if (!match || !matches)
      return '';
    let answers = '';
    mapForEach(queries, (_, query) => {
      let list = mapGet(this._queries, query);
      if (list === undefined) {
        try {
          list = match(query);
        } catch {
          list = null;
        }
        mapSet(this._queries, query, list);
      }
      answers += query + (list ? (matches(list) ? '\u00011' : '\u00010') : '\u0001-') + '\u0002';
    });
    return answers;
  }
}

/** The queries of the `@media` rules in a sheet's text, at any depth. */
function collectMediaQueries(text: string, queries: Map<string, true>) {
  for (let at = stringIndexOf(text, '@media '); at !== -1; at = stringIndexOf(text, '@media ', at + 7)) {
    const end = stringIndexOf(text, '{', at);
    if (end === -1)
      break;
    mapSet(queries, stringSlice(text, at + 7, end), true);
    if (mapSize(queries) > kMaxMediaQueries)
      throw new TooMuch();
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
