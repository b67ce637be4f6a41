// Benchmark pages: generated rows of text, buttons, inputs and links in nested containers, a
// realistic page, a table, and the demo app in one document.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'app');

/** The demo app (examples/app) as one document: its style sheet and script inlined. */
export function demoPage() {
  const read = name => fs.readFileSync(path.join(appDir, name), 'utf8');
  return read('index.html')
      .replace('<link rel="stylesheet" href="/app.css">', `<style>${read('app.css')}</style>`)
      .replace('<script src="/app.js"></script>', `<script>${read('app.js')}</script>`);
}

/** About `elements` elements: 7 per row, rows grouped into sections of 25. */
export function generatedPage(elements) {
  const rows = Math.max(1, Math.round(elements / 7.1));
  let html = '<main><h1>Benchmark</h1>';
  for (let i = 0; i < rows; i++) {
    if (i % 25 === 0)
      html += `${i ? '</div></section>' : ''}<section aria-label="Group ${i / 25}"><div class="rows">`;
    html += `<div class="row"><div class="cell"><span>Row ${i} text that says something</span></div>` +
      `<div class="cell"><button>Action ${i}</button><input aria-label="Field ${i}"><a href="/r/${i}">Link ${i}</a></div></div>`;
  }
  return html + '</div></section></main>';
}

/** A data table of `rows` rows (name, email, id, an edit button): sorting it re-orders every row. */
export function tablePage(rows) {
  let html = '<table><thead><tr><th>Name</th><th>Email</th><th>Id</th><th></th></tr></thead><tbody>';
  for (let i = 0; i < rows; i++)
    html += `<tr><td>Person ${i}</td><td>person${i}@example.com</td><td>${i}</td><td><button>Edit ${i}</button></td></tr>`;
  return html + '</tbody></table>';
}

/**
 * A realistic page of about `elements` elements: a nav menu with submenus, prose with inline links,
 * code and emphasis, a data table with headers and actions, and a form with labels, errors and
 * hints. Deterministic (no randomness), so runs compare.
 */
export function realisticPage(elements = 5_000) {
  const css = 'body{font:14px sans-serif} nav ul ul{display:none} nav li:hover>ul{display:block} .error{color:#b00} ' +
    '.card{border:1px solid #ccc;padding:4px;margin:4px 0} td,th{padding:2px 6px} code{font-family:monospace} .sr{position:absolute;left:-9999px}';
  let html = `<style>${css}</style><header><a href="/" class="logo">Acme Docs</a>` +
    '<nav aria-label="Main"><ul>';
  for (let i = 0; i < 8; i++) {
    html += `<li><a href="/section/${i}" aria-haspopup="true">Section ${i}</a><ul>`;
    for (let j = 0; j < 6; j++)
      html += `<li><a href="/section/${i}/${j}">Topic ${i}.${j}</a></li>`;
    html += '</ul></li>';
  }
  html += '</ul></nav><form role="search"><input type="search" aria-label="Search docs" placeholder="Search"><button>Go</button></form></header><main>';
  // Each block of prose, table and form below is about 330 elements; repeat to the target size.
  const blocks = Math.max(1, Math.round((elements - 130) / 330));
  for (let b = 0; b < blocks; b++) {
    html += `<article><h2 id="h${b}">Chapter ${b}: configuring the <code>widget</code></h2>`;
    for (let p = 0; p < 6; p++) {
      html += `<p>The <a href="/api/widget#${b}-${p}">widget API</a> accepts an options object; pass <code>retries: ${p}</code> ` +
        `to retry, or <em>disable</em> it with <code>retries: 0</code>. See <a href="/guide/${b}/${p}">the guide</a> and ` +
        `<strong>note</strong> that <kbd>Ctrl</kbd>+<kbd>C</kbd> copies the <span class="token">snippet ${b}.${p}</span>.</p>`;
    }
    html += `<ul>${[0, 1, 2, 3].map(i => `<li>Step ${i}: run <code>npm run task-${i}</code> then <a href="/s/${b}/${i}">check</a></li>`).join('')}</ul>`;
    html += `<pre><code>const widget = create({ id: ${b} });\nwidget.start();</code></pre>`;
    html += `<table><caption>Orders in chapter ${b}</caption><thead><tr><th scope="col" aria-sort="ascending">Order</th><th scope="col">Customer</th><th scope="col">Total</th><th scope="col">Status</th><th scope="col"><span class="sr">Actions</span></th></tr></thead><tbody>`;
    for (let r = 0; r < 20; r++) {
      const id = b * 100 + r;
      html += `<tr><th scope="row">#${id}</th><td><a href="/customers/${id}">Customer ${id}</a></td><td>$${(id * 7.25).toFixed(2)}</td>` +
        `<td><span class="badge">${r % 3 ? 'Shipped' : 'Pending'}</span></td><td><button aria-label="Edit order ${id}">Edit</button> <button>Delete</button></td></tr>`;
    }
    html += '</tbody></table>';
    html += `<form aria-labelledby="fh${b}" class="card"><h3 id="fh${b}">Contact form ${b}</h3>`;
    html += `<div role="alert" class="error">2 errors: fix the fields below.</div>`;
    html += `<p><label for="name${b}">Name</label><input id="name${b}" name="name" value="Ada" required></p>`;
    html += `<p><label for="email${b}">Email</label><input id="email${b}" type="email" value="ada@" aria-invalid="true" aria-describedby="email${b}-err"><span id="email${b}-err" class="error">Enter a valid email address.</span></p>`;
    html += `<p><label for="topic${b}">Topic</label><select id="topic${b}"><option>Billing</option><option selected>Support</option><option>Sales</option></select></p>`;
    html += `<fieldset><legend>Plan</legend><label><input type="radio" name="plan${b}" checked> Free</label><label><input type="radio" name="plan${b}"> Pro</label></fieldset>`;
    html += `<p><label for="msg${b}">Message</label><textarea id="msg${b}" aria-invalid="true" aria-describedby="msg${b}-err"></textarea><span id="msg${b}-err" class="error">A message is required.</span></p>`;
    html += `<p><label><input type="checkbox"> Subscribe to updates</label></p><button type="submit">Send</button></form>`;
    html += '</article>';
  }
  return html + '</main><footer><p>© Acme. <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>';
}
