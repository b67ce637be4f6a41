import { describe, expect, it } from 'vitest';
import { isBlank, normalizeWhitespace } from '../../injected/text';

/** The accessible-name spec's flat string, written the obvious way: what the page's version must equal. */
function flatString(text: string): string {
  return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
}

describe('the page\'s normalizeWhitespace', () => {
  it('should equal dropping zero-width spaces and soft hyphens, collapsing whitespace and trimming, for random strings', () => {
    const alphabet = ['a', 'Z', ' ', ' ', ' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '\u200b', '\u00ad', 'é'];
    let seed = 11;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 5000; round++) {
      let text = '';
      for (let i = random(10); i > 0; i--)
        text += alphabet[random(alphabet.length)];
      expect(normalizeWhitespace(text), JSON.stringify(text)).toBe(flatString(text));
      expect(isBlank(text), JSON.stringify(text)).toBe(flatString(text) === '');
    }
  });

  it('should keep flat text as it is and flatten each kind of unflat text', () => {
    for (const text of ['Save the draft', 'é', 'a b c'])
      expect(normalizeWhitespace(text)).toBe(text);
    for (const text of [' Save', 'Save ', 'Save  draft', 'Save\tdraft', 'Sa\u00adve', 'Save\u200b', '\u00a0'])
      expect(normalizeWhitespace(text), JSON.stringify(text)).toBe(flatString(text));
    expect(isBlank(null)).toBe(true);
    expect(isBlank('')).toBe(true);
  });
});
