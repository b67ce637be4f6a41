// Whether ::before / ::after can have content on this page at all. Reading a pseudo-element's
// style is the costliest part of a name from content (two style computations per element), and
// most pages have no such rules. A walk scans the style sheets it can reach once; when none has a
// ::before/::after rule (and none is unreadable), names skip the pseudo-element reads.
//
// The user-agent style sheet gives `q` its quotes, so `q` is always read.

import { isArray, stringIndexOf, stringToLowerCase } from './builtins';

let pseudoRulesPossible = true;

/** Scans the sheets of the document and of the given shadow roots; until `endPseudoContentScan`. */
export function beginPseudoContentScan(roots: (Document | ShadowRoot)[]): void {
  pseudoRulesPossible = false;
  for (let i = 0; i < roots.length && !pseudoRulesPossible; i++)
    pseudoRulesPossible = rootMayHavePseudoRules(roots[i]);
}

/** Adds a shadow root the walk entered after the scan began. */
export function addPseudoContentRoot(root: Document | ShadowRoot): void {
  if (!pseudoRulesPossible)
    pseudoRulesPossible = rootMayHavePseudoRules(root);
}

export function endPseudoContentScan(): void {
  pseudoRulesPossible = true;
}

/** False only when no reachable style sheet can give this element's pseudo-elements content. */
export function mayHavePseudoContent(tag: string): boolean {
  return pseudoRulesPossible || tag === 'q';
}

function rootMayHavePseudoRules(root: Document | ShadowRoot): boolean {
  try {
    const sheets = root.styleSheets;
    for (let i = 0; i < sheets.length; i++) {
      if (sheetMayHavePseudoRules(sheets[i], 0))
        return true;
    }
    const adopted = root.adoptedStyleSheets;
    if (isArray(adopted)) {
      for (let i = 0; i < adopted.length; i++) {
        if (sheetMayHavePseudoRules(adopted[i], 0))
          return true;
      }
    }
    return false;
  } catch {
    return true; // Anything unreadable might have such rules.
  }
}

function sheetMayHavePseudoRules(sheet: CSSStyleSheet, depth: number): boolean {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    return true; // A cross-origin sheet cannot be read.
  }
  return rulesMayHavePseudoRules(rules, depth);
}

function rulesMayHavePseudoRules(rules: CSSRuleList, depth: number): boolean {
  if (depth > 32)
    return true;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as CSSRule & { selectorText?: string; cssRules?: CSSRuleList; styleSheet?: CSSStyleSheet | null };
    if (typeof rule.selectorText === 'string') {
      const selector = stringToLowerCase(rule.selectorText);
      if (stringIndexOf(selector, 'before') !== -1 || stringIndexOf(selector, 'after') !== -1)
        return true;
    }
    // Nested rules, @media, @supports, @layer, @container…
    if (rule.cssRules && rulesMayHavePseudoRules(rule.cssRules, depth + 1))
      return true;
    // @import
    if (rule.styleSheet && sheetMayHavePseudoRules(rule.styleSheet, depth + 1))
      return true;
  }
  return false;
}
