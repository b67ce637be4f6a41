import { describe, expect, it } from 'vitest';
import { computeFingerprint, computeFingerprintBase, hashString } from '../../src/isomorphic/fingerprint';

const save = { role: 'button', name: 'Save', tag: 'button', context: '|main:' };

describe('computeFingerprint', () => {
  it('should be stable: the same parts give the same fingerprint, the FNV-1a of the parts', () => {
    // Pinned values (32-bit FNV-1a of the \u0001/\u0002-joined parts, computed independently):
    // a wrong join, hash or content rule changes them, and refs would not survive across runs.
    expect(computeFingerprintBase(save)).toBe('button\u0001Save\u0001button\u0001|main:');
    expect(computeFingerprint(computeFingerprintBase({ ...save }), undefined)).toBe('6f4fbd3e');
    expect(computeFingerprint(computeFingerprintBase(save), { text: 'Walk dog', anchor: '0badf00d' })).toBe('f5a42842');
  });

  it('should change with role, name, tag, context, and the own text and anchor of entries their name does not identify', () => {
    const base = computeFingerprint(computeFingerprintBase(save), undefined);
    const variants = [
      computeFingerprint(computeFingerprintBase({ ...save, role: 'link' }), undefined),
      computeFingerprint(computeFingerprintBase({ ...save, name: 'Save draft' }), undefined),
      computeFingerprint(computeFingerprintBase({ ...save, tag: 'div' }), undefined),
      computeFingerprint(computeFingerprintBase({ ...save, context: '|dialog:Cart' }), undefined),
      computeFingerprint(computeFingerprintBase(save), { text: '', anchor: '' }),
      computeFingerprint(computeFingerprintBase(save), { text: 'Walk dog', anchor: '' }),
      computeFingerprint(computeFingerprintBase(save), { text: '', anchor: '0badf00d' }),
    ];
    expect(new Set([base, ...variants]).size).toBe(8);
  });

  it('should not let the text and the anchor run into each other', () => {
    const base = computeFingerprintBase(save);
    expect(computeFingerprint(base, { text: 'ab', anchor: 'c' })).not.toBe(computeFingerprint(base, { text: 'a', anchor: 'bc' }));
  });

  it('should not let fields run into each other', () => {
    // "ab"+"c" and "a"+"bc" must not collide.
    const one = computeFingerprintBase({ role: 'ab', name: 'c', tag: 'x', context: '' });
    const two = computeFingerprintBase({ role: 'a', name: 'bc', tag: 'x', context: '' });
    expect(hashString(one)).not.toBe(hashString(two));
  });

  it('should hash with FNV-1a', () => {
    // Reference values of 32-bit FNV-1a.
    expect(hashString('')).toBe('811c9dc5');
    expect(hashString('a')).toBe('e40c292c');
    expect(hashString('foobar')).toBe('bf9cf968');
  });
});
