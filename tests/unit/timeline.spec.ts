import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packTimelineData } from '../../src/capture/timelinePack';
import { linePatch, PageTimeline, timelineData, timelinePage as pageOf, type PageCapture } from '../../src/report/timeline';
import { applyPatch, findRef, markRows, refOfLine, type TimelineData } from '../../src/report/timelineModel';
import { timelineScript, timelineStyle } from '../../src/generated/timelinePageSource';
import { timelineDataOf } from '../e2e/helpers/timelineData';

/** The page as the test's end writes it. */
const timelinePage = (data: TimelineData) => pageOf(data, packTimelineData);

const noChange = { added: 0, removed: 0, changed: 0, moved: 0 };

function capture(title: string, time: number, changes = noChange, dom = ''): Omit<PageCapture, 'state' | 'base' | 'patch'> {
  return { title, time, changes, dom, suggestions: [] };
}

const kForm = [
  '- heading "Shop" [level=1] [ref=s1]',
  '- textbox "Name" [ref=s2]',
  '- button "Save" [ref=s3]',
  '- list [ref=s4]:',
  '  - listitem [ref=s5]: One',
  '  - listitem [ref=s6]: Two',
].join('\n');

/** The page's data as the page reads it back: the gzipped JSON inside its data element. */
function embeddedData(page: string): TimelineData {
  return timelineDataOf(page)!;
}

describe('linePatch', () => {
  it('should turn one text into the other, whatever changed', () => {
    const cases: [string[], string[]][] = [
      [['a', 'b', 'c'], ['a', 'b', 'c']],
      [['a', 'b', 'c'], ['a', 'x', 'c']],
      [['a', 'b', 'c'], ['x', 'a', 'b', 'c', 'y']],
      [['a', 'b', 'c', 'd', 'e'], ['a', 'c', 'e']],
      [[], ['a']],
      [['a'], []],
      [['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']],
      [['1', '2', '3', '4', '5', '6'], ['6', '5', '4', '3', '2', '1']],
    ];
    for (const [before, after] of cases)
      expect(applyPatch(before, linePatch(before, after)), `${before} → ${after}`).toEqual(after);
  });

  it('should hold only what changed: the common lines are counted, not copied', () => {
    const before = Array.from({ length: 1000 }, (_, i) => `- listitem [ref=s${i}]: item ${i}`);
    const after = [...before];
    after[500] = '- listitem [ref=s500]: changed';
    const patch = linePatch(before, after);
    expect(patch).toEqual([500, 1, ['- listitem [ref=s500]: changed']]);
    expect(linePatch(before, before)).toEqual([]);
  });

  it('should replace a re-sorted table whole rather than search its many edits, and still turn one into the other', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `- row "Order ${i}" [ref=s${i}]`);
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const sorted = rows.map(row => [random(), row] as const).sort((a, b) => a[0] - b[0]).map(([, row]) => row);
    const before = ['- table [ref=t]:', ...rows, '- button "Next" [ref=n]'];
    const after = ['- table [ref=t]:', ...sorted, '- button "Next" [ref=n]'];
    const patch = linePatch(before, after);
    expect(applyPatch(before, patch)).toEqual(after);
    // One block: past the work bound, the span the ends do not share is replaced as it is.
    expect(patch.length).toBe(3);
    expect(patch[0]).toBe(1);
  });
});

describe('markRows', () => {
  const before = kForm.split('\n');

  it('should mark added, removed, changed and moved lines in place, with a changed line\'s old text', () => {
    const after = [
      '- heading "Shop" [level=1] [ref=s1]',
      '- textbox "Name" [ref=s2]: Ada',
      '- list [ref=s4]:',
      '  - listitem [ref=s6]: Two',
      '  - listitem [ref=s5]: One',
      '  - listitem [ref=s7]: Three',
    ];
    const rows = markRows(before, linePatch(before, after));
    // In a hunk, what left comes first, then what came.
    expect(rows.slice(0, 4).map(row => [row.kind, row.text, row.was])).toEqual([
      ['same', '- heading "Shop" [level=1] [ref=s1]', undefined],
      ['removed', '- button "Save" [ref=s3]', undefined],
      ['changed', '- textbox "Name" [ref=s2]: Ada', '- textbox "Name" [ref=s2]'],
      ['same', '- list [ref=s4]:', undefined],
    ]);
    expect(rows[rows.length - 1]).toEqual({ kind: 'added', text: '  - listitem [ref=s7]: Three' });
    // The list item that moved is one line, at its new place: not removed, not added.
    expect(rows.slice(4, 6).map(row => row.kind).sort()).toEqual(['moved', 'same']);
    expect(rows).toHaveLength(7);
    // The new tree's lines in its order, removed ones where they stood.
    expect(rows.filter(row => row.kind !== 'removed').map(row => row.text)).toEqual(after);
  });

  it('should pair a text line with the one of the same key it replaced', () => {
    const a = ['- paragraph [ref=s1]:', '  - text: Before', '  - link "x" [ref=s2]'];
    const b = ['- paragraph [ref=s1]:', '  - text: After', '  - link "x" [ref=s2]'];
    expect(markRows(a, linePatch(a, b))).toEqual([
      { kind: 'same', text: a[0] },
      { kind: 'changed', text: b[1], was: a[1] },
      { kind: 'same', text: a[2] },
    ]);
  });
});

describe('refOfLine', () => {
  it('should take the entry\'s own ref, never one written in its name or value', () => {
    expect(refOfLine('  - button "Save" [disabled] [ref=s12]')).toBe('s12');
    expect(refOfLine('- textbox "Name" [ref=f1s3]: [ref=s99]')).toBe('f1s3');
    expect(refOfLine('- \'button "a [ref=s9]: b" [ref=s5]\'')).toBe('s5');
    expect(refOfLine('- button "say \\"[ref=s9]\\"" [ref=s5]')).toBe('s5');
    expect(refOfLine('  - text: see [ref=s4]')).toBeUndefined();
    expect(refOfLine('  - /url: /x [ref=s4]')).toBeUndefined();
    const line = '- link "[ref=s1]" [ref=s2]:';
    expect(line.slice(findRef(line)!.at).startsWith('s2]')).toBe(true);
  });
});

describe('PageTimeline and timelineData', () => {
  it('should keep the first tree whole and each later one as its patch, and rebuild every state', () => {
    const page = new PageTimeline('');
    const texts = [kForm, kForm.replace('[ref=s2]', '[ref=s2]: Ada'), kForm.replace('[ref=s2]', '[ref=s2]: Ada').replace('- button "Save" [ref=s3]\n', '')];
    const states = texts.map(text => page.state(text));
    expect(states.map(state => state.index)).toEqual([0, 1, 2]);
    // The same text again is the same state.
    expect(page.state(texts[2])).toBe(states[2]);
    page.add(capture('setContent', 10), states[0], undefined);
    page.add(capture('001 fill', 20, { ...noChange, changed: 1 }, '+ value="Ada"'), states[1], states[0]);
    // A step's end diffed against its start two states back: its own patch.
    page.add(capture('002 step', 30, { ...noChange, changed: 1, removed: 1 }), states[2], states[0]);
    const data = timelineData({ titlePath: ['a.spec.ts', 'form'], status: 'passed', startedAt: 5, pages: [page], mask: text => text })!;
    expect(data.captures.map(c => [c.title, c.at, c.state, c.base, !!c.patch])).toEqual([
      ['setContent', 5, 0, undefined, false],
      ['001 fill', 15, 1, 0, false],
      ['002 step', 25, 2, 0, true],
    ]);
    const [pageData] = data.pages;
    let lines = pageData.first;
    const rebuilt = [lines.join('\n')];
    for (const patch of pageData.states.slice(1)) {
      lines = applyPatch(lines, patch);
      rebuilt.push(lines.join('\n'));
    }
    expect(rebuilt).toEqual(texts);
    expect(applyPatch(pageData.first, data.captures[2].patch!).join('\n')).toBe(texts[2]);
  });

  it('should make no page when no capture changed anything', () => {
    const page = new PageTimeline('');
    const state = page.state(kForm);
    page.add(capture('setContent', 1), state, undefined);
    page.add(capture('001 end', 2), state, state);
    expect(timelineData({ titlePath: ['t'], status: 'passed', startedAt: 0, pages: [page], mask: text => text })).toBeUndefined();
  });

  it('should mask every secret the test knew by its end, in trees, patches, titles and DOM diffs', () => {
    const page = new PageTimeline('');
    const first = page.state('- textbox "Token" [ref=s1]\n- paragraph [ref=s2]: copied s3cr3t-value');
    const second = page.state('- textbox "Token" [ref=s1]\n- paragraph [ref=s2]: now s3cr3t-value');
    page.add(capture('setContent', 1), first, undefined);
    page.add(capture('001 type s3cr3t-value', 2, { ...noChange, changed: 1 }, '+<p>now s3cr3t-value</p>'), second, first);
    const data = timelineData({ titlePath: ['t'], status: 'passed', startedAt: 0, pages: [page], mask: text => text.split('s3cr3t-value').join('[redacted]') })!;
    const html = timelinePage(data);
    expect(html).not.toContain('s3cr3t-value');
    expect(JSON.stringify(embeddedData(html))).toContain('now [redacted]');
  });

  it('should put the captures of a test\'s pages in the order they were taken, each page its own trees', () => {
    const main = new PageTimeline('');
    const popup = new PageTimeline('page-2');
    const a = main.state('- button "Open" [ref=s1]');
    const b = main.state('- button "Open" [active] [ref=s1]');
    const c = popup.state('- heading "Popup" [ref=s2]');
    const d = popup.state('- heading "Popup" [ref=s2]\n- button "Close" [ref=s3]');
    main.add(capture('setContent', 1), a, undefined);
    main.add(capture('001 click', 2, { ...noChange, changed: 1 }), b, a);
    popup.add(capture('001 popup · page-2', 3), c, undefined);
    popup.add(capture('002 click · page-2', 4, { ...noChange, added: 1 }), d, c);
    main.add(capture('002 failure', 5), b, b);
    popup.add(capture('003 failure · page-2', 6), d, d);
    const triage = { verdict: 'Cannot tell', reason: 'r', error: 'e', target: '', now: 'n', suggestions: [] };
    const data = timelineData({ titlePath: ['t'], status: 'failed', startedAt: 0, pages: [main, popup], triage, mask: text => text })!;
    expect(data.captures.map(c => [c.title, c.page, c.state])).toEqual([
      ['setContent', 0, 0], ['001 click', 0, 1], ['001 popup · page-2', 1, 0], ['002 click · page-2', 1, 1], ['002 failure', 0, 1], ['003 failure · page-2', 1, 1],
    ]);
    expect(data.pages.map(page => [page.label, page.first])).toEqual([['', ['- button "Open" [ref=s1]']], ['page-2', ['- heading "Popup" [ref=s2]']]]);
    // The test's page's failure capture, not the popup's after it.
    expect(data.selected).toBe(4);
  });

  it('should select a failed test\'s last capture and carry its triage', () => {
    const page = new PageTimeline('');
    const a = page.state('- button "Go" [ref=s1]');
    const b = page.state('- link "x" [ref=s2]');
    page.add(capture('001 click', 1, { ...noChange, added: 1, removed: 1 }), b, a);
    page.add(capture('002 failure', 2), b, b);
    const triage = { verdict: 'The test looks out of date', reason: 'r', error: 'e', target: 't', now: 'n', suggestions: ['getByRole(\'link\')'] };
    const data = timelineData({ titlePath: ['t'], status: 'failed', startedAt: 0, pages: [page], triage, mask: text => text })!;
    expect(data.selected).toBe(1);
    expect(data.triage).toEqual(triage);
  });
});

describe('timelinePage', () => {
  const hostile = '</script><script>window.__pwned = 1</script><!-- <script> & \u2028\u2029 </SCRIPT >';

  it('should keep page text inert: data packed as base64 inside a script element no browser runs, read back unchanged', () => {
    const page = new PageTimeline('');
    const a = page.state(`- paragraph [ref=s1]: ${JSON.stringify(hostile)}`);
    const b = page.state(`- paragraph [ref=s1]: ${JSON.stringify(hostile + '!')}`);
    page.add(capture(hostile, 1), a, undefined);
    page.add(capture('001 ' + hostile, 2, { ...noChange, changed: 1 }, `+<p title="${hostile}">`), b, a);
    const data = timelineData({ titlePath: [hostile], status: 'passed', startedAt: 0, pages: [page], mask: text => text })!;
    const html = timelinePage(data);
    // Exactly our two script elements and one style: nothing the data holds opens another.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html.match(/<style/gi)).toHaveLength(1);
    const packed = /<script type="application\/gzip;base64" id="timeline-data">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(packed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(embeddedData(html)).toEqual(data);
    expect(html).toContain(`<title>&#60;/script&#62;&#60;script&#62;window.__pwned = 1&#60;/script&#62;&#60;!-- &#60;script&#62; &#38;`);
  });

  it('should refuse data that is not packed as base64', () => {
    const page = new PageTimeline('');
    page.add(capture('x', 1, { ...noChange, changed: 1 }), page.state('- button [ref=s1]'), undefined);
    const data = timelineData({ titlePath: ['t'], status: 'passed', startedAt: 0, pages: [page], mask: text => text })!;
    expect(() => pageOf(data, json => json)).toThrow('The timeline page\'s data must be packed as base64.');
  });

  it('should let only its own script and style run, by their hashes', () => {
    const page = new PageTimeline('');
    const a = page.state('- button [ref=s1]');
    page.add(capture('x', 1, { ...noChange, changed: 1 }), a, undefined);
    const html = timelinePage(timelineData({ titlePath: ['t'], status: 'passed', startedAt: 0, pages: [page], mask: text => text })!);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1];
    expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[\w+/=]+'; style-src 'sha256-[\w+/=]+'/);
    expect(csp).not.toMatch(/unsafe|https?:|\*/);
    expect(html).not.toMatch(/<(?:link|img|iframe)\b|\bsrc=|\bon\w+=/i);
  });

  it('should keep its code and styles under 60 KB, with no eval and no markup written from strings', () => {
    expect(Buffer.byteLength(timelineScript) + Buffer.byteLength(timelineStyle)).toBeLessThan(60_000);
    expect(timelineScript).not.toMatch(/\beval\(|new Function|innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(timelineStyle).not.toMatch(/@import|url\(/);
  });

  it('should hold a long test in about what its captures attached', () => {
    // Twenty steps on a 400-line page, each changing one field: the attachments hold each
    // step's diff (and a YAML when it changed); the page holds the first tree and twenty patches.
    const page = new PageTimeline('');
    let lines = Array.from({ length: 400 }, (_, i) => `- textbox "Field ${i}" [ref=s${i + 1}]`);
    let previous = page.state(lines.join('\n'));
    page.add(capture('setContent', 0), previous, undefined);
    let attached = 0;
    for (let step = 1; step <= 20; step++) {
      lines = [...lines];
      lines[step] = `- textbox "Field ${step}" [ref=s${step + 1}]: value ${step}`;
      const text = lines.join('\n');
      const dom = `@@ -${step},1 +${step},1 @@\n-<input id="f${step}">\n+<input id="f${step}" value="value ${step}">\n`;
      const diff = `# ~ textbox "Field ${step}" [ref=s${step + 1}] value: undefined -> "value ${step}"\n` + dom;
      attached += Buffer.byteLength(diff) + Buffer.byteLength(text);
      const state = page.state(text);
      page.add(capture(`00${step} step ${step}`, step, { ...noChange, changed: 1 }, dom), state, previous);
      previous = state;
    }
    const html = timelinePage(timelineData({ titlePath: ['t'], status: 'passed', startedAt: 0, pages: [page], mask: text => text })!);
    const data = Buffer.byteLength(/id="timeline-data">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(data).toBeLessThan(attached / 10);
    expect(Buffer.byteLength(html)).toBeLessThan(2 * attached);
  });

  it('should pack a large page\'s first tree to a fraction of its text', () => {
    // 3,000 rows of a table, as a real page's tree is: the data is what the gzipped JSON holds.
    const page = new PageTimeline('');
    const lines = Array.from({ length: 3000 }, (_, i) => `  - row "Order ${1000 + i} ${['Ada', 'Grace', 'Linus'][i % 3]} ${(i * 37) % 500}.00 EUR" [ref=s${i + 10}]:\n    - button "Edit order ${1000 + i}" [ref=s${i + 5000}]`);
    const text = lines.join('\n');
    const first = page.state(text);
    const second = page.state(text.replace('Order 1000 Ada', 'Order 1000 Ada (paid)'));
    page.add(capture('goto', 0), first, undefined);
    page.add(capture('001 click', 1, { ...noChange, changed: 1 }), second, first);
    const data = timelineData({ titlePath: ['t'], status: 'passed', startedAt: 0, pages: [page], mask: text => text })!;
    const html = timelinePage(data);
    const packed = Buffer.byteLength(/id="timeline-data">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(packed).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(embeddedData(html)).toEqual(data);
  });
});

describe('timelineDataOf', () => {
  it('should read back what the page holds, and nothing from a page without it', () => {
    const data = { title: 't', status: 'passed', pages: [], captures: [], selected: 0 } as TimelineData;
    const html = `<script type="application/gzip;base64" id="timeline-data">${gzipSync(JSON.stringify(data)).toString('base64')}</script>`;
    expect(timelineDataOf(html)).toEqual(data);
    expect(timelineDataOf('<script type="application/json" id="timeline-data">{}</script>')).toBeUndefined();
  });
});
