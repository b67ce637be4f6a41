// The fuzzer's word check must not invent words: a label's text said twice is cut off a fragment
// only where it ends a word (seed 5572: "Tea" off "Team Active" left a word "m").
import { describe, expect, it } from 'vitest';
import { withoutEnds, words } from '../fuzz/words';

describe('the fuzzer\'s words', () => {
  it('should cut a label off a fragment\'s ends only at word boundaries', () => {
    expect(withoutEnds('Team Active', ['Tea'])).toBe('Team Active');
    expect(withoutEnds('Active Steam', ['eam'])).toBe('Active Steam');
    expect(words(withoutEnds('Tea Team', ['Tea']))).toEqual(['team']);
    expect(words(withoutEnds('Active Tea', ['Tea']))).toEqual(['active']);
    expect(words(withoutEnds('Name Email Phone', ['Name', 'Phone']))).toEqual(['email']);
    expect(withoutEnds('Tea', ['Tea']).trim()).toBe('');
    // Labels Playwright glued with no space between them are still two labels (seed 5).
    expect(withoutEnds('Task Message naïveReset Account &', ['Task Message naïve', 'Reset Account &']).trim()).toBe('');
    expect(words(withoutEnds('Task Message naïveReset more', ['Task Message naïve', 'Reset']))).toEqual(['more']);
    // Text glued to a label's start (seed 6992): "ResetCity" is "Reset" and the label "City".
    expect(words(withoutEnds('Project Tea ResetCity', ['City']))).toEqual(['project', 'tea', 'reset']);
    expect(withoutEnds('Totals more', ['Total'])).toBe('Totals more');
  });
});
