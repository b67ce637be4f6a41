import { errorOf, expect, test } from './helpers/fixtures';

test.describe('frames', () => {

  test('should walk same-origin and cross-origin frames and act inside them by ref', async ({ page, stagewright: sw, server, otherServer: other }) => {
    const same = server.route('/frames/same.html', `<h2>Same</h2><button onclick="document.body.dataset.clicked = 'yes'">Same button</button>`);
    // localhost on another port: another origin (and another site: an out-of-process frame).
    const cross = other.route('/frames/cross.html', `<button onclick="this.textContent = 'Cross clicked'">Cross button</button>`).replace('127.0.0.1', 'localhost');
    await page.goto(server.route('/frames/top.html', `
      <h1>Top</h1><button>Top button</button>
      <iframe title="Same frame" src="${same}"></iframe>
      <iframe title="Cross frame" src="${cross}"></iframe>`));
    await expect(page.frameLocator('iframe[title="Cross frame"]').getByRole('button')).toBeVisible();

    const snapshot = await sw.snapshot();
    const line = (entry: { role: string; name: string; ref: string }) => `${entry.role} ${entry.name} ${entry.ref}`;
    const lines = snapshot.entries.map(line);
    const sameFrame = snapshot.entries.find(e => e.name === 'Same frame')!;
    const crossFrame = snapshot.entries.find(e => e.name === 'Cross frame')!;
    expect(sameFrame.frame).toEqual({ src: same, crossOrigin: false });
    expect(crossFrame.frame).toEqual({ src: cross, crossOrigin: true });
    const sameButton = snapshot.entries.find(e => e.name === 'Same button')!;
    const crossButton = snapshot.entries.find(e => e.name === 'Cross button')!;
    expect(sameButton.ref).toMatch(/^f1s\d+$/);
    expect(crossButton.ref).toMatch(/^f2s\d+$/);
    // Stitched in document order, right after their iframe, hanging from it.
    expect(lines.indexOf(line(sameButton))).toBeGreaterThan(lines.indexOf(line(sameFrame)));
    expect(lines.indexOf(line(crossButton))).toBe(lines.indexOf(line(crossFrame)) + 1);
    expect(crossButton.parent).toBe(crossFrame.ref);
    expect(crossButton.depth).toBe(crossFrame.depth + 1);

    await sw.ref(crossButton.ref).click();
    await expect(page.frameLocator('iframe[title="Cross frame"]').getByRole('button')).toHaveText('Cross clicked');
    await sw.ref(sameButton.ref).click();
    await expect(page.frameLocator('iframe[title="Same frame"]').locator('body')).toHaveAttribute('data-clicked', 'yes');

    const text = await sw.text();
    expect(text).toContain(`- iframe "Cross frame" [ref=${crossFrame.ref}] [iframe src="${cross}"]:\n  - button "Cross clicked" [ref=${crossButton.ref}]`);
    expect((await sw.snapshot({ frames: false })).entries.some(e => e.ref.startsWith('f'))).toBe(false);
    // A root inside a frame: the subtree of that frame's document, with its frame refs.
    const inFrame = await sw.snapshot({ root: page.frameLocator('iframe[title="Same frame"]').locator('body') });
    expect(inFrame.entries.map(e => e.ref)).toEqual(snapshot.entries.filter(e => e.ref.startsWith('f1')).map(e => e.ref));
  });

  test('should keep frame numbers across snapshots and report refs of a removed frame as stale', async ({ page, stagewright: sw, server }) => {
    const inner = server.route('/frames/inner.html', `<button>Inner</button>`);
    await page.goto(server.route('/frames/keep.html', `<iframe src="${inner}"></iframe>`));
    await expect(page.frameLocator('iframe').getByRole('button')).toBeVisible();
    const [first] = await sw.find({ name: 'Inner' });
    const [again] = await sw.find({ name: 'Inner' });
    expect(again.ref).toBe(first.ref);
    await page.evaluate(() => document.querySelector('iframe')!.remove());
    await sw.snapshot();
    expect((await errorOf(() => sw.ref(first.ref))).code).toBe('REF_STALE');
  });

  test('should keep frame refs current after automatic captures and matcher polls, with no snapshot of the user\'s', async ({ page, stagewright: sw, server }) => {
    const inner = server.route('/frames/auto-inner.html', `<button onclick="this.textContent = 'Clicked'">Inner</button>`);
    await page.goto(server.route('/frames/auto.html', `<button>Top</button><iframe src="${inner}"></iframe>`));
    await expect(page.frameLocator('iframe').getByRole('button')).toBeVisible();
    // Captured around the step; the user never calls sw.snapshot().
    await test.step('look around', async () => {
      await page.getByRole('button', { name: 'Top' }).click();
    });
    await expect(sw).toHaveEntry({ role: 'button', name: 'Inner' });
    const ref = await sw.refOf(page.frameLocator('iframe').getByRole('button', { name: 'Inner' }));
    expect(ref).toMatch(/^f\d+s\d+$/);
    await sw.ref(ref).click();
    await expect(sw.ref(ref)).toHaveText('Clicked');
    await expect(sw).toHaveRef(ref, { role: 'button', name: 'Clicked' });
  });

  test.describe(() => {
    // The frame goes at the first walk: the test's own snapshot must be it, not a capture after goto.
    test.use({ stagewrightOptions: { captureActions: false } });
    test('should leave a placeholder when a frame detaches during the snapshot', async ({ page, stagewright: sw, server }) => {
      // The frame removes itself while it is being walked: the walk reads the closed-shadow-root
      // registry, which this page turns into a getter.
      // The frames' titles differ from their buttons' names: the buttons can only come from walking
      // the frames, not from the top document.
      const doomed = server.route('/frames/doomed.html', `<button>Doomed button</button><script>
        Object.defineProperty(window, '__stagewright_closedShadowRoots', { get() { parent.document.getElementById('doomed').remove(); return []; } });
      </script>`);
      const stable = server.route('/frames/stable.html', `<button>Stable button</button>`);
      await page.goto(server.route('/frames/detach.html', `
        <button>Top</button><iframe id="doomed" title="Doomed frame" src="${doomed}"></iframe><iframe title="Stable frame" src="${stable}"></iframe>`));
      await expect(page.frameLocator('iframe[title="Stable frame"]').getByRole('button')).toBeVisible();
      await expect(page.frameLocator('#doomed').getByRole('button')).toBeVisible();
      const snapshot = await sw.snapshot();
      const lines = snapshot.entries.map(e => `${e.role} ${e.name}${e.ref.startsWith('f') ? ' (in a frame)' : ''}`);
      expect(lines).toContain('button Top');
      // The frame that stayed is walked, the one that detached leaves its iframe entry as a placeholder.
      expect(lines).toContain('iframe Stable frame');
      expect(lines).toContain('button Stable button (in a frame)');
      expect(lines).toContain('iframe Doomed frame');
      expect(lines.filter(line => line.startsWith('button Doomed button'))).toEqual([]);
      expect(await page.locator('iframe').count()).toBe(1);
      // The next snapshot no longer has the frame.
      expect((await sw.snapshot()).entries.map(e => e.name)).not.toContain('Doomed frame');
    });
  });
});

test.describe('closed shadow roots', () => {
  const page = (register: boolean) => `
    <div id="host"></div>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'closed' });
      root.innerHTML = '<button onclick="this.textContent = \\'Clicked\\'">Closed button</button>';
      ${register ? `(window.__stagewright_closedShadowRoots ??= []).push(root, root);` : ''}
    </script>`;

  test('should stay out of the snapshot unless the app registers them', async ({ page: p, stagewright: sw }) => {
    await p.setContent(page(false));
    expect((await sw.snapshot()).entries.map(e => e.name)).not.toContain('Closed button');
  });

  test('should walk registered closed shadow roots once and click inside by ref', async ({ page: p, stagewright: sw }) => {
    await p.setContent(page(true));
    const buttons = await sw.find({ role: 'button', name: 'Closed button' });
    expect(buttons).toHaveLength(1);
    await sw.ref(buttons[0].ref).click();
    expect((await sw.find({ role: 'button' })).map(e => e.name)).toEqual(['Clicked']);
  });

  test('should skip registered roots of detached hosts', async ({ page: p, stagewright: sw }) => {
    await p.setContent(page(true));
    await p.evaluate(() => document.getElementById('host')!.remove());
    expect(await sw.find({ role: 'button' })).toEqual([]);
  });
});
