import { describe, expect, it } from 'vitest';
import { applyBudget } from '../../src/snapshot/budget';
import { diffSnapshots } from '../../src/snapshot/diff';
import { formatDiff, formatSnapshot } from '../../src/snapshot/format';
import { estimateTokens } from '../../src/snapshot/tokens';
import { entry, snapshot } from './fixtures';

function headingsAndButtons() {
  const entries = [entry({ ref: 's1', role: 'main' })];
  for (let i = 0; i < 400; i++)
    entries.push(entry({ ref: `s${entries.length + 1}`, role: 'heading', name: `Section heading number ${i}`, parent: 's1', depth: 1, state: { visible: true, level: 2 } }));
  for (let i = 0; i < 10; i++)
    entries.push(entry({ ref: `s${entries.length + 1}`, role: 'button', name: `Action ${i}`, parent: 's1', depth: 1, interactive: true }));
  return snapshot(entries);
}

describe('applyBudget on snapshots', () => {
  it('should keep every interactive entry and drop non-interactive leaves first', () => {
    const full = headingsAndButtons();
    const budgeted = applyBudget(full, 150);
    const text = formatSnapshot(budgeted);
    expect(budgeted.entries.filter(e => e.role === 'button')).toHaveLength(10);
    expect(budgeted.entries.filter(e => e.role === 'heading')).toHaveLength(0);
    expect(budgeted.entries[0].role).toBe('main');
    expect(budgeted.meta).toMatchObject({ truncated: true, truncated_entries: 400, entryCount: 411 });
    expect(estimateTokens(text)).toBeLessThanOrEqual(150);
    expect(budgeted.meta.estimated_tokens).toBe(estimateTokens(text));
    expect(text).toMatch(/\n# truncated: 400 of 411 entries left out$/);
  });

  it('should spend a bigger budget on as many headings as fit, keeping the first ones', () => {
    const budgeted = applyBudget(headingsAndButtons(), 400);
    const headings = budgeted.entries.filter(e => e.role === 'heading');
    expect(headings.length).toBeGreaterThan(5);
    expect(headings[0].name).toBe('Section heading number 0');
    expect(budgeted.entries.filter(e => e.role === 'button')).toHaveLength(10);
    expect(estimateTokens(formatSnapshot(budgeted))).toBeLessThanOrEqual(400);
  });

  it('should drop interactive entries too when nothing else is left, and stay within the budget', () => {
    const budgeted = applyBudget(headingsAndButtons(), 40);
    expect(budgeted.entries.filter(e => e.role === 'button').length).toBeLessThan(10);
    expect(estimateTokens(formatSnapshot(budgeted))).toBeLessThanOrEqual(40);
  });

  it('should return the snapshot unchanged when it fits', () => {
    const small = snapshot([entry({ ref: 's1', role: 'button', name: 'A', interactive: true })]);
    const budgeted = applyBudget(small, 1000);
    expect(budgeted.entries).toEqual(small.entries);
    expect(budgeted.meta.truncated).toBe(false);
  });
});

describe('applyBudget on diffs', () => {
  const before = snapshot([
    ...Array.from({ length: 30 }, (_, i) => entry({ ref: `s${i + 1}`, role: 'paragraph', text: `old paragraph ${i}` })),
    entry({ ref: 's31', role: 'button', name: 'Old button', interactive: true }),
    entry({ ref: 's32', role: 'textbox', name: 'Email', value: '', interactive: true }),
    entry({ ref: 's33', role: 'status', name: '' , text: 'idle' }),
  ]);
  const after = snapshot([
    entry({ ref: 's32', role: 'textbox', name: 'Email', value: 'a@b.c', interactive: true }),
    entry({ ref: 's33', role: 'status', name: '', text: 'saved' }),
    ...Array.from({ length: 30 }, (_, i) => entry({ ref: `s${i + 40}`, role: 'paragraph', text: `new paragraph ${i}` })),
    entry({ ref: 's90', role: 'button', name: 'Pay', interactive: true }),
  ], { snapshotId: 2 });

  it('should drop non-interactive removed, changed, added, then interactive, and keep true totals', () => {
    const diff = diffSnapshots(before, after);
    const budgeted = applyBudget(diff, 80);
    expect(estimateTokens(formatDiff(budgeted))).toBeLessThanOrEqual(80);
    expect(budgeted.meta.totals).toEqual({ added: 31, removed: 31, changed: 2 });
    expect(budgeted.removed.map(e => e.ref)).toEqual(['s31']);
    expect(budgeted.changed.map(e => e.ref)).toEqual(['s32']);
    // Non-interactive added entries go last of the non-interactive ones, from the end: the first survives.
    expect(budgeted.added.map(e => e.ref)).toEqual(['s40', 's90']);
    expect(budgeted.meta.truncated_entries).toBe(64 - 4);
    // Tighter: the interactive removed entry goes first, then the changed one; the added button stays.
    const tight = applyBudget(diff, 40);
    expect([tight.removed.length, tight.changed.length, tight.added.map(e => e.ref)]).toEqual([0, 0, ['s90']]);
    expect(estimateTokens(formatDiff(tight))).toBeLessThanOrEqual(40);
  });
});
