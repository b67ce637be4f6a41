// The checks the fuzzer runs on every page. Each returns failures; none throws for a finding.
//
// a. parity   every (role, name) of Playwright's aria snapshot, default mode (of <body>) and AI
//             mode (of the page), is an entry of sw.snapshot(): nothing is over-hidden. Excluded,
//             as tests/e2e/parity.spec.ts documents the deliberate differences:
//             - the roles generic, iframe and text, and whatever lies inside a children-
//               presentational role (button, checkbox, img, option, tab, …): ARIA drops those
//               descendants, Playwright lists them;
//             - inert content (we make one [inert] entry of it, holding its text), and in AI mode
//               aria-hidden content (AI mode lists what is on screen; we make one [aria-hidden]
//               entry of it): subtracted as Playwright's own snapshots of those subtrees;
//             - a group directly inside a combobox or listbox (an <optgroup>: Playwright names it
//               "", we name it by its label; options carry no label attribute here);
//             - what an editor holds, but widgets (docs/concepts.md, Editors): the paragraphs and
//               lines of a contenteditable textbox are its value; Playwright lists them.
//             And where Playwright's reading is not the page's (playwright.ts): the light DOM of
//             closed shadow hosts, the options of a select that is not rendered; and names that
//             hold a secret (a marker, a secret field's value: a cell named by the secret field in
//             it), which the library withholds wherever it occurs. AI mode leaves
//             out a name the lines below say; such a node is matched by role alone. States
//             (heading levels, fieldset disabled, …) are not compared. Names are compared
//             whitespace-collapsed, as multisets, per mode.
// b. words    words.ts: Playwright's AI snapshot, word by word, is said by sw.text() in order.
// c. secrets  harness.ts and project.ts: no secret marker in any artifact.
// d. mutation nothing of the page changes across stagewright's calls: the DOM of every tree (open
//             and closed shadow roots), form state, focus, and the own property names and
//             symbols of every element and shadow root.
// e. entries  entriesCheck below: an editable field reads once.

import type { Page } from '@playwright/test';
import type { PlaywrightView } from './playwright';
import type { AiNode } from './words';
import { ourLines, ourUnits, playwrightUnits, playwrightWords, subsequence, unitsOfLines, words } from './words';
import { kSecretPrefix } from './generate';

export type CheckId = 'parity' | 'words' | 'secrets' | 'mutation' | 'entries';

export interface Failure {
  check: CheckId;
  /** When it was seen: on the page as loaded, or after the interactions. */
  phase: 'before' | 'after';
  /** What the shrinker keeps failing: the check and the coarse kind of finding (a role, an artifact). */
  signature: string;
  message: string;
}

export interface Pair { role: string; name: string }
/** What the checks read of an entry of sw.snapshot(). */
export interface OurEntry { role: string; name: string }

const kExcludedRoles = new Set(['generic', 'iframe', 'text']);
const kChildrenPresentationalRoles = new Set(['button', 'checkbox', 'img', 'math', 'menuitemcheckbox', 'menuitemradio',
  'meter', 'option', 'progressbar', 'radio', 'scrollbar', 'separator', 'slider', 'switch', 'tab']);

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Widgets: what an editor's content may hold as entries of its own (docs/concepts.md, Editors). */
const kWidgetRoles = new Set(['button', 'checkbox', 'combobox', 'link', 'listbox', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'radio', 'scrollbar', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem']);

/** The comparable (role, name) pairs of a Playwright snapshot (default or AI), in document order. */
export function playwrightPairs(nodes: (AiNode | string)[], out: Pair[] = [], parentRole = '', inTextbox = false): Pair[] {
  for (const node of nodes) {
    if (typeof node === 'string' || !node.role)
      continue;
    const optgroup = node.role === 'group' && (parentRole === 'combobox' || parentRole === 'listbox');
    // What an editor holds (a paragraph, a line, a bold word) is its value; only widgets are entries.
    const editorContent = inTextbox && !kWidgetRoles.has(node.role);
    if (!kExcludedRoles.has(node.role) && !optgroup && !editorContent)
      out.push({ role: node.role, name: collapse(node.name ?? '') });
    if (!kChildrenPresentationalRoles.has(node.role))
      playwrightPairs(node.children ?? [], out, node.role, inTextbox || node.role === 'textbox');
  }
  return out;
}

const key = (pair: Pair) => `${pair.role} ${JSON.stringify(pair.name)}`;

/** `pairs` less `minus`, as multisets. */
export function subtractPairs(pairs: Pair[], minus: Pair[]): Pair[] {
  const pool = new Map<string, number>();
  for (const pair of minus)
    pool.set(key(pair), (pool.get(key(pair)) ?? 0) + 1);
  return pairs.filter(pair => {
    const count = pool.get(key(pair)) ?? 0;
    if (!count)
      return true;
    pool.set(key(pair), count - 1);
    return false;
  });
}

/** Whether `text` holds a secret: a marker, or the value of a secret field (which the library withholds wherever it occurs). */
function holdsSecret(view: PlaywrightView, text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes(kSecretPrefix.toLowerCase()) || view.secretValues.some(value => lower.includes(collapse(value).toLowerCase()));
}

export function parityCheck(view: PlaywrightView, entries: OurEntry[], phase: Failure['phase']): Failure[] {
  const ours = entries.map(entry => ({ role: entry.role, name: collapse(entry.name) }));
  const failures: Failure[] = [];
  for (const mode of ['default', 'ai'] as const) {
    const theirs = subtractPairs(playwrightPairs(mode === 'default' ? view.defaultNodes : view.aiNodes),
        mode === 'default' ? view.excludedDefault : view.excludedAi).filter(pair => !holdsSecret(view, pair.name));
    let missing = subtractPairs(theirs.filter(pair => mode === 'default' || pair.name), ours);
    if (mode === 'ai') {
      // AI mode leaves out a name the lines below say (a row named by its cells, a heading by its
      // text): such a node is matched by role, against the entries no named pair took.
      const left = subtractPairs(ours, theirs.filter(pair => pair.name));
      const byRole = (list: Pair[]) => list.map(pair => ({ role: pair.role, name: '' }));
      missing = [...missing, ...subtractPairs(theirs.filter(pair => !pair.name), byRole(left))];
    }
    if (!missing.length)
      continue;
    failures.push({
      check: 'parity', phase, signature: `parity:${missing[0].role}`,
      message: `${missing.length} of Playwright's ${theirs.length} (role, name) pairs (${mode} mode) have no entry in sw.snapshot(): ` +
        missing.map(key).join(', '),
    });
  }
  return failures;
}

/** Both sides of check b as words: Playwright's (what must be said) and ours (what is said). */
export function wordsOf(view: PlaywrightView, ourText: string): { expected: string[]; actual: string[] } {
  const has = (set: Set<string>) => (node: AiNode) => !!node.ref && set.has(node.ref);
  const units = playwrightUnits(view.aiNodes, {
    valueHidden: has(view.secretRefs),
    skipped: has(view.closedHostRefs),
    textOnly: has(view.inertRefs),
    keepsLabels: node => has(view.inertRefs)(node) || has(view.ariaHiddenRefs)(node),
    labels: view.labels,
    phantomTexts: view.phantomTexts,
    phantomOptions: new Set(view.phantomOptions),
  });
  const secretWords = new Set(view.secretValues.flatMap(words));
  return {
    expected: playwrightWords(units, kSecretPrefix).filter(word => !view.phantomPseudoWords.has(word) && !secretWords.has(word)),
    actual: ourUnits(ourText).flatMap(words),
  };
}

export function wordsCheck(view: PlaywrightView, ourText: string, phase: Failure['phase']): Failure[] {
  const { expected, actual } = wordsOf(view, ourText);
  const result = subsequence(expected, actual);
  if (result.ok)
    return [];
  const { word, index, before } = result.missing!;
  return [{
    check: 'words', phase, signature: 'words',
    message: `word ${index + 1} of ${expected.length} of Playwright's AI snapshot, "${word}" (after: ${before.join(' ') || '(start)'}), ` +
      `is not in sw.text() in order${actual.includes(word) ? ' (it is there, earlier: out of order)' : ' (it is not there at all)'}`,
  }];
}

/**
 * e. entries: an editable field reads once. For every textbox of Playwright's AI snapshot whose
 * name is unique among the textboxes on both sides (inert, aria-hidden and closed-host content
 * aside), what sw.text() prints for our textbox of that name (its value and the lines under it)
 * has no more words than the field holds (what Playwright prints for it, its text and everything
 * under it, or for a contenteditable element its innerText, whichever has more), and no more
 * entries than Playwright has nodes under it. A contenteditable editor with one span per
 * token is a textbox holding lines of text: read as an entry per token, or as its text followed
 * by the same text again in entries, it breaks this. (Words are counted, not compared: a textbox
 * whose value is secret prints less on our side, never more.)
 */
export function entriesCheck(view: PlaywrightView, ourText: string, phase: Failure['phase']): Failure[] {
  const excluded = (ref?: string) => !!ref && (view.closedHostRefs.has(ref) || view.inertRefs.has(ref) || view.ariaHiddenRefs.has(ref));
  const theirs = new Map<string, { words: number; nodes: number }[]>();
  const visit = (nodes: (AiNode | string)[]) => {
    for (const node of nodes) {
      if (typeof node === 'string' || excluded(node.ref))
        continue;
      if (node.role === 'textbox') {
        const below: string[] = typeof node.text === 'string' ? [node.text] : [];
        let count = 0;
        const inside = (list: (AiNode | string)[]) => {
          for (const child of list) {
            if (typeof child === 'string') {
              below.push(child);
              continue;
            }
            count++;
            if (child.name)
              below.push(child.name);
            if (typeof child.text === 'string')
              below.push(child.text);
            inside(child.children ?? []);
          }
        };
        inside(node.children ?? []);
        const name = collapse(node.name ?? '');
        const held = Math.max(below.flatMap(words).length, words(view.editorTexts.get(node.ref ?? '') ?? '').length);
        theirs.set(name, [...theirs.get(name) ?? [], { words: held, nodes: count }]);
      }
      visit(node.children ?? []);
    }
  };
  visit(view.aiNodes);
  const lines = ourLines(ourText);
  const ours = new Map<string, { words: number; entries: number; excerpt: string[] }[]>();
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].role !== 'textbox')
      continue;
    let end = i + 1;
    while (end < lines.length && lines[end].indent > lines[i].indent)
      end++;
    const block = lines.slice(i + 1, end);
    const said = [...(lines[i].value !== undefined ? [lines[i].value!] : []), ...unitsOfLines(block)];
    const name = collapse(lines[i].name ?? '');
    ours.set(name, [...ours.get(name) ?? [], {
      words: said.flatMap(words).length,
      entries: block.filter(line => line.role !== 'text' && !line.role.startsWith('/')).length,
      excerpt: said.slice(0, 8),
    }]);
  }
  const failures: Failure[] = [];
  for (const [name, [their, ...moreTheirs]] of theirs) {
    const [our, ...moreOurs] = ours.get(name) ?? [];
    if (!our || moreTheirs.length || moreOurs.length)
      continue;
    if (our.words <= their.words && our.entries <= their.nodes)
      continue;
    failures.push({
      check: 'entries', phase, signature: 'entries:textbox',
      message: `textbox ${JSON.stringify(name)} reads ${our.words} words in ${our.entries} entries in sw.text(), ` +
        `the field holds ${their.words} words, Playwright shows ${their.nodes} nodes under it; ours says: ${JSON.stringify(our.excerpt)}`,
    });
  }
  return failures;
}

/** Page-side: the DOM of every tree, form state, focus, and own properties of elements and roots. */
const kFingerprint = `(() => {
  const closed = new Map((window.__fuzzClosedRoots || []).map(root => [root.host, root]));
  const parts = [];
  const props = [];
  let index = 0;
  const own = (label, object) => {
    const names = Object.getOwnPropertyNames(object).concat(Object.getOwnPropertySymbols(object).map(String));
    if (names.length) props.push(label + ': ' + names.join(','));
  };
  const walk = node => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) { parts.push(JSON.stringify(child.data)); continue; }
      if (child.nodeType === 8) { parts.push('<!--' + child.data + '-->'); continue; }
      if (child.nodeType !== 1) continue;
      const label = child.localName + '#' + (index++);
      own(label, child);
      let open = '<' + child.localName;
      for (const attr of child.attributes) open += ' ' + attr.name + '=' + JSON.stringify(attr.value);
      if ('value' in child && (child.localName === 'input' || child.localName === 'textarea' || child.localName === 'select'))
        open += ' .value=' + JSON.stringify(child.value) + ' .checked=' + child.checked;
      if (child.localName === 'option') open += ' .selected=' + child.selected;
      parts.push(open + '>');
      const root = child.shadowRoot || closed.get(child);
      if (root) {
        own(label + '/shadow', root);
        parts.push('#shadow-root(' + root.mode + ')');
        walk(root);
        parts.push('/#shadow-root');
      }
      if (child.localName === 'template') walk(child.content);
      walk(child);
      parts.push('</' + child.localName + '>');
    }
  };
  walk(document);
  let active = document.activeElement;
  const focus = [];
  while (active) {
    focus.push(active.localName + (active.id ? '#' + active.id : ''));
    const root = active.shadowRoot || closed.get(active);
    active = root ? root.activeElement : null;
  }
  return 'focus: ' + focus.join(' > ') + '\\nprops:\\n' + props.join('\\n') + '\\ndom:\\n' + parts.join('\\n');
})()`;

export async function pageFingerprint(page: Page): Promise<string> {
  return await page.evaluate(kFingerprint) as string;
}

/** The first line where two fingerprints differ, with a line of context. */
export function fingerprintDifference(before: string, after: string): string | undefined {
  if (before === after)
    return undefined;
  const a = before.split('\n');
  const b = after.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i])
    i++;
  const section = i === 0 ? 'focus:' : [...a.slice(0, i)].reverse().find(line => /^(props|dom):$/.test(line)) ?? '';
  return `${section} line ${i + 1}: before ${JSON.stringify(a[i] ?? '(end)')}, after ${JSON.stringify(b[i] ?? '(end)')}`;
}

export function mutationCheck(before: string, after: string, phase: Failure['phase'], what: string): Failure[] {
  const difference = fingerprintDifference(before, after);
  if (!difference)
    return [];
  const section = /^(\w+):/.exec(difference)?.[1] ?? 'dom';
  return [{ check: 'mutation', phase, signature: `mutation:${section}`, message: `${what} changed the page: ${difference}` }];
}
