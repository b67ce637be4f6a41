// How much an agent reads: the compact diff after one field changes, against the full snapshot,
// on the demo app. Tokens are deterministic (one estimator), so this is a test, not a benchmark.
import path from 'node:path';
import { startServer, type TestServer } from './helpers/server';
import { expect, test } from './helpers/fixtures';

let demo: TestServer;
test.beforeAll(async () => {
  demo = await startServer({ root: path.join(__dirname, '..', '..', 'examples', 'app') });
});
test.afterAll(async () => {
  await demo.close();
});

test('should make a one-field diff a small fraction of the full snapshot on the demo app', async ({ page, stagewright: sw }) => {
  await page.goto(`${demo.prefix}/index.html`);
  const full = await sw.snapshot();
  await page.getByLabel('Full name').evaluate((input: HTMLInputElement) => { input.value = 'Ada Lovelace'; });
  const diff = await sw.snapshot({ since: 'last' });
  expect(diff.changed.map(c => c.changes)).toEqual([{ value: { prev: '', curr: 'Ada Lovelace' } }]);
  const ratio = diff.meta.estimated_tokens / full.meta.estimated_tokens;
  console.log(`demo app: full snapshot ${full.meta.estimated_tokens} tokens, one-field compact diff ${diff.meta.estimated_tokens} tokens (${(ratio * 100).toFixed(1)}%)`);
  // The demo app is small (a few hundred tokens): the diff is its summary line plus one change line.
  expect(await sw.text({ since: 'last' })).toBe('diff +0 -0 ~0');
  expect(diff.meta.estimated_tokens).toBeLessThan(35);
  expect(ratio).toBeLessThan(0.1);
});
