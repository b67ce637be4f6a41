// The benchmark harness must not rot: run it once on the smallest page. No timing assertions —
// speed targets live in `npm run bench`, not in tests (shared machines are noisy).
import { expect, test } from '@playwright/test';

test('should run the benchmark harness on the smallest page', async ({ browser }) => {
  const { measurePage } = await import('../../bench/harness.mjs');
  const { generatedPage } = await import('../../bench/pages.mjs');
  const context = await browser.newContext();
  const result = await measurePage(context, { name: '1k', load: (page: import('@playwright/test').Page) => page.setContent(generatedPage(1_000)), reps: 1 });
  await context.close();
  expect(result.elements).toBeGreaterThan(900);
  expect(result.entries).toBeGreaterThan(300);
  expect(result.truncated).toBe(false);
  for (const key of ['playwright', 'snapshot', 'capture', 'floor'] as const)
    expect(result.ms[key]).toBeGreaterThan(0);
  expect(result.tokens.ours).toBeGreaterThan(1000);
  expect(result.tokens.playwright).toBeGreaterThan(1000);
  expect(result.diffChanged).toBe(1);
  expect(result.diffTokens).toBeLessThan(60);
});

test('should run the step-cost harness: a re-order, bytes per step, and captures by fields changed', async ({ browser }) => {
  const { measureStepCosts } = await import('../../bench/harness.mjs');
  const { generatedPage, tablePage } = await import('../../bench/pages.mjs');
  const context = await browser.newContext();
  const result = await measureStepCosts(context, { tablePage: tablePage(50), bigPage: generatedPage(1_000), reps: 1, steps: 2 });
  await context.close();
  expect(result.reorderRatio).toBeGreaterThan(0);
  expect(result.bytesPerStep).toBeGreaterThan(0);
  expect(Object.keys(result.changedCaptureMs)).toEqual(['1', '10', '100', '1000']);
  for (const ratio of Object.values(result.changedRatios))
    expect(ratio).toBeGreaterThan(0);
});
