// What counts as a change since the last capture. A step's start reuses the last capture when
// nothing changed, and so does the end of a passing test: a change the check misses would show up
// in the wrong step's diff, or not at all. Changes that no mutation record shows (user actions,
// focus, hover, scrolling, form resets, `history.pushState`, values a script set), in shadow
// trees too, and changes inside frames must all count; reading the page (our own walks) must
// not, and neither may a secret field's value be read to tell.

import { test, expect, errorOf } from './helpers/fixtures';
import { internalsOf, type Stagewright } from '../../src/api/stagewright';
import type { Page } from '@playwright/test';

const kPage = `
<style>
  #menu { display: none; }
  #nav:hover #menu { display: block; }
  main { height: 3000px; }
</style>
<nav id="nav"><a href="#top">Products</a><ul id="menu"><li><a href="#one">One</a></li></ul></nav>
<main>
  <form>
    <input aria-label="Name" value="Ada"><input type="checkbox" aria-label="Agree">
    <select aria-label="Size"><option>S</option><option>M</option></select>
    <input type="password" aria-label="Password"><button type="button">Save</button>
  </form>
</main>`;

/**
 * Lets a page just set settle: about 1 run in 100 of these tests, on a busy machine, saw a change
 * right after its first capture (its fonts may load after the first layout, which a capture
 * forces). A capture after this is of a page that does nothing: what counts then is ours.
 */
async function settle(sw: Stagewright) {
  await internalsOf(sw)!.recorder.capture('settling');
  await sw.page.evaluate(() => document.fonts.ready.then(() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
}

/** Captures now and returns the recorder's change check, which must say "no change" at first. */
async function captured(sw: Stagewright): Promise<() => Promise<boolean>> {
  const recorder = internalsOf(sw)!.recorder;
  await settle(sw);
  await recorder.capture('base');
  const changed = () => recorder.changedSinceLastCapture();
  expect(await changed(), 'nothing happened since the capture').toBe(false);
  return changed;
}

const kUnrecordedChanges: { name: string; setup?: (page: Page) => Promise<unknown>; change: (page: Page) => Promise<unknown> }[] = [
  { name: 'focus', change: page => page.getByRole('button', { name: 'Save' }).focus() },
  { name: 'a hover that shows a :hover menu', change: page => page.getByRole('link', { name: 'Products' }).hover() },
  { name: 'scrolling', change: page => page.evaluate(() => window.scrollTo(0, 800)) },
  {
    name: 'a form reset',
    // Something to undo, set by a script (no input event) before the capture.
    setup: page => page.evaluate(() => { document.querySelector('input')!.value = 'Grace'; }),
    change: page => page.evaluate(() => document.querySelector('form')!.reset()),
  },
  { name: 'history.pushState', change: page => page.evaluate(() => history.pushState(null, '', '#pushed')) },
  {
    name: 'a click whose handler only sets a property',
    // Text that takes no focus, under the pointer already: the click brings no focus or hover change.
    setup: async page => {
      await page.evaluate(() => {
        const text = document.createElement('span');
        text.textContent = 'Fill in';
        text.addEventListener('click', () => { document.querySelector('input')!.value = 'Clicked'; });
        document.querySelector('main')!.prepend(text);
      });
      await page.getByText('Fill in').hover();
    },
    change: page => page.getByText('Fill in').click(),
  },
  { name: 'a key press', change: page => page.keyboard.press('Shift') },
  { name: 'a value a script set', change: page => page.evaluate(() => { document.querySelector('input')!.value = 'Set'; }) },
  { name: 'a checkbox a script checked', change: page => page.evaluate(() => { document.querySelector<HTMLInputElement>('[type=checkbox]')!.checked = true; }) },
  { name: 'an option a script selected', change: page => page.evaluate(() => { document.querySelector('select')!.selectedIndex = 1; }) },
  // Style sheets changed through the CSSOM: no element changes, every element may look different.
  { name: 'a rule inserted into a style sheet', change: page => page.evaluate(() => document.styleSheets[0].insertRule('form { display: none }')) },
  {
    name: 'a rule\'s declaration set in place',
    change: page => page.evaluate(() => { (document.styleSheets[0].cssRules[0] as CSSStyleRule).style.display = 'block'; }),
  },
  {
    name: 'a style sheet adopted',
    change: page => page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('form { display: none }');
      document.adoptedStyleSheets = [sheet];
    }),
  },
  {
    name: 'an adopted style sheet replaced',
    setup: page => page.evaluate(() => { document.adoptedStyleSheets = [new CSSStyleSheet()]; }),
    change: page => page.evaluate(() => document.adoptedStyleSheets[0].replaceSync('form { display: none }')),
  },
  {
    name: 'a color scheme that a media query hides content for',
    setup: page => page.evaluate(() => document.head.insertAdjacentHTML('beforeend', '<style>@media (prefers-color-scheme: dark) { form { display: none } }</style>')),
    change: page => page.emulateMedia({ colorScheme: 'dark' }),
  },
  {
    name: 'print media',
    setup: page => page.evaluate(() => document.head.insertAdjacentHTML('beforeend', '<style>@media print { nav { display: none } }</style>')),
    change: page => page.emulateMedia({ media: 'print' }),
  },
  {
    name: 'an image that loads',
    setup: async page => {
      let release!: () => void;
      const released = new Promise<void>(resolve => release = resolve);
      await page.route('**/late.svg', async route => {
        await released;
        await route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>' });
      });
      await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<img alt="Late" src="http://images.test/late.svg">'));
      (page as Page & { releaseImage?: () => void }).releaseImage = release;
    },
    change: async page => {
      (page as Page & { releaseImage?: () => void }).releaseImage!();
      await page.waitForFunction(() => document.querySelector('img')!.complete);
    },
  },
];

test.describe('changes since the last capture', () => {
  // The check between the tests' own captures: a capture after each action would take the change first.
  test.use({ stagewrightOptions: { captureActions: false } });
  test('should see none after reads: checks, snapshots and captures', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const changed = await captured(sw);
    await sw.snapshot();
    await sw.text();
    expect(await changed()).toBe(false);
    await internalsOf(sw)!.recorder.capture('again');
    expect(await changed()).toBe(false);
    expect(await changed()).toBe(false);
  });

  test('should see none on a page with no style sheet, nor with sheets many shadow roots adopt', async ({ page, stagewright: sw }) => {
    await page.setContent('<p>Plain</p><button>Go</button>');
    expect(await (await captured(sw))()).toBe(false);
    await page.setContent(`<div id="hosts"></div><script>
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('@media (min-width: 1px) { b { color: red } } b { font-weight: 900 }');
      for (let i = 0; i < 50; i++) {
        const root = document.getElementById('hosts').appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
        root.adoptedStyleSheets = [sheet];
        root.innerHTML = '<b>Item ' + i + '</b><style>@media print { b { display: none } }</style>';
      }
    </script>`);
    expect(await (await captured(sw))()).toBe(false);
  });

  for (const { name, setup, change } of kUnrecordedChanges) {
    test(`should see ${name}, which no mutation record shows`, async ({ page, stagewright: sw }) => {
      await page.setContent(kPage);
      await setup?.(page);
      const changed = await captured(sw);
      await change(page);
      // Scroll events are dispatched with the next frame.
      await expect.poll(changed).toBe(true);
    });
  }

  test('should see a page change on every check while an animation runs, and not once it ended', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    // A box that moves on every frame, and no event says so until the end.
    await page.evaluate(() => document.head.insertAdjacentHTML('beforeend',
        '<style>@keyframes slide { from { margin-left: 0 } to { margin-left: 300px } } form button { animation: slide 1.5s linear forwards }</style>'));
    const recorder = internalsOf(sw)!.recorder;
    await recorder.capture('moving');
    expect(await recorder.changedSinceLastCapture()).toBe(true);
    await page.waitForFunction(() => document.getAnimations().every(animation => animation.playState === 'finished'));
    await recorder.capture('still');
    expect(await recorder.changedSinceLastCapture()).toBe(false);
  });

  test('should never read a password field, so not see a script set it', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const changed = await captured(sw);
    await page.evaluate(() => { document.querySelector<HTMLInputElement>('[type=password]')!.value = 'hunter2'; });
    expect(await changed()).toBe(false);
    await page.evaluate(() => { document.querySelector('input')!.value = 'Set'; });
    expect(await changed()).toBe(true);
  });

  test('should see scrolling and a form reset inside a shadow root, whose events never reach the window', async ({ page, stagewright: sw }) => {
    await page.setContent(`<div id="host"></div><script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<div id="box" style="height: 60px; overflow: auto"><div style="height: 600px"><button>Deep</button></div></div><form><input aria-label="Inner" value="Ada"></form>';
      root.querySelector('input').value = 'Grace';
    </script>`);
    const inShadow = (script: string) => page.evaluate(script);
    let changed = await captured(sw);
    await inShadow(`document.getElementById('host').shadowRoot.getElementById('box').scrollTop = 200`);
    await expect.poll(changed).toBe(true);
    changed = await captured(sw);
    await inShadow(`document.getElementById('host').shadowRoot.querySelector('form').reset()`);
    expect(await changed()).toBe(true);
    changed = await captured(sw);
    await inShadow(`document.getElementById('host').shadowRoot.querySelector('input').value = 'Set by a script'`);
    expect(await changed()).toBe(true);
    changed = await captured(sw);
    await inShadow(`const sheet = new CSSStyleSheet(); sheet.replaceSync('button { display: none }'); document.getElementById('host').shadowRoot.adoptedStyleSheets = [sheet]`);
    expect(await changed(), 'a style sheet adopted by the shadow root').toBe(true);
  });

  test('should fail a reuse a full walk disagrees with under STAGEWRIGHT_VERIFY_INCREMENTAL=1, naming the difference', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const recorder = internalsOf(sw)!.recorder;
    await settle(sw);
    await recorder.capture('base');
    const previous = process.env.STAGEWRIGHT_VERIFY_INCREMENTAL;
    process.env.STAGEWRIGHT_VERIFY_INCREMENTAL = '1';
    try {
      expect(await recorder.changedSinceLastCapture(), 'the oracle agrees while the page is as captured').toBe(false);
      // What a missed change would leave: the kept state says what the page no longer does.
      const kept = recorder.last!.snapshot.entries.find(entry => entry.role === 'button')!;
      kept.name = 'Send';
      const error = await errorOf(() => recorder.changedSinceLastCapture());
      expect(error.code).toBe('INCREMENTAL_MISMATCH');
      expect(error.message).toContain(`(button "Save" [ref=${kept.ref}]), name: "Send" where a full walk has "Save"`);
      kept.name = 'Save';
      recorder.last!.dom = recorder.last!.dom.replace('value="Ada"', 'value="Grace"');
      expect((await errorOf(() => recorder.changedSinceLastCapture())).message).toMatch(/DOM file, line \d+: .*Grace.* where a full walk has .*Ada/);
      recorder.last!.dom = recorder.last!.dom.replace('value="Grace"', 'value="Ada"');
      // A change the counter sees, made after the check and before the oracle's walk (as an
      // editor's highlighter does on a timer), is no miss: the walk's own count says it came later.
      const internal = recorder as unknown as { _walk: (...args: unknown[]) => Promise<unknown> };
      const walk = internal._walk;
      internal._walk = async (...args: unknown[]) => {
        await page.evaluate(() => document.querySelector('button')!.textContent = 'Sent');
        return await walk.apply(recorder, args);
      };
      try {
        expect(await recorder.changedSinceLastCapture()).toBe(false);
      } finally {
        internal._walk = walk;
      }
      expect(await recorder.changedSinceLastCapture(), 'the change is counted at the next check').toBe(true);
    } finally {
      if (previous === undefined)
        delete process.env.STAGEWRIGHT_VERIFY_INCREMENTAL;
      else
        process.env.STAGEWRIGHT_VERIFY_INCREMENTAL = previous;
    }
  });

  test('should see typing and mutations inside same- and cross-origin frames', async ({ page, stagewright: sw, server, otherServer }) => {
    const inner = '<input aria-label="Inner">';
    const same = server.route('/changes-same.html', inner);
    const other = otherServer.route('/changes-other.html', inner).replace('127.0.0.1', 'localhost');
    await page.goto(server.route('/changes-top.html', `<h1>Top</h1><iframe title="same" src="${same}"></iframe><iframe title="other" src="${other}"></iframe>`));
    await expect(page.frameLocator('iframe[title=other]').getByRole('textbox')).toBeVisible();
    for (const title of ['same', 'other']) {
      const changed = await captured(sw);
      await page.frameLocator(`iframe[title=${title}]`).getByRole('textbox').fill(`typed in ${title}`);
      expect(await changed(), `typing in the ${title}-origin frame`).toBe(true);
    }
    const changed = await captured(sw);
    await page.frames()[1].evaluate(() => document.body.append('text'));
    expect(await changed(), 'a mutation in a frame').toBe(true);
  });

  test('should let a capture reuse the last capture\'s state only while nothing changed', async ({ page, stagewright: sw }) => {
    await page.setContent(kPage);
    const recorder = internalsOf(sw)!.recorder;
    await settle(sw);
    const step = await recorder.capture('step');
    const end = await recorder.capture('end', { reuseUnchanged: true });
    expect(end.state).toBe(step.state);
    expect(end.capture).toMatchObject({ label: 'end', snapshotId: step.capture.snapshotId, changes: { added: 0, removed: 0, changed: 0, moved: 0 } });
    expect(end.capture.files.diff).toBeUndefined();
    await page.getByRole('button', { name: 'Save' }).focus();
    const later = await recorder.capture('end', { reuseUnchanged: true });
    expect(later.capture.snapshotId).toBeGreaterThan(step.capture.snapshotId);
    expect(later.state.text()).toMatch(/button "Save" \[active\]/);
    expect(later.capture.changes.changed).toBe(1);
    expect(recorder.history.map(capture => capture.label)).toEqual(['settling', 'step', 'end', 'end']);
  });

  test('should see a frame navigate or go away', async ({ page, stagewright: sw, server }) => {
    const first = server.route('/changes-first.html', '<p>First</p>');
    const second = server.route('/changes-second.html', '<p>Second</p>');
    await page.goto(server.route('/changes-frames.html', `<iframe title="inner" src="${first}"></iframe>`));
    await expect(page.frameLocator('iframe').getByText('First')).toBeVisible();
    let changed = await captured(sw);
    await page.frames()[1].goto(second);
    expect(await changed(), 'the frame navigated').toBe(true);
    changed = await captured(sw);
    // Removed from a script the frame does not see: the top document's mutation counts, and the frame is detached.
    await page.evaluate(() => document.querySelector('iframe')!.remove());
    expect(await changed(), 'the frame was removed').toBe(true);
  });
});
