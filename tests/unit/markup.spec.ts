import { describe, expect, it } from 'vitest';
import { diffDom, diffFileName, slugify } from '../../src/dom/diff';
import { kDomFileHeader, prettyPrintDom } from '../../src/dom/pretty';
import {
  attributeRank, escapeAttribute, escapeText, filterClassName, formatOpenTag, isGeneratedClass, isScriptUrl, kMaxValueLength, kVoidElements, sortAttributes,
} from '../../injected/markup';
import { kBidiControls } from '../../src/isomorphic/bidi';

describe('attributes', () => {
  it('should sort kept attributes canonically: identity, behaviour, state, aria-* by name', () => {
    const sorted = sortAttributes([['aria-label', 'x'], ['value', 'v'], ['type', 'text'], ['aria-describedby', 'h'], ['id', 'a'], ['required', ''], ['name', 'n']]);
    expect(sorted.map(([name]) => name)).toEqual(['id', 'name', 'type', 'value', 'required', 'aria-describedby', 'aria-label']);
  });

  it('should drop event handlers, inline styles, data-* but data-testid, and unknown attributes', () => {
    for (const name of ['onclick', 'style', 'data-test', 'data-reactid', 'jsaction', 'width'])
      expect(attributeRank(name), name).toBe(-1);
    for (const name of ['id', 'data-testid', 'href', 'aria-expanded', 'role', 'for', 'action', 'method', 'placeholder'])
      expect(attributeRank(name), name).toBeGreaterThanOrEqual(0);
  });

  it('should put the ref last and write boolean attributes bare', () => {
    expect(formatOpenTag('input', [['id', 'a'], ['value', ''], ['required', '']], 's12')).toBe('<input id="a" value="" required ref="s12">');
    expect(formatOpenTag('div', [], undefined)).toBe('<div>');
  });

  it('should drop attribute names outside [a-z0-9-:], aria-* ones too', () => {
    // The HTML parser takes `<div aria-x"<!--="1">` as an attribute named `aria-x"<!--`.
    for (const name of ['aria-x"<!--', 'aria-x<', 'aria-x>', "aria-x'", 'aria-x=', 'aria-x/', 'aria-x y', 'aria-\u202ex', 'aria-ﬁ', 'aria_x', 'ARIA-LABEL', 'constructor', '__proto__', ''])
      expect(attributeRank(name), name).toBe(-1);
    for (const name of ['aria-label', 'aria-x1', 'aria-a:b'])
      expect(attributeRank(name), name).toBeGreaterThanOrEqual(0);
    expect(formatOpenTag('div', [['id', 'a'], ['aria-x"<!--', '1'], ['on click', 'x'], ['aria-label', 'ok']], 's1')).toBe('<div id="a" aria-label="ok" ref="s1">');
  });

  it('should prefix script URLs in URL attributes with unsafe:', () => {
    expect(formatOpenTag('a', [['href', 'javascript:alert(1)']], 's1')).toBe('<a href="unsafe:javascript:alert(1)" ref="s1">');
    expect(formatOpenTag('embed', [['src', 'data:text/html,<script>alert(1)</script>']], undefined)).toBe('<embed src="unsafe:data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(formatOpenTag('form', [['action', ' VBScript:msgbox']], undefined)).toBe('<form action="unsafe: VBScript:msgbox">');
    expect(formatOpenTag('a', [['xlink:href', 'java\tscript:x']], undefined)).toBe('<a xlink:href="unsafe:java\tscript:x">');
    // Other attributes and other schemes are text or ordinary links.
    expect(formatOpenTag('a', [['href', '/javascript:guide'], ['title', 'javascript:x']], undefined)).toBe('<a href="/javascript:guide" title="javascript:x">');
    expect(formatOpenTag('img', [['src', 'https://example.com/data:x.png']], undefined)).toBe('<img src="https://example.com/data:x.png">');
  });

  it('should read a URL\'s scheme as the URL parser does', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:x', '  javascript:x', '\u0000\u001f javascript:x', 'java\nscript:x', 'j\ta\rv\nascript:x', 'vbscript:x', 'VBSCRIPT:x', 'data:text/html,x', 'DATA:image/png;base64,x', 'd\tata:x'])
      expect(isScriptUrl(url), JSON.stringify(url)).toBe(true);
    for (const url of ['', 'https://a.test/', '/javascript:x', './data:x', 'javascript', 'java script:x', 'javascripts:x', 'x-javascript:x', '\u00a0javascript:x', 'mailto:a@b.c', 'unsafe:javascript:x'])
      expect(isScriptUrl(url), JSON.stringify(url)).toBe(false);
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

  it('should write bidi controls as character references in text and attribute values', () => {
    expect(escapeText('\u202elecnaC')).toBe('&#x202e;lecnaC');
    expect(escapeAttribute('a\u2066b\u2069')).toBe('a&#x2066;b&#x2069;');
    expect(kBidiControls.map(c => escapeText(c)).join(' ')).toBe('&#x61c; &#x200e; &#x200f; &#x202a; &#x202b; &#x202c; &#x202d; &#x202e; &#x2066; &#x2067; &#x2068; &#x2069;');
    // Letters of right-to-left scripts are text, not controls.
    expect(escapeText('שלום مرحبا')).toBe('שלום مرحبا');
  });

  it('should escape exactly as one character at a time does, plain values included', () => {
    // The definition, character by character; escapeText/escapeAttribute skip the copy for plain values.
    const references: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u007f': '&#x7f;' };
    const reference = (value: string, inAttribute: boolean) => {
      let result = '';
      let space = false;
      for (const c of value) {
        if (!inAttribute && ' \t\n\f\r'.includes(c)) {
          space = true;
          continue;
        }
        if (space)
          result += ' ';
        space = false;
        const code = c.codePointAt(0)!;
        if (references[c] || (c === '"' && inAttribute))
          result += references[c] ?? '&quot;';
        else if (code < 32 && code !== 9 && code !== 10 && code !== 13)
          result += '&#x' + code.toString(16) + ';';
        else if (kBidiControls.includes(c))
          result += '&#x' + code.toString(16) + ';';
        else
          result += c;
      }
      return space ? result + ' ' : result;
    };
    const alphabet = ['a', 'Z', ' ', ' ', '\t', '\n', '\r', '\f', '&', '<', '>', '"', "'", '\u0000', '\u0007', '\u001f', '\u007f', 'é', '✓', '\u061c', '\u200e', '\u202e', '\u2069', '\u2070', '𝄞'];
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 2000; round++) {
      let value = '';
      const length = random(12);
      for (let i = 0; i < length; i++)
        value += round % 3 === 0 ? alphabet[random(2)] + alphabet[random(3)] : alphabet[random(alphabet.length)];
      expect(escapeText(value), JSON.stringify(value)).toBe(reference(value, false));
      expect(escapeAttribute(value), JSON.stringify(value)).toBe(reference(value, true));
    }
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

  const printed = [
    kDomFileHeader,
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
  ].join('\n');

  it('should put one attribute per line on elements with three or more, and indent by two', () => {
    expect(prettyPrintDom(markup)).toBe(printed);
  });

  it('should open the file with one constant Content-Security-Policy line that no diff shows', () => {
    expect(kDomFileHeader).toBe(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; form-action 'none'; base-uri 'none'">`);
    for (const other of [markup, '<main><p>x</p></main>', ''])
      expect(prettyPrintDom(other).split('\n')[0]).toBe(kDomFileHeader);
    const changed = diffDom(prettyPrintDom('<p>one</p>'), prettyPrintDom('<main><p>two</p></main>')).split('\n').filter(line => /^[-+][^-+]/.test(line));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.some(line => line.includes('Content-Security-Policy'))).toBe(false);
  });

  it('should print the same markup byte-identically on every call, other markup in between', () => {
    // The exact expected text, not a second call: a printer that kept state between calls, or that
    // printed a wrong but deterministic text, would pass a comparison with itself.
    expect(prettyPrintDom(markup)).toBe(printed);
    prettyPrintDom('<div><ul><li>one</li><li>two</li></ul><pre>  keep\n  this</pre></div>');
    expect(prettyPrintDom(markup)).toBe(printed);
  });

  it('should keep markup outside the serializer\'s grammar as it is, which the printer declines', () => {
    // js-beautify (a dev dependency) does not ship: what the printer cannot lay out is kept whole, unformatted.
    for (const other of ['<p>a < b</p>', ' <p>x</p>', '<p id=\'x\'>y</p>', '<p>a</p><pre>x\n'])
      expect(prettyPrintDom(other), other).toBe(kDomFileHeader + '\n' + (other.endsWith('\n') ? other : other + '\n'));
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
