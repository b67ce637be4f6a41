// The page generator: from a seed, a page built from the patterns real component libraries use,
// and the interactions a test would run on it. Pure: no I/O, no Math.random; one seed, one case.
//
// Patterns (each may nest others, to a small depth):
// - custom elements defined in the page's inline script, with open and closed shadow roots
//   (closed ones registered for stagewright or not), named and default slots with default
//   content, nested components;
// - component hosts carrying `type` (text, email, password, PASSWORD, Password), `value`,
//   `autocomplete` (current-password, new-password, one-time-code, cc-number, username, …),
//   `role`, `aria-label`, `aria-describedby`, `aria-disabled`/`-busy`/`-invalid`; components
//   that mirror their field's value into the host's `value` attribute on input, re-write `type`
//   on every render, reflect `checked`;
// - form controls inside shadow roots, labelled from inside (label[for], a wrapping label,
//   aria-label) and from outside through a slotted label; "show password" toggles;
// - native controls: text fields, password and secret-autocomplete fields, textareas, selects
//   with optgroups, checkboxes, radios, role=checkbox/switch, fieldsets, placeholders;
// - text fields masked by CSS (`-webkit-text-security`, inline or by a class rule, with or
//   without a "Show" button that takes the mask off), and containers whose mask every field
//   inside inherits (in the document and across shadow roots);
// - tables (caption, header rows and row headers, cells holding links, buttons, fields) and
//   ARIA grids;
// - contenteditable editors: one inline span per token, lines as divs, paragraphs or <br>s;
// - dialogs (<dialog open>, a closed <dialog> and its opener, role=dialog), tabs with panels,
//   <details>/<summary>, disclosure buttons, a list that grows;
// - hidden content (`hidden`, display:none, visibility:hidden, aria-hidden, inert) and
//   `display: contents` wrappers;
// - ::before/::after content, in the document's CSS and in shadow roots' own <style>;
// - headings (h1–h6, role=heading), paragraphs with inline markup, links, buttons (native,
//   role=button, input buttons, icon buttons, aria-pressed), images, lists, landmarks.

import { Rng } from './prng';
import { countElements, type Attr, type ElementNode, type FuzzNode, type HostNode, type PageModel, type TextNode } from './model';

/** One step of the interactions; `target` is an element id, unique in the page. */
export interface Action {
  kind: 'click' | 'check' | 'fill' | 'select' | 'edit' | 'secret';
  target: string;
  /** The target sits in a closed shadow root: Playwright's locators cannot reach it. */
  closed: boolean;
  /** fill/edit: the text typed; select: the option's label. */
  text?: string;
  /** secret: the marker's number, `SWSECRET<seed>x<n>q`. */
  n?: number;
}

export interface FuzzCase {
  seed: number;
  model: PageModel;
  actions: Action[];
}

/**
 * The unique string typed into a secret field. It must never reach an artifact. It is typed in two
 * halves (see interact.ts), so Playwright's own records of the call (step titles, the trace) never
 * hold it whole.
 */
export function secretMarker(seed: number, n: number): string {
  return `SWSECRET${seed}x${n}q`;
}
/** What every marker starts with: an artifact holding it holds (part of) a secret. */
export const kSecretPrefix = 'SWSECRET';

/** The `-webkit-text-security` values that draw text as dots (the library keeps such fields' values in the page). */
const kTextSecurity = ['disc', 'circle', 'square'];

/** The secret autocomplete tokens (the library keeps such fields' values in the page). */
export const kSecretAutocomplete = ['current-password', 'new-password', 'one-time-code', 'cc-number', 'cc-csc', 'username current-password'];
const kPlainAutocomplete = ['username', 'email', 'name', 'off', 'street-address'];

const kWords = ['Save', 'Cancel', 'Email', 'Name', 'Search', 'Settings', 'Profile', 'Orders', 'Billing', 'Delete', 'Submit',
  'Next', 'Back', 'Close', 'Open', 'Details', 'Notes', 'Total', 'Amount', 'Status', 'Active', 'Pending', 'Account', 'Home',
  'Help', 'Filter', 'Export', 'Upload', 'Apply', 'Reset', 'Edit', 'Title', 'Message', 'Comment', 'Price', 'Quantity', 'City',
  'Country', 'Phone', 'Address', 'Team', 'Project', 'Task', 'Report', 'Invoice', 'Draft', 'Archive', 'Share', 'Plan', 'Tea'];
/** Words with punctuation, accents and symbols: what names and text are made of on real pages. */
const kOddWords = ['Café', 'naïve', "it's", '“quoted”', '—', '$12.50', '#3', 'a/b', 'x: y', '(beta)', '&', '<tag>', '100%', 'e-mail', 'Zoë'];
const kPseudoContent = ['★', 'New', '(3)', '→', 'Beta', '*', 'Required', '✓', '“', 'Note:'];
const kTypedWords = ['Ada', 'Grace', 'Linus', 'Tea', 'Oslo', 'Lima', 'blue', 'seven', 'river', 'maple'];

type Scope = {
  /** Inside a shadow root: CSS goes to that root's <style>, ids stay in that tree. */
  styles: string[];
  /** Fields here are secret (a host or container with a password type or a secret autocomplete). */
  secret: boolean;
  /** Inside a closed shadow root. */
  closed: boolean;
  /** Inside hidden, display:none, aria-hidden or inert content (nothing here is interacted with). */
  hidden: boolean;
  depth: number;
};

interface Candidate { action: Action; weight: number }

class Generator {
  private nextId = 1;
  private nextHost = 1;
  private nextClass = 1;
  private nextSecret = 1;
  private nextTyped = 1;
  readonly css: string[] = [];
  readonly candidates: Candidate[] = [];
  readonly secrets: Action[] = [];

  constructor(readonly rng: Rng, readonly seed: number) {}

  // --- text ------------------------------------------------------------------------------------

  word(): string {
    return this.rng.chance(0.12) ? this.rng.pick(kOddWords) : this.rng.pick(kWords);
  }

  /** 1–3 words, sometimes numbered so that names on one page differ. */
  label(): string {
    const words = [this.rng.pick(kWords)];
    for (let i = this.rng.int(0, 2); i > 0; i--)
      words.push(this.word());
    if (this.rng.chance(0.3))
      words.push(String(this.rng.int(1, 99)));
    return words.join(' ');
  }

  sentence(): string {
    const words: string[] = [];
    for (let i = this.rng.int(2, 6); i > 0; i--)
      words.push(this.word().toLowerCase());
    words[0] = words[0][0].toUpperCase() + words[0].slice(1);
    return words.join(' ') + (this.rng.chance(0.5) ? '.' : '');
  }

  typed(): string {
    return `${this.rng.pick(kTypedWords)} ${this.rng.pick(kTypedWords)} ${this.nextTyped++}`;
  }

  id(): string {
    return `f${this.nextId++}`;
  }

  // --- nodes -----------------------------------------------------------------------------------

  el(tag: string, attrs: Attr[] = [], children: FuzzNode[] = []): ElementNode {
    return { kind: 'element', tag, attrs, children };
  }

  text(text: string): TextNode {
    return { kind: 'text', text };
  }

  /** Adds ::before or ::after content to `node` through a class whose rule lives in the scope's CSS. */
  pseudo(node: ElementNode, scope: Scope): ElementNode {
    const name = `fzp${this.nextClass++}`;
    const where = this.rng.pick(['before', 'after']);
    const content = JSON.stringify(this.rng.pick(kPseudoContent) + (where === 'before' ? ' ' : '')).replace(/^"|"$/g, '');
    scope.styles.push(`.${name}::${where} { content: "${content}"; }`);
    node.attrs.push(['class', name]);
    return node;
  }

  /** Masks the text of `node` and of what it holds with `-webkit-text-security`, inline or through a class rule in the scope's CSS. */
  mask(node: ElementNode, scope: Scope): ElementNode {
    const security = this.rng.pick(kTextSecurity);
    if (this.rng.chance(0.5)) {
      node.attrs.push(['style', `-webkit-text-security: ${security}`]);
    } else {
      const name = `fzm${this.nextClass++}`;
      scope.styles.push(`.${name} { -webkit-text-security: ${security}; }`);
      node.attrs.push(['class', name]);
    }
    return node;
  }

  maybePseudo(node: ElementNode, scope: Scope, p = 0.15): ElementNode {
    return this.rng.chance(p) ? this.pseudo(node, scope) : node;
  }

  // --- interactions ----------------------------------------------------------------------------

  clickable(id: string, scope: Scope, weight = 1): void {
    if (!scope.hidden)
      this.candidates.push({ action: { kind: 'click', target: id, closed: scope.closed }, weight });
  }

  /** A field: secret ones always get a marker typed, others may get text. */
  field(id: string, scope: Scope, secret: boolean, kind: 'fill' | 'edit' = 'fill'): void {
    if (secret) {
      this.secrets.push({ kind: 'secret', target: id, closed: scope.closed, n: this.nextSecret++ });
      return;
    }
    if (!scope.hidden)
      this.candidates.push({ action: { kind, target: id, closed: scope.closed, text: this.typed() }, weight: 2 });
  }

  // --- patterns --------------------------------------------------------------------------------

  /**
   * Fills `out` with patterns until the page's element count reaches `target`. A pattern that
   * would take the page past `limit` is dropped (with the interactions it registered), unless the
   * page is still under 10 elements: pages stay small, so that a case runs fast.
   */
  content(scope: Scope, target: number, limit: number, out: FuzzNode[], root: FuzzNode[]): void {
    for (let guard = 0; countElements(root) < target && guard < 200; guard++) {
      const marks = [this.candidates.length, this.secrets.length, scope.styles.length];
      const nodes = this.pattern(scope);
      if (countElements(root) + countElements(nodes) > limit && countElements(root) >= 10) {
        this.candidates.length = marks[0];
        this.secrets.length = marks[1];
        scope.styles.length = marks[2];
        break;
      }
      out.push(...nodes);
    }
  }

  /** A few patterns: the content of a container, a panel, a dialog, a slot. */
  some(scope: Scope, min: number, max: number): FuzzNode[] {
    const out: FuzzNode[] = [];
    for (let i = this.rng.int(min, max); i > 0; i--)
      out.push(...this.pattern(scope));
    return out;
  }

  pattern(scope: Scope): FuzzNode[] {
    const deep = scope.depth >= 3;
    const kind = this.rng.weighted({
      heading: 3, paragraph: 3, button: 4, link: 2, list: 2, field: 5, secretField: 2, select: 2, checkbox: 3,
      table: deep ? 0 : 1.5, grid: deep ? 0 : 1, editor: 2, dialog: deep ? 0 : 1.5, tabs: deep ? 0 : 1.5, details: deep ? 0 : 1.5,
      disclosure: deep ? 0 : 1, hidden: deep ? 0 : 2.5, contents: deep ? 0 : 1.5, landmark: deep ? 0 : 2, image: 1,
      host: deep ? 0.5 : 7, growingList: 0.5,
    });
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    switch (kind) {
      case 'heading': return [this.heading(scope)];
      case 'paragraph': return [this.paragraph(scope)];
      case 'button': return [this.button(scope)];
      case 'link': return [this.link(scope)];
      case 'list': return [this.list(inner)];
      case 'field': return this.textField(scope, scope.secret);
      case 'secretField': return this.textField(scope, true);
      case 'select': return this.select(scope);
      case 'checkbox': return this.checkbox(scope);
      case 'table': return [this.table(inner)];
      case 'grid': return [this.grid(inner)];
      case 'editor': return this.editor(scope);
      case 'dialog': return this.dialog(inner);
      case 'tabs': return this.tabs(inner);
      case 'details': return [this.details(inner)];
      case 'disclosure': return this.disclosure(inner);
      case 'hidden': return [this.hiddenWrapper(inner)];
      case 'contents': return [this.el('div', [['style', 'display: contents']], this.some(inner, 1, 2))];
      case 'landmark': return [this.landmark(inner)];
      case 'image': return [this.image()];
      case 'host': return [this.host(inner)];
      case 'growingList': return this.growingList(scope);
    }
  }

  heading(scope: Scope): ElementNode {
    const level = this.rng.int(1, 6);
    const children: FuzzNode[] = [this.text(this.label())];
    if (this.rng.chance(0.25))
      children.push(this.text(' '), this.el(this.rng.pick(['em', 'strong', 'span', 'small']), [], [this.text(this.word())]));
    const node = this.rng.chance(0.2)
      ? this.el('div', [['role', 'heading'], ...(this.rng.chance(0.7) ? [['aria-level', String(level)] as Attr] : [])], children)
      : this.el(`h${level}`, [], children);
    return this.maybePseudo(node, scope, 0.2);
  }

  paragraph(scope: Scope): ElementNode {
    const children: FuzzNode[] = [this.text(this.sentence())];
    for (let i = this.rng.int(0, 2); i > 0; i--) {
      children.push(this.text(' '));
      const inline = this.rng.pick(['strong', 'em', 'code', 'span', 'a', 'b']);
      const attrs: Attr[] = inline === 'a' ? [['href', `#${this.word().toLowerCase()}`]] : [];
      children.push(this.maybePseudo(this.el(inline, attrs, [this.text(this.word())]), scope, 0.15));
      children.push(this.text(' ' + this.sentence()));
    }
    return this.maybePseudo(this.el(this.rng.chance(0.8) ? 'p' : 'div', [], children), scope);
  }

  button(scope: Scope): ElementNode {
    const id = this.id();
    const variant = this.rng.weighted({ native: 5, roleButton: 2, inputButton: 1, icon: 2, pressed: 1, disabled: 1 });
    let node: ElementNode;
    switch (variant) {
      case 'native':
        node = this.el('button', [['id', id], ['type', 'button']], [this.text(this.label())]);
        break;
      case 'roleButton':
        node = this.el('div', [['id', id], ['role', 'button'], ['tabindex', '0']], [this.text(this.label())]);
        break;
      case 'inputButton':
        node = this.el('input', [['id', id], ['type', this.rng.pick(['button', 'submit', 'reset'])], ['value', this.label()]]);
        break;
      case 'icon':
        node = this.el('button', [['id', id], ['type', 'button'], ['aria-label', this.label()]],
            [this.el('span', [['aria-hidden', 'true']], [this.text(this.rng.pick(['×', '⋯', '✎', '+']))])]);
        break;
      case 'pressed':
        node = this.el('button', [['id', id], ['type', 'button'], ['aria-pressed', 'false'],
          ['onclick', `this.setAttribute('aria-pressed', String(this.getAttribute('aria-pressed') !== 'true'))`]], [this.text(this.label())]);
        break;
      case 'disabled':
        node = this.el('button', [['id', id], ['type', 'button'], ['disabled', null]], [this.text(this.label())]);
        break;
    }
    if (variant !== 'disabled')
      this.clickable(id, scope);
    return variant === 'inputButton' ? node : this.maybePseudo(node, scope, 0.25);
  }

  link(scope: Scope): ElementNode {
    const attrs: Attr[] = [['href', `#${this.word().toLowerCase()}-${this.rng.int(1, 9)}`]];
    if (this.rng.chance(0.15))
      attrs.push(['aria-label', this.label()]);
    return this.maybePseudo(this.el('a', attrs, [this.text(this.label())]), scope, 0.2);
  }

  image(): ElementNode {
    const src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    if (this.rng.chance(0.3))
      return this.el('span', [['role', 'img'], ['aria-label', this.label()]], [this.text('★')]);
    return this.el('img', [['src', src], ['alt', this.rng.chance(0.8) ? this.label() : ''], ['width', '8'], ['height', '8']]);
  }

  list(scope: Scope): ElementNode {
    const items: FuzzNode[] = [];
    const roleList = this.rng.chance(0.2);
    for (let i = this.rng.int(2, 5); i > 0; i--) {
      const content: FuzzNode[] = this.rng.chance(0.7) ? [this.text(this.label())] : [this.rng.chance(0.5) ? this.link(scope) : this.button(scope)];
      if (this.rng.chance(0.2))
        content.push(this.text(' '), this.button(scope));
      items.push(this.maybePseudo(this.el(roleList ? 'div' : 'li', roleList ? [['role', 'listitem']] : [], content), scope, 0.1));
    }
    const attrs: Attr[] = this.rng.chance(0.3) ? [['aria-label', this.label()]] : [];
    return roleList ? this.el('div', [['role', 'list'], ...attrs], items) : this.el(this.rng.pick(['ul', 'ol']), attrs, items);
  }

  growingList(scope: Scope): FuzzNode[] {
    const listId = this.id();
    const buttonId = this.id();
    this.clickable(buttonId, scope, 2);
    const word = this.rng.pick(kWords);
    return [
      this.el('ul', [['id', listId], ['aria-label', `${word} list`]], [this.el('li', [], [this.text(`${word} 1`)])]),
      this.el('button', [['id', buttonId], ['type', 'button'], ['onclick', `fzAdd(this, '${listId}', '${word}')`]], [this.text(`Add ${word}`)]),
    ];
  }

  /** A text field with its label, in one of the ways pages label fields. */
  textField(scope: Scope, secret: boolean): FuzzNode[] {
    const id = this.id();
    const name = this.label();
    const attrs: Attr[] = [['id', id]];
    const isSecret = secret || scope.secret;
    let masked = false;
    let unmask = false;
    if (secret && !scope.secret) {
      // The three ways a field is secret: masked by type, said to hold a secret by autocomplete,
      // or masked by CSS (Scalar's "Password" is an <input type=text> drawn as dots).
      const how = this.rng.weighted({ type: 6.5, autocomplete: 3.5, css: 3 });
      if (how === 'type') {
        attrs.push(['type', this.rng.pick(['password', 'password', 'PASSWORD', 'Password'])]);
        if (this.rng.chance(0.3))
          attrs.push(['autocomplete', this.rng.pick(['current-password', 'new-password'])]);
      } else if (how === 'autocomplete') {
        attrs.push(['autocomplete', this.rng.pick(kSecretAutocomplete)]);
        if (this.rng.chance(0.5))
          attrs.push(['style', '-webkit-text-security: disc']);
      } else {
        masked = true;
        if (this.rng.chance(0.5))
          attrs.push(['type', 'text']);
        // The "show" button of such a field takes the mask off: what was typed stays secret.
        unmask = !scope.hidden && this.rng.chance(0.4);
      }
    } else if (!scope.secret) {
      const type = this.rng.weighted({ none: 4, text: 2, email: 1, search: 1, tel: 1, url: 1 });
      if (type !== 'none')
        attrs.push(['type', type]);
      if (this.rng.chance(0.2))
        attrs.push(['autocomplete', this.rng.pick(kPlainAutocomplete)]);
      if (this.rng.chance(0.15))
        attrs.push(['value', this.typed()]);
    }
    if (this.rng.chance(0.2))
      attrs.push(['placeholder', this.label()]);
    const textarea = !attrs.some(([n]) => n === 'type') && this.rng.chance(0.2);
    const field = textarea ? this.el('textarea', attrs, []) : this.el('input', attrs);
    if (masked)
      this.mask(field, scope);
    this.field(id, scope, isSecret);
    const labelled = this.labelled(field, id, name);
    if (!unmask)
      return labelled;
    const toggleId = this.id();
    this.clickable(toggleId, scope, 1);
    return [...labelled, this.el('button', [['id', toggleId], ['type', 'button'], ['onclick', `fzUnmask(this, '${id}')`]], [this.text('Show')])];
  }

  /** The field with its label, in one of the ways pages label fields. */
  labelled(field: ElementNode, id: string, name: string): FuzzNode[] {
    switch (this.rng.weighted({ for: 4, wrap: 3, ariaLabel: 2, labelledby: 2, placeholderOnly: 1 })) {
      case 'for':
        return [this.el('label', [['for', id]], [this.text(name)]), field];
      case 'wrap':
        return [this.el('label', [], [this.text(name + ' '), field])];
      case 'ariaLabel':
        field.attrs.push(['aria-label', name]);
        return [field];
      case 'labelledby': {
        const labelId = this.id();
        field.attrs.push(['aria-labelledby', labelId]);
        return [this.el('span', [['id', labelId]], [this.text(name)]), this.text(' '), field];
      }
      case 'placeholderOnly':
        if (!field.attrs.some(([n]) => n === 'placeholder'))
          field.attrs.push(['placeholder', name]);
        return [field];
    }
    return [field];
  }

  select(scope: Scope): FuzzNode[] {
    const id = this.id();
    const options: FuzzNode[] = [];
    const labels: string[] = [];
    const option = () => {
      const text = this.label();
      labels.push(text);
      return this.el('option', [], [this.text(text)]);
    };
    for (let i = this.rng.int(2, 4); i > 0; i--) {
      if (this.rng.chance(0.2)) {
        const group: FuzzNode[] = [option(), option()];
        options.push(this.el('optgroup', [['label', this.label()]], group));
      } else {
        options.push(option());
      }
    }
    const select = this.el('select', [['id', id]], options);
    if (!scope.hidden && !scope.secret)
      this.candidates.push({ action: { kind: 'select', target: id, closed: scope.closed, text: this.rng.pick(labels) }, weight: 1 });
    if (this.rng.chance(0.5))
      return [this.el('label', [['for', id]], [this.text(this.label())]), select];
    select.attrs.push(['aria-label', this.label()]);
    return [select];
  }

  checkbox(scope: Scope): FuzzNode[] {
    const id = this.id();
    const name = this.label();
    const variant = this.rng.weighted({ native: 4, radio: 2, roleCheckbox: 2, switch: 1, fieldset: 1 });
    if (!scope.hidden)
      this.candidates.push({ action: { kind: variant === 'native' || variant === 'radio' ? 'check' : 'click', target: id, closed: scope.closed }, weight: 1.5 });
    switch (variant) {
      case 'native':
      case 'radio': {
        const input = this.el('input', [['type', variant === 'native' ? 'checkbox' : 'radio'], ['id', id], ['name', `g${this.nextClass}`]]);
        if (this.rng.chance(0.2))
          input.attrs.push(['checked', null]);
        return this.rng.chance(0.5)
          ? [this.el('label', [], [input, this.text(' ' + name)])]
          : [input, this.el('label', [['for', id]], [this.text(name)])];
      }
      case 'roleCheckbox':
      case 'switch':
        return [this.el('div', [['id', id], ['role', variant === 'switch' ? 'switch' : 'checkbox'], ['aria-checked', 'false'], ['tabindex', '0'],
          ['onclick', `this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true'))`]], [this.text(name)])];
      case 'fieldset':
      default: {
        const boxes: FuzzNode[] = [this.el('legend', [], [this.text(this.label())])];
        boxes.push(this.el('label', [], [this.el('input', [['type', 'checkbox'], ['id', id]]), this.text(' ' + name)]));
        for (let i = this.rng.int(0, 2); i > 0; i--) {
          const otherId = this.id();
          if (!scope.hidden)
            this.candidates.push({ action: { kind: 'check', target: otherId, closed: scope.closed }, weight: 1 });
          boxes.push(this.el('label', [], [this.el('input', [['type', 'checkbox'], ['id', otherId]]), this.text(' ' + this.label())]));
        }
        return [this.el('fieldset', this.rng.chance(0.2) ? [['disabled', null]] : [], boxes)];
      }
    }
  }

  /** A cell's content: text mostly, sometimes a control. */
  cell(scope: Scope): FuzzNode[] {
    switch (this.rng.weighted({ text: 6, link: 1, button: 1, checkbox: 1, field: 1 })) {
      case 'link': return [this.link(scope)];
      case 'button': return [this.button(scope)];
      case 'checkbox': {
        const id = this.id();
        if (!scope.hidden)
          this.candidates.push({ action: { kind: 'check', target: id, closed: scope.closed }, weight: 1 });
        return [this.el('input', [['type', 'checkbox'], ['id', id], ['aria-label', `Select ${this.word()}`]])];
      }
      case 'field': {
        const id = this.id();
        this.field(id, scope, scope.secret);
        return [this.el('input', [['id', id], ['aria-label', this.label()]])];
      }
      default:
        return [this.text(this.rng.chance(0.3) ? String(this.rng.int(1, 999)) : this.label())];
    }
  }

  table(scope: Scope): ElementNode {
    const columns = this.rng.int(2, 4);
    const rows = this.rng.int(1, 4);
    const children: FuzzNode[] = [];
    if (this.rng.chance(0.5))
      children.push(this.el('caption', [], [this.text(this.label())]));
    const header = this.el('tr', [], Array.from({ length: columns }, () => this.el('th', [], [this.text(this.label())])));
    children.push(this.rng.chance(0.7) ? this.el('thead', [], [header]) : header);
    const body: FuzzNode[] = [];
    const rowHeaders = this.rng.chance(0.3);
    for (let r = 0; r < rows; r++) {
      body.push(this.el('tr', [], Array.from({ length: columns }, (_, c) => c === 0 && rowHeaders
        ? this.el('th', [['scope', 'row']], [this.text(this.label())])
        : this.el('td', [], this.cell(scope)))));
    }
    children.push(this.rng.chance(0.7) ? this.el('tbody', [], body) : this.el('tbody', [], body));
    const attrs: Attr[] = this.rng.chance(0.3) ? [['aria-label', this.label()]] : [];
    return this.el('table', attrs, children);
  }

  grid(scope: Scope): ElementNode {
    const columns = this.rng.int(2, 3);
    const rows: FuzzNode[] = [this.el('div', [['role', 'row']], Array.from({ length: columns }, () =>
      this.el('div', [['role', 'columnheader']], [this.text(this.label())])))];
    for (let r = this.rng.int(1, 3); r > 0; r--) {
      rows.push(this.el('div', [['role', 'row']], Array.from({ length: columns }, () =>
        this.el('div', [['role', 'gridcell']], this.cell(scope)))));
    }
    return this.el('div', [['role', 'grid'], ['aria-label', this.label()]], this.rng.chance(0.5) ? [this.el('div', [['role', 'rowgroup']], rows)] : rows);
  }

  /** A rich-text or code editor: one span per token, lines as divs, paragraphs or <br>s. */
  editor(scope: Scope): FuzzNode[] {
    const id = this.id();
    const lineTag = this.rng.pick(['div', 'p', 'br']);
    // A secret editor's content is its value, and the library redacts every other occurrence of a
    // secret value on the page: its words are made unique, or they would hide the same words
    // anywhere else (a one-time-code editor holding "Close" redacts every "Close").
    const secretWord = () => `Otp${this.seed}w${this.nextTyped++}`;
    const tokenLine = (): FuzzNode[] => {
      const out: FuzzNode[] = [];
      const tokens = this.rng.int(1, 4);
      for (let i = 0; i < tokens; i++) {
        const picked = this.rng.pick([...kWords, 'const', 'x', '=', '42;', 'return']);
        const token = scope.secret ? secretWord() : picked;
        const attrs: Attr[] = this.rng.chance(0.4) ? [['class', `tok-${this.rng.pick(['kw', 'id', 'op'])}`]] : [];
        out.push(this.el('span', attrs, [this.text(token)]));
        if (i < tokens - 1)
          out.push(this.rng.chance(0.5) ? this.text(' ') : this.el('span', [], [this.text(' ')]));
      }
      return out;
    };
    const children: FuzzNode[] = [];
    for (let i = this.rng.int(1, 3); i > 0; i--) {
      if (lineTag === 'br') {
        children.push(...tokenLine());
        if (i > 1)
          children.push(this.el('br'));
      } else {
        children.push(this.el(lineTag, [], tokenLine()));
      }
    }
    const attrs: Attr[] = [['id', id], ['contenteditable', this.rng.pick(['true', '', 'plaintext-only'])]];
    const name = this.label();
    const out: FuzzNode[] = [];
    if (this.rng.chance(0.8)) {
      attrs.push(['role', 'textbox']);
      if (lineTag !== 'br' || this.rng.chance(0.5))
        attrs.push(['aria-multiline', 'true']);
    }
    if (this.rng.chance(0.5)) {
      attrs.push(['aria-label', name]);
    } else {
      const labelId = this.id();
      attrs.push(['aria-labelledby', labelId]);
      out.push(this.el('div', [['id', labelId]], [this.text(name)]));
    }
    if (!scope.hidden && this.rng.chance(0.5))
      this.field(id, scope, scope.secret, 'edit');
    else if (scope.secret)
      this.field(id, scope, true, 'edit');
    out.push(this.el('div', attrs, children));
    return out;
  }

  dialog(scope: Scope): FuzzNode[] {
    const id = this.id();
    const headingId = this.id();
    const title = this.label();
    const closeId = this.id();
    const body: FuzzNode[] = [
      this.el('h2', [['id', headingId]], [this.text(title)]),
      ...this.some(scope, 1, 2),
      this.el('button', [['id', closeId], ['type', 'button'], ['onclick', `fzDialog(this, '${id}')`]], [this.text('Close')]),
    ];
    switch (this.rng.weighted({ open: 2, closedWithOpener: 2, role: 2 })) {
      case 'open':
        this.clickable(closeId, scope, 0.5);
        return [this.el('dialog', [['id', id], ['open', null], ['aria-labelledby', headingId]], body)];
      case 'closedWithOpener': {
        const openerId = this.id();
        this.clickable(openerId, scope, 2);
        this.clickable(closeId, { ...scope, hidden: false }, 0.5);
        return [
          this.el('button', [['id', openerId], ['type', 'button'], ['onclick', `fzDialog(this, '${id}')`]], [this.text(`Open ${title}`)]),
          this.el('dialog', [['id', id], ['aria-labelledby', headingId]], body),
        ];
      }
      case 'role':
      default:
        return [this.el('div', [['id', id], ['role', this.rng.pick(['dialog', 'alertdialog'])], ['aria-labelledby', headingId], ['aria-modal', 'false']], body)];
    }
  }

  tabs(scope: Scope): FuzzNode[] {
    const count = this.rng.int(2, 3);
    const tabs: FuzzNode[] = [];
    const panels: FuzzNode[] = [];
    for (let i = 0; i < count; i++) {
      const tabId = this.id();
      const panelId = this.id();
      this.clickable(tabId, scope, 1.5);
      tabs.push(this.el(this.rng.chance(0.7) ? 'button' : 'div', [['id', tabId], ['role', 'tab'], ['aria-selected', String(i === 0)],
        ['aria-controls', panelId], ['onclick', 'fzTab(this)'], ['tabindex', i === 0 ? '0' : '-1']], [this.text(this.label())]));
      const attrs: Attr[] = [['id', panelId], ['role', 'tabpanel'], ['aria-labelledby', tabId]];
      if (i > 0)
        attrs.push(['hidden', null]);
      panels.push(this.el('div', attrs, this.some(i > 0 ? { ...scope, hidden: false } : scope, 1, 2)));
    }
    return [this.el('div', [['role', 'tablist'], ['aria-label', this.label()]], tabs), ...panels];
  }

  details(scope: Scope): ElementNode {
    const summaryId = this.id();
    const open = this.rng.chance(0.4);
    this.clickable(summaryId, scope, 1.5);
    const attrs: Attr[] = open ? [['open', null]] : [];
    return this.el('details', attrs, [
      this.maybePseudo(this.el('summary', [['id', summaryId]], [this.text(this.label())]), scope, 0.2),
      ...this.some(scope, 1, 2),
    ]);
  }

  disclosure(scope: Scope): FuzzNode[] {
    const buttonId = this.id();
    const panelId = this.id();
    this.clickable(buttonId, scope, 1.5);
    return [
      this.el('button', [['id', buttonId], ['type', 'button'], ['aria-expanded', 'false'], ['aria-controls', panelId], ['onclick', 'fzDisclose(this)']], [this.text(this.label())]),
      this.el('div', [['id', panelId], ['hidden', null]], this.some(scope, 1, 2)),
    ];
  }

  hiddenWrapper(scope: Scope): ElementNode {
    const how = this.rng.weighted({ hidden: 2, displayNone: 2, visibilityHidden: 2, ariaHidden: 3, inert: 1 });
    // aria-hidden content is still on screen and can be clicked and typed into; the others cannot.
    const inner = { ...scope, hidden: how !== 'ariaHidden' };
    const attrs: Attr[] = {
      hidden: [['hidden', null]],
      displayNone: [['style', 'display: none']],
      visibilityHidden: [['style', 'visibility: hidden']],
      ariaHidden: [['aria-hidden', 'true']],
      inert: [['inert', null]],
    }[how] as Attr[];
    return this.el('div', attrs, this.some(inner, 1, 2));
  }

  landmark(scope: Scope): ElementNode {
    const tag = this.rng.pick(['nav', 'main', 'aside', 'header', 'footer', 'section', 'form', 'article', 'div']);
    const attrs: Attr[] = [];
    if (tag === 'section' || tag === 'form' || this.rng.chance(0.3))
      attrs.push(['aria-label', this.label()]);
    if (tag === 'form')
      attrs.push(['onsubmit', 'event.preventDefault()']);
    // A container that says its fields hold secrets (the library honours a token on any ancestor),
    // or that masks the text of everything inside it (each field inside inherits the mask, also
    // in the shadow roots of the components it holds; labels and buttons are masked as well).
    let inner = scope;
    let masked = false;
    if (this.rng.chance(0.08)) {
      attrs.push(['autocomplete', this.rng.pick(kSecretAutocomplete)]);
      inner = { ...scope, secret: true };
    } else if (this.rng.chance(0.1)) {
      masked = true;
      inner = { ...scope, secret: true };
    }
    const node = this.el(tag, attrs, this.some(inner, 1, 3));
    return masked ? this.mask(node, scope) : node;
  }

  // --- components ------------------------------------------------------------------------------

  /** A custom element: one of the component shapes, open or closed, maybe nested. */
  host(scope: Scope): HostNode {
    const shadow = this.rng.chance(0.7) ? 'open' : 'closed';
    const register = shadow === 'closed' && this.rng.chance(0.7);
    const shadowScope: Scope = { ...scope, styles: [], closed: scope.closed || shadow === 'closed' };
    const host: HostNode = {
      kind: 'host', tag: `fz-c${this.nextHost++}`, attrs: [['id', this.id()]], shadow, register,
      behaviors: [], shadowChildren: [], children: [],
    };
    const shape = this.rng.weighted({ textField: 5, button: 2, card: 3, checkbox: 2, select: 1, editor: 1 });
    switch (shape) {
      case 'textField': this.hostTextField(host, shadowScope, scope); break;
      case 'button': this.hostButton(host, shadowScope, scope); break;
      case 'card': this.hostCard(host, shadowScope, scope); break;
      case 'checkbox': this.hostCheckbox(host, shadowScope, scope); break;
      case 'select': host.shadowChildren.push(...this.select(shadowScope)); break;
      case 'editor': host.shadowChildren.push(...this.editor(shadowScope)); break;
    }
    // Host attributes component libraries put on any component.
    if (this.rng.chance(0.15) && !host.attrs.some(([n]) => n === 'role'))
      host.attrs.push(['role', this.rng.pick(['group', 'region', 'none', 'presentation', 'listitem'])]);
    if (this.rng.chance(0.1) && !host.attrs.some(([n]) => n === 'aria-label'))
      host.attrs.push(['aria-label', this.label()]);
    if (this.rng.chance(0.1)) {
      // A description from the light DOM: an id reference works from the host, in the document's tree.
      const helpId = this.id();
      host.attrs.push(['aria-describedby', helpId]);
      host.children.push(this.el('span', [['id', helpId], ['slot', 'help']], [this.text(this.sentence())]));
    }
    if (this.rng.chance(0.08))
      host.attrs.push([this.rng.pick(['aria-disabled', 'aria-busy', 'aria-invalid']), this.rng.pick(['true', 'false'])]);
    if (shadowScope.styles.length)
      host.shadowChildren.unshift(this.el('style', [], [this.text(shadowScope.styles.join('\n'))]));
    return host;
  }

  /** A design-system input: the host carries type/value/autocomplete, the field lives in the shadow root. */
  hostTextField(host: HostNode, shadow: Scope, outer: Scope): void {
    const type = this.rng.weighted({ none: 3, text: 1, email: 1, password: 3, PASSWORD: 1, Password: 1 });
    if (type !== 'none')
      host.attrs.push(['type', type]);
    const autocomplete = this.rng.weighted({ none: 4, secret: 2, plain: 1 });
    if (autocomplete === 'secret')
      host.attrs.push(['autocomplete', this.rng.pick(kSecretAutocomplete)]);
    else if (autocomplete === 'plain')
      host.attrs.push(['autocomplete', this.rng.pick(kPlainAutocomplete)]);
    const secret = outer.secret || type.toLowerCase() === 'password' || autocomplete === 'secret';
    const fieldScope: Scope = { ...shadow, secret };
    if (this.rng.chance(0.4))
      host.attrs.push(['value', secret ? '' : this.typed()]);
    if (this.rng.chance(0.5))
      host.behaviors.push('mirror-value');
    if (type !== 'none' && this.rng.chance(0.6))
      host.behaviors.push('rewrite-type');
    const inputId = this.id();
    const name = this.label();
    const input = this.el('input', [['id', inputId]]);
    if (type !== 'none')
      input.attrs.push(['type', type]);
    if (this.rng.chance(0.3))
      input.attrs.push(['part', 'input']);
    this.field(inputId, fieldScope, secret);
    switch (this.rng.weighted({ labelFor: 3, slottedLabel: 3, ariaLabel: 2, wrapping: 2 })) {
      case 'labelFor':
        host.shadowChildren.push(this.el('label', [['for', inputId]], [this.text(name)]), input);
        break;
      case 'slottedLabel':
        // Labelled from outside: the label's text is light DOM, slotted into a label in the shadow root.
        host.shadowChildren.push(this.el('label', [], [this.el('slot', [['name', 'label']], [this.text('Label')]), this.text(' '), input]));
        if (this.rng.chance(0.85))
          host.children.push(this.el('span', [['slot', 'label']], [this.text(name)]));
        break;
      case 'ariaLabel':
        host.attrs.push(['label', name]);
        input.attrs.push(['aria-label', name]);
        host.shadowChildren.push(input);
        break;
      case 'wrapping':
        host.shadowChildren.push(this.el('label', [], [this.el('span', [], [this.text(name)]), input]));
        break;
    }
    if (secret && this.rng.chance(0.5)) {
      const toggleId = this.id();
      this.clickable(toggleId, shadow, 1);
      host.shadowChildren.push(this.el('button', [['id', toggleId], ['type', 'button'], ['onclick', `fzToggle(this, '${inputId}')`]], [this.text('Show password')]));
    }
    if (this.rng.chance(0.4)) {
      // Help text: the component's own, or slotted from the page.
      if (this.rng.chance(0.5)) {
        host.shadowChildren.push(this.el('div', [['part', 'help']], [this.text(this.sentence())]));
      } else {
        host.shadowChildren.push(this.el('div', [], [this.el('slot', [['name', 'help']], [])]));
        host.children.push(this.el('span', [['slot', 'help']], [this.text(this.sentence())]));
      }
    }
    if (this.rng.chance(0.3))
      host.shadowChildren.push(this.el('slot', [], [this.text(this.sentence())]));
  }

  hostButton(host: HostNode, shadow: Scope, outer: Scope): void {
    const text = this.label();
    if (this.rng.chance(0.5)) {
      // The host is the button.
      host.attrs.push(['role', 'button'], ['tabindex', '0']);
      this.clickable(host.attrs[0][1]!, outer, 1);
      const icon = this.el('span', [['part', 'icon']], []);
      host.shadowChildren.push(this.rng.chance(0.5) ? this.pseudo(icon, shadow) : icon, this.el('slot', [], [this.text('Button')]));
    } else {
      // A native button in the shadow root, its label slotted.
      const id = this.id();
      this.clickable(id, shadow, 1);
      host.shadowChildren.push(this.maybePseudo(this.el('button', [['id', id], ['type', 'button']], [this.el('slot', [], [this.text('Button')])]), shadow, 0.3));
    }
    if (this.rng.chance(0.85))
      host.children.push(this.text(text));
  }

  hostCard(host: HostNode, shadow: Scope, outer: Scope): void {
    const headingId = this.id();
    const section = this.el(this.rng.pick(['section', 'article', 'div']), [['aria-labelledby', headingId]], [
      this.el(`h${this.rng.int(2, 4)}`, [['id', headingId]], [this.el('slot', [['name', 'title']], [this.text('Untitled')])]),
      this.el('slot', [], [this.text(this.sentence())]),
    ]);
    // The card's own controls, and sometimes a component nested in its shadow root.
    if (this.rng.chance(0.5))
      section.children.push(this.el('footer', [], [this.button(shadow)]));
    if (this.rng.chance(0.3))
      section.children.push(this.host({ ...shadow, depth: shadow.depth + 1 }));
    host.shadowChildren.push(section);
    if (this.rng.chance(0.8))
      host.children.push(this.el('span', [['slot', 'title']], [this.text(this.label())]));
    if (this.rng.chance(0.7))
      host.children.push(...this.some(outer, 1, 2));
  }

  hostCheckbox(host: HostNode, shadow: Scope, outer: Scope): void {
    const text = this.label();
    if (this.rng.chance(0.5)) {
      // role=checkbox on the host, toggled by its own click handler.
      const id = host.attrs[0][1]!;
      host.attrs.push(['role', 'checkbox'], ['aria-checked', 'false'], ['tabindex', '0'],
        ['onclick', `this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true'))`]);
      this.clickable(id, outer, 1);
      host.shadowChildren.push(this.el('span', [['part', 'box']], []), this.el('slot', [], []));
    } else {
      // A native checkbox inside, labelled by the slotted text; the host reflects its state.
      const id = this.id();
      host.behaviors.push('reflect-checked');
      if (!shadow.hidden)
        this.candidates.push({ action: { kind: 'check', target: id, closed: shadow.closed }, weight: 1.5 });
      host.shadowChildren.push(this.el('label', [], [this.el('input', [['type', 'checkbox'], ['id', id]]), this.text(' '), this.el('slot', [], [])]));
    }
    host.children.push(this.text(text));
  }
}

/** The shuffled interactions: a few random ones, and a marker typed into every secret field. */
function chooseActions(gen: Generator): Action[] {
  const rng = gen.rng;
  const chosen: Action[] = [];
  const pool = [...gen.candidates];
  for (let i = rng.int(2, 8); i > 0 && pool.length; i--) {
    const total = pool.reduce((sum, c) => sum + c.weight, 0);
    let at = rng.next() * total;
    let index = 0;
    for (; index < pool.length - 1; index++) {
      at -= pool[index].weight;
      if (at < 0)
        break;
    }
    chosen.push(pool[index].action);
    // A click may be repeated (a toggle clicked twice); a field is filled once.
    if (pool[index].action.kind !== 'click')
      pool.splice(index, 1);
  }
  const actions = [...chosen];
  for (const secret of gen.secrets)
    actions.splice(rng.int(0, actions.length), 0, secret);
  return actions;
}

/** The case for `seed`: a page of 10 to 80 elements (rarely more: a first pattern may be bigger) and its interactions. */
export function generateCase(seed: number): FuzzCase {
  const rng = new Rng(seed);
  const gen = new Generator(rng, seed);
  const target = rng.int(10, 80);
  const body: FuzzNode[] = [];
  const scope: Scope = { styles: gen.css, secret: false, closed: false, hidden: false, depth: 0 };
  gen.content(scope, target, 80, body, body);
  const model: PageModel = { css: gen.css, body, defineFirst: rng.chance(0.3) };
  return { seed, model, actions: chooseActions(gen) };
}

