// The pages of the realistic suite (bench/suite-overhead.mjs): an admin app of about `elements`
// elements (1,000–5,000) — a header with navigation and search, tabs, an orders table with a
// filter, a sort and per-row actions, a settings form with labels, hints and a status, an activity
// feed — whose script changes the page the way the suite's steps expect. Deterministic per seed.

const kStatuses = ['Shipped', 'Pending', 'Delivered', 'Returned'];
const kFirst = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Barbara', 'Edsger', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];
const kLast = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Liskov', 'Dijkstra', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Lee'];

const kScript = `
const rows = [...document.querySelectorAll('#orders tbody tr')];
const count = document.getElementById('count');
const show = () => { count.textContent = rows.filter(r => !r.hidden).length + ' orders'; };
document.getElementById('filter').addEventListener('input', e => {
  const text = e.target.value.toLowerCase();
  for (const row of rows) row.hidden = !row.textContent.toLowerCase().includes(text);
  show();
});
document.getElementById('sort').addEventListener('click', () => {
  const body = document.querySelector('#orders tbody');
  rows.sort((a, b) => Number(b.dataset.total) - Number(a.dataset.total));
  body.append(...rows);
  document.getElementById('total-header').setAttribute('aria-sort', 'descending');
});
for (const tab of document.querySelectorAll('[role=tab]')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll('[role=tab]')) {
      other.setAttribute('aria-selected', String(other === tab));
      document.getElementById(other.getAttribute('aria-controls')).hidden = other !== tab;
    }
  });
}
document.getElementById('settings-form').addEventListener('submit', e => {
  e.preventDefault();
  const name = document.getElementById('name').value;
  const email = document.getElementById('email');
  const valid = /^[^@]+@[^@]+\\.[a-z]+$/.test(email.value);
  email.setAttribute('aria-invalid', String(!valid));
  document.getElementById('email-error').hidden = valid;
  document.getElementById('saved').textContent = valid ? 'Saved settings for ' + name : 'Fix the errors above';
});
document.getElementById('orders').addEventListener('click', e => {
  const button = e.target.closest('button');
  if (!button) return;
  const row = button.closest('tr');
  row.querySelector('.badge').textContent = button.textContent === 'Cancel' ? 'Cancelled' : 'Editing';
});
show();
`;

/** The app page of about `elements` elements for test `seed`. */
export function suitePage(elements, seed) {
  const rows = Math.max(10, Math.round((elements - 260) / 10));
  const name = i => `${kFirst[(i * 7 + seed) % kFirst.length]} ${kLast[(i * 5 + seed * 3) % kLast.length]}`;
  let html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders ${seed} — Acme Admin</title>
<style>body{font:14px sans-serif;margin:0} header{display:flex;gap:1rem;padding:.5rem 1rem;background:#234;color:#fff} header a{color:#cde}
nav ul{display:flex;gap:.5rem;list-style:none;margin:0;padding:0} main{padding:1rem} [role=tab][aria-selected=true]{font-weight:bold}
td,th{padding:2px 6px;text-align:left} .badge{border-radius:4px;padding:0 4px;background:#eee} .error{color:#b00} .hint{color:#666}</style></head><body>
<header><a href="/" class="logo">Acme Admin</a><nav aria-label="Main"><ul>`;
  for (const section of ['Dashboard', 'Orders', 'Customers', 'Products', 'Inventory', 'Reports', 'Marketing', 'Discounts', 'Payments', 'Shipping', 'Support', 'Settings'])
    html += `<li><a href="/${section.toLowerCase()}"${section === 'Orders' ? ' aria-current="page"' : ''}>${section}</a></li>`;
  html += `</ul></nav><form role="search"><input type="search" aria-label="Search everything" placeholder="Search"></form><button aria-haspopup="menu">Account</button></header>
<main><h1>Orders ${seed}</h1><p class="hint">Orders placed in the last 90 days. <a href="/help/orders">How orders work</a></p>
<div role="tablist" aria-label="Views"><button role="tab" id="tab-orders" aria-controls="panel-orders" aria-selected="true">Orders</button>
<button role="tab" id="tab-settings" aria-controls="panel-settings" aria-selected="false">Settings</button>
<button role="tab" id="tab-activity" aria-controls="panel-activity" aria-selected="false">Activity</button></div>
<section id="panel-orders" role="tabpanel" aria-labelledby="tab-orders">
<p><label for="filter">Filter orders</label> <input id="filter" type="text" aria-describedby="filter-hint"> <span id="filter-hint" class="hint">Name, status or order number</span>
<button id="sort">Sort by total</button> <span id="count" role="status"></span></p>
<table id="orders"><caption>Orders of shop ${seed}</caption><thead><tr><th scope="col">Order</th><th scope="col">Customer</th><th scope="col" id="total-header" aria-sort="none">Total</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead><tbody>`;
  for (let i = 0; i < rows; i++) {
    const total = ((i * 7919 + seed * 104729) % 100000) / 100;
    html += `<tr data-total="${total}"><th scope="row">#${seed * 10000 + i}</th><td><a href="/customers/${i}">${name(i)}</a></td><td>$${total.toFixed(2)}</td>` +
      `<td><span class="badge">${kStatuses[(i + seed) % 4]}</span></td><td><button aria-label="Edit order ${seed * 10000 + i}">Edit</button><button>Cancel</button></td></tr>`;
  }
  html += `</tbody></table></section>
<section id="panel-settings" role="tabpanel" aria-labelledby="tab-settings" hidden><form id="settings-form" aria-labelledby="settings-title"><h2 id="settings-title">Shop settings</h2>
<p><label for="name">Shop name</label><input id="name" value="Shop ${seed}" required></p>
<p><label for="email">Contact email</label><input id="email" type="email" value="shop${seed}@example.com" aria-describedby="email-hint email-error"><span id="email-hint" class="hint">Customers reply to it.</span><span id="email-error" class="error" hidden>Enter a valid email address.</span></p>
<p><label for="currency">Currency</label><select id="currency"><option>EUR</option><option>USD</option><option>GBP</option><option>JPY</option></select></p>
<fieldset><legend>Notifications</legend><label><input type="checkbox" id="notify-orders" checked> New orders</label><label><input type="checkbox" id="notify-returns"> Returns</label><label><input type="checkbox" id="notify-digest"> Weekly digest</label></fieldset>
<p><label for="notes">Notes</label><textarea id="notes"></textarea></p><button type="submit">Save settings</button><p id="saved" role="status"></p></form></section>
<section id="panel-activity" role="tabpanel" aria-labelledby="tab-activity" hidden><h2>Activity</h2><ol>`;
  for (let i = 0; i < 30; i++)
    html += `<li><strong>${name(i + 3)}</strong> ${['updated', 'cancelled', 'refunded', 'shipped'][i % 4]} <a href="/orders/${i}">order #${seed * 10000 + i}</a> <time>${1 + i % 28} March</time></li>`;
  html += `</ol></section></main><footer><p>© Acme · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer><script>${kScript}</script></body></html>`;
  return html;
}
