// Generated benchmark pages: rows of text, buttons, inputs and links in nested containers.

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
