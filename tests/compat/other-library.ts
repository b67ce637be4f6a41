// Another fixture library, made with @playwright/test's own `test.extend`: merged with
// stagewright's `test` by `mergeTests` in steps.spec.ts.
import { test as base } from '@playwright/test';

export const test = base.extend<{ greeting: string }>({
  greeting: async ({}, use) => {
    await use('hello');
  },
});
