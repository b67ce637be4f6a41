// The DOM file is patched when one attribute value changed since the last print
// (src/dom/pretty.ts): it must equal js-beautify's one-pass print of the whole markup, byte for
// byte, whatever the markup and whatever was printed before.

import { describe, expect, it, vi } from 'vitest';
import { prettyPrintDomFully } from '../../src/dom/beautifyReference';
import { prettyPrintDom } from '../../src/dom/pretty';
import * as printer from '../../src/dom/printer';
import { random, randomMarkup } from './randomMarkup';

describe('prettyPrintDom, patching a changed value', () => {
  const kValues = ['', 'x', 'typed 1', 'Tea &amp; cake', '&quot;q&quot;', 'a: b', '  two  spaces ', 'naïve — ok', 'e.g. Tea', '{{x}}', 'javascript:x', 'x'.repeat(300)];

  it('should equal one js-beautify pass after random value edits, printing nothing again when one value changed', () => {
    const spy = vi.spyOn(printer, 'printMarkup');
    let patched = 0;
    try {
      for (let seed = 1; seed <= 60; seed++) {
        const rand = random(seed * 7919);
        let markup = randomMarkup(rand, 200 + Math.floor(rand() * 2500));
        prettyPrintDom(markup);
        for (let edit = 0; edit < 6; edit++) {
          const values = [...markup.matchAll(/ ([a-z-]+)="([^"]*)"/g)];
          if (!values.length)
            break;
          const value = values[Math.floor(rand() * values.length)];
          const replacement = kValues[Math.floor(rand() * kValues.length)];
          const start = value.index! + value[1].length + 3;
          // Mostly one value; now and then a second edit elsewhere (a text), which must not be patched.
          markup = markup.slice(0, start) + replacement + markup.slice(start + value[2].length);
          if (rand() < 0.2)
            markup = markup.replace('>alpha<', '>beta<');
          spy.mockClear();
          const printed = prettyPrintDom(markup);
          patched += spy.mock.calls.length === 0 ? 1 : 0;
          expect(printed, `seed ${seed}, edit ${edit}`).toBe(prettyPrintDomFully(markup));
        }
      }
    } finally {
      spy.mockRestore();
    }
    // Most edits changed one value only, and were patched.
    expect(patched).toBeGreaterThan(150);
  }, 60_000);

  it('should print again what is not one value: a new attribute, a text, a value in a text, a value with a line break', () => {
    const spy = vi.spyOn(printer, 'printMarkup');
    try {
      const base = '<main><p title="a" ref="s1">say x="1" here</p><input id="f" value="v" ref="s2"></main>';
      for (const next of [
        base.replace('<input id="f"', '<input id="f" name="n"'),
        base.replace('here', 'there'),
        base.replace('x="1"', 'x="2"'),
        base.replace('value="v"', 'value="two\nlines"'),
      ]) {
        prettyPrintDom(base);
        spy.mockClear();
        const printed = prettyPrintDom(next);
        expect(spy.mock.calls.length, next).toBeGreaterThan(0);
        expect(printed).toBe(prettyPrintDomFully(next));
      }
    } finally {
      spy.mockRestore();
    }
  });
});
