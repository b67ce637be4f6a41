import { describe, expect, it } from 'vitest';
import { diffDom, diffFileName, slugify } from '../../src/dom/diff';
import { prettyPrintDom } from '../../src/dom/pretty';
import {
  attributeRank, escapeAttribute, escapeText, filterClassName, formatOpenTag, isGeneratedClass, kMaxValueLength, kVoidElements, sortAttributes,
} from '../../src/snapshot/markup';

describe('attributes', () => {
  it('should sort kept attributes canonically: identity, behaviour, state, aria-* by name', () => {
    const sorted = sortAttributes([['aria-label', 'x'], ['value', 'v'], ['type', 'text'], ['aria-describedby', 'h'], ['id', 'a'], ['required', ''], ['name', 'n']]);
    expect(sorted.map(([name]) => name)).toEqual(['id', 'name', 'type', 'value', 'required', 'aria-describedby', 'aria-label']);
  });

  it('should drop event handlers, inline styles, data-* and unknown attributes', () => {
    for (const name of ['onclick', 'style', 'data-testid', 'data-reactid', 'jsaction', 'width'])
      expect(attributeRank(name), name).toBe(-1);
    for (const name of ['id', 'href', 'aria-expanded', 'role', 'for', 'action', 'method', 'placeholder'])
      expect(attributeRank(name), name).toBeGreaterThanOrEqual(0);
  });

  it('should put the ref last and write boolean attributes bare', () => {
    expect(formatOpenTag('input', [['id', 'a'], ['value', ''], ['required', '']], 's12')).toBe('<input id="a" value="" required ref="s12">');
    expect(formatOpenTag('div', [], undefined)).toBe('<div>');
  });
});

describe('class filtering', () => {
  it('should drop generated tokens and keep semantic ones', () => {
    expect(filterClassName('btn css-1x2y3z btn-primary sc-bdVaJa emotion-0 jsx-123456 Button_primary__3xYz1 _3xYz1 a1b2c3d4 card')).toBe('btn btn-primary card');
    expect(filterClassName('  help\n error ')).toBe('help error');
    expect(filterClassName('css-abc sc-x')).toBe('');
  });

  it('should not mistake words for hashes', () => {
    for (const token of ['header', 'facade', 'is-active', 'col-12', 'nav__item', 'decade', 'h-100'])
      expect(isGeneratedClass(token), token).toBe(false);
    for (const token of ['deadbeef1', 'x9f8e7d6', 'css-0', 'menu__Zx9k2'])
      expect(isGeneratedClass(token), token).toBe(true);
  });
});

describe('escaping', () => {
  it('should escape attribute values so they parse back', () => {
    expect(escapeAttribute(`a "quoted" <tag> & 'single'`)).toBe('a &quot;quoted&quot; &lt;tag&gt; &amp; \'single\'');
    expect(escapeAttribute('bell\u0007 del\u007f unicode ✓ 𝄞')).toBe('bell&#x7; del&#x7f; unicode ✓ 𝄞');
  });

  it('should escape text and collapse its whitespace', () => {
    expect(escapeText('  1 < 2 && 3 > 2\n\n\tok  ')).toBe(' 1 &lt; 2 &amp;&amp; 3 &gt; 2 ok ');
    expect(escapeText('nul\u0000 esc\u001b')).toBe('nul&#x0; esc&#x1b;');
  });

  it('should cut enormous values and text, and only those', () => {
    const paragraph = 'A long paragraph of ordinary prose. '.repeat(200);
    expect(escapeText(paragraph)).toBe(paragraph);
    const blob = 'x'.repeat(5_000_000);
    expect(escapeAttribute(blob)).toBe('x'.repeat(kMaxValueLength) + '…');
    expect(escapeText(blob)).toBe('x'.repeat(kMaxValueLength) + '…');
  });

  it('should know the void elements', () => {
    expect(['input', 'img', 'br', 'hr', 'meta'].every(tag => kVoidElements[tag])).toBe(true);
    expect(kVoidElements.div).toBeUndefined();
  });
});

describe('prettyPrintDom', () => {
  const markup = '<html><body><main ref="s1"><form action="/go" method="post"><label for="a">Name</label><input id="a" name="n" type="text" value="Ada" ref="s2"><button type="submit" ref="s3">Go</button></form><p>Hi <b>there</b></p><br>\n<!-- shadow-root -->\n</main></body></html>';

  it('should put one attribute per line on elements with three or more, and indent by two', () => {
    expect(prettyPrintDom(markup)).toBe([
      '<html>',
      '  <body>',
      '    <main ref="s1">',
      '      <form action="/go" method="post">',
      '        <label for="a">Name</label>',
      '        <input',
      '          id="a"',
      '          name="n"',
      '          type="text"',
      '          value="Ada"',
      '          ref="s2"',
      '        >',
      '        <button type="submit" ref="s3">Go</button>',
      '      </form>',
      '      <p>Hi <b>there</b></p><br>',
      '      <!-- shadow-root -->',
      '    </main>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'));
  });

  it('should print the same markup byte-identically twice', () => {
    expect(prettyPrintDom(markup)).toBe(prettyPrintDom(markup));
  });

  it('should make a changed value a one-line diff', () => {
    const before = prettyPrintDom(markup);
    const after = prettyPrintDom(markup.replace('value="Ada"', 'value="Grace"'));
    const changed = diffDom(before, after).split('\n').filter(line => /^[-+][^-+]/.test(line));
    expect(changed).toEqual(['-          value="Ada"', '+          value="Grace"']);
    expect(diffDom(before, before)).toBe('');
  });
});

describe('diff file names', () => {
  it('should number and slug labels', () => {
    expect(diffFileName(3, 'Fill the form')).toBe('003-fill-the-form.diff');
    expect(diffFileName(12, 'Crème brûlée / ünïcode!')).toBe('012-creme-brulee-unicode.diff');
    expect(slugify('***')).toBe('capture');
  });
});
