import { test as base } from '../../../src/index';
import { startServer, type TestServer } from './server';

export { expect } from '../../../src/index';

async function serverFixture({}, use: (server: TestServer) => Promise<void>) {
  const server = await startServer();
  await use(server);
  await server.close();
}

export const test = base.extend<{}, { server: TestServer; otherServer: TestServer }>({
  server: [serverFixture, { scope: 'worker' }],
  /** Another port: another origin (and, as `localhost`, another site) for cross-origin frames. */
  otherServer: [serverFixture, { scope: 'worker' }],
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
