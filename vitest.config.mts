import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.spec.ts'],
    environment: 'node',
    // No unit test is timed: a reference comparison over many seeds may take seconds on a loaded
    // 2-core machine, and a time limit is not what it checks.
    testTimeout: 30_000,
  },
});
