// The timeline page's script (docs/report.md, The timeline page), bundled by scripts/build.mjs
// into src/generated/timelinePageSource.ts. Everything it shows comes from the gzipped JSON in
// `#timeline-data` and is written with createElement and textContent only: a page text that holds
// markup stays text.

import { applyPatch, findRef, markRows, refOfLine, type Row, type TimelineCapture, type TimelineData } from '../timelineModel';

// Set by start(), once the data is read: nothing below runs before.
let data!: TimelineData;
let captures!: TimelineCapture[];

// Lines shown around a change, and how many unchanged lines a fold must hide to be worth one.
const kContext = 2;
const kMinFold = 4;
const kRefPattern = /^(?:f\d+)?s\d+$/;
// The ref attribute of the DOM file (docs/design.md, Stable diffs): always last in its tag.
const kDomRef = / ref="((?:f\d+)?s\d+)"/;
const kSigns: Record<Row['kind'], string> = { same: ' ', added: '+', removed: '−', changed: '~', moved: '↕' };

// --- The trees ----------------------------------------------------------------------------------

let stateCache!: string[][][];

/** The lines of a page's state: its first state with each patch applied, cached. */
function stateLines(page: number, state: number): string[] {
  const cache = stateCache[page];
  for (let i = cache.length; i <= state; i++)
    cache.push(i ? applyPatch(cache[i - 1], data.pages[page].states[i]) : data.pages[page].first);
  return cache[state];
}

const rowCache = new Map<number, Row[]>();

/** A capture's tree with what changed since its base marked in place. */
function rowsOf(index: number): Row[] {
  let rows = rowCache.get(index);
  if (!rows) {
    const capture = captures[index];
    const lines = stateLines(capture.page, capture.state);
    const patch = capture.base === undefined || capture.base === capture.state ? undefined : capture.patch ?? data.pages[capture.page].states[capture.state];
    rows = patch ? markRows(stateLines(capture.page, capture.base!), patch) : lines.map(text => ({ kind: 'same' as const, text }));
    rowCache.set(index, rows);
  }
  return rows;
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

// --- State --------------------------------------------------------------------------------------

let selected = 0;
let pickedRef: string | undefined;
let query = '';
/** Folds opened in the capture shown, by the index of their first row. */
let opened = new Set<number>();

// --- DOM helpers --------------------------------------------------------------------------------

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { class?: string; text?: string; [attribute: string]: string | undefined } = {}, ...children: (Node | string | undefined)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined)
      continue;
    if (name === 'text')
      element.textContent = value;
    else
      element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== undefined)
      element.append(child);
  }
  return element;
}

/** Text a screen reader says where the eye reads a sign. */
function hidden(text: string): HTMLElement {
  return el('span', { class: 'vh', text });
}

function refButton(ref: string): HTMLButtonElement {
  return el('button', { 'type': 'button', 'class': 'ref', 'data-ref': ref, 'aria-pressed': String(ref === pickedRef), 'text': ref });
}

/** A line with its ref, which starts at `at`, as a button: `- button "Save" [ref=` [s12] `]`. */
function lineWithRef(text: string, found: { ref: string; at: number } | undefined): (Node | string)[] {
  return found ? [text.slice(0, found.at), refButton(found.ref), text.slice(found.at + found.ref.length)] : [text];
}

function domRef(line: string): { ref: string; at: number } | undefined {
  const match = kDomRef.exec(line);
  return match ? { ref: match[1], at: match.index + 6 } : undefined;
}

function countsText(changes: TimelineCapture['changes'], long: boolean): string {
  const parts: string[] = [];
  for (const [count, sign, word] of [[changes.added, '+', 'added'], [changes.removed, '−', 'removed'], [changes.changed, '~', 'changed'], [changes.moved, '↕', 'moved']] as const) {
    if (count)
      parts.push(long ? `${count} ${word}` : `${sign}${count}`);
  }
  return parts.join(long ? ', ' : ' ') || (long ? 'no change' : '·');
}

function seconds(ms: number): string {
  return `+${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function pageName(capture: TimelineCapture): string {
  return data.pages[capture.page].label;
}

// --- The layout ---------------------------------------------------------------------------------

const searchInput = el('input', { 'type': 'search', 'id': 'search', 'aria-label': 'Search by ref or text', 'placeholder': 'Search a ref (s12) or text   /', 'autocomplete': 'off' });
const searchStatus = el('p', { 'class': 'status', 'role': 'status', 'aria-live': 'polite' });
const list = el('ol', { 'role': 'listbox', 'aria-label': 'Captures', 'class': 'captures' });
const captureHeading = el('h2', { id: 'capture-heading' });
const captureMeta = el('p', { class: 'meta' });
const tree = el('ol', { 'class': 'tree', 'aria-labelledby': 'tree-heading' });
const dom = el('pre', { 'class': 'dom', 'aria-labelledby': 'dom-heading', 'tabindex': '0' });
const suggestions = el('section', { 'class': 'suggestions', 'aria-label': 'Suggested assertions' });
const refPanel = el('aside', { 'class': 'ref-panel', 'aria-labelledby': 'ref-heading', 'hidden': '' });

function layout() {
  document.title = `${data.title} · stagewright timeline`;
  const form = el('form', { role: 'search', class: 'search' }, searchInput, el('button', { type: 'submit', text: 'Find' }));
  form.addEventListener('submit', event => {
    event.preventDefault();
    search(searchInput.value);
  });
  const header = el('header', {},
      el('h1', {}, el('span', { class: 'brand', text: 'stagewright timeline' }), ' ', data.title),
      el('p', { class: 'meta', text: `${data.status} · ${captures.length} capture${captures.length === 1 ? '' : 's'} · j/k or ↑/↓: next/previous capture · /: search · Esc: clear the ref` }),
      form, searchStatus);
  const body: Node[] = [header];
  if (data.triage)
    body.push(triageSection());
  const nav = el('nav', { 'aria-label': 'Captures', 'class': 'list' }, el('h2', { text: 'Captures' }), list);
  const main = el('main', {},
      captureHeading, captureMeta, refPanel,
      el('div', { class: 'panes' },
          el('section', { 'class': 'pane', 'aria-labelledby': 'tree-heading' }, el('h3', { id: 'tree-heading', text: 'Accessibility tree' }), tree),
          el('section', { 'class': 'pane', 'aria-labelledby': 'dom-heading' }, el('h3', { id: 'dom-heading', text: 'DOM diff' }), dom, suggestions)),
  );
  body.push(el('div', { class: 'columns' }, nav, main));
  document.body.append(...body);
  for (let i = 0; i < captures.length; i++)
    list.append(option(i));
}

function triageSection(): HTMLElement {
  const triage = data.triage!;
  const rows = el('dl', {});
  const add = (term: string, value: string | undefined, code = false) => {
    if (value)
      rows.append(el('dt', { text: term }), el('dd', {}, code ? el('code', { text: value }) : value));
  };
  add('Error', triage.error, true);
  add('Step', triage.step, true);
  add('Target', triage.target, true);
  add('Now', triage.now);
  if (triage.suggestions.length)
    rows.append(el('dt', { text: triage.suggestions.length === 1 ? 'Suggestion' : 'Suggestions' }), ...triage.suggestions.map(code => el('dd', {}, el('code', { text: code }))));
  return el('section', { 'class': 'triage', 'aria-labelledby': 'triage-heading' },
      el('h2', { id: 'triage-heading', text: `Triage: ${triage.verdict}` }),
      el('p', { text: /[.!?]$/.test(triage.reason) ? triage.reason : triage.reason + '.' }),
      rows);
}

function option(index: number): HTMLElement {
  const capture = captures[index];
  const meta = [capture.line, seconds(capture.at)].filter(Boolean).join(' · ');
  const item = el('li', { 'role': 'option', 'id': `capture-${index}`, 'aria-selected': 'false', 'tabindex': '-1' },
      el('span', { class: 'title', text: capture.title }),
      el('span', { class: 'meta', text: meta }),
      el('span', { class: 'counts' }, el('span', { 'aria-hidden': 'true', 'text': countsText(capture.changes, false) }), hidden(countsText(capture.changes, true))));
  item.addEventListener('click', () => select(index, true));
  return item;
}

// --- Rendering ----------------------------------------------------------------------------------

function select(index: number, focus: boolean) {
  if (index < 0 || index >= captures.length)
    return;
  if (index !== selected)
    opened = new Set();
  selected = index;
  render();
  const item = list.children[index] as HTMLElement;
  item.scrollIntoView({ block: 'nearest' });
  if (focus)
    item.focus();
  saveLocation();
}

function render() {
  for (let i = 0; i < list.children.length; i++) {
    const item = list.children[i] as HTMLElement;
    item.setAttribute('aria-selected', String(i === selected));
    item.tabIndex = i === selected ? 0 : -1;
    item.classList.toggle('has-ref', !!pickedRef && hasRef(i, pickedRef));
  }
  const capture = captures[selected];
  captureHeading.textContent = capture.title;
  captureMeta.textContent = [pageName(capture) && `on ${pageName(capture)}`, capture.line && `at ${capture.line}`, seconds(capture.at),
    capture.base === undefined ? 'the page\'s first capture' : countsText(capture.changes, true)].filter(Boolean).join(' · ');
  renderTree();
  renderDom(capture);
  renderRef();
}

function renderTree() {
  const rows = rowsOf(selected);
  const needle = query.toLowerCase();
  const shown = new Uint8Array(rows.length);
  const keep = (at: number) => {
    for (let i = Math.max(0, at - kContext); i <= Math.min(rows.length - 1, at + kContext); i++)
      shown[i] = 1;
    // Its ancestors: the nearest line above with less indent, and so on up.
    let indent = indentOf(rows[at].text);
    for (let i = at - 1; i >= 0 && indent > 0; i--) {
      const own = indentOf(rows[i].text);
      if (own < indent && rows[i].kind !== 'removed') {
        shown[i] = 1;
        indent = own;
      }
    }
  };
  let marked = false;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.kind !== 'same' || (pickedRef && row.text.includes(pickedRef) && refOfLine(row.text) === pickedRef) || (needle && row.text.toLowerCase().includes(needle))) {
      keep(i);
      marked = true;
    }
  }
  tree.replaceChildren();
  for (let i = 0; i < rows.length;) {
    if (!marked || shown[i]) {
      tree.append(rowItem(rows[i], needle));
      i++;
      continue;
    }
    let end = i;
    while (end < rows.length && !shown[end])
      end++;
    if (end - i < kMinFold || opened.has(i)) {
      for (; i < end; i++)
        tree.append(rowItem(rows[i], needle));
      continue;
    }
    const start = i;
    const fold = el('button', { type: 'button', class: 'fold', text: `⋯ ${end - i} unchanged lines` });
    fold.addEventListener('click', () => {
      opened.add(start);
      renderTree();
    });
    tree.append(el('li', { class: 'fold-row' }, fold));
    i = end;
  }
}

function rowItem(row: Row, needle: string): HTMLElement {
  const found = findRef(row.text);
  const ref = found?.ref;
  const item = el('li', { class: `row ${row.kind}` },
      el('span', { 'class': 'sign', 'aria-hidden': 'true', 'text': kSigns[row.kind] }),
      row.kind === 'same' ? undefined : hidden(`${row.kind}: `),
      el('span', { class: 'line' }, ...lineWithRef(row.text, found)));
  // The old line under the new one, where it stood.
  if (row.was !== undefined)
    item.append(el('span', { class: 'was' }, hidden('was '), row.was.slice(0, indentOf(row.was)), el('del', { text: row.was.trimStart() })));
  if (ref && ref === pickedRef) {
    item.classList.add('picked');
    item.setAttribute('aria-current', 'true');
  }
  if (needle && row.text.toLowerCase().includes(needle))
    item.classList.add('hit');
  return item;
}

function renderDom(capture: TimelineCapture) {
  dom.replaceChildren();
  if (!capture.dom) {
    dom.textContent = capture.base === undefined ? 'The page\'s first capture: nothing to compare with.' : 'The DOM file did not change.';
  } else {
    for (const line of capture.dom.replace(/\n$/, '').split('\n')) {
      // The file header says what the pane's heading says.
      if (/^(Index: |={10}|--- |\+\+\+ )/.test(line))
        continue;
      const kind = line[0] === '+' ? 'add' : line[0] === '-' ? 'del' : line.startsWith('@@') ? 'hunk' : line[0] === '#' ? 'note' : 'ctx';
      const found = domRef(line);
      dom.append(el('span', { class: `dl ${kind}${found && found.ref === pickedRef ? ' picked' : ''}` }, ...lineWithRef(line, found)), '\n');
    }
  }
  suggestions.replaceChildren();
  if (capture.suggestions?.length) {
    suggestions.append(el('h3', { text: 'Suggested assertions' }), el('ul', {}, ...capture.suggestions.map(code => el('li', {}, el('code', { text: code })))));
  }
}

// --- Refs ---------------------------------------------------------------------------------------

/** Which captures hold a ref, found once per ref: every capture's list item asks at each render. */
const presence = new Map<string, boolean[]>();

function hasRef(index: number, ref: string): boolean {
  let present = presence.get(ref);
  if (!present) {
    present = captures.map(capture => stateLines(capture.page, capture.state).some(line => line.includes(ref) && refOfLine(line) === ref));
    presence.set(ref, present);
  }
  return present[index];
}

const histories = new Map<string, { index: number; what: string }[]>();

/** Where a ref appeared, changed and left, capture by capture. */
function refHistory(ref: string): { index: number; what: string }[] {
  const known = histories.get(ref);
  if (known)
    return known;
  const events: { index: number; what: string }[] = [];
  histories.set(ref, events);
  for (let i = 0; i < captures.length; i++) {
    const kinds = new Set(rowsOf(i).filter(row => row.text.includes(ref) && refOfLine(row.text) === ref).map(row => row.kind));
    if (kinds.has('added'))
      events.push({ index: i, what: captures[i].base === undefined ? 'first seen' : 'appeared' });
    else if (kinds.has('changed'))
      events.push({ index: i, what: 'changed' });
    else if (kinds.has('moved'))
      events.push({ index: i, what: 'moved' });
    else if (kinds.has('removed'))
      events.push({ index: i, what: 'left' });
    else if (kinds.has('same') && !events.length)
      events.push({ index: i, what: 'first seen' });
  }
  return events;
}

function pickRef(ref: string | undefined) {
  pickedRef = ref;
  render();
  saveLocation();
}

function renderRef() {
  refPanel.replaceChildren();
  refPanel.hidden = !pickedRef;
  if (!pickedRef)
    return;
  const ref = pickedRef;
  const present = captures.map((_, i) => i).filter(i => hasRef(i, ref));
  const line = [...rowsOf(selected)].reverse().find(row => refOfLine(row.text) === ref && row.kind !== 'removed')
    ?? (present.length ? rowsOf(present[present.length - 1]).find(row => refOfLine(row.text) === ref) : undefined);
  const close = el('button', { type: 'button', class: 'close', text: 'Clear' });
  close.addEventListener('click', () => pickRef(undefined));
  const events = el('ol', { 'class': 'events', 'aria-label': `What became of ${ref}` });
  for (const { index, what } of refHistory(ref)) {
    const go = el('button', { type: 'button', class: 'link', text: captures[index].title });
    go.addEventListener('click', () => select(index, false));
    events.append(el('li', { class: index === selected ? 'here' : undefined }, `${what} in `, go));
  }
  refPanel.append(
      el('h2', { id: 'ref-heading', text: `Ref ${ref}` }), close,
      el('p', {}, line ? el('code', { text: line.text.trim() }) : 'Not in any capture.'),
      el('p', { text: present.length ? `In ${present.length} of ${captures.length} captures${present.includes(selected) ? ', this one included' : ', not this one'}.` : '' }),
      events);
}

// --- Search -------------------------------------------------------------------------------------

function search(text: string) {
  const wanted = text.trim();
  query = '';
  if (!wanted) {
    searchStatus.textContent = '';
    render();
    return;
  }
  if (kRefPattern.test(wanted)) {
    const where = captures.map((_, i) => i).filter(i => hasRef(i, wanted));
    if (where.length) {
      pickedRef = wanted;
      searchStatus.textContent = `${wanted} is in ${where.length} capture${where.length === 1 ? '' : 's'}.`;
      if (!where.includes(selected))
        return select(where[0], false);
      render();
      return saveLocation();
    }
  }
  const needle = wanted.toLowerCase();
  const where = captures.map((_, i) => i).filter(i => rowsOf(i).some(row => row.text.toLowerCase().includes(needle)));
  if (!where.length) {
    searchStatus.textContent = `No capture holds “${wanted}”.`;
    render();
    return;
  }
  query = wanted;
  const next = where.find(i => i > selected) ?? where[0];
  searchStatus.textContent = `“${wanted}” is in ${where.length} capture${where.length === 1 ? '' : 's'}: showing ${where.indexOf(next) + 1} of ${where.length}.`;
  select(next, false);
}

// --- Keyboard and location ----------------------------------------------------------------------

function onKey(event: KeyboardEvent) {
  const target = event.target as HTMLElement;
  if (event.altKey || event.ctrlKey || event.metaKey)
    return;
  if (target === searchInput) {
    if (event.key === 'Escape')
      searchInput.blur();
    return;
  }
  const inList = target.getAttribute('role') === 'option';
  const step = event.key === 'j' || (inList && event.key === 'ArrowDown') ? 1 : event.key === 'k' || (inList && event.key === 'ArrowUp') ? -1 : 0;
  if (step) {
    event.preventDefault();
    select(selected + step, inList || target === document.body);
  } else if (inList && (event.key === 'Home' || event.key === 'End')) {
    event.preventDefault();
    select(event.key === 'Home' ? 0 : captures.length - 1, true);
  } else if (event.key === '/') {
    event.preventDefault();
    searchInput.focus();
    searchInput.select();
  } else if (event.key === 'Escape' && pickedRef) {
    pickRef(undefined);
  }
}

function onClick(event: MouseEvent) {
  const button = (event.target as HTMLElement).closest('button.ref');
  const ref = button?.getAttribute('data-ref');
  if (!ref)
    return;
  const inTree = tree.contains(button);
  pickRef(ref === pickedRef ? undefined : ref);
  // The tree was drawn again: the keyboard stays on that ref.
  (inTree ? tree : dom).querySelector<HTMLElement>(`button.ref[data-ref="${ref}"]`)?.focus();
}

function saveLocation() {
  try {
    history.replaceState(null, '', `#capture=${selected + 1}${pickedRef ? `&ref=${pickedRef}` : ''}`);
  } catch {
    // An opaque origin may refuse it: the page works without.
  }
}

function readLocation() {
  const params = new URLSearchParams(location.hash.slice(1));
  const capture = Number(params.get('capture'));
  if (Number.isInteger(capture) && capture >= 1 && capture <= captures.length)
    selected = capture - 1;
  const ref = params.get('ref');
  if (ref && kRefPattern.test(ref))
    pickedRef = ref;
}

function start(loaded: TimelineData) {
  data = loaded;
  captures = data.captures;
  stateCache = data.pages.map(() => []);
  selected = Math.min(Math.max(data.selected, 0), captures.length - 1);
  if (!captures.length)
    return;
  readLocation();
  layout();
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);
  render();
}

/** The page's data: base64 of gzipped JSON, which the browser inflates (no code of ours does). */
async function readData(): Promise<TimelineData> {
  const packed = atob(document.getElementById('timeline-data')!.textContent!.trim());
  const bytes = new Uint8Array(packed.length);
  for (let i = 0; i < packed.length; i++)
    bytes[i] = packed.charCodeAt(i);
  const json = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(json) as TimelineData;
}

readData().then(start, error => {
  const reason = typeof DecompressionStream === 'undefined' ? 'this browser cannot inflate its data (DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 and later)' : String(error);
  document.body.append(el('p', { role: 'alert', text: `The timeline cannot be shown: ${reason}. The captures are also attached as text files.` }));
});
