import { describe, expect, it } from 'vitest';
import { encodeEntriesPart, type PackedEntry } from '../../src/isomorphic/protocol';
import { parseEntriesPart } from '../../src/runtime/pageCalls';

const entry = (ref: string, name = ref): PackedEntry => [ref, 'button', name, { visible: true }, [0, 0, 10, 10], 'f' + ref, 1, 0, 0, 'button'];
const part = (entries: PackedEntry[]) => encodeEntriesPart(entries, [], JSON.stringify);

describe('entries part', () => {
  it('should read back what the page wrote, text runs included', () => {
    const entries = [entry('s1', 'Say "hi"\nthere'), entry('s2')];
    const parsed = parseEntriesPart(encodeEntriesPart(entries, [{ at: 1, text: 'between' }], JSON.stringify), undefined);
    expect(parsed.entries).toEqual(entries);
    expect(parsed.text).toEqual([{ at: 1, text: 'between' }]);
    expect(parseEntriesPart(part([]), undefined)).toMatchObject({ entries: [], text: undefined });
  });

  it('should reuse the unchanged lines at both ends and parse only the middle', () => {
    const before = parseEntriesPart(part(['s1', 's2', 's3', 's4', 's5'].map(ref => entry(ref))), undefined);
    // s3 renamed, s6 inserted after it: s1, s2 (head) and s4, s5 (tail) are the previous objects.
    const after = parseEntriesPart(part([entry('s1'), entry('s2'), entry('s3', 'Renamed'), entry('s6'), entry('s4'), entry('s5')]), before);
    expect(after.entries.map(e => e[2])).toEqual(['s1', 's2', 'Renamed', 's6', 's4', 's5']);
    expect(after.entries[0]).toBe(before.entries[0]);
    expect(after.entries[1]).toBe(before.entries[1]);
    expect(after.entries[4]).toBe(before.entries[3]);
    expect(after.entries[5]).toBe(before.entries[4]);
    expect(after.entries[2]).not.toBe(before.entries[2]);
  });

  it('should never let the ends overlap when entries are removed or repeat', () => {
    const same = ['s1', 's1', 's1'].map(ref => entry(ref));
    const before = parseEntriesPart(part(same), undefined);
    expect(parseEntriesPart(part(same.slice(0, 2)), before).entries).toEqual(same.slice(0, 2));
    expect(parseEntriesPart(part([...same, entry('s1')]), before).entries).toEqual([...same, entry('s1')]);
    expect(parseEntriesPart(part([]), before).entries).toEqual([]);
    const removedMiddle = parseEntriesPart(part([entry('a'), entry('c')]), parseEntriesPart(part([entry('a'), entry('b'), entry('c')]), undefined));
    expect(removedMiddle.entries.map(e => e[0])).toEqual(['a', 'c']);
  });
});
