import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/snapshot/diff';
import { formatChangeLine, formatDiff } from '../../src/snapshot/format';
import { SecretValues } from '../../src/snapshot/secretValues';
import { analyzeFailure } from '../../src/triage/analyze';
import { targetOf } from '../../src/triage/target';
import type { EntryChange } from '../../src/isomorphic/types';
import { entry, snapshot } from './fixtures';

/** A 62-line source file, as a code editor's textbox holds it: line 5 is the one the tests edit. */
const kSource = [
  '// Loans: how long a book may stay out, and what a late return costs.',
  'import { addDays, daysBetween } from \'./dates.js\';',
  'import { notify } from \'./mail.js\';',
  '',
  'export const LOAN_PERIOD_DAYS = 21;',
  ...Array.from({ length: 57 }, (_, i) => `export const RULE_${i + 6} = ${i + 6}; // rule ${i + 6} of the lending policy`),
].join('\n');

function editorChange(prev: string | undefined, curr: string | undefined, field = 'value'): string {
  const change: EntryChange = { ref: 's31', role: 'textbox', name: 'Source of app/loans.js', fingerprint: 'textbox:Source of app/loans.js', changes: { [field]: { prev, curr } } };
  return formatChangeLine(change);
}

function lines(text: string, edit: (lines: string[]) => void): string {
  const list = text.split('\n');
  edit(list);
  return list.join('\n');
}

describe('formatChangeLine of a long value', () => {
  it('should name the line of a one-word edit in a 62-line value, well under 300 characters', () => {
    const line = editorChange(kSource, kSource.replace('LOAN_PERIOD_DAYS', 'LOAN_DAYS'));
    expect(line).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 5: "export const LOAN_PERIOD_DAYS = 21;" -> "export const LOAN_DAYS = 21;"');
    expect(line.length).toBeLessThan(300);
  });

  it('should show the first changed lines and count the rest', () => {
    const edited = lines(kSource, list => {
      list[4] = 'export const LOAN_DAYS = 21;';
      list[19] = list[19].replace('= 20', '= 200');
      list[39] = list[39].replace('= 40', '= 400');
      list[40] = list[40].replace('= 41', '= 410');
    });
    expect(editorChange(kSource, edited)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 5: "export const LOAN_PERIOD_DAYS = 21;" -> "export const LOAN_DAYS = 21;" (and 3 other lines changed)');
    // Two short changes show both.
    const two = lines('a\nb\nc\nd', list => {
      list[0] = 'A';
      list[3] = 'D';
    });
    expect(editorChange('a\nb\nc\nd', two)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 1: "a" -> "A"; line 4: "d" -> "D"');
    // Every line changed: the first, and a count.
    const all = kSource.split('\n').map(line => line + ' ').join('\n');
    expect(editorChange(kSource, all)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 1: "// Loans: how long a book may stay out, and what a late return costs." -> ' +
      '"// Loans: how long a book may stay out, and what a late return costs. " (and 61 other lines changed)');
  });

  it('should show lines added and removed as a block, numbered in the value that has them', () => {
    const inserted = lines(kSource, list => list.splice(5, 0, 'export const GRACE_DAYS = 2;', 'export const FINE_PER_DAY = 0.25;'));
    expect(editorChange(kSource, inserted)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: lines 6-7 added: "export const GRACE_DAYS = 2;\\nexport const FINE_PER_DAY = 0.25;"');
    const removed = lines(kSource, list => list.splice(1, 2));
    // A block shows its first 80 characters.
    expect(editorChange(kSource, removed)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: lines 2-3 removed: "import { addDays, daysBetween } from \'./dates.js\';\\nimport { notify } from \'./mai"…');
    // A line replaced by two, and a line removed further down: the first named, the other counted.
    const both = lines(kSource, list => {
      list.splice(4, 1, 'export const LOAN_DAYS = 21;', 'export const GRACE_DAYS = 2;');
      list.splice(30, 1);
    });
    expect(editorChange(kSource, both)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: lines 5-6: "export const LOAN_PERIOD_DAYS = 21;" -> ' +
      '"export const LOAN_DAYS = 21;\\nexport const GRACE_DAYS = 2;" (and 1 other line removed)');
  });

  it('should show the changed words of a long line with some context', () => {
    const long = 'export const POLICY = \'Loans last LOAN_PERIOD_DAYS days; a late return costs FINE_PER_DAY a day, and a reminder goes out first.\';';
    const edited = lines(kSource, list => {
      list[10] = long;
    });
    const line = editorChange(edited, edited.replace('LOAN_PERIOD_DAYS days', 'LOAN_DAYS days'));
    expect(line).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 11: …"= \'Loans last LOAN_PERIOD_DAYS days; a late"… -> …"= \'Loans last LOAN_DAYS days; a late"…');
  });

  it('should show the changed words of a long one-line value with some context and ellipses', () => {
    const text = 'Books may stay out for a fixed number of days: the LOAN_PERIOD_DAYS const sets it, and the reminder job reads it every night before it mails the borrowers.';
    expect(editorChange(text, text.replace('LOAN_PERIOD_DAYS', 'LOAN_DAYS'), 'text'))
        .toBe('~ textbox "Source of app/loans.js" [ref=s31] text: …"of days: the LOAN_PERIOD_DAYS const sets it,"… -> …"of days: the LOAN_DAYS const sets it,"…');
    // Changes far apart: the first, the second too when both are short, the rest counted.
    const three = text.replace('LOAN_PERIOD_DAYS', 'LOAN_DAYS').replace('every night', 'at dawn').replace('borrowers', 'members');
    expect(editorChange(text, three, 'text')).toBe('~ textbox "Source of app/loans.js" [ref=s31] text: …"of days: the LOAN_PERIOD_DAYS const sets it,"… -> …"of days: the LOAN_DAYS const sets it,"… (and 2 other changes)');
    const two = text.replace('Books', 'Loans').replace('borrowers', 'members');
    expect(editorChange(text, two, 'text')).toBe('~ textbox "Source of app/loans.js" [ref=s31] text: "Books may stay out for a"… -> "Loans may stay out for a"…; …"before it mails the borrowers." -> …"before it mails the members."');
    // A value that changed all through: the start of each side.
    expect(editorChange('x'.repeat(300), 'y'.repeat(300))).toBe(`~ textbox "Source of app/loans.js" [ref=s31] value: "${'x'.repeat(50)}"… -> "${'y'.repeat(50)}"…`);
  });

  it('should print a short value whole, as before', () => {
    expect(editorChange('Ada', 'Ada Lovelace')).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: "Ada" -> "Ada Lovelace"');
    const short = 'x'.repeat(120);
    expect(editorChange(short, `${short.slice(1)}!`)).toBe(`~ textbox "Source of app/loans.js" [ref=s31] value: "${short}" -> "${short.slice(1)}!"`);
    // One character more is long.
    expect(editorChange(short, `${short}!`)).toBe(`~ textbox "Source of app/loans.js" [ref=s31] value: …"${'x'.repeat(20)}" -> …"${'x'.repeat(20)}!"`);
    expect(editorChange(undefined, 'a')).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: none -> "a"');
  });

  it('should show a value that became long, or stopped being long, by its start', () => {
    expect(editorChange('', kSource)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: lines 1-62 added: ' +
      '"// Loans: how long a book may stay out, and what a late return costs.\\nimport { a"…');
    expect(editorChange(kSource, '')).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: lines 1-62 removed: ' +
      '"// Loans: how long a book may stay out, and what a late return costs.\\nimport { a"…');
    const text = 'Books may stay out for a fixed number of days: the LOAN_PERIOD_DAYS const sets it, and the reminder job reads it every night.';
    expect(editorChange('Books', text)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: "Books" -> "Books may stay out for a fixed number of days: the LOAN"…');
    expect(editorChange(undefined, text)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: none -> "Books may stay out for a fixed number of days: the"…');
    expect(editorChange(text, 'Books')).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: "Books may stay out for a fixed number of days: the LOAN"… -> "Books"');
    // A one-line value gaining a line.
    expect(editorChange('Ada', 'Ada\nLovelace')).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 2 added: "Lovelace"');
  });

  it('should show the code points of an excerpt whose sides would print the same', () => {
    const edited = kSource.replace('LOAN_PERIOD_DAYS = 21', 'LOAN_PERIOD_DAYS\u00a0= 21');
    expect(editorChange(kSource, edited)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 5: "export const LOAN_PERIOD_DAYS = 21;" -> "export const LOAN_PERIOD_DAYS\\u00a0= 21;"');
  });

  it('should stay bounded on values too large to diff line by line', () => {
    const huge = Array.from({ length: 30_000 }, (_, i) => `line ${i}`).join('\n');
    const edited = huge.split('\n').map(line => `${line}!`).join('\n');
    expect(editorChange(huge, edited)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 1: "line 0" -> "line 0!"; line 2: "line 1" -> "line 1!" (and 29998 other lines changed)');
    // Past the diff's edit limit (every line moved), the changed run is paired line by line.
    const reversed = lines(kSource, list => list.reverse());
    expect(editorChange(kSource, reversed)).toBe('~ textbox "Source of app/loans.js" [ref=s31] value: line 1: ' +
      '"// Loans: how long a book may stay out, and what a late return costs." -> "export const RULE_62 = 62; // rule 62 of the lending policy" (and 61 other lines changed)');
  });

  it('should leave both values whole in the diff itself', () => {
    const edited = kSource.replace('LOAN_PERIOD_DAYS', 'LOAN_DAYS');
    const diff = diffSnapshots(snapshot([entry({ ref: 's31', role: 'textbox', value: kSource })]), snapshot([entry({ ref: 's31', role: 'textbox', value: edited })]));
    expect(diff.changed[0].changes.value).toEqual({ prev: kSource, curr: edited });
    expect(formatDiff(diff)).toBe('diff +0 -0 ~1\n~ textbox [ref=s31] value: line 5: "export const LOAN_PERIOD_DAYS = 21;" -> "export const LOAN_DAYS = 21;"');
  });
});

describe('secret values in a long value', () => {
  // Both captures were taken before the value was known to be secret (a triage, or a message, is
  // masked with what the test knows at its end): they hold it unmasked, beside the word that changed.
  const secret = 'correct horse battery staple';
  const notes = (day: string) => `${'Notes kept while setting up the account. '.repeat(2)}The password is ${secret} until ${day}.`;
  const notesBox = (value: string) => snapshot([entry({ ref: 's2', role: 'textbox', name: 'Notes', value })]);
  const diff = () => diffSnapshots(notesBox(notes('Monday')), notesBox(notes('Friday')));
  const secrets = new SecretValues();
  secrets.add([secret]);

  /** The pieces of the secret long enough to give part of it away. */
  const fragments = Array.from({ length: secret.length - 3 }, (_, i) => secret.slice(i, i + 4));
  const leaked = (text: string) => fragments.filter(fragment => text.includes(fragment));

  it('should mask a value whole before cutting it to an excerpt', () => {
    // Masked afterwards, the excerpt's cut leaves a piece of the secret that no longer matches it.
    expect(leaked(secrets.mask(formatDiff(diff())))).not.toEqual([]);
    const text = formatDiff(secrets.maskDiff(diff()));
    expect(text).toBe('diff +0 -0 ~1\n~ textbox "Notes" [ref=s2] value: …"is [redacted] until Monday." -> …"is [redacted] until Friday."');
    expect(leaked(text)).toEqual([]);
    // The diff itself is left whole.
    expect(diff().changed[0].changes.value.prev).toBe(notes('Monday'));
  });

  it('should say when the sides differ only where a secret was masked', () => {
    // The later capture knew the secret and masked it; the earlier one did not.
    const masked = formatDiff(secrets.maskDiff(diffSnapshots(notesBox(notes('Monday')), notesBox(secrets.mask(notes('Monday'))))));
    expect(masked).toBe('diff +0 -0 ~1\n~ textbox "Notes" [ref=s2] value: the same once secret values are masked');
  });

  it('should mask the triage\'s changes whole before cutting them', () => {
    const states = ['Monday', 'Friday'].map((day, i) => ({ label: `00${i + 1} step ${i + 1}`, snapshot: notesBox(notes(day)) }));
    const error = 'Error: boom';
    const unmasked = analyzeFailure({ error, target: targetOf(error), states });
    expect(leaked(secrets.mask(unmasked.lastChanges.lines.join('\n')))).not.toEqual([]);
    const report = analyzeFailure({ error, target: targetOf(error), states, secrets });
    expect(report.lastChanges.lines).toEqual(['~ textbox "Notes" [ref=s2] value: …"is [redacted] until Monday." -> …"is [redacted] until Friday."']);
  });
});
