import { describe, expect, it } from 'vitest';
import { kSecretMask, SecretValues } from '../../src/snapshot/secretValues';
import type { SnapshotEntry, TextRun } from '../../src/isomorphic/types';
import { diffSnapshots } from '../../src/snapshot/diff';
import { formatDiff } from '../../src/snapshot/format';
import { entry, snapshot } from './fixtures';

describe('SecretValues', () => {
  it('should mask every occurrence of a value, and say whether one was new', () => {
    const secrets = new SecretValues();
    expect(secrets.add(['hunter22'])).toBe(true);
    expect(secrets.add(['hunter22'])).toBe(false);
    expect(secrets.mask('typed hunter22, then hunter22 again')).toBe(`typed ${kSecretMask}, then ${kSecretMask} again`);
    expect(secrets.mask('hunter2')).toBe('hunter2');
  });

  it('should not mask values shorter than four characters', () => {
    const secrets = new SecretValues();
    expect(secrets.add(['abc', 'a', ''])).toBe(false);
    expect(secrets.size).toBe(0);
    expect(secrets.mask('abc and a')).toBe('abc and a');
  });

  it('should mask the forms a value takes in the artifacts: whitespace-collapsed, HTML- and JSON-escaped', () => {
    const secrets = new SecretValues();
    secrets.add(['  p<a"s\ns  w&rd ']);
    // Names and text runs collapse whitespace.
    expect(secrets.mask('name: p<a"s s w&rd')).toBe(`name: ${kSecretMask}`);
    // The DOM file escapes markup.
    expect(secrets.mask('<x title="p&lt;a&quot;s s w&amp;rd">')).toBe(`<x title="${kSecretMask}">`);
    // The triage's JSON and quoted YAML names escape quotes and line breaks.
    expect(secrets.mask(JSON.stringify({ value: '  p<a"s\ns  w&rd ' }))).toBe(`{"value":"${kSecretMask}"}`);
  });

  it('should mask a longer value before a value it contains', () => {
    const secrets = new SecretValues();
    secrets.add(['pass', 'password123']);
    expect(secrets.mask('password123 pass')).toBe(`${kSecretMask} ${kSecretMask}`);
  });

  it('should mask every text field of an entry, and replace its runs rather than edit them', () => {
    const secrets = new SecretValues();
    secrets.add(['s3cret-value']);
    const runs: TextRun[] = [{ at: 0, text: 'was s3cret-value' }, { at: 1, text: 'plain' }];
    const shared = runs[0];
    const e: SnapshotEntry = entry({
      ref: 's1', role: 'textbox', fingerprint: '0a1b2c3d', name: 'Echo s3cret-value', description: 'hint s3cret-value', text: 'was s3cret-value plain', runs,
      value: 'copy s3cret-value', placeholder: 's3cret-value', url: 'https://x.test/?q=s3cret-value',
    });
    secrets.maskEntry(e);
    expect(JSON.stringify(e)).not.toContain('s3cret-value');
    expect(e.name).toBe(`Echo ${kSecretMask}`);
    expect(e.runs).toEqual([{ at: 0, text: `was ${kSecretMask}` }, { at: 1, text: 'plain' }]);
    // The runs of the page's answer may be shared with the next decode: never edited in place.
    expect(shared.text).toBe('was s3cret-value');
  });

  it('should leave everything alone while it holds no value', () => {
    const secrets = new SecretValues();
    const e = entry({ ref: 's1', role: 'button', name: 'Save' });
    const runs = [{ at: 0, text: 'x' }];
    const snapshot = { entries: [e], text: runs };
    secrets.maskSnapshot(snapshot);
    expect(snapshot.text).toBe(runs);
    expect(secrets.mask('anything')).toBe('anything');
  });

  it('should mask a copy of a diff, each printed string whole, and leave the diff alone', () => {
    const secrets = new SecretValues();
    const before = snapshot([
      entry({ ref: 's1', role: 'list', name: 'Tried s3cret-value' }),
      entry({ ref: 's2', role: 'listitem', name: 'a', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'listitem', name: 'b s3cret-value', parent: 's1', depth: 1 }),
      entry({ ref: 's4', role: 'textbox', name: 'Notes s3cret-value', value: 'was s3cret-value' }),
      entry({ ref: 's5', role: 'button', name: 'Gone s3cret-value' }),
    ]);
    const after = snapshot([
      entry({ ref: 's1', role: 'list', name: 'Tried s3cret-value' }),
      entry({ ref: 's3', role: 'listitem', name: 'b s3cret-value', parent: 's1', depth: 1 }),
      entry({ ref: 's2', role: 'listitem', name: 'a', parent: 's1', depth: 1 }),
      entry({ ref: 's4', role: 'textbox', name: 'Notes s3cret-value', value: 'is s3cret-value' }),
      entry({ ref: 's6', role: 'paragraph', text: 'New s3cret-value' }),
    ]);
    const diff = diffSnapshots(before, after);
    const original = JSON.stringify(diff);
    expect(secrets.maskDiff(diff)).toBe(diff);
    secrets.add(['s3cret-value']);
    const masked = secrets.maskDiff(diff);
    // A page's fingerprints are hashes (the fixture's spell the name), and no text prints them.
    expect(JSON.stringify(masked, (key, value) => key === 'fingerprint' ? undefined : value)).not.toContain('s3cret-value');
    expect(formatDiff(masked).split('\n')).toEqual([
      'diff +1 -1 ~1 moved 1',
      `^ list "Tried ${kSecretMask}" [ref=s1] re-ordered: 1 of 2 children moved: listitem "b ${kSecretMask}" [ref=s3] 2 -> 1`,
      `+ paragraph [ref=s6]: New ${kSecretMask}`,
      `- button "Gone ${kSecretMask}" [ref=s5]`,
      `~ textbox "Notes ${kSecretMask}" [ref=s4] value: "was ${kSecretMask}" -> "is ${kSecretMask}"`,
    ]);
    expect(masked.changed[0].changes.value).toEqual({ prev: `was ${kSecretMask}`, curr: `is ${kSecretMask}` });
    expect(JSON.stringify(diff)).toBe(original);
  });
});
