import { applyPatch, createTwoFilesPatch, diffArrays, parsePatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { diffDom, editsAtLeast, kDomDiffLimits } from '../../src/dom/diff';

const kHeader = 'Index: dom.html\n===================================================================\n--- dom.html\n+++ dom.html\n';

/** What jsdiff gives for the whole files: the output diffDom must match where nothing is skipped. */
function wholeFileDiff(previous: string, current: string): string {
  return createTwoFilesPatch('dom.html', 'dom.html', previous, current, undefined, undefined, { context: 3 });
}

/** A pretty-printed table of `rows` rows, 7 lines a row, in the order given. */
function tableFile(order: number[]): string {
  const rows = order.flatMap(i => [
    `      <tr ref="s${i}">`,
    `        <td>Person ${i}</td>`,
    `        <td>person${i}@example.com</td>`,
    '        <td>',
    `          <button ref="b${i}">Edit ${i}</button>`,
    '        </td>',
    '      </tr>',
  ]);
  return ['<html>', '  <body>', '    <table>', ...rows, '    </table>', '  </body>', '</html>', ''].join('\n');
}

function shuffled(count: number): number[] {
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

describe('diffDom', () => {
  it('should return an empty string for equal files', () => {
    const file = tableFile([1, 2, 3]);
    expect(diffDom(file, file)).toBe('');
  });

  it('should give a one-line change as the whole-file unified diff', () => {
    const before = lines(20).join('\n') + '\n';
    const after = before.replace('line 9\n', 'line nine\n');
    const diff = diffDom(before, after);
    expect(diff).toBe(wholeFileDiff(before, after));
    expect(diff).toBe(kHeader + ['@@ -7,7 +7,7 @@', ' line 6', ' line 7', ' line 8', '-line 9', '+line nine', ' line 10', ' line 11', ' line 12', ''].join('\n'));
  });

  it('should match the whole-file diff at the edges of the files', () => {
    const pairs = [
      ['a\nb\nc\nd\ne\nf\ng\n', 'A\nb\nc\nd\ne\nf\ng\n'], // First line.
      ['a\nb\nc\nd\ne\nf\ng\n', 'a\nb\nc\nd\ne\nf\nG\n'], // Last line.
      ['a\nb\nc\nd\ne\nf\ng', 'a\nb\nc\nd\ne\nf\ng\n'], // Only the final newline.
      ['a\nb\nc\nd\ne\nf\ng\n', 'a\nb\nc\nd\ne\nf\ng'],
      ['a\nb\nc\nd\ne\nf\ng', 'a\nb\nc\nX\ne\nf\ng'], // No final newline on either side.
      ['a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n', 'a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM\nn\n'], // Two hunks.
      ['a\nb\nc\nd\n', 'a\nb\nX\nY\nc\nd\n'], // Pure insertion.
      ['', 'a\nb\n'],
    ];
    for (const [before, after] of pairs)
      expect(diffDom(before, after), JSON.stringify([before, after])).toBe(wholeFileDiff(before, after));
  });

  it('should keep three lines of context when the line diff slides a change to the end of the lines it diffs', () => {
    // The changed span is the first line; the line diff deletes the fourth `a` instead of the first.
    const before = 'a\na\na\na\nb\nc\nd\n';
    const after = 'b\na\na\na\nb\nc\nd\n';
    expect(diffDom(before, after)).toBe(kHeader + ['@@ -1,7 +1,7 @@', '+b', ' a', ' a', ' a', '-a', ' b', ' c', ' d', ''].join('\n'));
    expect(diffDom(before, after)).toBe(wholeFileDiff(before, after));
  });

  it('should summarize a shuffled 5,000-row table quickly and say that the lines moved', () => {
    const before = tableFile(Array.from({ length: 5_000 }, (_, i) => i));
    const after = tableFile(shuffled(5_000));
    const started = performance.now();
    const diff = diffDom(before, after);
    // A plain line diff of these files takes about a minute.
    expect(performance.now() - started).toBeLessThan(2_000);
    // Known from the lines' order before any diff runs: a re-order of distinct lines needs more
    // edits than the bound allows.
    expect(diff).toMatch(/^# DOM diff skipped: more than 57 lines added or removed among 34,998 lines before and 34,998 after$/m);
    expect(diff.startsWith(kHeader)).toBe(true);
    expect(diff.endsWith([
      '# before: 35,006 lines, 894.5 kB; after: 35,006 lines, 894.5 kB',
      '# the same lines in a different order: 19,996 lines moved',
      '',
    ].join('\n'))).toBe(true);
  });

  it('should say whether the edit length or the time ran out', () => {
    const before = tableFile(Array.from({ length: 2_000 }, (_, i) => i));
    const after = tableFile(shuffled(2_000));
    expect(diffDom(before, after, { timeoutMs: Infinity, maxWork: Infinity }).split('\n')[4]).toBe('# DOM diff skipped: more than 1,000 lines added or removed');
    expect(diffDom(before, after, { maxEditLength: Infinity, maxWork: Infinity, timeoutMs: 1 }).split('\n')[4]).toBe('# DOM diff skipped: took longer than 1 ms');
    // The edits the diff may look for shrink as the changed span grows: 4,000,000 over both sides' 28,000 lines.
    expect(diffDom(before, after, { timeoutMs: Infinity }).split('\n')[4]).toBe('# DOM diff skipped: more than 142 lines added or removed among 13,998 lines before and 13,998 after');
  });

  it('should summarize a huge replacement with its line counts', () => {
    const kept = lines(20_000);
    const before = [...kept, ...lines(10_000, 'old'), ...kept].join('\n') + '\n';
    const after = [...kept, ...lines(9_990, 'new'), ...kept].join('\n') + '\n';
    expect(diffDom(before, after)).toBe(kHeader + [
      '# DOM diff skipped: more than 1,000 lines added or removed',
      '# before: 50,000 lines, 506.7 kB; after: 49,990 lines, 506.6 kB',
      '# 10,000 lines only before, 9,990 only after',
      '',
    ].join('\n'));
  });

  it('should honour maxBytes', () => {
    const before = lines(20).join('\n') + '\n';
    const after = before.replace('line 9\n', 'line nine\n');
    const whole = wholeFileDiff(before, after);
    expect(diffDom(before, after, { maxBytes: whole.length })).toBe(whole);
    expect(diffDom(before, after, { maxBytes: whole.length - 1 })).toBe(kHeader + [
      `# DOM diff skipped: the diff would be ${whole.length} bytes`,
      '# before: 20 lines, 150 bytes; after: 20 lines, 153 bytes',
      '# 1 line only before, 1 only after',
      '',
    ].join('\n'));
    expect(kDomDiffLimits.maxBytes).toBeGreaterThan(whole.length);
  });

  it('should write a summary that patch parsers read as the DOM file with no hunks', () => {
    const summary = diffDom(lines(3_000).join('\n'), lines(3_000, 'other').join('\n'));
    expect(parsePatch(summary)).toEqual([expect.objectContaining({ oldFileName: 'dom.html', newFileName: 'dom.html', hunks: [] })]);
  });
});

describe('the lower bound of a line diff\'s edits', () => {
  /** The edits (lines removed plus added) of jsdiff's shortest line diff. */
  const edits = (before: string[], after: string[]) => diffArrays(before, after).reduce((sum, part) => sum + (part.added || part.removed ? part.count ?? part.value.length : 0), 0);

  it('should never exceed the edits of the shortest diff', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 2_000; run++) {
      // Few distinct lines (repeats), or many (mostly unique), moved, replaced, inserted and removed.
      const alphabet = 2 + Math.floor(random() * (run % 2 ? 6 : 60));
      const before = Array.from({ length: Math.floor(random() * 30) }, () => `l${Math.floor(random() * alphabet)}`);
      const after = before.slice();
      for (let change = Math.floor(random() * 8); change > 0; change--) {
        const at = Math.floor(random() * (after.length + 1));
        const kind = random();
        if (kind < 0.3)
          after.splice(at, 0, `l${Math.floor(random() * alphabet)}`);
        else if (kind < 0.5)
          after.splice(at, 1);
        else if (kind < 0.7)
          after[at] = `new${run}`;
        else
          after.splice(Math.floor(random() * (after.length + 1)), 0, ...after.splice(at, 1 + Math.floor(random() * 3)));
      }
      const bound = editsAtLeast(before, after);
      expect(bound, JSON.stringify({ before, after })).toBeLessThanOrEqual(edits(before, after));
    }
  });

  it('should be exact for a re-order of distinct lines', () => {
    const before = Array.from({ length: 300 }, (_, i) => `row ${i}`);
    const after = shuffled(300).map(i => `row ${i}`);
    expect(editsAtLeast(before, after)).toBe(edits(before, after));
    expect(editsAtLeast(before, before)).toBe(0);
  });
});

describe('the changed lines, found from the files\' common ends', () => {
  it('should give the diff of the split files on random edits, at the edges too (the oracle on)', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ['', 'a', 'b', '<div ref="s1">', '  </div>', 'a b'];
    const file = (count: number) => Array.from({ length: count }, () => words[Math.floor(random() * words.length)]);
    let compared = 0;
    for (let round = 0; round < 3000; round++) {
      const lines = file(Math.floor(random() * 12));
      const edited = [...lines];
      for (let edits = Math.floor(random() * 3); edits >= 0; edits--) {
        const at = Math.floor(random() * (edited.length + 1));
        const kind = random();
        if (kind < 0.35)
          edited.splice(at, 0, ...file(1 + Math.floor(random() * 2)));
        else if (kind < 0.7)
          edited.splice(at, 1 + Math.floor(random() * 2));
        else
          edited.splice(at, 1, ...file(1));
      }
      const ends = () => ['', '\n', '\n\n'][Math.floor(random() * 3)];
      const previous = lines.join('\n') + ends();
      const current = edited.join('\n') + ends();
      const diff = diffDom(previous, current, {}, { verify: true });
      if (previous === current) {
        expect(diff).toBe('');
        continue;
      }
      compared++;
      // Where jsdiff places a change among equal lines is its own: the diff must take one file to the other.
      expect(applyPatch(previous, diff), JSON.stringify([previous, current])).toBe(current);
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('should number the lines of a change deep in a 64k-line file as the whole-file diff does', () => {
    const before = Array.from({ length: 64_000 }, (_, i) => `  <td ref="s${i}">Row ${i}</td>`).join('\n') + '\n';
    const after = before.replace('Row 31999<', 'Row thirty-one thousand<').replace('Row 63998<', 'Row 63,998<');
    expect(diffDom(before, after, {}, { verify: true })).toBe(wholeFileDiff(before, after));
  });
});
