// The DOM file's printer (src/dom/printer.ts) must print byte for byte what js-beautify prints
// with our options (js-beautify, a dev dependency, is the reference), or decline (undefined),
// which prettyPrintDom then keeps unformatted. Random markup, in the
// serializer's shape and looser; the e2e side (tests/e2e/incremental.spec.ts) checks the
// serializer's real output of the parity corpus, the demo app and the bench pages.

import beautify from 'js-beautify';
import { describe, expect, it } from 'vitest';
import { printMarkup } from '../../src/dom/printer';
import { kBeautifyOptions } from '../../src/dom/beautifyReference';
import { random, randomMarkup } from './randomMarkup';

/** '' when both prints are the same, else where they part, for the failure message. */
function difference(markup: string, ours: string, theirs: string): string {
  if (ours === theirs)
    return '';
  const a = ours.split('\n');
  const b = theirs.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  return `line ${at} of ${JSON.stringify(markup.slice(0, 2000))}\n--- ours:\n${a.slice(Math.max(0, at - 4), at + 3).join('\n')}\n--- js-beautify:\n${b.slice(Math.max(0, at - 4), at + 3).join('\n')}`;
}

describe('printMarkup', () => {
  it('should print random markup in the serializer\'s shape as js-beautify does, declining none of it', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const rand = random(seed);
      const markup = randomMarkup(rand, 5 + Math.floor(rand() * 300));
      const ours = printMarkup(markup);
      // The serializer's markup starts with a tag; a text first (leading whitespace) is declined.
      if (/^[ \t]/.test(markup)) {
        expect(ours).toBeUndefined();
        continue;
      }
      expect(ours, `seed ${seed}`).toBeDefined();
      expect(difference(markup, ours!, beautify.html(markup, kBeautifyOptions)), `seed ${seed}`).toBe('');
    }
  });

  it('should print looser markup (line breaks, CRs, tabs, comments, raw content with tags, upper case) as js-beautify does, or decline it', () => {
    let printed = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const rand = random(seed * 31337);
      const markup = randomMarkup(rand, 5 + Math.floor(rand() * 300), { loose: true });
      const ours = printMarkup(markup);
      if (ours === undefined)
        continue;
      printed++;
      expect(difference(markup, ours, beautify.html(markup, kBeautifyOptions)), `seed ${seed}`).toBe('');
    }
    expect(printed).toBeGreaterThan(1200);
  });

  it('should end every line with the markup\'s first line break, as js-beautify does', () => {
    const markup = '<main><p title="a\r\nb">x</p><div><span>y</span></div></main>';
    const printed = printMarkup(markup)!;
    expect(printed).toBe(beautify.html(markup, kBeautifyOptions));
    expect(printed.split('\r\n').length).toBeGreaterThan(4);
  });

  it('should decline what is not markup of ours, and print the edge cases js-beautify prints', () => {
    for (const markup of [' <p>x</p>', '<p>a < b</p>', '<p>x</p><!x>', '<p>x</p><?php x ?>', '<p id=x>y</p>', "<p id='x'>y</p>", '<p/>', '<p>x</p><!-- beautify ignore:start --><p>  y</p>', '<p>a</p><pre>x\n'])
      expect(printMarkup(markup), markup).toBeUndefined();
    for (const markup of ['', '\n', '<p>x</p>\n', '<pre></pre>', '<pre>\n\n  a\n</pre><p>b</p>', '<textarea> </textarea>', '<ul><li>one<li>two</ul>', '<p><div>x</div></p>', '<br></br>', '<param></param>', '<a-b><c-d>x</c-d></a-b>'])
      expect(difference(markup, printMarkup(markup)!, beautify.html(markup, kBeautifyOptions)), JSON.stringify(markup)).toBe('');
  });
});
