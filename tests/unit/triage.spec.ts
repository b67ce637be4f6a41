import { describe, expect, it } from 'vitest';
import type { RecordedState } from '../../src/locators/candidates';
import { analyzeFailure } from '../../src/triage/analyze';
import { formatTriage } from '../../src/triage/markdown';
import { targetOf } from '../../src/triage/target';
import type { SnapshotEntry } from '../../src/isomorphic/types';
import { similarEntries } from '../../src/snapshot/likeness';
import { entry, snapshot } from './fixtures';

const kClickTimeout = `TimeoutError: locator.click: Timeout 2000ms exceeded.
Call log:
  - waiting for getByRole('button', { name: 'Place order' })
`;

function form(button: SnapshotEntry | undefined, extra: SnapshotEntry[] = [], name = ''): SnapshotEntry[] {
  return [
    entry({ ref: 's1', role: 'region', name: 'Your details' }),
    entry({ ref: 's2', role: 'textbox', name: 'Full name', parent: 's1', tag: 'input', value: name }),
    ...(button ? [button] : []),
    entry({ ref: 's9', role: 'button', name: 'Account' }),
    ...extra,
  ];
}

function states(...entries: SnapshotEntry[][]): RecordedState[] {
  return entries.map((list, index) => ({ label: `00${index + 1} step ${index + 1}`, snapshot: snapshot(list) }));
}

const placeOrder = entry({ ref: 's3', role: 'button', name: 'Place order', parent: 's1', tag: 'button' });

describe('targetOf', () => {
  it('should find the locator in Playwright\'s errors and the query of our matchers', () => {
    expect(targetOf(kClickTimeout)).toMatchObject({ kind: 'locator', source: `getByRole('button', { name: 'Place order' })` });
    expect(targetOf(`Error: expect(locator).toBeVisible() failed\n\nLocator: getByRole('dialog')\nExpected: visible`)).toMatchObject({ kind: 'locator', source: `getByRole('dialog')` });
    expect(targetOf(`Error: strict mode violation: getByRole('button', { name: 'Save' }) resolved to 2 elements:`)).toMatchObject({ kind: 'locator', source: `getByRole('button', { name: 'Save' })` });
    const query = { source: `{ role: 'button' }`, query: { role: 'button' as const } };
    expect(targetOf('\u001b[31mError: expect(stagewright).toHaveEntry(expected) failed', query)).toEqual({ kind: 'query', ...query });
    expect(targetOf('Error: boom')).toEqual({ kind: 'none' });
  });
});

describe('analyzeFailure', () => {
  it('should call a renamed element out of date, with the proven new locator', () => {
    const renamed = { ...placeOrder, name: 'Pay now' };
    const report = analyzeFailure({ error: kClickTimeout, step: 'place', target: targetOf(kClickTimeout), states: states(form(placeOrder), form(renamed, [], 'Ada')) });
    expect(report).toMatchObject({ status: 'renamed', verdict: 'out of date', step: 'place', error: 'locator.click: Timeout 2000ms exceeded.' });
    expect(report.history.map(h => h.matched)).toEqual([['button "Place order" [ref=s3]'], []]);
    expect(report.now).toBe('button "Place order" [ref=s3] is now named "Pay now".');
    expect(report.evidence).toEqual(['002 step 2: ~ button "Pay now" [ref=s3] name: "Place order" -> "Pay now"']);
    // Proven on both states, where the ref exists: its name changed, so only the later name holds… in the later state only.
    expect(report.suggestions.map(s => s.code)).toContain(`page.getByRole('region', { name: 'Your details', exact: true }).getByRole('button')`);
  });

  it('should find the replacement of an element the test never saw where the test was working', () => {
    const payNow = { ...placeOrder, name: 'Pay now' };
    const report = analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: states(form(payNow), form(payNow, [], 'Ada')) });
    expect(report).toMatchObject({ status: 'never there', verdict: 'out of date' });
    expect(report.suggestions[0]).toEqual({ code: `page.getByRole('button', { name: 'Pay now' })`, checkedAgainst: ['001 step 1', '002 step 2'], warnings: [] });
  });

  it('should not take a button that leaves its form alone for the one the test worked towards', () => {
    // The test filled the region's field, then clicked a button that is not there: the one button
    // left is a Cancel that says it submits nothing, and nothing tells it stands in for the target.
    const cancel = { ...placeOrder, name: 'Cancel' };
    const attributesOf = (ref: string) => ref === cancel.ref ? { type: 'button' } : undefined;
    const recorded = states(form(cancel), form(cancel, [], 'Ada')).map(state => ({ ...state, attributesOf }));
    const report = analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: recorded });
    expect(report).toMatchObject({ status: 'never there', verdict: 'cannot tell', suggestions: [] });
    expect(report.suggestedRef).toBeUndefined();
  });

  it('should name as its near match the element the matchers name first (one ranking: src/snapshot/likeness.ts)', () => {
    const candidates = [
      entry({ ref: 's3', role: 'button', name: 'Place the order', parent: 's1', tag: 'button', interactive: true }),
      entry({ ref: 's4', role: 'button', name: 'Order history', parent: 's1', tag: 'button', interactive: true }),
      entry({ ref: 's5', role: 'link', name: 'Place order help', parent: 's1', interactive: true }),
    ];
    const report = analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: states(form(undefined, candidates)) });
    const [first] = similarEntries(snapshot(form(undefined, candidates)).entries, { role: 'button', name: 'Place order' });
    expect(report.suggestedRef).toBe('s3');
    expect(first.ref).toBe(report.suggestedRef);
  });

  it('should call the app broken when the element is gone and an alert says why', () => {
    const alert = entry({ ref: 's7', role: 'alert', text: 'Server error', parent: 's1' });
    const report = analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: states(form(placeOrder), form(undefined, [alert], 'Ada')) });
    expect(report).toMatchObject({ status: 'removed', verdict: 'app broken', suggestions: [] });
    expect(report.reason).toBe('the page shows a problem: alert "Server error"');
    expect(report.evidence).toEqual(['002 step 2: - button "Place order" [ref=s3]']);
  });

  it('should call a disabled target the app\'s, and a present one cannot tell', () => {
    const disabled = { ...placeOrder, state: { visible: true, disabled: true } };
    expect(analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: states(form(placeOrder), form(disabled)) })).toMatchObject({ status: 'disabled', verdict: 'app broken' });
    expect(analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: states(form(placeOrder)) })).toMatchObject({ status: 'present', verdict: 'cannot tell' });
  });

  it('should call a target that matches two elements ambiguous and scope its suggestion', () => {
    const second = entry({ ref: 's5', role: 'button', name: 'Place order', parent: 's4' });
    const other = entry({ ref: 's4', role: 'region', name: 'Gift' });
    const report = analyzeFailure({ error: kClickTimeout, target: targetOf(kClickTimeout), states: states(form(placeOrder), form(placeOrder, [other, second])) });
    expect(report).toMatchObject({ status: 'ambiguous', verdict: 'out of date' });
    expect(report.suggestions[0].code).toBe(`page.getByRole('region', { name: 'Your details', exact: true }).getByRole('button', { name: 'Place order', exact: true })`);
    expect(report.suggestions[0].checkedAgainst).toEqual(['001 step 1', '002 step 2']);
  });

  it('should say a CSS target cannot be traced, and show the latest changes', () => {
    const error = `TimeoutError: locator.click: Timeout 2000ms exceeded.\nCall log:\n  - waiting for locator('#place-order')\n`;
    const report = analyzeFailure({ error, target: targetOf(error), states: states(form(placeOrder), form(placeOrder, [], 'Ada'), form(placeOrder, [], 'Ada')) });
    expect(report).toMatchObject({ status: 'untraceable', verdict: 'cannot tell', target: { traceable: false } });
    // The last step changed nothing: the latest captures that did are shown.
    expect(report.lastChanges).toEqual({ capture: '001 step 1 → 002 step 2', lines: ['~ textbox "Full name" [ref=s2] value: "" -> "Ada"'] });
    const markdown = formatTriage(report);
    expect(markdown).toContain('**Cannot tell**');
    expect(markdown).toContain('`locator(\'#place-order\')` — it cannot be traced: it is a CSS selector (#place-order)');
    expect(markdown).toContain('~ textbox "Full name" [ref=s2] value: "" -> "Ada"');
  });

  it('should show a few of many matches per capture', () => {
    const items = Array.from({ length: 8 }, (_, i) => entry({ ref: `s${i + 20}`, role: 'listitem', text: `Item ${i}` }));
    const error = `Error: strict mode violation: getByRole('listitem') resolved to 8 elements:`;
    const report = analyzeFailure({ error, target: targetOf(error), states: states(items) });
    expect(report.status).toBe('ambiguous');
    expect(report.history[0].matched).toEqual(['listitem [ref=s20]', 'listitem [ref=s21]', 'listitem [ref=s22]', 'listitem [ref=s23]', 'listitem [ref=s24]', '… 3 more']);
  });
});
