import type { Page } from '@playwright/test';
import { internalsOf, type Stagewright } from '../../src/api/stagewright';
import { errorOf, expect, test } from './helpers/fixtures';

/** The page's live DOM nodes after a full garbage collection (what detached elements cost it). */
async function liveDomNodes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    return (await session.send('Memory.getDOMCounters')).nodes;
  } finally {
    await session.detach();
  }
}

/** How many refs the Node-side store remembers entries for (the store is internal). */
function ledgerSize(sw: Stagewright): number {
  return internalsOf(sw)!.store.ledgerSize;
}

// Each round names every button anew, so no button pairs with one of the round before: 300 new
// refs and 1,200 detached nodes a round.
const kChurnPage = `
  <main><h1>Churn</h1><ul id="list"></ul></main>
  <script>
    window.render = round => {
      let html = '';
      for (let i = 0; i < 300; i++)
        html += '<li>Item ' + i + ' <button>Open ' + round + '.' + i + '</button></li>';
      document.getElementById('list').innerHTML = html;
    };
  </script>`;

/** Replaces the list of `kChurnPage` with round `round`'s items. */
async function render(page: Page, round: number) {
  await page.evaluate(round => (window as unknown as { render(round: number): void }).render(round), round);
}

test.describe('memory over long tests', () => {
  test('should keep the page DOM and the ref ledger flat while a list re-renders', async ({ page, stagewright: sw }) => {
    await page.setContent(kChurnPage);
    let firstRef = '';
    let nodesAfterRound5 = 0;
    let ledgerAfterRound20 = 0;
    for (let round = 1; round <= 30; round++) {
      await render(page, round);
      const snapshot = await sw.snapshot();
      await sw.dom();
      if (round === 1)
        firstRef = snapshot.entries.find(entry => entry.role === 'button')!.ref;
      if (round === 5)
        nodesAfterRound5 = await liveDomNodes(page);
      if (round === 20)
        ledgerAfterRound20 = ledgerSize(sw);
    }
    const nodesAfterRound30 = await liveDomNodes(page);
    const ledgerAfterRound30 = ledgerSize(sw);
    const issued = Number((await sw.snapshot()).entries.at(-1)!.ref.slice(1));
    console.log(`memory: DOM nodes ${nodesAfterRound5} after round 5, ${nodesAfterRound30} after round 30; ledger ${ledgerAfterRound20} after round 20, ${ledgerAfterRound30} after round 30 of ${issued} refs issued`);
    expect(nodesAfterRound30).toBeLessThan(nodesAfterRound5 * 1.5);
    expect(ledgerAfterRound30).toBe(ledgerAfterRound20);
    expect(ledgerAfterRound30).toBeLessThan(issued / 2);

    // The first round's button left the ledger long ago: its ref is still this document's.
    expect(internalsOf(sw)!.refStatus(firstRef)).toBe('current');
    const gone = sw.ref(firstRef);
    expect(String(gone)).toBe(`[ref=${firstRef}]`);
    await expect(gone).toHaveCount(0);
  });
});

test.describe('refs with a bounded registry', () => {
  test('should keep the ref of an element that is hidden and shown again', async ({ page, stagewright: sw }) => {
    await page.setContent(kChurnPage + `<button id="save">Save</button>`);
    const [save] = await sw.find({ role: 'button', name: 'Save' });
    await page.evaluate(() => document.getElementById('save')!.hidden = true);
    // Walks while it is hidden (and elements around it detach) must not drop it.
    for (let round = 1; round <= 3; round++) {
      await render(page, round);
      expect((await sw.find({ role: 'button', name: 'Save' }))).toEqual([]);
    }
    await expect(sw.ref(save.ref)).toBeHidden();
    await expect(sw.ref(save.ref)).toHaveCount(1);
    await page.evaluate(() => document.getElementById('save')!.hidden = false);
    const [shown] = await sw.find({ role: 'button', name: 'Save' });
    expect(shown.ref).toBe(save.ref);
    await expect(sw.ref(save.ref)).toHaveText('Save');
  });

  test('should give a locator that finds nothing for a removed element, not REF_NOT_FOUND', async ({ page, stagewright: sw }) => {
    await page.setContent(`<button id="gone">Gone</button><button>Stays</button>`);
    const [gone] = await sw.find({ role: 'button', name: 'Gone' });
    await page.evaluate(() => document.getElementById('gone')!.remove());
    await sw.snapshot();
    await sw.snapshot();
    expect(internalsOf(sw)!.refStatus(gone.ref)).toBe('current');
    expect(String(sw.ref(gone.ref))).toBe(`button "Gone" [ref=${gone.ref}]`);
    await expect(sw.ref(gone.ref)).toHaveCount(0);
  });

  test('should tell a ref of the reloaded document stale and a ref never issued unknown', async ({ page, stagewright: sw, server }) => {
    await page.goto(server.route('/memory-reload.html', kChurnPage));
    await render(page, 1);
    const old = (await sw.snapshot()).entries.find(entry => entry.role === 'button')!.ref;
    const oldLocator = sw.ref(old);
    await page.reload();
    for (let round = 1; round <= 10; round++) {
      await render(page, round);
      await sw.snapshot();
    }
    const stale = await errorOf(() => sw.ref(old));
    expect(stale.code).toBe('REF_STALE');
    expect(stale.message).toMatch(/^REF_STALE: Ref s\d+ (\(button "Open 1\.0"\) )?belongs to an earlier document/);
    // The page tells too: the new document never issued that number.
    expect((await errorOf(() => oldLocator.click({ timeout: 5000 }))).message).toContain('REF_STALE');

    const latest = (await sw.snapshot()).entries.at(-1)!.ref;
    const never = `s${Number(latest.slice(1)) + 1000}`;
    const notFound = await errorOf(() => sw.ref(never));
    expect(notFound.code).toBe('REF_NOT_FOUND');
    expect(notFound.message).toMatch(new RegExp(`^REF_NOT_FOUND: Ref ${never} is not issued yet on this page`));
    expect(internalsOf(sw)!.refStatus(never)).toBe('unknown');
    expect(internalsOf(sw)!.refStatus('f9s1')).toBe('unknown');
  });
});
