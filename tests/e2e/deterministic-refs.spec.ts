// Deterministic refs (docs/agents.md, Freezing refs): the same test on the same app gives the same
// refs, run after run, worker after worker and under --repeat-each, so that a ref read from one
// run's files means the same element in the next. A generated suite runs twice, with two workers
// and each test twice; every capture's accessibility tree attached to the report is compared.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kStepsReporter, projectConfig, readJson, runPlaywright, type Step, type StepsResult, createProject } from './helpers/project';

// Renders its list from script, opens a dialog, adds items. (A list that renders after the first
// capture gets its refs then, or at the first capture: that timing is the app's, and is the one
// thing docs/agents.md says can make refs differ; a spec waits for such content before a step.)
const kApp = `
  <header><nav aria-label="Main"><a href="#a">Home</a> <a href="#b">Shop</a></nav></header>
  <main>
    <h1>Shop</h1>
    <ul aria-label="Products"></ul>
    <button onclick="document.querySelector('dialog').showModal()">Open cart</button>
    <dialog aria-label="Cart"><p>Your cart is empty.</p><button onclick="this.closest('dialog').close()">Close</button></dialog>
    <form aria-label="Add" onsubmit="event.preventDefault(); const li = document.createElement('li'); li.innerHTML = '<label><input type=checkbox> ' + this.elements.what.value + '</label>'; document.querySelector('ul').append(li)">
      <label>What <input name="what"></label> <button>Add</button>
    </form>
  </main>
  <script>for (const name of ['Tea', 'Coffee', 'Cocoa']) document.querySelector('ul').insertAdjacentHTML('beforeend', '<li><label><input type=checkbox> ' + name + '</label></li>');</script>`;

const kSpec = `
const { test, expect } = require('stagewright');
const open = page => page.setContent(require('node:fs').readFileSync(require('node:path').join(__dirname, 'app.html'), 'utf8'));
test('browse', async ({ page }) => {
  await open(page);
  await test.step('wait for the list', async () => {
    await expect(page.getByRole('checkbox')).toHaveCount(3);
  });
  await test.step('open the cart', async () => {
    await page.getByRole('button', { name: 'Open cart' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await test.step('close it', async () => {
    await page.getByRole('button', { name: 'Close' }).click();
  });
});
test('add', async ({ page }) => {
  await open(page);
  await test.step('add two', async () => {
    await page.getByLabel('What').fill('Milk');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByLabel('What').fill('Honey');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('checkbox')).toHaveCount(5);
  });
  await test.step('tick one', async () => {
    await page.getByRole('checkbox', { name: 'Honey' }).check();
  });
});`;

/** Every accessibility tree the report holds for each test, as its lines' refs: `test#repeat → [capture: refs]`. */
function refsByTest(results: (StepsResult & { repeat?: number })[]): Map<string, string[]> {
  const byTest = new Map<string, string[]>();
  const visit = (steps: Step[], into: string[]) => {
    for (const step of steps) {
      for (const attachment of step.attachments) {
        if (attachment.name.endsWith('accessibility-tree.yaml'))
          into.push(`${attachment.name}: ${[...(attachment.body ?? '').matchAll(/^\s*- (.*?) \[ref=(\w+)\]/gm)].map(m => `${m[2]}=${m[1]}`).join(', ')}`);
      }
      visit(step.steps, into);
    }
  };
  for (const result of results) {
    const captures: string[] = [];
    visit(result.steps, captures);
    for (const attachment of result.attachments) {
      if (attachment.name.endsWith('accessibility-tree.yaml'))
        captures.push(`${attachment.name}: ${[...(attachment.body ?? '').matchAll(/^\s*- (.*?) \[ref=(\w+)\]/gm)].map(m => `${m[2]}=${m[1]}`).join(', ')}`);
    }
    const key = result.title;
    byTest.set(`${key}#${[...byTest.keys()].filter(k => k.startsWith(`${key}#`)).length}`, captures);
  }
  return byTest;
}

test('should give the same refs at every capture, run after run, worker after worker', async () => {
  test.slow();
  const dir = createProject({ 'playwright.config.js': projectConfig(), 'steps-reporter.js': kStepsReporter, 'shop.spec.js': kSpec, 'app.html': kApp });
  const runs: Map<string, string[]>[] = [];
  for (let i = 0; i < 2; i++) {
    const { result } = await runPlaywright(dir, ['--workers=2', '--repeat-each=3'], 'json,./steps-reporter.js');
    const results: StepsResult[] = readJson(path.join(dir, 'steps.json')) ?? [];
    expect(results.map(r => r.status), result.stdout + result.stderr).toEqual(Array(6).fill('passed'));
    runs.push(refsByTest(results));
    fs.rmSync(path.join(dir, 'steps.json'));
  }
  const all = runs.flatMap(byTest => [...byTest.entries()]);
  for (const title of ['browse', 'add']) {
    const seen = all.filter(([key]) => key.startsWith(`${title}#`)).map(([, captures]) => captures);
    expect(seen).toHaveLength(6);
    // Captures were attached, with refs in them.
    expect(seen[0].length).toBeGreaterThanOrEqual(3);
    expect(seen[0].join('\n')).toMatch(/s\d+=checkbox "Tea"/);
    for (const other of seen.slice(1))
      expect(other).toEqual(seen[0]);
  }
});
