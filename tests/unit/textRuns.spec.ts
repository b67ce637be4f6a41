import { describe, expect, it } from 'vitest';
import { applyBudget } from '../../src/snapshot/budget';
import { formatSnapshot } from '../../src/snapshot/format';
import { shapeSnapshot } from '../../src/snapshot/shape';
import { stitchFrames } from '../../src/isomorphic/stitch';
import { estimateTokens } from '../../src/snapshot/tokens';
import { entry, snapshot } from './fixtures';

// Text runs (docs/concepts.md, Text runs) through what shapes a snapshot: filters, budgets, frame
// stitching.
function page() {
  return snapshot([
    entry({ ref: 's1', role: 'paragraph', text: 'Hello again', runs: [{ at: 0, text: 'Hello' }, { at: 1, text: 'again' }] }),
    entry({ ref: 's2', role: 'link', name: 'world', parent: 's1', depth: 1, interactive: true }),
    entry({ ref: 's3', role: 'button', name: 'Save', interactive: true }),
  ], {}, [{ at: 0, text: 'Total $12' }, { at: 2, text: 'Email is invalid' }]);
}

describe('text runs', () => {
  it('should leave top-level text out of interactiveOnly and keep runs of kept entries', () => {
    const shaped = shapeSnapshot(page(), { interactiveOnly: true });
    expect(shaped.text).toBeUndefined();
    expect(formatSnapshot(shaped)).toBe('- link "world" [ref=s2]\n- button "Save" [ref=s3]');
  });

  it('should keep runs and the top-level text among the entries maxEntries keeps', () => {
    const shaped = shapeSnapshot(page(), { maxEntries: 2 });
    expect(formatSnapshot(shaped)).toBe([
      '- text: Total $12',
      '- paragraph [ref=s1]:',
      '  - text: Hello',
      '  - link "world" [ref=s2]',
      '  - text: again',
      '# truncated: 1 of 3 entries left out',
    ].join('\n'));
  });

  it('should drop top-level text first when a budget is short', () => {
    const full = page();
    const budgeted = applyBudget(full, estimateTokens(formatSnapshot(full)) - 4);
    expect(formatSnapshot(budgeted)).not.toContain('Email is invalid');
    expect(formatSnapshot(budgeted)).toContain('button "Save" [ref=s3]');
  });

  it('should make a frame\'s top-level text its iframe entry\'s runs', () => {
    const { entries } = stitchFrames([entry({ ref: 's1', role: 'iframe', frame: { src: '' } })], undefined, [{
      iframeRef: 's1', prefix: 'f1', frame: { src: 'http://a.test/' },
      entries: [entry({ ref: 'f1s1', role: 'button', name: 'Pay' })],
      text: [{ at: 0, text: 'Card' }, { at: 1, text: 'Secure' }],
    }]);
    expect(entries[0].text).toBe('Card Secure');
    expect(formatSnapshot(snapshot(entries))).toBe([
      '- iframe [ref=s1] [iframe src="http://a.test/"]:',
      '  - text: Card',
      '  - button "Pay" [ref=f1s1]',
      '  - text: Secure',
    ].join('\n'));
  });
});
