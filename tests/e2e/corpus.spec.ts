// The real-app corpus of `npm run bench` (issue 30), when it is built (`node scripts/corpus.mjs`
// or any `npm run bench`): its server serves an app and stagewright snapshots it. Skipped without
// it: CI and `npm test` do not need the corpus. No timing assertions: speed is the bench's.
import { expect, test } from './helpers/fixtures';

test('should serve a corpus app on 127.0.0.1 and snapshot it with entries', async ({ page, stagewright: sw }) => {
  const { corpusPresent } = await import('../../scripts/corpus.mjs');
  test.skip(!corpusPresent(), 'the corpus is not built (node scripts/corpus.mjs builds it into corpus/.cache with npm pack)');
  const { loadApp, startCorpusServer } = await import('../../bench/corpusServer.mjs');
  const server = await startCorpusServer();
  try {
    const app = server.apps.find(app => app.name === 'fullcalendar') ?? server.apps[0];
    await loadApp(page, server, app);
    const snapshot = await sw.snapshot();
    expect(snapshot.entries.length).toBeGreaterThan(50);
    expect(await sw.text()).toContain('button "today"');
  } finally {
    await server.close();
  }
});
