// What Playwright says about a page, and what the checks need to read it fairly: read before
// stagewright's calls on each phase. Besides the two snapshots, the places where Playwright's
// reading is known to differ from the page on purpose (ours) or by accident (its own):
// - subtrees whose comparison has exclusions: inert content, aria-hidden content, hosts of closed
//   shadow roots (Playwright cannot enter a closed root and reads the host's light DOM as if it
//   had none: unslotted children as shown, slotted ones out of place);
// - text Playwright prints although it is not rendered: its AI mode walks into hidden elements and
//   still adds their ::before/::after content, the fallback text of a <slot> in a closed
//   <details>, the options of a <select> that is not rendered (generateAriaTree's
//   processElement; an <option> is exempt from the style check);
// - the texts of <label>s, which Playwright prints twice (see words.ts);
// - the AI refs of secret fields, and what each contenteditable textbox holds.
// Page-side code is a string evaluated in the page: the page is the fuzzer's, its builtins are
// intact, and this file stays free of DOM types.

import type { Page } from '@playwright/test';
import { playwrightPairs, type Pair } from './checks';
import { kFieldSelector, kIsSecretField } from './secrets';
import type { AiNode } from './words';
import { words } from './words';

export interface PlaywrightView {
  /** `page.locator('body').ariaSnapshotJSON()`. */
  defaultNodes: (AiNode | string)[];
  /** `page.ariaSnapshotJSON({ mode: 'ai' })`. */
  aiNodes: (AiNode | string)[];
  /** Pairs of the excluded subtrees (inert, aria-hidden, closed shadow hosts, unrendered options), per mode. */
  excludedDefault: Pair[];
  excludedAi: Pair[];
  /** AI refs in the subtrees of closed shadow hosts. */
  closedHostRefs: Set<string>;
  /** AI refs in inert subtrees: we make one [inert] entry of such content, with its text only. */
  inertRefs: Set<string>;
  /** AI refs in aria-hidden subtrees (on screen: AI mode lists them, we make one [aria-hidden] entry). */
  ariaHiddenRefs: Set<string>;
  /** AI refs of the secret fields Playwright can reach (secrets.ts: the page decides). */
  secretRefs: Set<string>;
  /**
   * The values of those fields. Names and text made from them (a cell named by the secret field in
   * it) are not compared: the library withholds every occurrence of a secret value.
   */
  secretValues: string[];
  /** The texts of the page's <label>s. */
  labels: string[];
  /** Text that is not rendered: of text nodes and of the options of selects that are not rendered. */
  phantomTexts: string[];
  /** Option names of selects that are not rendered. */
  phantomOptions: string[];
  /** Words of the ::before/::after content of elements that are not rendered. */
  phantomPseudoWords: Set<string>;
  /** The rendered text (innerText) of each contenteditable textbox, by AI ref. */
  editorTexts: Map<string, string>;
}

/**
 * Page-side helpers: `rendered(element)` (a box on screen; a display:contents element or a <slot>
 * as its parent in the flat tree; an <option> as its <select>) and `trees()` (the document and
 * every open shadow root: the trees Playwright reads).
 */
const kPageHelpers = `
  const parentOf = node => node.assignedSlot || node.parentElement || (node.parentNode && node.parentNode.host) || null;
  const rendered = element => {
    if (element.localName === 'option' || element.localName === 'optgroup') {
      const select = element.closest('select');
      return select ? rendered(select) : false;
    }
    if (getComputedStyle(element).display === 'contents') {
      const parent = parentOf(element);
      return parent ? rendered(parent) : true;
    }
    return element.checkVisibility({ visibilityProperty: true });
  };
  const trees = () => {
    const out = [];
    const stack = [document];
    while (stack.length) {
      const root = stack.pop();
      out.push(root);
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) stack.push(element.shadowRoot);
      }
    }
    return out;
  };
  const collapse = text => text.replace(/\\s+/g, ' ').trim();
`;

/** Page-side: what is not rendered but Playwright may print (see the file's comment). */
const kPhantoms = `(() => {
  ${kPageHelpers}
  const pseudo = [];
  const texts = [];
  const options = [];
  for (const root of trees()) {
    for (const element of root.querySelectorAll('*')) {
      if (['script', 'style', 'template', 'head', 'title'].includes(element.localName) || rendered(element)) continue;
      for (const where of ['::before', '::after']) {
        const content = getComputedStyle(element, where).content;
        if (content && content !== 'none' && content !== 'normal') pseudo.push(content);
      }
      if (element.localName === 'option') options.push(collapse(element.label || element.textContent));
      for (const child of element.childNodes) {
        if (child.nodeType === 3 && collapse(child.data)) texts.push(collapse(child.data));
      }
    }
  }
  // The light text of a shadow host that no slot takes is not rendered either; Playwright prints
  // it for a closed root, which it cannot enter (the page's components keep their closed roots).
  const closed = new Map((window.__fuzzClosedRoots || []).map(root => [root.host, root]));
  for (const root of [...trees(), ...closed.values()]) {
    for (const host of root.querySelectorAll('*')) {
      const shadow = host.shadowRoot || closed.get(host);
      if (!shadow) continue;
      const assigned = new Set();
      for (const slot of shadow.querySelectorAll('slot')) for (const node of slot.assignedNodes()) assigned.add(node);
      for (const child of host.childNodes) {
        if (child.nodeType === 3 && !assigned.has(child) && collapse(child.data)) texts.push(collapse(child.data));
      }
    }
  }
  return { pseudo, texts, options };
})()`;

/** Page-side: the text of every <label>, read in the flat tree, form controls left out. */
const kLabelTexts = `(() => {
  ${kPageHelpers}
  const skip = new Set(['select', 'textarea', 'input', 'button', 'script', 'style', 'template']);
  const text = node => {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1 || skip.has(node.localName)) return '';
    let children = node.childNodes;
    if (node.localName === 'slot' && node.assignedNodes().length) children = node.assignedNodes();
    else if (node.shadowRoot) children = node.shadowRoot.childNodes;
    let out = '';
    for (const child of children) out += text(child);
    return out;
  };
  const out = [];
  for (const root of trees()) {
    for (const label of root.querySelectorAll('label')) out.push(collapse(text(label)));
  }
  return out.filter(Boolean);
})()`;

/** Page-side: the custom element names of the hosts of closed roots (the page's components keep them in window.__fuzzClosedRoots). */
const kClosedHostTags = `(() => [...new Set((window.__fuzzClosedRoots || []).map(root => root.host.localName))])()`;

type Kind = 'closed' | 'inert' | 'ariaHidden';

function collectRefs(nodes: (AiNode | string)[], into: Set<string>) {
  for (const node of nodes) {
    if (typeof node === 'string')
      continue;
    if (node.ref)
      into.add(node.ref);
    collectRefs(node.children ?? [], into);
  }
}

/**
 * The excluded subtrees: their pairs (of the topmost roots only, so that nothing is subtracted
 * twice) and every AI ref in them (the root itself may be folded away in the page's snapshot).
 * An element keeps its AI ref while its role and name stay (Playwright's computeAriaRef), so the
 * refs of a subtree's own snapshot are those of the page's.
 */
async function excludedSubtrees(page: Page) {
  const closedTags = await page.evaluate(kClosedHostTags) as string[];
  const roots = page.locator(['[inert]', '[aria-hidden="true" i]', ...closedTags].join(', '));
  const kinds = await roots.evaluateAll((elements, tags) => elements.map(element => {
    let topmost = true;
    for (let node: Node | null = element.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
      if ((elements as Node[]).includes(node))
        topmost = false;
    }
    const kind: Kind = tags.includes(element.localName) ? 'closed' : element.hasAttribute('inert') ? 'inert' : 'ariaHidden';
    return { topmost, kind };
  }), closedTags);
  const defaultPairs: Pair[] = [];
  const aiPairs: Pair[] = [];
  const refs: Record<Kind, Set<string>> = { closed: new Set(), inert: new Set(), ariaHidden: new Set() };
  for (let i = 0; i < kinds.length; i++) {
    const root = roots.nth(i);
    const ai = await root.ariaSnapshotJSON({ mode: 'ai', timeout: 5000 }) as (AiNode | string)[];
    collectRefs(ai, refs[kinds[i].kind]);
    if (!kinds[i].topmost)
      continue;
    playwrightPairs(ai, aiPairs);
    playwrightPairs(await root.ariaSnapshotJSON({ timeout: 5000 }) as (AiNode | string)[], defaultPairs);
  }
  return { defaultPairs, aiPairs, refs };
}

/** Playwright's view of the page. */
export async function playwrightView(page: Page): Promise<PlaywrightView> {
  const defaultNodes = await page.locator('body').ariaSnapshotJSON({ timeout: 5000 }) as (AiNode | string)[];
  const aiNodes = await page.ariaSnapshotJSON({ mode: 'ai', timeout: 5000 }) as (AiNode | string)[];

  // What an editor holds, read from the page: Playwright leaves out text an editor holds in its
  // own text nodes (generateAriaTree skips text inside a textbox). Read first: `aria-ref=`
  // resolves against the latest AI snapshot, and the subtrees' snapshots come next.
  const editorTexts = new Map<string, string>();
  const textboxRefs = new Set<string>();
  const findTextboxes = (nodes: (AiNode | string)[]) => {
    for (const node of nodes) {
      if (typeof node === 'string')
        continue;
      if (node.role === 'textbox' && node.ref)
        textboxRefs.add(node.ref);
      findTextboxes(node.children ?? []);
    }
  };
  findTextboxes(aiNodes);
  for (const ref of textboxRefs) {
    editorTexts.set(ref, await page.locator(`aria-ref=${ref}`).evaluate(
        element => (element as HTMLElement).isContentEditable ? (element as HTMLElement).innerText : '', undefined, { timeout: 2000 }));
  }

  const excluded = await excludedSubtrees(page);
  const secretRefs = new Set<string>();
  const fields = page.locator(kFieldSelector);
  // For each field: undefined when it is not secret, else its value (an editor's text).
  const secret = await fields.evaluateAll((elements, source) => {
    const isSecret = (0, eval)(source) as (element: Element) => boolean;
    return elements.map(element => !isSecret(element) ? undefined
      : 'value' in element ? String((element as HTMLInputElement).value) : (element as HTMLElement).innerText);
  }, kIsSecretField);
  const secretValues = secret.filter((value): value is string => !!value && !!value.trim());
  for (let i = 0; i < secret.length; i++) {
    if (secret[i] === undefined)
      continue;
    const [root] = await fields.nth(i).ariaSnapshotJSON({ mode: 'ai', timeout: 5000 }) as (AiNode | string)[];
    if (root && typeof root !== 'string' && root.ref)
      secretRefs.add(root.ref);
  }
  const phantoms = await page.evaluate(kPhantoms) as { pseudo: string[]; texts: string[]; options: string[] };
  const optionPairs = phantoms.options.map(name => ({ role: 'option', name }));
  // Longest first: a text that holds another is cut whole.
  const byLength = (list: string[]) => [...new Set(list)].sort((a, b) => b.length - a.length);
  return {
    defaultNodes,
    aiNodes,
    excludedDefault: [...excluded.defaultPairs, ...optionPairs],
    excludedAi: [...excluded.aiPairs, ...optionPairs],
    closedHostRefs: excluded.refs.closed,
    inertRefs: excluded.refs.inert,
    ariaHiddenRefs: excluded.refs.ariaHidden,
    secretRefs,
    secretValues,
    labels: byLength(await page.evaluate(kLabelTexts) as string[]),
    // CSS content as text (`"Note: "` → Note:): it glues to the hidden text around it.
    phantomTexts: byLength([...phantoms.texts, ...phantoms.options, ...phantoms.pseudo.map(content => content.replace(/^"|"$/g, '').trim()).filter(Boolean)]),
    phantomOptions: phantoms.options,
    phantomPseudoWords: new Set(phantoms.pseudo.flatMap(words)),
    editorTexts,
  };
}
