import { describe, expect, it } from 'vitest';
import { decodeEntriesPart, encodeEntriesPart, type PackedEntry } from '../../src/isomorphic/protocol';
import type { TextRun } from '../../src/isomorphic/types';
import { random } from './randomMarkup';

const entry = (ref: string, name = ref): PackedEntry => [ref, 'button', name, { visible: true }, [0, 0, 10, 10], 'f' + ref, 1, 0, 0, 'button'];
const part = (entries: PackedEntry[]) => encodeEntriesPart(entries, [], JSON.stringify);

describe('entries part', () => {
  it('should read back what the page wrote, text runs included', () => {
    const entries = [entry('s1', 'Say "hi"\nthere'), entry('s2')];
    const parsed = decodeEntriesPart(encodeEntriesPart(entries, [{ at: 1, text: 'between' }], JSON.stringify), undefined);
    expect(parsed.entries).toEqual(entries);
    expect(parsed.text).toEqual([{ at: 1, text: 'between' }]);
    expect(decodeEntriesPart(part([]), undefined)).toMatchObject({ entries: [], text: undefined });
  });

  it('should reuse the unchanged lines at both ends and parse only the middle', () => {
    const before = decodeEntriesPart(part(['s1', 's2', 's3', 's4', 's5'].map(ref => entry(ref))), undefined);
    // s3 renamed, s6 inserted after it: s1, s2 (head) and s4, s5 (tail) are the previous objects.
    const after = decodeEntriesPart(part([entry('s1'), entry('s2'), entry('s3', 'Renamed'), entry('s6'), entry('s4'), entry('s5')]), before);
    expect(after.entries.map(e => e[2])).toEqual(['s1', 's2', 'Renamed', 's6', 's4', 's5']);
    expect(after.entries[0]).toBe(before.entries[0]);
    expect(after.entries[1]).toBe(before.entries[1]);
    expect(after.entries[4]).toBe(before.entries[3]);
    expect(after.entries[5]).toBe(before.entries[4]);
    expect(after.entries[2]).not.toBe(before.entries[2]);
  });

  it('should never let the ends overlap when entries are removed or repeat', () => {
    const same = ['s1', 's1', 's1'].map(ref => entry(ref));
    const before = decodeEntriesPart(part(same), undefined);
    expect(decodeEntriesPart(part(same.slice(0, 2)), before).entries).toEqual(same.slice(0, 2));
    expect(decodeEntriesPart(part([...same, entry('s1')]), before).entries).toEqual([...same, entry('s1')]);
    expect(decodeEntriesPart(part([]), before).entries).toEqual([]);
    const removedMiddle = decodeEntriesPart(part([entry('a'), entry('c')]), decodeEntriesPart(part([entry('a'), entry('b'), entry('c')]), undefined));
    expect(removedMiddle.entries.map(e => e[0])).toEqual(['a', 'c']);
  });

  it('should read every part as a fresh read would, after any edits, and keep what did not change', () => {
    let reused = 0;
    let parsedLines = 0;
    let lines = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rand = random(seed);
      const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)];
      // Short names that repeat, so that neighbouring lines are often equal.
      const names = ['a', 'b', 'Save', 'x\ny', '"q"', 'ünï', ''];
      const make = () => entry('s' + Math.floor(rand() * 6), pick(names));
      let entries = Array.from({ length: Math.floor(rand() * 12) }, make);
      let text: TextRun[] = rand() < 0.5 ? [] : [{ at: 0, text: pick(names) }];
      let previous = decodeEntriesPart(encodeEntriesPart(entries, text, JSON.stringify), undefined);
      for (let step = 0; step < 8; step++) {
        const edits = 1 + Math.floor(rand() * 3);
        for (let edit = 0; edit < edits; edit++) {
          const at = Math.floor(rand() * (entries.length + 1));
          const kind = rand();
          if (kind < 0.3)
            entries.splice(at, 0, make());
          else if (kind < 0.55 && entries.length)
            entries.splice(Math.min(at, entries.length - 1), 1);
          else if (kind < 0.8 && entries.length)
            entries[Math.min(at, entries.length - 1)] = make();
          else if (kind < 0.9)
            text = rand() < 0.5 ? [] : [{ at: 0, text: pick(names) }];
          // else: nothing changed at all
        }
        const part = encodeEntriesPart(entries, text, JSON.stringify);
        const read = decodeEntriesPart(part, previous);
        const fresh = decodeEntriesPart(part, undefined);
        expect(read.entries, `seed ${seed}, step ${step}`).toEqual(fresh.entries);
        expect(read.text).toEqual(fresh.text);
        expect(read.lines).toEqual(fresh.lines);
        const kept = read.entries.filter(e => previous.entries.includes(e)).length;
        reused += kept;
        parsedLines += read.entries.length - kept;
        lines += read.entries.length;
        previous = read;
        entries = entries.slice();
      }
    }
    // Most lines survive a few edits: they must come from the previous read, not a new parse.
    expect(reused).toBeGreaterThan(lines / 2);
    expect(parsedLines).toBeGreaterThan(0);
  });

  it('should split and parse only the lines around a change in a big part', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => entry('s' + i, 'Row ' + i));
    const before = decodeEntriesPart(part(entries), undefined);
    const changed = entries.slice();
    changed[2500] = entry('s2500', 'Renamed');
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = ((text: string, reviver?: (key: string, value: unknown) => unknown) => { calls++; return parse(text, reviver); }) as typeof JSON.parse;
    let after;
    try {
      after = decodeEntriesPart(part(changed), before);
    } finally {
      JSON.parse = parse;
    }
    expect(calls).toBeLessThanOrEqual(2);
    expect(after.entries[2500][2]).toBe('Renamed');
    expect(after.entries[2499]).toBe(before.entries[2499]);
    expect(after.entries[2501]).toBe(before.entries[2501]);
  });
});
