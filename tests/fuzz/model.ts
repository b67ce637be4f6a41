// The fuzzer's page model: a tree the generator builds and the shrinker cuts, rendered to one HTML
// document for page.setContent. Custom elements are part of the tree (a host node with its shadow
// children), not opaque strings, so the shrinker can drop an element inside a shadow root as
// easily as one in the document. Everything here is plain JSON: a case is written to disk as is.

/** An attribute; a null value is a boolean attribute, rendered bare (`hidden`). */
export type Attr = [name: string, value: string | null];

export interface ElementNode {
  kind: 'element';
  tag: string;
  attrs: Attr[];
  children: FuzzNode[];
}

export interface TextNode {
  kind: 'text';
  text: string;
}

/**
 * What a component does besides rendering, the patterns component libraries use:
 * - `mirror-value`: on every `input` in its shadow root, writes the field's value into the host's
 *   `value` attribute (form-associated wrappers, design-system inputs);
 * - `rewrite-type`: on connect and on every `input`, re-renders: writes its original `type` back
 *   to the host and to the inner input (a "show password" toggle is undone by the next keystroke);
 * - `reflect-checked`: on `change`, mirrors the inner checkbox into the host's `checked` and
 *   `aria-checked` attributes.
 */
export type Behavior = 'mirror-value' | 'rewrite-type' | 'reflect-checked';

export interface HostNode {
  kind: 'host';
  /** A custom element name, unique in the page: each host has its own class and template. */
  tag: string;
  attrs: Attr[];
  shadow: 'open' | 'closed';
  /** A closed root pushed to `window.__stagewright_closedShadowRoots`, the documented way to have it walked. */
  register: boolean;
  behaviors: Behavior[];
  /** The shadow root's content, rendered by the component on connect. */
  shadowChildren: FuzzNode[];
  /** Light DOM children: slotted (or not, when no slot takes them). */
  children: FuzzNode[];
}

export type FuzzNode = ElementNode | TextNode | HostNode;

export interface PageModel {
  /** CSS rules of the document (pseudo-element content, mostly); shadow roots carry their own `<style>`. */
  css: string[];
  body: FuzzNode[];
  /** Define the components before the body is parsed (upgrade while parsing) or after (upgrade on define). */
  defineFirst: boolean;
}

/** What a page's script provides to inline handlers, in the document and in shadow roots alike. */
const kHelpers = `
function fzRoot(el) { return el.getRootNode(); }
function fzToggle(button, id) {
  var input = fzRoot(button).getElementById(id);
  if (input) input.type = input.type === 'password' ? 'text' : 'password';
}
function fzUnmask(button, id) {
  var field = fzRoot(button).getElementById(id);
  if (field) field.style.setProperty('-webkit-text-security', field.style.getPropertyValue('-webkit-text-security') === 'none' ? 'disc' : 'none');
}
function fzTab(tab) {
  var list = tab.closest('[role=tablist]');
  if (!list) return;
  var tabs = list.querySelectorAll('[role=tab]');
  for (var i = 0; i < tabs.length; i++) {
    var selected = tabs[i] === tab;
    tabs[i].setAttribute('aria-selected', String(selected));
    var panel = fzRoot(tab).getElementById(tabs[i].getAttribute('aria-controls'));
    if (panel) panel.hidden = !selected;
  }
}
function fzDisclose(button) {
  var open = button.getAttribute('aria-expanded') !== 'true';
  button.setAttribute('aria-expanded', String(open));
  var panel = fzRoot(button).getElementById(button.getAttribute('aria-controls'));
  if (panel) panel.hidden = !open;
}
function fzDialog(button, id) {
  var dialog = fzRoot(button).getElementById(id);
  if (dialog && dialog.open) dialog.close(); else if (dialog) dialog.show();
}
function fzAdd(button, id, text) {
  var list = fzRoot(button).getElementById(id);
  if (!list) return;
  var item = document.createElement('li');
  item.textContent = text + ' ' + (list.children.length + 1);
  list.append(item);
}
`;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

const kVoidTags = new Set(['input', 'br', 'img', 'hr', 'wbr', 'col', 'meta', 'link', 'source']);
/** Raw-text elements: their text is not escaped (CSS in `<style>`). */
const kRawTextTags = new Set(['style', 'script']);

function renderAttrs(attrs: Attr[]): string {
  return attrs.map(([name, value]) => value === null ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`).join('');
}

function renderNodes(nodes: FuzzNode[], hosts: HostNode[], raw = false): string {
  return nodes.map(node => renderNode(node, hosts, raw)).join('');
}

function renderNode(node: FuzzNode, hosts: HostNode[], raw: boolean): string {
  if (node.kind === 'text')
    return raw ? node.text : escapeText(node.text);
  if (node.kind === 'host') {
    hosts.push(node);
    return `<${node.tag}${renderAttrs(node.attrs)}>${renderNodes(node.children, hosts)}</${node.tag}>`;
  }
  if (kVoidTags.has(node.tag))
    return `<${node.tag}${renderAttrs(node.attrs)}>`;
  return `<${node.tag}${renderAttrs(node.attrs)}>${renderNodes(node.children, hosts, kRawTextTags.has(node.tag))}</${node.tag}>`;
}

/** A JS string literal that cannot end the inline `<script>` it sits in. */
function jsString(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The class of one host. Its shadow content is rendered with innerHTML on the first connect (a
 * WeakMap, not an expando, remembers which hosts rendered: the page must carry no own property
 * of ours, since check d compares them). Every closed root goes to `window.__fuzzClosedRoots`,
 * which only the fuzzer reads (to type into closed roots and to fingerprint their DOM);
 * registered ones also go where stagewright looks for them.
 */
function defineHost(host: HostNode): string {
  const nested: HostNode[] = [];
  const shadowHtml = renderNodes(host.shadowChildren, nested);
  const has = (behavior: Behavior) => host.behaviors.includes(behavior);
  const classSource = `class extends HTMLElement {
  connectedCallback() {
    if (fzRendered.has(this)) return;
    var host = this;
    var root = this.attachShadow({ mode: ${jsString(host.shadow)} });
    fzRendered.set(this, root);
    ${host.shadow === 'closed' ? `window.__fuzzClosedRoots.push(root);` : ''}
    ${host.shadow === 'closed' && host.register ? `(window.__stagewright_closedShadowRoots = window.__stagewright_closedShadowRoots || []).push(root);` : ''}
    root.innerHTML = ${jsString(shadowHtml)};
    ${has('rewrite-type') ? `var type = host.getAttribute('type');
    var render = function () {
      if (type === null) return;
      host.setAttribute('type', type);
      var field = root.querySelector('input');
      if (field) field.setAttribute('type', type);
    };
    render();` : ''}
    ${has('mirror-value') || has('rewrite-type') ? `root.addEventListener('input', function (event) {
      var target = event.composedPath()[0];
      ${has('mirror-value') ? `if (target && 'value' in target) host.setAttribute('value', target.value);` : ''}
      ${has('rewrite-type') ? 'render();' : ''}
    });` : ''}
    ${has('reflect-checked') ? `root.addEventListener('change', function (event) {
      var target = event.composedPath()[0];
      if (target && target.type === 'checkbox') {
        host.toggleAttribute('checked', target.checked);
        host.setAttribute('aria-checked', String(target.checked));
      }
    });` : ''}
  }
}`;
  // Nested hosts (a host inside this one's shadow root) are defined too, before this one renders.
  return nested.map(defineHost).join('\n') + `\ncustomElements.define(${jsString(host.tag)}, ${classSource});`;
}

/** The whole document: the CSS, the body, and one inline script with the helpers and every component. */
export function renderPage(model: PageModel): string {
  const hosts: HostNode[] = [];
  const body = renderNodes(model.body, hosts);
  const script = `<script>
window.__fuzzClosedRoots = [];
var fzRendered = new WeakMap();
${kHelpers}
${hosts.map(defineHost).join('\n')}
</script>`;
  const css = model.css.length ? `<style>\n${model.css.join('\n')}\n</style>` : '';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>fuzz</title>${css}${model.defineFirst ? script : ''}</head>
<body>
${body}
${model.defineFirst ? '' : script}
</body></html>
`;
}

/** How many elements (hosts and the elements of shadow roots included) the tree holds. */
export function countElements(nodes: FuzzNode[]): number {
  let count = 0;
  for (const node of nodes) {
    if (node.kind === 'text')
      continue;
    count += 1 + countElements(node.children);
    if (node.kind === 'host')
      count += countElements(node.shadowChildren);
  }
  return count;
}

export function cloneModel<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
