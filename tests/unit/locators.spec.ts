import { describe, expect, it } from 'vitest';
import { suggestAssertions } from '../../src/locators/assertions';
import { candidatesFor, kNthWarning, proveCandidate, proveGone, type RecordedState } from '../../src/locators/candidates';
import { attributesFromDom, evaluateLocator } from '../../src/locators/evaluate';
import { parseLocator, type LocatorStep } from '../../src/locators/parse';
import { formatValue } from '../../src/snapshot/format';
import { diffSnapshots } from '../../src/snapshot/diff';
import { entry, snapshot } from './fixtures';

function steps(source: string): LocatorStep[] {
  const parsed = parseLocator(source);
  if (parsed.kind !== 'steps')
    throw new Error(`${source}: ${parsed.reason}`);
  return parsed.steps;
}

// A page: a Profile region and an Address region, each with a Save button; a list of items.
const kPage = snapshot([
  entry({ ref: 's1', role: 'main' }),
  entry({ ref: 's2', role: 'region', name: 'Profile', parent: 's1' }),
  entry({ ref: 's3', role: 'textbox', name: 'Name', parent: 's2', value: 'Ada', placeholder: 'Your name', tag: 'input' }),
  entry({ ref: 's4', role: 'button', name: 'Save', parent: 's2', tag: 'button' }),
  entry({ ref: 's5', role: 'region', name: 'Address', parent: 's1' }),
  entry({ ref: 's6', role: 'button', name: 'Save', parent: 's5', tag: 'button' }),
  entry({ ref: 's7', role: 'list', name: 'To-do list', parent: 's1', tag: 'ul' }),
  entry({ ref: 's8', role: 'listitem', parent: 's7', tag: 'li' }),
  entry({ ref: 's9', role: 'checkbox', parent: 's8', tag: 'input' }),
  entry({ ref: 's10', role: 'generic', parent: 's8', text: 'Call mom' }),
  entry({ ref: 's11', role: 'listitem', parent: 's7', tag: 'li' }),
  entry({ ref: 's12', role: 'checkbox', parent: 's11', tag: 'input' }),
  entry({ ref: 's13', role: 'generic', parent: 's11', text: 'Buy milk' }),
  entry({ ref: 's14', role: 'paragraph', parent: 's1', text: 'Saved it' }),
  entry({ ref: 's15', role: 'img', name: 'Logo', parent: 's1', tag: 'img' }),
  entry({ ref: 's16', role: 'status', parent: 's1', text: 'Profile saved', tag: 'p' }),
]);

describe('parseLocator', () => {
  it('should read what Playwright prints', () => {
    expect(steps(`getByRole('button', { name: 'Save', exact: true })`)).toEqual([{ kind: 'role', role: 'button', name: 'Save', exact: true, states: {} }]);
    expect(steps(`page.getByRole('heading', { name: /Pay\\/now/i, level: 2 })`)).toEqual([{ kind: 'role', role: 'heading', name: /Pay\/now/i, exact: false, states: { level: 2 } }]);
    expect(steps(`getByLabel('It\\'s "here"').first()`)).toEqual([{ kind: 'label', text: 'It\'s "here"', exact: false }, { kind: 'nth', index: 0 }]);
    expect(steps(`getByRole('listitem').filter({ hasText: 'Call mom' }).getByRole('checkbox').nth(2)`)).toEqual([
      { kind: 'role', role: 'listitem', name: undefined, exact: false, states: {} },
      { kind: 'hasText', text: 'Call mom' },
      { kind: 'role', role: 'checkbox', name: undefined, exact: false, states: {} },
      { kind: 'nth', index: 2 },
    ]);
    expect(steps(`getByTestId('save').last()`)).toEqual([{ kind: 'testId', text: 'save' }, { kind: 'nth', index: -1 }]);
    expect(steps(`button "Save" [ref=f1s12]`)).toEqual([{ kind: 'ref', ref: 'f1s12' }]);
    expect(steps(`locator('sw-ref=s3')`)).toEqual([{ kind: 'ref', ref: 's3' }]);
  });

  it('should call CSS, XPath and what a snapshot cannot answer untraceable, and say why', () => {
    expect(parseLocator(`locator('#place-order')`)).toMatchObject({ kind: 'untraceable', reason: expect.stringContaining('a CSS selector (#place-order)') });
    expect(parseLocator(`locator('xpath=//button')`)).toMatchObject({ kind: 'untraceable', reason: expect.stringContaining('an XPath') });
    expect(parseLocator(`frameLocator('#pay').getByRole('button')`)).toMatchObject({ kind: 'untraceable', reason: 'frameLocator() cannot be evaluated on a snapshot' });
    expect(parseLocator(`getByRole('button').or(getByText('x'))`)).toMatchObject({ kind: 'untraceable', reason: expect.stringContaining('not a locator this reader understands') });
    expect(parseLocator(`getByRole('button', { name: 'x' }`)).toMatchObject({ kind: 'untraceable' });
    expect(parseLocator('')).toMatchObject({ kind: 'untraceable' });
  });

  it('should write strings back as source that reads as the same string', () => {
    for (const text of ['Save', 'It\'s', 'back\\slash', 'two\nlines'])
      expect(steps(`getByText(${formatValue(text)})`)).toEqual([{ kind: 'text', text, exact: false }]);
  });
});

describe('evaluateLocator', () => {
  const refs = (source: string) => evaluateLocator(steps(source), kPage).refs;

  it('should match roles and names as getByRole does', () => {
    expect(refs(`getByRole('button', { name: 'Save' })`)).toEqual(['s4', 's6']);
    expect(refs(`getByRole('button', { name: 'sav' })`)).toEqual(['s4', 's6']);
    expect(refs(`getByRole('button', { name: 'sav', exact: true })`)).toEqual([]);
    expect(refs(`getByRole('region', { name: 'Address' }).getByRole('button', { name: 'Save' })`)).toEqual(['s6']);
    expect(refs(`getByRole('button', { name: 'Save' }).nth(1)`)).toEqual(['s6']);
    expect(refs(`getByRole('button', { name: 'Save' }).last()`)).toEqual(['s6']);
    expect(refs(`getByRole('button', { name: 'Save' }).nth(5)`)).toEqual([]);
  });

  it('should match text, labels, placeholders, alt text and items by their text', () => {
    expect(refs(`getByText('Saved it')`)).toEqual(['s14']);
    expect(refs(`getByText('saved')`)).toEqual(['s14', 's16']);
    expect(refs(`getByLabel('Name')`)).toEqual(['s3']);
    expect(refs(`getByPlaceholder('Your name')`)).toEqual(['s3']);
    expect(refs(`getByAltText('Logo')`)).toEqual(['s15']);
    expect(refs(`getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox')`)).toEqual(['s12']);
  });

  it('should read test ids and titles from the DOM file, and say when there is none', () => {
    const dom = `<main ref="s1">\n  <button\n    data-testid="save-profile"\n    title="Save &quot;it&quot;"\n    ref="s4"\n  >Save</button>\n<button ref="s6">Save</button></main>`;
    expect(evaluateLocator(steps(`getByTestId('save-profile')`), kPage, attributesFromDom(dom)).refs).toEqual(['s4']);
    expect(evaluateLocator(steps(`getByTitle('Save "it"')`), kPage, attributesFromDom(dom)).refs).toEqual(['s4']);
    expect(evaluateLocator(steps(`getByTestId('save-profile')`), kPage).unknown).toContain('no DOM file');
  });

  it('should read the suite\'s own test id attributes, the first one an element has, and not data-testid then', () => {
    const dom = `<main ref="s1">\n  <button data-hook="save" data-testid="other" ref="s4">Save</button>\n<button data-ti="save" ref="s6">Save</button></main>`;
    expect(evaluateLocator(steps(`getByTestId('save')`), kPage, attributesFromDom(dom, ['data-hook'])).refs).toEqual(['s4']);
    expect(evaluateLocator(steps(`getByTestId('other')`), kPage, attributesFromDom(dom, ['data-hook'])).refs).toEqual([]);
    expect(evaluateLocator(steps(`getByTestId('save')`), kPage, attributesFromDom(dom, ['data-hook', 'data-ti'])).refs).toEqual(['s4', 's6']);
    expect(evaluateLocator(steps(`getByTestId('other')`), kPage, attributesFromDom(dom)).refs).toEqual(['s4']);
  });
});

describe('candidatesFor and proveCandidate', () => {
  const state = (label: string, snap = kPage): RecordedState => ({ label, snapshot: snap });

  it('should scope a duplicated name by its named ancestor, and prove it in every state', () => {
    const save = kPage.entries.find(e => e.ref === 's4')!;
    const proven = candidatesFor(save, kPage).find(candidate => !proveCandidate(candidate, 's4', [state('1'), state('2')]).failedAt)!;
    expect(proven.code).toBe(`getByRole('region', { name: 'Profile', exact: true }).getByRole('button', { name: 'Save', exact: true })`);
    expect(proveCandidate(proven, 's4', [state('1'), state('2')]).checkedAgainst).toEqual(['1', '2']);
  });

  it('should fail a candidate on the first state where it matches something else, and skip states without the ref', () => {
    const earlier = snapshot(kPage.entries.filter(e => e.ref !== 's6' && e.ref !== 's5'));
    const without = snapshot(kPage.entries.filter(e => e.ref !== 's4'));
    const save = kPage.entries.find(e => e.ref === 's4')!;
    const [roleAndName] = candidatesFor(save, earlier);
    expect(roleAndName.code).toBe(`getByRole('button', { name: 'Save' })`);
    expect(proveCandidate(roleAndName, 's4', [state('earlier', earlier), state('without', without), state('now')])).toEqual({ checkedAgainst: ['earlier'], failedAt: 'now' });
  });

  it('should pick a nameless checkbox by its item\'s text, and warn about position', () => {
    const checkbox = kPage.entries.find(e => e.ref === 's12')!;
    const candidates = candidatesFor(checkbox, kPage);
    const proven = candidates.filter(candidate => !proveCandidate(candidate, 's12', [state('now')]).failedAt);
    expect(proven[0].code).toBe(`getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox')`);
    expect(proven[proven.length - 1]).toMatchObject({ code: `getByRole('checkbox').nth(1)`, warning: kNthWarning });
  });
});

describe('proveGone', () => {
  // A confirm dialog with a Delete button; once it closes, a Delete button of a "Recently deleted" list.
  const kList = [
    entry({ ref: 's1', role: 'main' }),
    entry({ ref: 's2', role: 'button', name: 'Delete Bread', parent: 's1', tag: 'button' }),
  ];
  const open = snapshot([...kList, entry({ ref: 's3', role: 'dialog', name: 'Delete item?', parent: 's1' }), entry({ ref: 's4', role: 'button', name: 'Delete', parent: 's3', tag: 'button' })]);
  const closed = snapshot([kList[0], entry({ ref: 's5', role: 'region', name: 'Recently deleted', parent: 's1' }), entry({ ref: 's6', role: 'button', name: 'Delete', parent: 's5', tag: 'button' })]);
  const before = snapshot(kList);
  const states: RecordedState[] = [{ label: '001 start', snapshot: closed }, { label: '002 before', snapshot: before }, { label: '003 open', snapshot: open }, { label: '004 closed', snapshot: closed }, { label: '005 end', snapshot: before }];

  it('should fail a locator that matches another element where the element is gone, after it first was there', () => {
    const exact = steps(`getByRole('button', { name: 'Delete', exact: true })`);
    // Unique where the dialog is open; the state before the element was first there does not count.
    expect(proveCandidate({ steps: exact }, 's4', states)).toEqual({ checkedAgainst: ['003 open'] });
    const gone = proveGone(exact, 's4', states);
    expect(gone.checkedAgainst).toEqual([]);
    expect(gone.failedAt?.label).toBe('004 closed');
    expect(gone.failedAt?.entries.map(e => e.ref)).toEqual(['s6']);
  });

  it('should pass a locator scoped by the element\'s container, which matches nothing once it is gone', () => {
    const scoped = steps(`getByRole('dialog', { name: 'Delete item?', exact: true }).getByRole('button', { name: 'Delete', exact: true })`);
    expect(proveGone(scoped, 's4', states)).toEqual({ checkedAgainst: ['004 closed', '005 end'] });
    // A ref never there: nothing to check.
    expect(proveGone(scoped, 's99', states)).toEqual({ checkedAgainst: [] });
  });

  it('should not check the states of another document: after a navigation no call reaches the ref', () => {
    const exact = steps(`getByRole('button', { name: 'Delete', exact: true })`);
    const navigated = snapshot(closed.entries, { documentId: 'doc-2' });
    expect(proveGone(exact, 's4', [states[2], { label: '004 next page', snapshot: navigated }])).toEqual({ checkedAgainst: [] });
  });

  it('should skip a state that cannot answer (a test id without a DOM file)', () => {
    const withDom: RecordedState = { label: '004 closed', snapshot: closed, attributesOf: attributesFromDom('<button data-testid="delete" ref="s6">Delete</button>') };
    const byTestId = steps(`getByTestId('delete')`);
    expect(proveGone(byTestId, 's4', [states[2], { label: '004 closed', snapshot: closed }])).toEqual({ checkedAgainst: [] });
    expect(proveGone(byTestId, 's4', [states[2], withDom]).failedAt?.label).toBe('004 closed');
  });
});

describe('suggestAssertions', () => {
  it('should assert what a step changed, on durable locators, within the cap', () => {
    const cart = (value: string, checked: boolean) => [
      entry({ ref: 's1', role: 'main' }),
      entry({ ref: 's2', role: 'textbox', name: 'Name', parent: 's1', tag: 'input', value }),
      entry({ ref: 's3', role: 'checkbox', name: 'Terms', parent: 's1', tag: 'input', state: { visible: true, checked } }),
      entry({ ref: 's4', role: 'list', name: 'Cart', parent: 's1' }),
      entry({ ref: 's5', role: 'listitem', parent: 's4', text: 'Tea' }),
    ];
    const before = snapshot(cart('', false), { url: 'http://127.0.0.1/cart' });
    const after = snapshot([
      ...cart('Ada', true),
      entry({ ref: 's6', role: 'listitem', parent: 's4', text: 'Coffee' }),
      entry({ ref: 's7', role: 'status', parent: 's1', text: 'Coffee added', tag: 'p' }),
      entry({ ref: 's8', role: 'dialog', name: 'Confirm order', parent: 's1' }),
    ], { url: 'http://127.0.0.1/cart?step=2' });
    const suggestions = suggestAssertions({ label: 'before', snapshot: before }, { label: 'after', snapshot: after }, diffSnapshots(before, after));
    expect(suggestions.map(s => s.code)).toEqual([
      `await expect(page).toHaveURL('http://127.0.0.1/cart?step=2');`,
      `await expect(page.getByRole('dialog', { name: 'Confirm order' })).toBeVisible();`,
      `await expect(page.getByRole('status')).toHaveText('Coffee added');`,
      `await expect(page.getByRole('checkbox', { name: 'Terms' })).toBeChecked();`,
      `await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');`,
      `await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem')).toHaveCount(2);`,
    ]);
    // Nothing changed: nothing to say.
    expect(suggestAssertions({ label: 'a', snapshot: after }, { label: 'b', snapshot: after }, diffSnapshots(after, after))).toEqual([]);
  });

  it('should not assert a URL with a redacted secret, nor a value no durable locator reaches', () => {
    const before = snapshot([entry({ ref: 's1', role: 'textbox', tag: 'input', value: 'a' }), entry({ ref: 's2', role: 'textbox', tag: 'input', value: 'b' })]);
    const after = snapshot([entry({ ref: 's1', role: 'textbox', tag: 'input', value: 'x' }), entry({ ref: 's2', role: 'textbox', tag: 'input', value: 'b' })], { url: 'http://127.0.0.1/?token=REDACTED' });
    expect(suggestAssertions({ label: 'a', snapshot: before }, { label: 'b', snapshot: after }, diffSnapshots(before, after))).toEqual([]);
  });
});
