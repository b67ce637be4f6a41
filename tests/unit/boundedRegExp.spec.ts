import { describe, expect, it } from 'vitest';
import { StagewrightError } from '../../src/errors';
import { runRegExpBounded } from '../../src/api/boundedRegExp';
import { findEntries, runRegExpUnbounded } from '../../src/snapshot/query';
import type { Snapshot, SnapshotEntry } from '../../src/isomorphic/types';

function snapshotOf(names: string[]): Snapshot {
  const entries = names.map((name, i): SnapshotEntry => ({
    ref: `s${i + 1}`, role: 'button', name, state: {}, fingerprint: `f${i}`, interactive: true, depth: 0, parent: null, tag: 'button',
  }) as unknown as SnapshotEntry);
  return { schemaVersion: 1, entries, meta: { snapshotId: 1, entryCount: entries.length, truncated: false } } as unknown as Snapshot;
}

describe('runRegExpBounded', () => {
  it('should match as RegExp.test does, a global pattern from its start each time', () => {
    expect(runRegExpBounded(/sav/gi, ['Save', 'Save draft', 'Cancel'])).toEqual([true, true, false]);
    expect(runRegExpBounded(/^a$/, [])).toEqual([]);
  });

  it('should stop a catastrophic pattern with INVALID_ARGUMENT naming it, and keep working after', () => {
    const started = Date.now();
    let error: unknown;
    try {
      runRegExpBounded(/(a+)+$/, ['a'.repeat(27) + '!'], 300);
    } catch (e) {
      error = e;
    }
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(StagewrightError);
    expect((error as StagewrightError).code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message.split('\n')[0]).toBe('INVALID_ARGUMENT: The name pattern /(a+)+$/ takes too long: it ran past 300 ms over 1 name (catastrophic backtracking).');
    expect(runRegExpBounded(/a+$/, ['a'.repeat(27) + '!', 'aa'])).toEqual([false, true]);
  });

  it('should cap a long pattern in its message', () => {
    const pattern = new RegExp('(a+)+' + 'b?'.repeat(500) + '$');
    const message = (() => {
      try {
        runRegExpBounded(pattern, ['a'.repeat(30) + '!'], 100);
      } catch (e) {
        return (e as Error).message.split('\n')[0];
      }
    })();
    expect(message).toMatch(/^INVALID_ARGUMENT: The name pattern \/\(a\+\)\+b\?.*… takes too long/);
    expect(message!.length).toBeLessThan(250);
  });
});

describe('findEntries with a RegExp runner', () => {
  it('should run the pattern once per query, over the names of the entries that pass the other fields', () => {
    const snapshot = snapshotOf(['Save', 'Cancel', 'Save draft']);
    const calls: string[][] = [];
    const runner = (pattern: RegExp, inputs: readonly string[]) => {
      calls.push([...inputs]);
      return runRegExpUnbounded(pattern, inputs);
    };
    expect(findEntries(snapshot, { name: /^save/i, ref: 's3' }, runner).map(e => e.ref)).toEqual(['s3']);
    expect(findEntries(snapshot, { name: /^save/i }, runner).map(e => e.ref)).toEqual(['s1', 's3']);
    expect(calls).toEqual([['Save draft'], ['Save', 'Cancel', 'Save draft']]);
  });

  it('should run the bounded matcher once per query over 10,000 entries, not once per entry', () => {
    // A vm call costs 0.1–0.3 ms: once per query it is lost in the noise; once per entry it
    // would be a second. Counted, not timed.
    const snapshot = snapshotOf(Array.from({ length: 10_000 }, (_, i) => `Item number ${i} in the list`));
    const calls: number[] = [];
    const runner = (pattern: RegExp, inputs: readonly string[]) => {
      calls.push(inputs.length);
      return runRegExpBounded(pattern, inputs);
    };
    expect(findEntries(snapshot, { name: /number 99\b/ }, runner).map(e => e.name)).toEqual(['Item number 99 in the list']);
    expect(findEntries(snapshot, { name: /number 99\b/ }).map(e => e.name)).toEqual(['Item number 99 in the list']);
    expect(calls).toEqual([10_000]);
  });
});
