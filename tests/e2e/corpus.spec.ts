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

// Apps of kinds the corpus first lacked: a docs site (small, prose) and a document viewer (text
// placed span by span over a canvas). What a reader sees there is text: none of it may be lost.
test.describe('a docs site and a document viewer', () => {
  async function open(page: import('@playwright/test').Page, name: string) {
    const { corpusPresent } = await import('../../scripts/corpus.mjs');
    test.skip(!corpusPresent(), 'the corpus is not built (node scripts/corpus.mjs builds it into corpus/.cache with npm pack)');
    const { loadApp, startCorpusServer } = await import('../../bench/corpusServer.mjs');
    const server = await startCorpusServer();
    await loadApp(page, server, server.apps.find(app => app.name === name)!);
    return server;
  }

  test('should read the docs site\'s sidebar, tables, code and collapsed answers as a reader sees them', async ({ page, stagewright: sw }) => {
    const server = await open(page, 'docs-site');
    try {
      const snapshot = await sw.snapshot();
      const named = (role: string) => snapshot.entries.filter(e => e.role === role).map(e => e.name);
      expect(named('columnheader')).toEqual(expect.arrayContaining(['File', 'What it holds', 'Version', 'Date', 'Highlights']));
      expect(named('link')).toEqual(expect.arrayContaining(['Configuration', 'API reference', 'Your first ledger']));
      const text = await sw.text();
      expect(text).toContain('npx ledgerline init my-books');
      expect(text).toContain('Amounts are decimal, never floating point');
      // A collapsed answer shows its question and hides its answer.
      expect(text).toContain('Can several people edit the same ledger?');
      expect(text).not.toContain('merges rarely conflict');
    } finally {
      await server.close();
    }
  });

  test('should read every word of a PDF page\'s text layer that Playwright reads, in its order', async ({ page, stagewright: sw }) => {
    const server = await open(page, 'pdf-viewer');
    try {
      // Playwright reads the page's spans as one run of text; we keep its lines apart. The words
      // and their order are what must agree.
      const region = await page.getByRole('region').first().ariaSnapshot();
      const theirs = region.slice(region.indexOf('": ') + 3).split(/\s+/).filter(Boolean);
      expect(theirs.length).toBeGreaterThan(200);
      const ours = (await sw.text()).split('\n').map(line => /^\s*- text: "?(.*?)"?$/.exec(line)?.[1]).filter(Boolean).join(' ').split(/\s+/);
      let at = 0;
      for (const [i, word] of theirs.entries()) {
        const found = ours.indexOf(word, at);
        expect(found, `word ${i} "${word}" of Playwright's, after our word ${at}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    } finally {
      await server.close();
    }
  });
});
