import { describe, expect, it } from 'vitest';
import { computeFingerprint, computeFingerprintBase, hashString } from '../../src/snapshot/fingerprint';

const save = { role: 'button', name: 'Save', tag: 'button', context: '|main:' };

describe('computeFingerprint', () => {
  it('should be stable: the same parts give the same fingerprint', () => {
    expect(computeFingerprint(computeFingerprintBase(save), 0)).toBe(computeFingerprint(computeFingerprintBase({ ...save }), 0));
    expect(computeFingerprint(computeFingerprintBase(save), 0)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('should change with role, name, tag, context and sibling index', () => {
    const base = computeFingerprint(computeFingerprintBase(save), 0);
    const variants = [
      computeFingerprint(computeFingerprintBase({ ...save, role: 'link' }), 0),
      computeFingerprint(computeFingerprintBase({ ...save, name: 'Save draft' }), 0),
      computeFingerprint(computeFingerprintBase({ ...save, tag: 'div' }), 0),
      computeFingerprint(computeFingerprintBase({ ...save, context: '|dialog:Cart' }), 0),
      computeFingerprint(computeFingerprintBase(save), 1),
    ];
    expect(new Set([base, ...variants]).size).toBe(6);
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
