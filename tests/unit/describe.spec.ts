import { describe, expect, it } from 'vitest';
import { closestKey, describeValue, unknownKeysHint } from '../../src/snapshot/describe';

describe('describeValue', () => {
  it('should quote plain data in JSON\'s spelling', () => {
    expect(describeValue('abc')).toBe('"abc"');
    expect(describeValue({ role: 'button', n: [1, null, true] })).toBe('{"role":"button","n":[1,null,true]}');
    expect(describeValue(/a+/g)).toBe('/a+/g');
    expect(describeValue(undefined)).toBe('undefined');
  });

  it('should quote what JSON.stringify cannot, without throwing', () => {
    expect(describeValue(12n)).toBe('12n');
    expect(describeValue({ big: 1n })).toBe('{"big":1n}');
    expect(describeValue(Infinity)).toBe('Infinity');
    expect(describeValue(NaN)).toBe('NaN');
    expect(describeValue(Symbol('s'))).toBe('Symbol(s)');
    expect(describeValue(function named() {})).toBe('function named');
    const cyclic: unknown[] = [1];
    cyclic.push(cyclic);
    expect(describeValue(cyclic)).toBe('[1,[Circular]]');
    // The same object twice is no cycle.
    const shared = { a: 1 };
    expect(describeValue([shared, shared])).toBe('[{"a":1},{"a":1}]');
    const throwing = new Proxy({}, { ownKeys() { throw new Error('no'); } });
    expect(describeValue(throwing)).toBe('[object Object]');
  });

  it('should name class instances instead of dumping them', () => {
    class Page { self = this; }
    class Widget {}
    expect(describeValue(new Page())).toBe('a Playwright Page');
    expect(describeValue(new Widget())).toBe('an instance of Widget');
    expect(describeValue(new Map())).toBe('an instance of Map');
    // Bundled, Playwright's classes may be renamed; their protocol type says what they are.
    class Browser2 {}
    expect(describeValue(new Browser2())).toBe('a Playwright Browser');
    expect(describeValue(Object.assign(new Widget(), { _type: 'BrowserContext' }))).toBe('a Playwright BrowserContext');
  });

  it('should cap what it quotes, however large the input, in about the same time', () => {
    const huge = 'x'.repeat(10_000_000);
    const started = performance.now();
    const text = describeValue(huge);
    expect(performance.now() - started).toBeLessThan(50);
    expect(text.length).toBe(200);
    expect(text.endsWith('…')).toBe(true);
    expect(describeValue(Array.from({ length: 1_000_000 }, (_, i) => i), 30)).toBe('[0,1,2,3,4,5,6,7,8,9,10,11,12…');
    expect(describeValue({ a: huge, b: huge }).length).toBe(200);
  });
});

describe('closestKey', () => {
  it('should find the key a typo meant: case, prefix, a few edits, a swap', () => {
    expect(closestKey('captur', ['capture', 'attach'])).toBe('capture');
    expect(closestKey('Exact', ['name', 'exact'])).toBe('exact');
    expect(closestKey('add', ['added', 'removed', 'changed'])).toBe('added');
    expect(closestKey('nmae', ['role', 'name'])).toBe('name');
    expect(closestKey('disabeld', ['disabled', 'checked'])).toBe('disabled');
  });

  it('should guess nothing for a key that is nothing like any', () => {
    expect(closestKey('zzz', ['role', 'name', 'exact'])).toBeUndefined();
    expect(closestKey('x'.repeat(1000), ['role'])).toBeUndefined();
  });

  it('should say the guesses, then the known keys', () => {
    expect(unknownKeysHint(['rol', 'zzz'], ['role', 'name'])).toBe('For rol, did you mean \'role\'? Known: role, name.');
  });
});
