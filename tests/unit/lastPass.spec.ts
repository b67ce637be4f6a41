import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedState } from '../../src/locators/candidates';
import type { TestCall } from '../../src/triage/evidence';
import { analyzeFailure } from '../../src/triage/analyze';
import { buildRecord, findCall, type LastPassRecord } from '../../src/triage/lastPass';
import { readRecord, recordFile, writeRecord } from '../../src/triage/lastPassFiles';
import { targetOf } from '../../src/triage/target';
import type { SnapshotEntry } from '../../src/isomorphic/types';
import { entry, snapshot } from './fixtures';

const kTestDir = '/suite/tests';
const kSave = `getByRole('button', { name: 'Save profile' })`;
const kError = `TimeoutError: locator.click: Timeout 2000ms exceeded.\nCall log:\n  - waiting for ${kSave}\n`;

/** The profile form with the given buttons, a dialog and another form beside it. */
function page(buttons: string[], extra: SnapshotEntry[] = []): SnapshotEntry[] {
  return [
    entry({ ref: 's1', role: 'form', name: 'Profile' }),
    entry({ ref: 's2', role: 'textbox', name: 'Name', parent: 's1', tag: 'input' }),
    ...buttons.map((name, i) => entry({ ref: `s${10 + i}`, role: 'button', name, parent: 's1', tag: 'button' })),
    entry({ ref: 's5', role: 'form', name: 'Password' }),
    entry({ ref: 's6', role: 'button', name: 'Change password', parent: 's5', tag: 'button' }),
    ...extra,
  ];
}

function states(...pages: SnapshotEntry[][]): RecordedState[] {
  return pages.map((entries, i) => ({ label: `00${i + 1} step`, snapshot: snapshot(entries) }));
}

const relative = (file: string) => path.relative(kTestDir, file);
/** A page of the test: what calls name it by, and its states. */
const onPage = (recorded: RecordedState[], page: object = {}) => ({ page, states: recorded });
const click: TestCall = { method: 'click', locator: kSave, location: { file: `${kTestDir}/profile.spec.ts`, line: 12, column: 30 }, afterCapture: 1, absent: false };

function passedRecord(locator = kSave): LastPassRecord {
  return buildRecord({ titlePath: ['profile.spec.ts', 'save'], project: 'chromium', config: '../playwright.config.ts', relative }, [{ ...click, locator }], [onPage(states(page(['Cancel', 'Save profile'])))], new Date('2026-11-20T10:00:00Z'));
}

function triage(now: SnapshotEntry[], record: LastPassRecord | null, locator = kSave) {
  const error = kError.replace(kSave, locator);
  const call = record ? findCall(record, locator, { ...click.location!, file: 'profile.spec.ts' }) : undefined;
  return analyzeFailure({ error, target: targetOf(error), states: states(now), actions: [], lastPass: record && call ? { passedAt: record.passedAt, call } : null });
}

describe('buildRecord', () => {
  it('should keep each call where it was made, and the one element its locator matched', () => {
    const record = passedRecord();
    expect(record).toMatchObject({ format: 'stagewright-last-pass', version: 2, config: '../playwright.config.ts', test: ['profile.spec.ts', 'save'], project: 'chromium', passedAt: '2026-11-20T10:00:00.000Z' });
    expect(record.calls).toEqual([{
      method: 'click', locator: kSave, file: 'profile.spec.ts', line: 12, column: 30, step: undefined,
      target: { role: 'button', name: 'Save profile', places: [{ role: 'form', name: 'Profile' }], position: { index: 1, names: ['Cancel', 'Save profile'] }, among: { place: 0, index: 0, count: 1 } },
    }]);
  });

  it('should keep no target for an assertion that the element be gone, nor for a locator matching several', () => {
    const gone: TestCall = { ...click, method: 'expect', absent: true };
    const several: TestCall = { ...click, locator: `getByRole('button')`, location: { ...click.location!, line: 13 } };
    const record = buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [gone, several], [onPage(states(page(['Cancel', 'Save profile'])))], new Date());
    expect(record.calls.map(call => call.target)).toEqual([undefined, undefined]);
  });

  it('should keep a target in a frame, and one on another page only when no other page has it', () => {
    const framed = [
      entry({ ref: 's1', role: 'iframe', name: 'Payment', frame: { src: 'pay.html' } }),
      entry({ ref: 'f1s1', role: 'button', name: 'Pay', parent: 's1' }),
      entry({ ref: 's2', role: 'button', name: 'Pay' }),
    ];
    const pay: TestCall = { ...click, locator: `locator('#pay').contentFrame().getByRole('button', { name: 'Pay' })` };
    const [inFrame] = buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [pay], [onPage(states(framed))], new Date()).calls;
    expect(inFrame.target).toMatchObject({ role: 'button', name: 'Pay', inFrame: true, places: [{ role: 'iframe', name: 'Payment' }] });

    const contact: TestCall = { ...click, locator: `getByRole('link', { name: 'Contact' })` };
    const link = [entry({ ref: 's1', role: 'link', name: 'Contact' })];
    const popupOnly = buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [contact], [onPage(states(page(['Save']))), onPage(states(link))], new Date()).calls[0];
    expect(popupOnly.target).toMatchObject({ role: 'link', onOtherPage: true });
    const both = buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [contact], [onPage(states(link)), onPage(states(link))], new Date()).calls[0];
    expect(both.target).toBeUndefined();
  });

  it('should find the failing call by locator and line, by locator alone, or by line and column', () => {
    const record = passedRecord();
    const at = { file: 'profile.spec.ts', line: 12, column: 30 };
    expect(findCall(record, kSave, { ...at, line: 40 })?.line).toBe(12);
    expect(findCall(record, `getByRole('button', { name: 'Save' })`, at)?.line).toBe(12);
    expect(findCall(record, `getByRole('button', { name: 'Save' })`, { ...at, line: 40 })).toBeUndefined();
  });

  it('should write a record whole and read it back, and read nothing from a file that is not one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'last-pass-'));
    const file = recordFile(dir, kTestDir, `${kTestDir}/nested/profile.spec.ts`, 'abc-123');
    expect(path.relative(dir, file)).toBe(path.join('nested', 'profile.spec.ts', 'abc-123.json'));
    writeRecord(file, passedRecord());
    expect(readRecord(file)).toEqual(passedRecord());
    expect(fs.readdirSync(path.dirname(file))).toEqual(['abc-123.json']);
    fs.writeFileSync(file, '{"version": 0}');
    expect(readRecord(file)).toBeUndefined();
    expect(readRecord(path.join(dir, 'none.json'))).toBeUndefined();
  });
});

describe('readRecord', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Each file written with `content`, read twice; what stderr said meanwhile. */
  function readAll(contents: string[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'last-pass-'));
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation(text => {
      said.push(String(text));
      return true;
    });
    const files = contents.map((content, i) => {
      const file = path.join(dir, `${i}.json`);
      fs.writeFileSync(file, content);
      return file;
    });
    const read = files.map(file => [readRecord(file), readRecord(file)]);
    return { files, read, said };
  }

  it('should read nothing from a record of the wrong shape, and say so once on stderr with its path', () => {
    const record = passedRecord();
    const call = record.calls[0];
    const spoiled: [object, string][] = [
      [{ refs: 'abc' }, 'refs is not a list'],
      [{ refs: [null] }, 'refs[0] is not an object'],
      [{ refs: [{ file: 'a.spec.ts', line: '1', column: 2, ref: 's1', role: 'button', name: 'Save' }] }, 'refs[0].line is not a whole number'],
      [{ calls: [null] }, 'calls[0] is not an object'],
      [{ calls: [{ ...call, locator: 7 }] }, 'calls[0].locator is not a string'],
      [{ calls: [{ ...call, target: { ...call.target, places: 'form' } }] }, 'calls[0].target.places is not a list'],
      [{ calls: [{ ...call, target: { ...call.target, position: { index: 1, names: [null] } } }] }, 'calls[0].target.position.names[0] is not a string'],
      [{ passedAt: 20261120 }, 'passedAt is not a string'],
      [{ format: undefined }, 'format is not "stagewright-last-pass"'],
    ];
    const { files, read, said } = readAll([...spoiled.map(([change]) => JSON.stringify({ ...record, ...change })), '{"calls": [', '[]']);
    expect(read.flat().filter(Boolean)).toEqual([]);
    expect(said).toEqual([...spoiled.map(([, problem]) => problem), 'it is not JSON', 'it is not a JSON object']
        .map((problem, i) => `stagewright: ignored the last passing run in ${files[i]}: ${problem}\n`));
  });

  it('should read a record of another version as none, and say nothing: a pass writes it again', () => {
    // 0.10's records had neither the mark nor the config.
    const old: Record<string, unknown> = { ...passedRecord(), version: 1 };
    delete old.format;
    delete old.config;
    const { read, said } = readAll([JSON.stringify(old), JSON.stringify({ ...passedRecord(), version: 3 })]);
    expect(read.flat().filter(Boolean)).toEqual([]);
    expect(said).toEqual([]);
  });
});

describe('analyzeFailure with the last passing run', () => {
  it('should call a rename that shares no word out of date, from the one new name at the old position', () => {
    const report = triage(page(['Cancel', 'Submit']), passedRecord());
    expect(report).toMatchObject({ status: 'renamed', verdict: 'out of date', suggestedRef: 's11' });
    expect(report.lastPass).toBe('When the test last passed (2026-11-20), this call reached button "Save profile" in form "Profile".');
    expect(report.suggestions[0].code).toBe(`page.getByRole('button', { name: 'Submit' })`);
  });

  it('should call a removed element the app\'s doing when its place is there with nothing in its place', () => {
    const report = triage(page(['Cancel']), passedRecord());
    expect(report).toMatchObject({ status: 'removed', verdict: 'app broken', suggestions: [] });
    expect(report.reason).toContain('form "Profile" [ref=s1] is there with no such button and none in its place');
  });

  it('should follow the name to another place, or to another role in its place, as the same control', () => {
    const scoped = `getByRole('form', { name: 'Profile' }).getByRole('button', { name: 'Save profile' })`;
    const moved = triage(page(['Cancel'], [entry({ ref: 's30', role: 'button', name: 'Save profile', parent: 's5' })]), passedRecord(scoped), scoped);
    expect(moved).toMatchObject({ status: 'moved', verdict: 'out of date', suggestedRef: 's30' });
    expect(moved.now).toContain('in form "Password" [ref=s5] now');
    const link = triage(page(['Cancel'], [entry({ ref: 's31', role: 'link', name: 'Save profile', parent: 's1' })]), passedRecord());
    expect(link).toMatchObject({ status: 'moved', verdict: 'out of date', suggestedRef: 's31' });
    expect(link.now).toContain('a link now');
  });

  it('should not decide from the place when more than one thing changed there, nor offer another role', () => {
    const report = triage(page(['Back', 'Submit']), passedRecord());
    expect(report.status).not.toBe('removed');
    expect(report.verdict).not.toBe('app broken');
    // Without the record, the same page is decided as before.
    const alone = triage(page(['Cancel', 'Submit']), null);
    expect(alone.lastPass).toBe('No passing run of this test is on record: the verdict rests on this run alone.');
    expect(alone.verdict).not.toBe('app broken');
  });

  it('should say what to open first for an element hidden one action away', () => {
    const report = analyzeFailure({ error: kError, target: targetOf(kError), states: states(page(['Cancel'])), live: { hidden: true, opener: { name: 'Advanced', code: `getByRole('tab', { name: 'Advanced' })` } } });
    expect(report).toMatchObject({ status: 'hidden', verdict: 'out of date', suggestions: [] });
    expect(report.reason).toContain(`open it first (\`await page.getByRole('tab', { name: 'Advanced' }).click()\`)`);
  });

  it('should say the page was still changing rather than decide, when it shows it is busy', () => {
    const busy = page(['Cancel'], [entry({ ref: 's20', role: 'progressbar', name: 'Saving' })]);
    const report = triage(busy, passedRecord());
    expect(report).toMatchObject({ verdict: 'cannot tell', suggestions: [] });
    expect(report.reason).toContain('progressbar "Saving" [ref=s20] shows');
    const late = analyzeFailure({ error: kError, target: targetOf(kError), states: states(page(['Cancel'])), live: { appearedAfterMs: 800 } });
    expect(late.reason).toContain('the target appeared 800 ms');
  });

  it('should offer no fix for a target that came late and now matches the element it meant', () => {
    // The failure capture was taken after the button came: the locator that timed out matches it now.
    const report = analyzeFailure({ error: kError, target: targetOf(kError), states: states(page(['Cancel', 'Save profile'])), live: { appearedAfterMs: 0 }, lastPass: { passedAt: passedRecord().passedAt, call: passedRecord().calls[0] } });
    expect(report).toMatchObject({ verdict: 'cannot tell', suggestions: [] });
    expect(report.reason).toContain('the element is there: the failure is about something else');
    // The same page, when the locator is what changed (it names what is not there), still gets its fix.
    const renamed = triage(page(['Cancel', 'Submit']), passedRecord());
    expect(renamed.suggestions.map(suggestion => suggestion.code)).toContain(`page.getByRole('button', { name: 'Submit' })`);
  });
});

describe('the rules for any locator: CSS, XPath, test ids, roles', () => {
  const kCss = `locator('#save')`;
  const cssError = `TimeoutError: locator.click: Timeout 2000ms exceeded.\nCall log:\n  - waiting for ${kCss}\n`;
  /** States whose DOM file gives each ref these attributes. */
  const withAttributes = (entries: SnapshotEntry[], attributes: Record<string, Record<string, string>>): RecordedState[] =>
    [{ label: '001 end', snapshot: snapshot(entries), attributesOf: Object.assign((ref: string) => attributes[ref], { testIdAttributes: ['data-testid'] }) }];
  /** The record of a CSS call that reached ref `s11` (what Playwright resolved at the call's end). */
  const cssRecord = (entries: SnapshotEntry[], attributes: Record<string, Record<string, string>> = {}) => {
    const tab = {};
    return buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [{ ...click, locator: kCss, reached: { page: tab, ref: 's11' } }], [onPage(withAttributes(entries, attributes), tab)], new Date('2026-11-20T10:00:00Z'));
  };
  const triageCss = (now: SnapshotEntry[], record: LastPassRecord | null, matched: string[] | undefined, attributes: Record<string, Record<string, string>> = {}) =>
    analyzeFailure({ error: cssError, target: targetOf(cssError), states: withAttributes(now, attributes), actions: [], live: { matched }, lastPass: record ? { passedAt: record.passedAt, call: record.calls[0] } : null });

  it('should keep what a CSS call reached, by the ref Playwright resolved, where its locator cannot be evaluated', () => {
    const record = cssRecord(page(['Cancel', 'Save profile']));
    expect(record.calls[0].target).toMatchObject({ role: 'button', name: 'Save profile', places: [{ role: 'form', name: 'Profile' }], among: { place: 0, index: 0, count: 1 } });
  });

  it('should call a CSS target that misses the element it reached last time out of date, and say what the DOM file shows', () => {
    const report = triageCss(page(['Cancel', 'Save profile']), cssRecord(page(['Cancel', 'Save profile']), { s11: { id: 'save' } }), [], { s11: { id: 'save-profile' } });
    expect(report).toMatchObject({ decidedBy: 'same-element', status: 'still there', verdict: 'out of date', suggestedRef: 's11', target: { traceable: false } });
    expect(report.now).toContain('the DOM file shows its id is "save-profile", not "save"');
    expect(report.suggestions[0].code).toBe(`page.getByRole('button', { name: 'Save profile' })`);
  });

  it('should not call it out of date while Playwright still resolves the target to that element', () => {
    const report = triageCss(page(['Cancel', 'Save profile']), cssRecord(page(['Cancel', 'Save profile'])), ['s11']);
    expect(report).toMatchObject({ decidedBy: 'present', verdict: 'cannot tell' });
  });

  it('should decide nothing from the record when the live page could not be asked', () => {
    const report = triageCss(page(['Cancel', 'Save profile']), cssRecord(page(['Cancel', 'Save profile'])), undefined);
    expect(report).toMatchObject({ decidedBy: 'undecided', status: 'untraceable', verdict: 'cannot tell', suggestions: [] });
  });

  it('should call a CSS target removed from its place the app\'s doing, and one hidden from the tree too, with a record only', () => {
    const record = cssRecord(page(['Cancel', 'Save profile']));
    expect(triageCss(page(['Cancel']), record, [])).toMatchObject({ decidedBy: 'last-pass-place', status: 'removed', verdict: 'app broken' });
    expect(triageCss(page(['Cancel']), record, [''])).toMatchObject({ decidedBy: 'hidden-since-last-pass', status: 'hidden', verdict: 'app broken' });
    expect(triageCss(page(['Cancel']), null, [''])).toMatchObject({ decidedBy: 'present', verdict: 'cannot tell' });
    expect(triageCss(page(['Cancel']), null, [])).toMatchObject({ decidedBy: 'undecided', verdict: 'cannot tell' });
  });

  it('should find the same one of several twins whose test id changed, and offer its new test id', () => {
    const list = (ids: string[]) => [
      entry({ ref: 's1', role: 'list', name: 'Groceries' }),
      ...ids.flatMap((_, i) => [
        entry({ ref: `s${2 + i * 2}`, role: 'listitem', name: '', parent: 's1' }),
        entry({ ref: `s${3 + i * 2}`, role: 'button', name: 'Delete', parent: `s${2 + i * 2}`, tag: 'button' }),
      ]),
    ];
    const attributes = (prefix: string) => ({ s3: { 'data-testid': `${prefix}-milk` }, s5: { 'data-testid': `${prefix}-bread` }, s7: { 'data-testid': `${prefix}-eggs` } });
    const byTestId = `getByTestId('delete-bread')`;
    const tab = {};
    const record = buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [{ ...click, locator: byTestId, reached: { page: tab, ref: 's5' } }], [onPage(withAttributes(list(['m', 'b', 'e']), attributes('delete')), tab)], new Date('2026-11-20T10:00:00Z'));
    expect(record.calls[0].target).toMatchObject({ testId: 'delete-bread', among: { place: 1, index: 1, count: 3 } });
    const error = kError.replace(kSave, byTestId);
    const report = analyzeFailure({ error, target: targetOf(error), states: withAttributes(list(['m', 'b', 'e']), attributes('remove')), actions: [], lastPass: { passedAt: record.passedAt, call: record.calls[0] } });
    expect(report).toMatchObject({ decidedBy: 'same-element', status: 'renamed', verdict: 'out of date', suggestedRef: 's5' });
    expect(report.now).toContain('has the test id "remove-bread" now (it was "delete-bread")');
    expect(report.suggestions[0].code).toBe(`page.getByTestId('remove-bread')`);
    // One twin fewer: which one it was cannot be said, and no rule guesses.
    const fewer = analyzeFailure({ error, target: targetOf(error), states: withAttributes(list(['m', 'b']), attributes('remove')), actions: [], lastPass: { passedAt: record.passedAt, call: record.calls[0] } });
    expect(fewer.decidedBy).not.toBe('same-element');
  });

  it('should take a role alone for no problem: a dialog that became an alertdialog is out of date', () => {
    const dialog = `getByRole('dialog', { name: 'Confirm' })`;
    const error = `Error: expect(locator).toBeVisible() failed\n\nLocator: ${dialog}\nExpected: visible\n`;
    const confirm = (role: string, text = 'Delete this draft?') => [
      entry({ ref: 's1', role: 'main', name: '' }),
      entry({ ref: 's2', role, name: 'Confirm', parent: 's1', text }),
      entry({ ref: 's3', role: 'button', name: 'Delete', parent: 's2' }),
    ];
    const record = buildRecord({ titlePath: ['t'], project: '', config: '', relative }, [{ ...click, method: 'expect', locator: dialog }], [onPage(states(confirm('dialog')))], new Date('2026-11-20T10:00:00Z'));
    const report = analyzeFailure({ error, target: targetOf(error), states: states(confirm('alertdialog')), actions: [], lastPass: { passedAt: record.passedAt, call: record.calls[0] } });
    expect(report).toMatchObject({ decidedBy: 'last-pass-place', status: 'moved', verdict: 'out of date', suggestedRef: 's2' });
    // Its words can still say a problem, and so can a field the page marks invalid.
    const failed = analyzeFailure({ error, target: targetOf(error), states: states(confirm('alertdialog', 'Saving failed: try again')), actions: [] });
    expect(failed).toMatchObject({ decidedBy: 'problem-shown', verdict: 'app broken' });
    const invalid = analyzeFailure({ error, target: targetOf(error), states: states([...confirm('alertdialog'), entry({ ref: 's9', role: 'textbox', name: 'Email', state: { visible: true, invalid: true } })]), actions: [] });
    expect(invalid).toMatchObject({ decidedBy: 'problem-shown', verdict: 'app broken' });
    expect(invalid.reason).toContain('textbox "Email" [ref=s9] is marked invalid');
  });
});

describe('the server\'s word', () => {
  it('should take an error status for the page\'s document as a problem, whatever the page shows', () => {
    const report = analyzeFailure({ error: kError, target: targetOf(kError), states: states(page(['Cancel'])), actions: [], live: { serverError: 'the server answered 502 for http://app.test/' } });
    expect(report).toMatchObject({ decidedBy: 'problem-shown', verdict: 'app broken' });
    expect(report.reason).toBe('the page shows a problem: the server answered 502 for http://app.test/');
    expect(analyzeFailure({ error: kError, target: targetOf(kError), states: states(page(['Cancel'])), actions: [] }).decidedBy).not.toBe('problem-shown');
  });
});
