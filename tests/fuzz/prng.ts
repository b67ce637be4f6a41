// The fuzzer's only source of randomness: mulberry32, seeded. Everything the generator and the
// shrinker decide comes from one of these, so a seed reproduces a page and its interactions
// byte for byte on any machine (Math.random is never used).

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6D2B79F5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length)
      throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the keys, each weighted by its value. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const keys = Object.keys(weights) as K[];
    const total = keys.reduce((sum, key) => sum + weights[key], 0);
    let at = this.next() * total;
    for (const key of keys) {
      at -= weights[key];
      if (at < 0)
        return key;
    }
    return keys[keys.length - 1];
  }

  /** A new generator derived from this one: lets a sub-generator draw without shifting the rest. */
  fork(): Rng {
    return new Rng(Math.floor(this.next() * 4294967296));
  }
}
