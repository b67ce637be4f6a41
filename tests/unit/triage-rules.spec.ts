// The pure rules of the triage: which of a test's errors it triages, which element on the page is
// "the same control" as a target that matches nothing, and when the test removed its own element.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SnapshotEntry } from '../../src/isomorphic/types';
import type { RecordedState } from '../../src/locators/candidates';
import { analyzeFailure, type TestAction } from '../../src/triage/analyze';
import { kRules } from '../../src/triage/rules';
import { pickError, targetOf } from '../../src/triage/target';
import { entry, snapshot } from './fixtures';

function states(...entries: SnapshotEntry[][]): RecordedState[] {
  return entries.map((list, index) => ({ label: `00${index + 1} step ${index + 1}`, snapshot: snapshot(list) }));
}

function clickError(locator: string): string {
  return `TimeoutError: locator.click: Timeout 2000ms exceeded.\nCall log:\n  - waiting for ${locator}\n`;
}

function triage(locator: string, recorded: RecordedState[], actions?: TestAction[]) {
  const error = clickError(locator);
  return analyzeFailure({ error, target: targetOf(error), states: recorded, actions });
}

describe('pickError', () => {
  const timeout = { message: 'Test timeout of 30000ms exceeded.' };
  const action = { message: `Error: locator.click: Test timeout of 30000ms exceeded.\nCall log:\n  - waiting for getByRole('button', { name: 'Add item' })` };
  const soft = { message: 'Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 3\nReceived: 2' };
  const missing = { message: `Error: expect(locator).toBeVisible() failed\n\nLocator: getByRole('dialog')\nExpected: visible` };

  it('should pick the action behind a test timeout, not the timeout', () => {
    expect(pickError([timeout, action])).toEqual({ error: action, index: 1 });
  });

  it('should pick the first error that names a target, even after one that names none', () => {
    expect(pickError([soft, missing, action])).toEqual({ error: missing, index: 1 });
  });

  it('should pick the first error that is not the timeout when none names a target', () => {
    const colored = { message: '\u001b[31mTest timeout of 5000ms exceeded.\u001b[39m' };
    expect(pickError([colored, soft])).toEqual({ error: soft, index: 1 });
    expect(pickError([timeout])).toEqual({ error: timeout, index: 0 });
    expect(pickError([])).toBeUndefined();
  });

  it('should count a failed stagewright matcher as naming its query, only when the query is known', () => {
    const matcher = { message: '\u001b[31mError: expect(stagewright).toHaveEntry(expected) failed' };
    const query = { source: `{ role: 'alert' }`, query: { role: 'alert' as const } };
    expect(pickError([soft, matcher, missing], query)).toEqual({ error: matcher, index: 1 });
    expect(pickError([soft, matcher, missing])).toEqual({ error: missing, index: 2 });
  });
});

describe('near matches', () => {
  it('should find a typo\'s heading by name similarity, over other headings', () => {
    const page = [
      entry({ ref: 's1', role: 'heading', name: 'Settings' }),
      entry({ ref: 's2', role: 'heading', name: 'Welcome' }),
      entry({ ref: 's3', role: 'heading', name: 'Help' }),
    ];
    const report = triage(`getByRole('heading', { name: 'Wellcome' })`, states(page, page));
    expect(report).toMatchObject({ status: 'never there', verdict: 'out of date', suggestedRef: 's2' });
    expect(report.suggestions[0].code).toBe(`page.getByRole('heading', { name: 'Welcome' })`);
  });

  it('should rank the closer name first when a control was renamed between captures', () => {
    const before = [entry({ ref: 's1', role: 'button', name: 'Add item' }), entry({ ref: 's2', role: 'button', name: 'Clear' })];
    const after = [entry({ ref: 's3', role: 'button', name: 'Add items' }), entry({ ref: 's2', role: 'button', name: 'Clear' }), entry({ ref: 's4', role: 'button', name: 'Delete everything' })];
    const report = triage(`getByRole('button', { name: 'Add item', exact: true })`, states(before, after));
    expect(report).toMatchObject({ status: 'renamed', verdict: 'out of date', suggestedRef: 's3' });
  });

  it('should take the only control of its role in the unnamed container it was in, whatever its new name', () => {
    const form = entry({ ref: 's1', role: 'form', name: '' });
    const before = [form, entry({ ref: 's2', role: 'textbox', name: 'Card', parent: 's1' }), entry({ ref: 's3', role: 'button', name: 'Place order', parent: 's1' }), entry({ ref: 's9', role: 'button', name: 'Account' })];
    const after = [form, entry({ ref: 's2', role: 'textbox', name: 'Card', parent: 's1' }), entry({ ref: 's4', role: 'button', name: 'Pay now', parent: 's1' }), entry({ ref: 's9', role: 'button', name: 'Account' })];
    const report = triage(`getByRole('button', { name: 'Place order' })`, states(before, after));
    expect(report).toMatchObject({ status: 'renamed', verdict: 'out of date', suggestedRef: 's4' });
    expect(report.now).toContain('the only button in form');
  });

  it('should name no replacement when two are as near as each other and none is in its place', () => {
    const before = [entry({ ref: 's1', role: 'button', name: 'Save' })];
    const after = [entry({ ref: 's2', role: 'button', name: 'Save A' }), entry({ ref: 's3', role: 'button', name: 'Save B' })];
    const report = triage(`getByRole('button', { name: 'Save', exact: true })`, states(before, after));
    expect(report.status).toBe('removed');
    expect(report.suggestedRef).toBeUndefined();
    expect(report.suggestions).toEqual([]);
  });

  it('should not take an unrelated control of the same role as the same one', () => {
    const before = [entry({ ref: 's1', role: 'button', name: 'Place order' }), entry({ ref: 's2', role: 'link', name: 'Home' })];
    const after = [entry({ ref: 's2', role: 'link', name: 'Home' }), entry({ ref: 's5', role: 'button', name: 'Subscribe to newsletter' })];
    const report = triage(`getByRole('button', { name: 'Place order' })`, states(before, after));
    expect(report.status).toBe('removed');
    expect(report.suggestedRef).toBeUndefined();
  });
});

describe('who removed it', () => {
  const list = entry({ ref: 's1', role: 'list', name: 'Cart' });
  const bread = [entry({ ref: 's2', role: 'listitem', parent: 's1' }), entry({ ref: 's3', role: 'text', text: 'Bread', parent: 's2' }), entry({ ref: 's4', role: 'button', name: 'Remove Bread', parent: 's2' })];
  const milk = [entry({ ref: 's5', role: 'listitem', parent: 's1' }), entry({ ref: 's6', role: 'text', text: 'Milk', parent: 's5' }), entry({ ref: 's7', role: 'button', name: 'Remove Milk', parent: 's5' })];
  const recorded = () => states([list, ...bread, ...milk], [list, ...milk]);
  const target = `getByRole('button', { name: 'Remove Bread' })`;

  it('should say the test removed an element when its own action between the captures aimed at it', () => {
    const report = triage(target, recorded(), [{ locator: target, method: 'click', afterCapture: 1 }]);
    expect(report).toMatchObject({ status: 'removed by the test', verdict: 'out of date', suggestions: [] });
    expect(report.reason).toContain(`click on ${target}`);
  });

  it('should say so too when the action aimed at the container that left with it', () => {
    const item = `getByRole('listitem').filter({ hasText: 'Bread' })`;
    const report = triage(target, recorded(), [{ locator: item, method: 'click', afterCapture: 1 }]);
    expect(report.status).toBe('removed by the test');
  });

  it('should call the app broken when no action of the test explains it', () => {
    // Aimed at another item, or before the capture that still had it: not what removed it.
    for (const action of [{ locator: `getByRole('button', { name: 'Remove Milk' })`, method: 'click', afterCapture: 1 }, { locator: target, method: 'click', afterCapture: 0 }]) {
      const report = triage(target, recorded(), [action]);
      expect(report, JSON.stringify(action)).toMatchObject({ status: 'removed', verdict: 'app broken' });
    }
  });

  it('should not tell without the test\'s actions', () => {
    expect(triage(target, recorded())).toMatchObject({ status: 'removed', verdict: 'cannot tell' });
  });
});

describe('the rules', () => {
  it('should be listed in docs/failures.md, in the order they are asked', () => {
    const docs = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'failures.md'), 'utf8');
    const listed = [...docs.slice(docs.indexOf('## The rules')).matchAll(/^\d+\. `([a-z-]+)`:/gm)].map(match => match[1]);
    expect(listed).toEqual(kRules.map(rule => rule.name));
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('should name the rule that decided in every report', () => {
    const error = clickError(`getByRole('button', { name: 'Save' })`);
    expect(analyzeFailure({ error, target: targetOf(error), states: [] })).toMatchObject({ decidedBy: 'nothing-captured', verdict: 'cannot tell' });
    expect(triage(`getByRole('button', { name: 'Save' })`, states([entry({ ref: 's1', role: 'button', name: 'Save', state: { visible: true, disabled: true } })]))).toMatchObject({ decidedBy: 'disabled', verdict: 'app broken' });
  });
});
