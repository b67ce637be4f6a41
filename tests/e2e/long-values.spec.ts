// A long value that changed shows what changed in it (docs/concepts.md, Diffs): a code editor's
// textbox holds its whole file, and one word replaced in it once made a diff line of thousands of
// characters, the file printed twice.

import { expect, test } from './helpers/fixtures';

const kSource = [
  '// Loans: how long a book may stay out, and what a late return costs.',
  'import { addDays } from \'./dates.js\';',
  '',
  '/** Days a loan lasts. */',
  'export const LOAN_PERIOD_DAYS = 21;',
  ...Array.from({ length: 55 }, (_, i) => `export const RULE_${i + 6} = ${i + 6}; // rule ${i + 6} of the lending policy`),
].join('\n');

test.describe('a long value that changed', () => {
  test('should name the line of a one-word edit in a 60-line textarea, in the step diff and in text()', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label>Source <textarea rows="60" cols="80"></textarea></label>`);
    const source = page.getByLabel('Source');
    await source.fill(kSource);
    // The baseline of text({ since: 'last' }).
    const ref = (await sw.snapshot()).entries.find(entry => entry.role === 'textbox')?.ref;
    await test.step('rename the loan period', async () => {
      await source.fill(kSource.replace('LOAN_PERIOD_DAYS', 'LOAN_DAYS'));
    });
    const expected = `~ textbox "Source" [ref=${ref}] value: line 5: "export const LOAN_PERIOD_DAYS = 21;" -> "export const LOAN_DAYS = 21;"`;
    expect(expected.length).toBeLessThan(300);

    const attachment = test.info().attachments.find(a => a.name.endsWith(' rename the loan period · dom.diff'));
    const diff = attachment?.body?.toString() ?? '';
    // The accessibility-tree diff is the comment preamble; the DOM file's unified diff follows.
    expect(diff.split('\n').filter(line => line.startsWith('#'))).toEqual(['# diff +0 -0 ~1', `# ${expected}`]);

    expect((await sw.text({ since: 'last' })).split('\n')).toEqual(['diff +0 -0 ~1', expected]);
  });
});
