// Everything a reader sees reaches sw.text(), in reading order (docs/concepts.md, Text runs): on
// the parity corpus, the demo app and pages of inline text, the words of `document.body.innerText`
// are compared with the words of the snapshot text, markup stripped (roles, refs, `[…]` markers,
// quotes, YAML keys, `/url` and `/placeholder` lines). Per page: ≥ 98% of the page's words appear,
// and ≥ 98% of those appear in the page's order (longest common subsequence).

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServer, type TestServer } from './helpers/server';
import { expect, test } from './helpers/fixtures';

const { yaml } = createRequire(__filename)('playwright-core/lib/utilsBundle') as { yaml: { parse(text: string): unknown } };

const kParityDir = path.join(__dirname, '..', 'pages', 'parity');
const kDemoDir = path.join(__dirname, '..', '..', 'examples', 'app');
const kMinimum = 0.98;
// Pages where a design choice, not a loss, moves words. A label that wraps its checkbox and a
// <select> is the checkbox's name ("Flash the screen 3 times") and is printed once, before the
// select's options, where innerText reads the options mid-label: one word of 20 is out of order.
const kOrderExceptions: Record<string, { minimum: number; reason: string }> = {
  '39-embedded-controls.html': { minimum: 0.95, reason: 'label text once, as the name of the control it wraps' },
  // aria-owns moves "Far item" into the list that owns it, ahead of "Between": the accessibility
  // tree's order, where innerText reads the DOM's. Two words of 9.
  '43-aria-owns.html': { minimum: 0.88, reason: 'aria-owns is applied to the tree' },
};

// Pages with text in inline elements, numbers in spans and prose around links and code.
const kInlinePages: Record<string, string> = {
  'form-errors': `
    <form>
      <label>Email <input aria-invalid="true" value="bob@"></label><span class="error">Email is invalid</span>
      <div><label for="pw">Password</label> <input id="pw" type="password"><small>At least 12 characters, one digit</small></div>
      <p>By signing up you agree to the <a href="/terms">terms of service</a> and the <a href="/privacy">privacy policy</a>.</p>
      <div role="alert"><b>2 errors</b> prevent saving: <span>check the fields above</span></div>
      <button>Sign up</button>
    </form>`,
  'product-cards': `
    <main><h1>Teas</h1>
      <div class="card"><img alt="Green tea tin" src="data:,"><h2>Sencha</h2><div><span>$</span><span>12</span><span>.50</span></div>
        <span class="badge">New</span> <span>Ships in 2 days</span><button>Add to cart</button></div>
      <div class="card"><h2>Earl Grey</h2><div><s>$15</s> <strong>$11</strong> <em>save 27%</em></div>
        <div><span>★★★★☆</span> <span>(128 reviews)</span></div><button>Add to cart</button></div>
    </main>`,
  'prose-code': `
    <article><h1>Getting started</h1>
      <p>Install the package with <code>npm install stagewright</code>, then import <code>test</code> from it. See the <a href="/api">API reference</a> for every option, or read <em>Concepts</em> first.</p>
      <p>Refs look like <kbd>s12</kbd>; a ref from an older document is <strong>stale</strong> and fails with <code>REF_STALE</code>.</p>
      <pre><code>import { test } from 'stagewright';
test('checkout', async ({ page, stagewright: sw }) =&gt; {
  await page.goto('/');
  console.log(await sw.text());
});</code></pre>
      <blockquote>Text that a reader sees is text the agent reads.</blockquote>
      <p>One<br>Two<br>Three</p>
    </article>`,
  'dashboard': `
    <header><span>Acme</span> <span>Dashboard</span></header>
    <section><div class="tile"><div>Revenue</div><div><span>$</span><span>48,210</span></div><div><span>▲</span> <span>4.2%</span> vs last week</div></div>
      <div class="tile"><div>Active users</div><div><span>1,204</span></div></div>
      <div class="tile"><div>Uploads</div><div role="progressbar" aria-label="Upload" aria-valuenow="7" aria-valuemax="10">7</div><span>of 10 done</span></div>
    </section>
    <footer><span>Updated</span> <time>5 minutes ago</time> · <a href="/refresh">Refresh</a></footer>
    <span>One</span> <span>Two</span> <span>Three</span>`,
};

function words(text: string): string[] {
  // Format characters (zero-width space, soft hyphen) are invisible: they split no word.
  return text.normalize('NFKC').toLowerCase().replace(/\p{Cf}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of sw.text(): names, text runs and values; roles, refs, markers, urls and placeholders left out. */
function snapshotWords(text: string): string[] {
  const out: string[] = [];
  const visitKey = (key: string) => {
    // `role "name" [marker] [ref=s1]`: the name is a JSON string.
    const match = /^\S+(?: ("(?:[^"\\]|\\.)*"))?/.exec(key);
    if (match?.[1])
      out.push(...words(JSON.parse(match[1]) as string));
  };
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (typeof node === 'string') {
      visitKey(node);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '/url' || key === '/placeholder')
          continue;
        if (key !== 'text')
          visitKey(key);
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
          out.push(...words(String(value)));
        else
          visit(value);
      }
    }
  };
  visit(yaml.parse(text));
  return out;
}

/** Longest common subsequence length of two word lists. */
function lcs(a: string[], b: string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/**
 * innerText joins what the snapshot keeps apart (`<button>OK</button><button>Cancel</button>` reads
 * `OKCancel`, `H<sub>2</sub>O` reads `H2O`): a page word that is two or three consecutive words of
 * the snapshot, or two words of it joined across a field innerText leaves out, counts as those words.
 */
function splitJoined(pageWords: string[], ours: string[]): string[] {
  const have = new Set(ours);
  const joined = new Map<string, string[]>();
  for (let i = 0; i < ours.length; i++) {
    for (let n = 2; n <= 3 && i + n <= ours.length; n++)
      joined.set(ours.slice(i, i + n).join(''), ours.slice(i, i + n));
  }
  const split = (word: string): string[] => {
    if (have.has(word))
      return [word];
    if (joined.has(word))
      return joined.get(word)!;
    // Joined across something innerText leaves out (`Send <input> euros` reads `Sendeuros`).
    for (let i = 1; i < word.length; i++) {
      if (have.has(word.slice(0, i)) && have.has(word.slice(i)))
        return [word.slice(0, i), word.slice(i)];
    }
    return [word];
  };
  return pageWords.flatMap(split);
}

function coverage(pageWordsAsRead: string[], ours: string[]) {
  const pageWords = splitJoined(pageWordsAsRead, ours);
  if (!pageWords.length)
    return { present: 1, ordered: 1, missing: [] };
  const pool = new Map<string, number>();
  for (const word of ours)
    pool.set(word, (pool.get(word) ?? 0) + 1);
  const missing: string[] = [];
  let found = 0;
  for (const word of pageWords) {
    const count = pool.get(word) ?? 0;
    if (count) {
      found++;
      pool.set(word, count - 1);
    } else {
      missing.push(word);
    }
  }
  const present = found / Math.max(1, pageWords.length);
  const ordered = lcs(pageWords, ours) / Math.max(1, found);
  return { present, ordered, missing };
}

async function check(page: Page, sw: { text(): Promise<string> }, name: string, results: string[]) {
  const pageWords = words(await page.evaluate(() => document.body.innerText));
  const text = await sw.text();
  const { present, ordered, missing } = coverage(pageWords, snapshotWords(text));
  results.push(`${name}: ${pageWords.length} words, ${(present * 100).toFixed(1)}% present, ${(ordered * 100).toFixed(1)}% in order${missing.length ? `; missing: ${missing.slice(0, 12).join(" ")}` : ""}`);
  expect.soft(present, `${name}: words of the page missing from sw.text(): ${missing.slice(0, 20).join(' ')}\n${text}`).toBeGreaterThanOrEqual(kMinimum);
  expect.soft(ordered, `${name}: words out of the page's order\n${text}`).toBeGreaterThanOrEqual(kOrderExceptions[name]?.minimum ?? kMinimum);
}

let parity: TestServer;
let demo: TestServer;
test.beforeAll(async () => {
  parity = await startServer({ root: kParityDir });
  demo = await startServer({ root: kDemoDir });
});
test.afterAll(async () => {
  await parity.close();
  await demo.close();
});

test('should say every word of the page in its order', async ({ page, stagewright: sw }, testInfo) => {
  test.setTimeout(180_000);
  const results: string[] = [];
  for (const file of fs.readdirSync(kParityDir).filter(f => f.endsWith('.html')).sort()) {
    await page.goto(`${parity.prefix}/${file}`);
    await check(page, sw, file, results);
  }
  await page.goto(`${demo.prefix}/index.html`);
  await check(page, sw, 'demo app', results);
  for (const [name, html] of Object.entries(kInlinePages)) {
    await page.setContent(html);
    await check(page, sw, name, results);
  }
  await testInfo.attach('coverage.txt', { body: results.join('\n'), contentType: 'text/plain' });
  console.log(results.join('\n'));
});
