// The DOM file is printed chunk by chunk, reusing what the last capture printed
// (src/dom/pretty.ts): it must equal js-beautify's one-pass print of the whole markup, byte for
// byte, whatever the markup and whatever was printed before. Random markup in our serializer's
// shape (escaped text without newlines, canonical attributes, comments of frames and shadow
// roots, pre/textarea, inline and block elements, implied-end tags), then random edits of it.
// The e2e side (tests/e2e/incremental.spec.ts) checks the serializer's real output of the parity
// corpus and the demo app.

import beautify from 'js-beautify';
import { describe, expect, it, vi } from 'vitest';
import { prettyPrintDom, prettyPrintDomFully } from '../../src/dom/pretty';

/** A small deterministic PRNG (mulberry32), so a failure reproduces from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const kBlock = ['div', 'section', 'article', 'ul', 'ol', 'li', 'table', 'tbody', 'thead', 'tr', 'td', 'th', 'form', 'fieldset', 'nav', 'main', 'header', 'footer', 'dl', 'dt', 'dd', 'details', 'summary', 'label', 'button', 'select', 'option', 'h2', 'p', 'figure', 'blockquote'];
const kInline = ['span', 'a', 'b', 'em', 'strong', 'code', 'kbd', 'small', 'i'];
const kVoid = ['input', 'br', 'img', 'hr'];
const kWords = ['alpha', 'beta', 'x', '$12', '&amp;', '&lt;b&gt;', 'Tea &amp; cake', 'naïve', '—', 'a: b', '  ', ' '];

function markupOf(rand: () => number, size: number): string {
  let refs = 1;
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const attributes = () => {
    let result = '';
    const count = Math.floor(rand() * 5);
    for (let i = 0; i < count; i++)
      result += ' ' + pick(['id="a1"', 'class="row"', 'name="n"', 'type="text"', 'href="/x?y=1&amp;z"', 'value="v &quot;q&quot;"', 'disabled', 'aria-label="Close"']);
    if (rand() < 0.5)
      result += ` ref="s${refs++}"`;
    return result;
  };
  const node = (depth: number, budget: { left: number }): string => {
    budget.left--;
    const r = rand();
    if (r < 0.2 || depth > 12 || budget.left <= 0)
      return pick(kWords);
    if (r < 0.25)
      return `<${pick(kVoid)}${attributes()}>`;
    if (r < 0.27)
      return pick(['\n<!-- shadow-root -->\n', '\n<!-- /shadow-root -->\n', '<!-- BEGIN IFRAME f1 -->\n<p>in frame</p>\n<!-- END IFRAME f1 -->']);
    if (r < 0.29) {
      const raw = pick(['pre', 'textarea']);
      return `<${raw}${attributes()}>${pick(kWords)} ${pick(kWords)}</${raw}>`;
    }
    const tag = r < 0.45 ? pick(kInline) : pick(kBlock);
    let children = '';
    const count = Math.floor(rand() * (depth < 3 ? 12 : 5));
    for (let i = 0; i < count && budget.left > 0; i++)
      children += node(depth + 1, budget);
    return `<${tag}${attributes()}>${children}</${tag}>`;
  };
  const budget = { left: size };
  let body = '';
  while (budget.left > 0)
    body += node(1, budget);
  return `<html><head></head><body>${body}</body></html>`;
}

function mutate(markup: string, rand: () => number): string {
  const r = rand();
  const tags = [...markup.matchAll(/<[a-z][^>]*>/g)];
  if (!tags.length)
    return markup;
  const tag = tags[Math.floor(rand() * tags.length)];
  const at = tag.index! + tag[0].length;
  if (r < 0.4) // Text typed somewhere.
    return markup.slice(0, at) + 'typed' + markup.slice(at);
  if (r < 0.7) // An attribute changed.
    return markup.slice(0, tag.index!) + tag[0].replace(/>$/, ' value="changed"') + '>' + markup.slice(at);
  // An element inserted.
  return markup.slice(0, at) + '<div class="new"><span>new</span><input value="x" ref="s999"></div>' + markup.slice(at);
}

describe('prettyPrintDom, chunk by chunk', () => {
  it('should equal one js-beautify pass over random markup, and after random edits', () => {
    const spy = vi.spyOn(beautify, 'html');
    let chunked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rand = random(seed);
      let markup = markupOf(rand, 400 + Math.floor(rand() * 1500));
      for (let edit = 0; edit < 4; edit++) {
        spy.mockClear();
        const a = prettyPrintDom(markup).split('\n');
        const b = prettyPrintDomFully(markup).split('\n');
        const at = a.findIndex((line, i) => line !== b[i]);
        chunked += spy.mock.calls.some(([input]) => input.includes(' sw-chunk-0>')) ? 1 : 0;
        expect(at === -1 && a.length === b.length ? '' : `seed ${seed}, edit ${edit}, line ${at}:\n${a.slice(Math.max(0, at - 4), at + 3).join('\n')}\n--- one pass:\n${b.slice(Math.max(0, at - 4), at + 3).join('\n')}`).toBe('');
        markup = mutate(markup, rand);
      }
    }
    spy.mockRestore();
    // A good part of the prints went chunk by chunk (the rest were small, or had no safe chunk).
    expect(chunked).toBeGreaterThan(40);
  }, 60_000);

  it('should equal one pass over generated rows, tables and forms, reusing chunks between prints', () => {
    let rows = '';
    for (let i = 0; i < 400; i++) {
      rows += `<div class="row"><div class="cell"><span>Row ${i} text</span></div><div class="cell"><button ref="s${i * 3}">Action ${i}</button>` +
        `<input aria-label="Field ${i}" ref="s${i * 3 + 1}"><a href="/r/${i}" ref="s${i * 3 + 2}">Link ${i}</a></div></div>`;
      if (i % 25 === 24)
        rows = `<section aria-label="Group ${i}"><div class="rows">${rows}</div></section>`;
    }
    let table = '<table><thead><tr><th>Name</th><th>Id</th></tr></thead><tbody>';
    for (let i = 0; i < 300; i++)
      table += `<tr><td>Person ${i}</td><td>${i}</td><td><button ref="t${i}">Edit</button></td></tr>`;
    table += '</tbody></table>';
    const form = '<form><p><label for="a">Name</label><input id="a" name="n" type="text" value="Ada" ref="s2"></p><textarea>  keep  </textarea><pre>x  y</pre></form>';
    let markup = `<html><head></head><body><main><h1>Bench</h1>${rows}${table}${form}</main></body></html>`;
    expect(markup.length).toBeGreaterThan(50_000);
    const spy = vi.spyOn(beautify, 'html');
    try {
      for (let i = 0; i < 5; i++) {
        spy.mockClear();
        const printed = prettyPrintDom(markup);
        // After the first print, only the skeleton and the one chunk that changed are printed again.
        if (i > 0)
          expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
        expect(printed).toBe(prettyPrintDomFully(markup));
        markup = markup.replace(`aria-label="Field ${i * 7}" ref`, `aria-label="Field ${i * 7}" value="typed ${i}" ref`);
      }
    } finally {
      spy.mockRestore();
    }
  }, 60_000);
});

describe('prettyPrintDom, patching a changed value', () => {
  const kValues = ['', 'x', 'typed 1', 'Tea &amp; cake', '&quot;q&quot;', 'a: b', '  two  spaces ', 'naïve — ok', 'e.g. Tea', '{{x}}', 'javascript:x', 'x'.repeat(300)];

  it('should equal one js-beautify pass after random value edits, printing nothing again when one value changed', () => {
    const spy = vi.spyOn(beautify, 'html');
    let patched = 0;
    try {
      for (let seed = 1; seed <= 60; seed++) {
        const rand = random(seed * 7919);
        let markup = markupOf(rand, 200 + Math.floor(rand() * 2500));
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

  it('should print again what is not one value: a new attribute, a text, a value with a brace, a value in a text', () => {
    const spy = vi.spyOn(beautify, 'html');
    try {
      const base = '<main><p title="a" ref="s1">say x="1" here</p><input id="f" value="v" ref="s2"></main>';
      for (const next of [
        base.replace('<input id="f"', '<input id="f" name="n"'),
        base.replace('here', 'there'),
        base.replace('value="v"', 'value="{{v}}"'),
        base.replace('x="1"', 'x="2"'),
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
