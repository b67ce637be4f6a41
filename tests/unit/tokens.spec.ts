import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/snapshot/tokens';

/** The estimator's definition, as the regex it was first written with: the loop must count the same. */
function byRegex(text: string): number {
  let words = 0;
  let punctuation = 0;
  for (const piece of text.match(/[A-Za-z0-9\u00C0-\uFFFF]+|[^\sA-Za-z0-9\u00C0-\uFFFF]/g) ?? []) {
    if (piece.length === 1 && !/[A-Za-z0-9]/.test(piece))
      punctuation++;
    else
      words += Math.ceil(piece.length / 4);
  }
  return words + Math.ceil(punctuation * 0.75);
}

describe('estimateTokens', () => {
  it('should count words by four characters and punctuation closer to one token each', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('- button "Save" [ref=s12]')).toBe(byRegex('- button "Save" [ref=s12]'));
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('[]()')).toBe(3);
    expect(estimateTokens('é')).toBe(1);
  });

  it('should agree with its regex definition on random text', () => {
    const alphabet = ['a', 'Z', '5', ' ', '\t', '\n', '\u00a0', '\u0085', '\u00bf', '\u00c0', 'é', '😀', '-', '"', '[', '\u2003', '\u3000', '\ufeff', '\u2028', '.', ':'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let i = Math.floor(random() * 40); i > 0; i--)
        text += alphabet[Math.floor(random() * alphabet.length)];
      expect(estimateTokens(text), JSON.stringify(text)).toBe(byRegex(text));
    }
  });
});
