// The page protocol (src/isomorphic/protocol.ts): what the page encodes, Node decodes to the same
// snapshot, whole or as changes since the last answer; what is not an answer fails clearly.

import { describe, expect, it } from 'vitest';
import {
  AnswerError, decodeAnswer, decodeRefProblem, decodeSnapshot, encodeAnswer, encodeSnapshotParts,
  type AnswerState, type DecodedEntries, type PageSnapshot,
} from '../../src/isomorphic/protocol';
import type { SnapshotEntry } from '../../src/isomorphic/types';

const slice = (text: string, start: number, end: number) => text.slice(start, end);

function entry(ref: string, fields: Partial<SnapshotEntry> = {}): SnapshotEntry {
  return {
    ref, role: 'button', name: `Button ${ref}`, state: { visible: true }, bbox: { x: 1, y: 2.5, width: 30, height: 10 },
    fingerprint: `button|${ref}`, interactive: true, recently_changed: false, depth: 0, parent: null, tag: 'button', ...fields,
  };
}

function snapshot(fields: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    documentId: 'd123-456', url: 'https://example.com/', title: 'Example', entries: [], truncated: false, visited: 10,
    nextId: 1, elapsedMs: 1.25, changeCount: 'd123-456:3', taken: 0, ...fields,
  };
}

/** What the page does: every optional field own (undefined when absent), then the answer. */
function encode(x: PageSnapshot, base?: AnswerState, token = 'd123-456#1') {
  const parts = encodeSnapshotParts({ text: x.text, dom: x.dom, domTruncated: x.domTruncated, secrets: x.secrets, mismatch: x.mismatch, ...x }, JSON.stringify);
  return encodeAnswer(token, parts, base, slice);
}

/** What Node does. */
function decode(answer: string, base?: AnswerState, previous?: DecodedEntries) {
  const state = decodeAnswer(answer, base);
  return { state, ...decodeSnapshot(state.parts, previous) };
}

const large = Array.from({ length: 3000 }, (_, i) => entry(`s${i + 1}`, {
  role: i % 3 ? 'link' : 'button', name: `Row ${i} — ${'x'.repeat(i % 50)}`, depth: i % 4, parent: i ? `s${i}` : null,
  url: i % 3 ? `https://example.com/${i}` : undefined, text: i % 5 ? undefined : `text ${i}`,
}));

const kRepresentative: [string, PageSnapshot][] = [
  ['empty', snapshot()],
  ['empty with an empty DOM file', snapshot({ dom: '', domTruncated: false })],
  ['secrets', snapshot({
    entries: [entry('s1', { role: 'textbox', name: 'Password', value: '••••••', tag: 'input', state: { visible: true, required: true } })],
    secrets: ['hunter2', 'pw with "quotes"\nand a line'],
  })],
  ['truncated', snapshot({ entries: [entry('s1'), entry('s2', { parent: 's1', depth: 1 })], truncated: true, dom: '<main>…</main>', domTruncated: true })],
  ['frames', snapshot({
    entries: [
      entry('s1', { role: 'iframe', name: 'Payment', tag: 'iframe', frame: { src: 'https://pay.example.com/', crossOrigin: true } }),
      entry('s2', { role: 'iframe', name: 'Lazy', tag: 'iframe', frame: { src: '/lazy.html', unreachable: 'not loaded' } }),
      entry('f1s1', { role: 'textbox', name: 'Card', tag: 'input', parent: 's1', depth: 1, placeholder: '1234 …', bbox: null }),
    ],
  })],
  ['unicode', snapshot({
    title: 'Ünïcödé 😀 𝒳 — “quotes” \u2028 \u0000',
    entries: [entry('s1', {
      name: 'naïve 😀𝒳 \u200f עברית', description: 'line\nbreak\ttab', text: '🙂 a', runs: [{ at: 0, text: '🙂' }, { at: 1, text: 'a' }],
      state: { visible: true, checked: 'mixed', invalid: 'spelling', level: 2, haspopup: 'menu', sort: 'ascending', cursor: 'pointer' },
    })],
    text: [{ at: 0, text: 'Before 𝒳' }, { at: 1, text: 'after' }],
    dom: '<p>😀 𝒳 \u2028</p>', domTruncated: false,
  })],
  ['large', snapshot({ entries: large, visited: 9000, nextId: 3001, dom: '<div>' + 'y'.repeat(200_000) + '</div>', domTruncated: false })],
];

describe('page protocol', () => {
  for (const [name, x] of kRepresentative) {
    it(`should decode what it encodes: ${name}`, () => {
      const { answer } = encode(x);
      expect(decode(answer).snapshot).toEqual(x);
    });
  }

  it('should decode each answer sent as changes since the last one to what was encoded', () => {
    // Every representative state after every other: whole, then changed since the last one.
    let sent: AnswerState | undefined;
    let held: AnswerState | undefined;
    let entries: DecodedEntries | undefined;
    let count = 0;
    for (const [name, x] of [...kRepresentative, ...kRepresentative.slice().reverse()]) {
      const { answer, state } = encode(x, sent, `d123-456#${++count}`);
      const decoded = decode(answer, held, entries);
      expect(decoded.snapshot, name).toEqual(x);
      // The same state on both sides (a part neither holds is undefined, or absent).
      expect(decoded.state.token).toBe(state.token);
      expect([0, 1, 2].map(i => decoded.state.parts[i])).toEqual([0, 1, 2].map(i => state.parts[i]));
      sent = state;
      held = decoded.state;
      entries = decoded.entries;
    }
  });

  it('should send a change of a large snapshot as the change, and keep a DOM file not asked for', () => {
    const before = kRepresentative.find(([name]) => name === 'large')![1];
    const first = encode(before);
    const entriesNow = before.entries.slice();
    entriesNow[1500] = { ...entriesNow[1500], name: 'Renamed 😀' };
    // No DOM file asked for this time: it is kept ('K'), and the snapshot has none.
    const after: PageSnapshot = { ...before, entries: entriesNow, dom: undefined, domTruncated: undefined };
    const second = encode(after, first.state, 'd123-456#2');
    expect(second.answer.length).toBeLessThan(1000);
    const held = decode(first.answer);
    const decoded = decode(second.answer, held.state, held.entries);
    expect(decoded.snapshot).toEqual(after);
    expect(decoded.snapshot.dom).toBeUndefined();
    expect(decoded.state.parts[2]).toBe(before.dom);
    // Unchanged entries are the previous answer's, not parsed again.
    expect(decoded.entries.entries[0]).toBe(held.entries.entries[0]);
  });

  it('should never split a surrogate pair at the ends of a change', () => {
    const x = snapshot({ title: 'a😀b' });
    const y = snapshot({ title: 'a😃b' });
    const first = encode(x);
    const second = encode(y, first.state, 'd123-456#2');
    expect(decode(second.answer, decode(first.answer).state).snapshot).toEqual(y);
    expect(second.answer).toContain('😃');
  });

  it('should fail with a clear error on what is not an answer', () => {
    const { answer } = encode(kRepresentative[2][1]);
    const cases: [string, RegExp][] = [
      ['', /Not an answer of the page runtime: "" has no "<token>\|0" or "<token>\|1" header/],
      ['<html>oops</html>', /Not an answer of the page runtime/],
      [answer.slice(0, answer.length - 5), /A truncated answer of the page runtime: part 2 at character \d+/],
      ['t|05:Fabc', /A truncated answer/],
      ['t|0x:Fabc', /A truncated answer/],
      ['t|04:Xabc', /part 1 starts with "X", not F, D or K/],
      ['t|09:D1,x,2abc', /A malformed change in part 1 .*is not "D<prefix>,<suffix>,<middle>"/],
      ['t|1', /changes to an answer this side does not hold/],
    ];
    for (const [bad, message] of cases) {
      let error: unknown;
      try {
        decode(bad);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(bad)).toBeInstanceOf(AnswerError);
      expect((error as Error).message, JSON.stringify(bad)).toMatch(message);
    }
    // A change to a part this side does not hold.
    expect(() => decodeAnswer('t|17:D0,0,ab', { token: 't', parts: [] })).toThrow(/changes to a part this side does not hold/);
    // Well framed, but not a snapshot's parts.
    expect(() => decodeSnapshot(decodeAnswer('t|04:Fabc', undefined).parts, undefined)).toThrow(/without its header or its entries/);
    expect(() => decodeSnapshot(decodeAnswer('t|04:F{ab2:F0', undefined).parts, undefined)).toThrow(/the header is not JSON \("\{ab"/);
    expect(() => decodeSnapshot(decodeAnswer('t|05:Fnull2:F0', undefined).parts, undefined)).toThrow(/the header "null" is not an object/);
    expect(() => decodeSnapshot(decodeAnswer('t|03:F{}7:F0\n[1,2', undefined).parts, undefined)).toThrow(/entry 1 is not JSON/);
  });

  it('should read the ref engine\'s problems and nothing else', () => {
    expect(decodeRefProblem(JSON.stringify({ code: 'REF_STALE', reason: 'gone', ref: 's3' }))).toEqual({ code: 'REF_STALE', reason: 'gone', ref: 's3' });
    expect(decodeRefProblem(JSON.stringify({ code: 'REF_STALE', reason: 'not-issued', ref: 'f1s2' }))).toEqual({ code: 'REF_STALE', reason: 'not-issued', ref: 'f1s2' });
    for (const other of ['', 'null', '{', JSON.stringify({ code: 'REF_STALE', reason: 'other', ref: 's1' }), JSON.stringify({ code: 'X', reason: 'gone', ref: 's1' }), undefined, 3])
      expect(decodeRefProblem(other)).toBeUndefined();
  });
});
