import { test as base } from '../../../src/index';
import { startServer, type TestServer } from './server';

export { expect } from '../../../src/index';

export const test = base.extend<{}, { server: TestServer }>({
  server: [async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.close();
  }, { scope: 'worker' }],
});

/** Runs `action` and returns the StagewrightError (or other error) it throws. */
export async function errorOf(action: () => unknown): Promise<Error & { code?: string; similarRefs?: string[] }> {
  try {
    await action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, got none');
}
