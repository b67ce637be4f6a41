import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { StagewrightError } from '../../src/errors';
import { validateQuery } from '../../src/expect/query';
import { kAriaRoleNames, type EntryRole } from '../../src/isomorphic/roles';
import { filterEntries, findEntries, normalizeWhitespace, queryProblem } from '../../src/snapshot/query';
import { similarRefLines } from '../../src/snapshot/likeness';
import { entry, snapshot } from './fixtures';

const page = snapshot([
  entry({ ref: 's1', role: 'main' }),
  entry({ ref: 's2', role: 'button', name: 'Save draft', interactive: true, parent: 's1' }),
  entry({ ref: 's3', role: 'button', name: 'Save', interactive: true, state: { visible: true, disabled: true }, parent: 's1' }),
  entry({ ref: 's4', role: 'link', name: 'Saved items', interactive: true, parent: 's1' }),
  entry({ ref: 's5', role: 'heading', name: 'Settings', state: { visible: true, level: 2 }, parent: 's1' }),
]);

describe('findEntries', () => {
  it('should match string names as case-insensitive substrings, like getByRole', () => {
    expect(findEntries(page, { role: 'button', name: 'save' }).map(e => e.ref)).toEqual(['s2', 's3']);
  });

  it('should match exact names exactly', () => {
    expect(findEntries(page, { role: 'button', name: 'Save', exact: true }).map(e => e.ref)).toEqual(['s3']);
    expect(findEntries(page, { name: 'save', exact: true })).toEqual([]);
  });

  it('should match regular expressions, even global ones twice', () => {
    const re = /^Save/g;
    expect(findEntries(page, { name: re }).map(e => e.ref)).toEqual(['s2', 's3', 's4']);
    expect(findEntries(page, { name: re }).map(e => e.ref)).toEqual(['s2', 's3', 's4']);
  });

  it('should match partial state, reading absent flags as false', () => {
    expect(findEntries(page, { role: 'button', state: { disabled: true } }).map(e => e.ref)).toEqual(['s3']);
    expect(findEntries(page, { role: 'button', state: { disabled: false } }).map(e => e.ref)).toEqual(['s2']);
    expect(findEntries(page, { state: { level: 2 } }).map(e => e.ref)).toEqual(['s5']);
  });

  it('should match entries without a name on their text', () => {
    const live = snapshot([entry({ ref: 's1', role: 'status', text: '1 item in the cart' }), entry({ ref: 's2', role: 'button', name: 'Cart', text: '1 item' })]);
    expect(findEntries(live, { name: /1 item/ }).map(e => e.ref)).toEqual(['s1']);
    expect(findEntries(live, { role: 'status', name: '1 ITEM' }).map(e => e.ref)).toEqual(['s1']);
  });

  it('should match refs and interactivity', () => {
    expect(findEntries(page, { ref: 's4' }).map(e => e.name)).toEqual(['Saved items']);
    expect(findEntries(page, { interactive: false }).map(e => e.ref)).toEqual(['s1', 's5']);
  });
});

describe('queryProblem', () => {
  it('should accept every query field and every state field with a value it can hold', () => {
    expect(queryProblem({}, 'sw.find')).toBeUndefined();
    expect(queryProblem({ role: 'button', name: /save/i, exact: false, interactive: true, ref: 's1' }, 'sw.find')).toBeUndefined();
    expect(queryProblem({ name: 'Save', exact: true, role: undefined }, 'sw.find')).toBeUndefined();
    expect(queryProblem({ state: {
      disabled: true, checked: 'mixed', pressed: false, expanded: true, selected: false, focused: true, required: true, readonly: false,
      invalid: 'grammar', hidden: false, level: 2, haspopup: 'menu', sort: 'descending', visible: true,
    } }, 'sw.find')).toBeUndefined();
  });

  it('should name unknown query fields, like a typo of role, with the field meant', () => {
    expect(queryProblem({ rol: 'button' }, 'sw.find')).toBe('sw.find() got unknown query fields: rol. For rol, did you mean \'role\'? Known: role, name, exact, state, interactive, ref.');
    expect(queryProblem({ role: 'button', nmae: 'Save', Exact: true, zzz: 1 }, 'toHaveEntry')).toBe('toHaveEntry() got unknown query fields: nmae, Exact, zzz. For nmae, did you mean \'name\'? For Exact, did you mean \'exact\'? Known: role, name, exact, state, interactive, ref.');
  });

  it('should name unknown state fields and values a state cannot hold', () => {
    expect(queryProblem({ state: { disabeld: true } }, 'sw.find')).toMatch(/^sw\.find\(\) got unknown state fields: disabeld\. For disabeld, did you mean 'disabled'\? Known: disabled, checked, .*sort, visible\.$/);
    expect(queryProblem({ state: { disabled: 'true' } }, 'sw.find')).toBe('sw.find(): state.disabled must be a boolean, got "true".');
    expect(queryProblem({ state: { sort: 'none' } }, 'sw.find')).toBe('sw.find(): state.sort must be \'ascending\', \'descending\' or \'other\', got "none".');
    expect(queryProblem({ state: { level: '2' } }, 'sw.find')).toBe('sw.find(): state.level must be an integer, got "2".');
    expect(queryProblem({ state: { checked: 'yes' } }, 'sw.find')).toBe('sw.find(): state.checked must be a boolean or \'mixed\', got "yes".');
    expect(queryProblem({ state: 'disabled' }, 'sw.find')).toBe('sw.find(): state must be an object of EntryState fields like { disabled: true }, got "disabled".');
    expect(queryProblem({ state: ['disabled'] }, 'sw.find')).toMatch(/^sw\.find\(\): state must be an object/);
  });

  it('should reject what is not a query, and fields of the wrong type', () => {
    for (const notQuery of [null, undefined, 'button', 3, ['button'], /Save/])
      expect(queryProblem(notQuery, 'sw.find'), String(notQuery)).toMatch(/^sw\.find\(\) takes an EntryQuery object like \{ role: 'button', name: 'Save' \}, got /);
    expect(queryProblem({ name: 3 }, 'sw.find')).toBe('sw.find(): name must be a string or a RegExp, got 3.');
    expect(queryProblem({ role: ['button'] }, 'sw.find')).toBe('sw.find(): role must be a string, got ["button"].');
    expect(queryProblem({ exact: 'yes' }, 'sw.find')).toBe('sw.find(): exact must be a boolean, got "yes".');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(queryProblem({ ref: circular }, 'sw.find')).toBe('sw.find(): ref must be a string, got {"self":[Circular]}.');
  });

  it('should be what the matchers throw, as INVALID_ARGUMENT', () => {
    const error = (() => {
      try {
        validateQuery({ rol: 'button' }, 'toHaveEntry');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StagewrightError);
    expect((error as StagewrightError).code).toBe('INVALID_ARGUMENT');
    expect((error as StagewrightError).message.split('\n')[0]).toBe(`INVALID_ARGUMENT: ${queryProblem({ rol: 'button' }, 'toHaveEntry')}`);
    expect(() => validateQuery({ role: 'button', state: { sort: 'ascending' } }, 'toHaveEntry')).not.toThrow();
  });
});

describe('filterEntries', () => {
  it('should re-parent kept entries to their nearest kept ancestor', () => {
    const nested = [
      entry({ ref: 's1', role: 'main' }),
      entry({ ref: 's2', role: 'list', parent: 's1' }),
      entry({ ref: 's3', role: 'button', parent: 's2', interactive: true }),
    ];
    expect(filterEntries(nested, e => e.ref !== 's2').map(e => [e.ref, e.parent])).toEqual([['s1', null], ['s3', 's1']]);
    expect(filterEntries(nested, e => e.interactive).map(e => [e.ref, e.parent])).toEqual([['s3', null]]);
  });
});

describe('similarRefLines', () => {
  it('should rank by name first, the role breaking near ties (the triage\'s ranking, src/snapshot/likeness.ts)', () => {
    expect(similarRefLines(page.entries, { role: 'button', name: 'Save draft' }, 2)).toEqual([
      'button "Save draft" [ref=s2]',
      'button "Save" [disabled] [ref=s3]',
    ]);
    // The very name under another role (a button where a link was expected) before a link that only shares a word.
    expect(similarRefLines(page.entries, { role: 'link', name: 'Save' }, 2)).toEqual(['button "Save" [disabled] [ref=s3]', 'link "Saved items" [ref=s4]']);
    expect(similarRefLines(page.entries, { role: 'link', name: 'saved item' }, 1)).toEqual(['link "Saved items" [ref=s4]']);
    // With no name, the role, then refs issued near the one asked for.
    expect(similarRefLines(page.entries, { role: 'heading' }, 1)).toEqual(['heading "Settings" [level=2] [ref=s5]']);
    expect(similarRefLines(page.entries, { ref: 's4' }, 1)).toEqual(['link "Saved items" [ref=s4]']);
  });
});

describe('normalizeWhitespace', () => {
  it('should equal collapsing every whitespace run and trimming, for random strings', () => {
    const alphabet = ['a', 'Z', ' ', ' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '\u200b', 'é'];
    let seed = 5;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 3000; round++) {
      let text = '';
      for (let i = random(9); i > 0; i--)
        text += alphabet[random(alphabet.length)];
      expect(normalizeWhitespace(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, ' ').trim());
    }
  });
});

describe('query roles', () => {
  it('should reject an unknown role with a guess, and never suggest it back', () => {
    expect(queryProblem({ role: 'buton' }, 'sw.find')).toBe(`sw.find(): unknown role 'buton'. Did you mean 'button'?`);
    expect(queryProblem({ role: 'Button' }, 'toHaveEntry')).toBe(`toHaveEntry(): unknown role 'Button'. Did you mean 'button'?`);
    expect(queryProblem({ role: 'zzzzzzzz' }, 'sw.find')).toMatch(/^sw\.find\(\): unknown role 'zzzzzzzz'\. Roles are the WAI-ARIA roles/);
    expect(() => validateQuery({ role: 'buton', name: 'Save' }, 'toHaveEntry')).toThrow(StagewrightError);
  });

  it('should take every role a snapshot can hold and every role getByRole takes', () => {
    // EntryRole covers Playwright's role union: a role getByRole takes is a role a query takes.
    const covered: (role: Parameters<Page['getByRole']>[0]) => EntryRole = role => role;
    for (const role of [...kAriaRoleNames, 'iframe', 'mark', 'generic', 'button'])
      expect(queryProblem({ role }, 'sw.find')).toBeUndefined();
    void covered;
  });
});
