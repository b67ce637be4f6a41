// One capture, one set of refs (issue 28): the DOM file and the accessibility tree of the same
// capture name exactly the same refs. An element the page's registry still remembers (a closed
// dialog, a collapsed <details>, a hidden row: kept so that its ref comes back) but that is not in
// the snapshot has no ref in the DOM file either, so a grep from the markup to the YAML never
// comes back empty.
import fs from 'node:fs';
import { expect, test } from '../../src/index';

const kPage = `
<button id="open" onclick="document.getElementById('dlg').hidden = false">Open cart</button>
<div role="dialog" aria-label="Cart" id="dlg" hidden>
  <p>2 items</p>
  <button>Checkout</button>
  <button onclick="document.getElementById('dlg').hidden = true">Close</button>
</div>
<details id="more"><summary>More</summary><a href="#terms">Terms</a></details>
<ul id="list"><li>Apples</li><li>Pears</li></ul>
<button id="rerender" onclick="document.getElementById('list').innerHTML = '<li>Apples</li><li>Plums</li>'">Re-render</button>`;

function yamlRefs(yaml: string): string[] {
  return [...yaml.matchAll(/\[ref=([a-z0-9]+)\]/g)].map(match => match[1]).sort();
}

function domRefs(dom: string): string[] {
  return [...dom.matchAll(/ ref="([a-z0-9]+)"/g)].map(match => match[1]).sort();
}

test('should name the same refs in the DOM file and the YAML of every capture', async ({ page, stagewright: sw }) => {
  await page.setContent(kPage);
  const steps: [string, () => Promise<void>][] = [
    ['start', async () => {}],
    ['open the dialog', () => page.getByRole('button', { name: 'Open cart' }).click()],
    ['close the dialog', () => page.getByRole('button', { name: 'Close' }).click()],
    ['open details', () => page.getByText('More').click()],
    ['close details', () => page.getByText('More').click()],
    ['re-render the list', () => page.getByRole('button', { name: 'Re-render' }).click()],
  ];
  for (const [label, act] of steps) {
    await act();
    const capture = await sw.checkpoint(label);
    const yaml = fs.readFileSync(capture.files.aria, 'utf8');
    const dom = fs.readFileSync(capture.files.dom, 'utf8');
    expect(domRefs(dom), label).toEqual(yamlRefs(yaml));
  }
  // The closed dialog's buttons are in neither file, though the page still remembers their refs.
  const last = sw.history.at(-1)!;
  expect(fs.readFileSync(last.files.dom, 'utf8')).toMatch(/<button>\s*Checkout\s*<\/button>/);
  expect(fs.readFileSync(last.files.aria, 'utf8')).not.toContain('Checkout');
});
