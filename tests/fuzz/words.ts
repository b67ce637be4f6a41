// Check b: what Playwright's AI snapshot says, word by word, stagewright's text says too, in the
// same order. Pure functions over Playwright's ariaSnapshotJSON({ mode: 'ai' }) and sw.text().
//
// Precisely:
// - A "unit" is a piece of text one side prints: on Playwright's side a node's name, its `text`
//   (a text fragment, or the value of a field) and its string children, in document order, a
//   node before its children; on ours, from each line of sw.text(), the quoted name, then the
//   text after `: ` (a run or a value). Roles, refs, state markers (`[checked]`, `[level=2]`)
//   and property lines (`/url:`, `/placeholder:`) are syntax and say nothing: not units.
// - Words: a unit lower-cased (NFKC), cut at every character that is not a letter or a digit, so
//   punctuation, quotes, symbols and escapes never matter ("“quoted”," → quoted, "$12.50" → 12 50,
//   "x: y" → x y, a lone ★ → nothing), and before a capital that follows a small letter or a
//   digit ("ResetTitle" → reset title: texts that touch with no space between are glued by one
//   side and not the other).
// - A <label>'s text is its field's name. Playwright prints it twice, as text and as the name
//   (`- text: Email` then `- textbox "Email"`), gluing adjacent labels into one fragment
//   ("naïveReset"); we print it once, as the name. So label texts are cut from the start and end
//   of Playwright's text fragments (whitespace and case aside), except in inert and aria-hidden
//   content, where a label names nothing on our side and its text must be there; and a unit
//   whose words repeat the previous unit's is dropped (a checkbox's name, then its label's text).
// - A node whose name already says what is printed below it (the same words, or a run of them:
//   a button named by its content, `link "Orders Project"` over the text "Project") needs only its
//   name: we do not repeat a run the name says.
// - Left out on Playwright's side: words holding a secret marker (they must not appear); the
//   value of every secret field (its `text`, with all text below it: an editor's lines); names of
//   generic nodes (ARIA 1.2 prohibits naming a generic: an aria-label on a <div> or a role-less
//   custom element; check a skips generics too); names and field values inside inert content
//   (we make one [inert] entry of it, holding its text); hosts of closed shadow roots, whose
//   light DOM Playwright reads as if there were no shadow root; and what Playwright prints
//   although it is not rendered (playwright.ts): the words of ::before/::after content of hidden
//   elements, a fragment made only of the text of hidden elements (a <slot>'s fallback in a
//   closed <details>), the options of a select that is not rendered.
// - The check: Playwright's words are a subsequence of ours (ours may say more: roles of entries
//   Playwright folds away, a select's chosen option). The greedy match decides a subsequence
//   exactly; the failure names the first word not found in order. Where two texts touch with no
//   space between, the sides may cut words differently (Playwright glues across a <br>,
//   "TaskSave"; it keeps apart a slot's text and the label that follows it, which the page shows
//   glued): a word of either side may match up to four consecutive words of the other that spell
//   it.

export interface AiNode {
  role?: string;
  name?: string;
  text?: string;
  ref?: string;
  children?: (AiNode | string)[];
  [key: string]: unknown;
}

/**
 * The words of a text, lower-cased. A capital right after a small letter or a digit starts a new
 * word ("ResetTitle", "98Save"): where two texts touch with no space, one side may glue them and
 * the other not, and the page's words are capitalized.
 */
export function words(text: string): string[] {
  return text.normalize('NFKC').replace(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/gu, ' ').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Roles whose `text` in Playwright's snapshot is a value the user typed or chose, not content. */
const kFieldRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);

/**
 * `text` without `part` at its start (`end` false) or end, whitespace and case aside; undefined
 * when it is not there, or only as part of a word ("Tea" is not cut off "Team Active"). Text
 * Playwright glued to a label is not one word: "ResetCity", "naïveReset" meet where `words` splits
 * them, and a label runs on into another of `parts`.
 */
function cut(text: string, part: string, end: boolean, parts: string[]): string | undefined {
  const wanted = part.replace(/\s+/g, '').toLowerCase();
  if (!wanted)
    return undefined;
  let i = end ? text.length - 1 : 0;
  for (let j = 0; j < wanted.length; j++) {
    while (i >= 0 && i < text.length && /\s/.test(text[i]))
      i += end ? -1 : 1;
    const c = wanted[end ? wanted.length - 1 - j : j];
    if (i < 0 || i >= text.length || text[i].toLowerCase() !== c)
      return undefined;
    i += end ? -1 : 1;
  }
  const rest = end ? text.slice(0, i + 1) : text.slice(i);
  const last = text[end ? i + 1 : i - 1];
  const next = text[i];
  // Where words meet as `words` splits them: a letter or digit against a capital ("ResetCity").
  const [before, after] = end ? [next, last] : [last, next];
  const midWord = next !== undefined && /[\p{L}\p{N}]/u.test(next) && /[\p{L}\p{N}]/u.test(last) && !(/[\p{Ll}\p{N}]/u.test(before) && /\p{Lu}/u.test(after));
  if (midWord && !parts.some(other => cut(rest, other, end, parts) !== undefined))
    return undefined;
  return rest;
}

/**
 * A text fragment with any of `parts` cut off its start and end, as many as there are (adjacent
 * labels Playwright glued into one fragment go one after the other).
 */
export function withoutEnds(text: string, parts: string[]): string {
  let rest = text;
  for (let changed = true; changed && rest.trim();) {
    changed = false;
    for (const part of parts) {
      for (const end of [false, true]) {
        const shorter = cut(rest, part, end, parts);
        if (shorter !== undefined) {
          rest = shorter;
          changed = true;
        }
      }
    }
  }
  return rest;
}

export interface UnitFilters {
  /** A secret field: its value (and the text below it, an editor's lines) is left out. */
  valueHidden(node: AiNode): boolean;
  /** A node whose subtree Playwright cannot read right (a closed shadow host): left out whole. */
  skipped(node: AiNode): boolean;
  /** A node whose subtree keeps only its text: no names, no field values (inert content). */
  textOnly(node: AiNode): boolean;
  /** A node in whose subtree labels name nothing on our side, so their text stays (inert, aria-hidden). */
  keepsLabels(node: AiNode): boolean;
  /** The texts of the page's <label>s. */
  labels: string[];
  /** Text that is not rendered, which Playwright prints in places. */
  phantomTexts: string[];
  /** Names of options of selects that are not rendered. */
  phantomOptions: Set<string>;
}

/**
 * Whether `name` already says all of `below`: its words, glued, are the name's, or a run of them
 * (`link "Orders Project"` over the text "Project").
 */
function saysAll(name: string, below: string[]): boolean {
  const said = below.flatMap(words);
  if (!said.length)
    return true;
  const nameWords = words(name);
  if (said.join('') === nameWords.join(''))
    return true;
  return ` ${nameWords.join(' ')} `.includes(` ${said.join(' ')} `);
}

/** Every text fragment and name under a node, as Playwright prints them. */
function rawText(node: AiNode): string[] {
  const out: string[] = typeof node.text === 'string' ? [node.text] : [];
  for (const child of node.children ?? []) {
    if (typeof child === 'string')
      out.push(child);
    else
      out.push(...(child.name ? [child.name] : []), ...rawText(child));
  }
  return out;
}

/**
 * Playwright's units in order. A node whose name already says what its subtree prints (a button,
 * link or heading named by its content, which Playwright lists below it anyway when it has
 * element children; an aria-label that holds the content) contributes its name alone: we do not
 * repeat a run the name says.
 */
export function playwrightUnits(nodes: (AiNode | string)[], filters: UnitFilters): string[] {
  const fragment = (text: string, keepLabels: boolean, out: string[]) => {
    // Text that is not rendered goes only when the fragment is nothing else: a word of it may
    // well be on screen elsewhere.
    if (!withoutEnds(text, filters.phantomTexts).trim())
      return;
    const rest = keepLabels ? text : withoutEnds(text, filters.labels);
    if (rest.trim())
      out.push(rest);
  };
  const visit = (list: (AiNode | string)[], inSecret: boolean, inTextOnly: boolean, inKeepLabels: boolean, out: string[]) => {
    for (const node of list) {
      if (typeof node === 'string') {
        if (!inSecret)
          fragment(node, inKeepLabels, out);
        continue;
      }
      if (filters.skipped(node) || (node.role === 'option' && filters.phantomOptions.has(node.name ?? '')))
        continue;
      const secret = inSecret || filters.valueHidden(node);
      const textOnly = inTextOnly || filters.textOnly(node);
      const keepLabels = inKeepLabels || filters.keepsLabels(node);
      const name = node.name && node.role !== 'generic' && !textOnly ? node.name : '';
      const below: string[] = [];
      const isValue = kFieldRoles.has(node.role ?? '');
      if (typeof node.text === 'string' && !secret && !(textOnly && isValue)) {
        if (isValue)
          below.push(node.text);
        else
          fragment(node.text, keepLabels, below);
      }
      visit(node.children ?? [], secret, textOnly, keepLabels, below);
      if (name)
        out.push(name);
      // Compared with the text as printed, before any label was cut: a label's text may begin a
      // fragment that is not that label (the button "Quantity Title" and the label "Quantity").
      if (!name || !saysAll(name, rawText(node)))
        out.push(...below);
    }
  };
  const units: string[] = [];
  visit(nodes, false, false, false, units);
  return units;
}

/** Splits a YAML line at the `:` that ends its key (outside quotes and brackets); -1 when none. */
function keyEnd(line: string): number {
  let quote = '';
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"')
        i++;
      else if (c === quote)
        quote = '';
      continue;
    }
    if (c === '"')
      quote = '"';
    else if (c === '[')
      depth++;
    else if (c === ']')
      depth = Math.max(0, depth - 1);
    else if (c === ':' && depth === 0 && (i === line.length - 1 || line[i + 1] === ' '))
      return i;
  }
  return -1;
}

/** A YAML scalar as our formatter writes them: double-quoted (JSON escapes), single-quoted, or plain. */
function yamlScalar(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return trimmed.slice(1, -1);
    }
  }
  if (trimmed.startsWith('\''))
    return trimmed.slice(1, -1).replace(/''/g, '\'');
  return trimmed;
}

/** The double-quoted name after the role in a line's key, if any. */
function nameOfKey(key: string): string | undefined {
  const start = key.indexOf(' "');
  if (start < 0 || key.slice(0, start).includes('['))
    return undefined;
  let i = start + 2;
  for (; i < key.length; i++) {
    if (key[i] === '\\')
      i++;
    else if (key[i] === '"')
      break;
  }
  return yamlScalar(key.slice(start + 1, i + 1));
}

/** One line of sw.text(): its indentation, role (`text` for a run, `/url` for a property), name and the text after `: `. */
export interface OurLine { indent: number; role: string; name?: string; value?: string }

export function ourLines(text: string): OurLine[] {
  const lines: OurLine[] = [];
  for (const raw of text.split('\n')) {
    const indent = raw.length - raw.trimStart().length;
    let line = raw.trim();
    if (!line.startsWith('- '))
      continue;
    line = line.slice(2);
    let key: string;
    let value: string | undefined;
    if (line.startsWith('\'')) {
      // A key single-quoted whole (it holds `: ` or ` #`): its end is the quote not doubled.
      let i = 1;
      for (; i < line.length; i++) {
        if (line[i] === '\'' && line[i + 1] === '\'')
          i++;
        else if (line[i] === '\'')
          break;
      }
      key = yamlScalar(line.slice(0, i + 1));
      const rest = line.slice(i + 1);
      value = rest.startsWith(': ') ? rest.slice(2) : undefined;
    } else {
      const end = keyEnd(line);
      key = end < 0 ? line : line.slice(0, end);
      value = end < 0 ? undefined : line.slice(end + 1);
    }
    const role = /^[^\s[]+/.exec(key)?.[0] ?? '';
    lines.push({
      indent, role,
      name: role === 'text' || role.startsWith('/') ? undefined : nameOfKey(key),
      value: value !== undefined && value.trim() ? yamlScalar(value) : undefined,
    });
  }
  return lines;
}

/** The units of some of our lines: names and texts, no property lines. */
export function unitsOfLines(lines: OurLine[]): string[] {
  const units: string[] = [];
  for (const line of lines) {
    if (line.role.startsWith('/'))
      continue;
    if (line.name)
      units.push(line.name);
    if (line.value !== undefined)
      units.push(line.value);
  }
  return units;
}

/** Our units in order, read from the lines of sw.text(). */
export function ourUnits(text: string): string[] {
  return unitsOfLines(ourLines(text));
}

/** Playwright's units as words, with the repeated units and the secret markers left out. */
export function playwrightWords(units: string[], secretPrefix: string): string[] {
  const out: string[] = [];
  let previous = '';
  for (const unit of units) {
    const unitWords = words(unit).filter(word => !word.includes(secretPrefix.toLowerCase()));
    const joined = unitWords.join(' ');
    if (!joined || joined === previous)
      continue;
    previous = joined;
    out.push(...unitWords);
  }
  return out;
}

export interface SubsequenceResult {
  ok: boolean;
  /** Words of `expected` matched in order before the first miss. */
  matched: number;
  /** The first word of `expected` not found in order, with the words just before it. */
  missing?: { word: string; index: number; before: string[] };
}

const kMaxGlued = 4;

/** How many words of `list` from `at` spell `word` when glued: 1 for the word itself; 0 for none. */
function spelled(word: string, list: string[], at: number): number {
  let glued = '';
  for (let k = 0; k < kMaxGlued && at + k < list.length; k++) {
    glued += list[at + k];
    if (glued === word)
      return k + 1;
    if (!word.startsWith(glued))
      return 0;
  }
  return 0;
}

/**
 * Whether `expected` is a subsequence of `actual` (greedy matching decides it exactly). Word
 * boundaries may differ where two texts touch with no space between: Playwright glues text across
 * a <br> and between adjacent blocks ("TaskSave" for "Task<br>Save"), and keeps apart what
 * touches across elements (a slot's text and the label after it, "title" and "Edit", which the
 * page shows as "titleEdit"). So a word of either side may match up to four consecutive words of
 * the other that spell it.
 */
export function subsequence(expected: string[], actual: string[]): SubsequenceResult {
  let at = 0;
  for (let i = 0; i < expected.length;) {
    let taken = 0;
    let used = 0;
    for (; at < actual.length; at++) {
      taken = spelled(expected[i], actual, at);
      if (taken) {
        used = 1;
        break;
      }
      used = spelled(actual[at], expected, i);
      if (used) {
        taken = 1;
        break;
      }
    }
    if (at >= actual.length)
      return { ok: false, matched: i, missing: { word: expected[i], index: i, before: expected.slice(Math.max(0, i - 6), i) } };
    at += taken;
    i += used;
  }
  return { ok: true, matched: expected.length };
}
