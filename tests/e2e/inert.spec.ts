import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './helpers/fixtures';

// The DOM file is inert wherever it is opened (docs/design.md, Inert by construction): a page's
// hostile content, captured, must not load or run anything when the file is opened in a browser,
// and must stay readable.

/** An HTTP server that only counts what reaches it: nothing in the opened file may. */
async function countingServer() {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html' }).end('<script>parent.postMessage("remote", "*")</script>');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    prefix: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>(resolve => {
      server.close(() => resolve());
      server.closeAllConnections(); // The live page's keep-alive connections.
    }),
  };
}

// Each would announce itself if it ran: a dialog, a console line, a message to the top window, a title.
const announce = (who: string) => `console.log('ran ${who}');parent.postMessage('${who}','*');top.document.title='${who}';alert('${who}')`;

test.describe('the DOM file', () => {
  test('should load and run nothing when opened in a browser, and stay readable', async ({ page, browser, stagewright: sw }) => {
    const remote = await countingServer();
    await page.setContent(`
      <h1>Checkout \u202elecnaC</h1>
      <embed id="embed" src="data:text/html,<script>${announce('embed')}</script>">
      <iframe id="frame" title="framed" src="data:text/html,<p>framed</p><script>${announce('iframe')}</script>"></iframe>
      <img id="remote" alt="remote image" src="${remote.prefix}/remote.png">
      <iframe id="remote-frame" title="remote" src="${remote.prefix}/frame.html"></iframe>
      <a id="js-link" href="  JaVa&#x09;Script:${announce('link')}">Run me</a>
      <a id="data-link" href="data:text/html,<script>${announce('data-link')}</script>">Data me</a>
      <object id="object" data="data:text/html,<script>${announce('object')}</script>" type="text/html"></object>
      <form id="form" action="javascript:${announce('form')}"><button id="submit">Submit</button></form>
      <svg width="100" height="30"><a id="svg-link" href="javascript:${announce('svg')}" xlink:href="javascript:${announce('xlink')}"><text y="20">svg link</text></a></svg>
      <div id="weird" aria-x"<!--="1" aria-label="weird">weird div</div>`);
    // setAttribute may accept more names than the parser makes; try a few hostile ones.
    await page.evaluate(() => {
      for (const name of ['aria-y"', 'aria-z<', 'aria-w\u202e'])
        try { document.getElementById('weird')!.setAttribute(name, 'v'); } catch {}
    });
    const dom = await sw.dom();
    const file = test.info().outputPath('stagewright', 'dom.html');
    expect(fs.readFileSync(file, 'utf8')).toBe(dom);
    remote.hits.length = 0; // The live page loaded them; only the opened file counts.

    // Readable: text and refs are there, the script URLs are greppable, the bidi control is visible.
    expect(dom).toContain('Checkout &#x202e;lecnaC');
    expect(dom).not.toContain('\u202e');
    expect(dom).toMatch(/<a\s+id="js-link"\s+href="unsafe:\s+JaVa\tScript:console\.log\('ran link'\)[^"]*"\s+ref="s\d+"\s*>Run me<\/a>/);
    expect(dom).toMatch(/<button id="submit" ref="s\d+">Submit<\/button>/);
    expect(dom).toContain('action="unsafe:javascript:');
    expect(dom).toContain('src="unsafe:data:text/html,');
    expect(dom).not.toMatch(/aria-[xyzw]/);
    expect(dom).toMatch(/<div\s+id="weird"\s+aria-label="weird"\s+ref="s\d+"\s*>weird div<\/div>/);
    expect(await sw.text()).toContain('heading "Checkout \\u202elecnaC"');

    // A fresh context: nothing of stagewright (or of the test page) is installed in it.
    const context = await browser.newContext();
    const viewer = await context.newPage();
    const fileUrl = 'file://' + file;
    // What would show that something ran or loaded. The browser's own CSP violation reports, and
    // its refusal to hand an `unsafe:` URL to another application, are console errors too: they
    // show the file's defences at work, not a script.
    const kBrowserRefusals = ['violates the following Content Security Policy directive', 'Not allowed to launch \'unsafe:'];
    const ran: string[] = [];
    viewer.on('dialog', dialog => {
      ran.push(`dialog ${dialog.message()}`);
      void dialog.dismiss().catch(() => {});
    });
    viewer.on('console', message => {
      if (!kBrowserRefusals.some(refusal => message.text().includes(refusal)))
        ran.push(`console ${message.text()}`);
    });
    viewer.on('pageerror', error => ran.push(`pageerror ${error.message}`));
    viewer.on('popup', popup => ran.push(`popup ${popup.url()}`));
    viewer.on('response', response => {
      if (response.url() !== fileUrl)
        ran.push(`response ${response.url()}`);
    });
    // Chromium reports a request the policy blocks (then fails it): each one must fail, and none
    // may reach the server.
    const requested: string[] = [];
    const failed: string[] = [];
    viewer.on('request', request => {
      if (request.url() !== fileUrl)
        requested.push(request.url());
    });
    viewer.on('requestfailed', request => failed.push(request.url()));
    // Init scripts run whatever the file's CSP says: a listener that sees any script talking.
    await viewer.addInitScript(() => {
      const messages: string[] = (window as unknown as { __messages: string[] }).__messages = [];
      window.addEventListener('message', event => messages.push(String(event.data)));
    });
    await viewer.goto(fileUrl);
    await viewer.waitForTimeout(500);
    expect(await viewer.evaluate(() => document.head.firstElementChild?.getAttribute('http-equiv'))).toBe('Content-Security-Policy');

    // Following the links and submitting the form does nothing either. (noWaitAfter: Playwright
    // would wait for the navigation a click schedules, and a blocked one never finishes.)
    for (const selector of ['#js-link', '#data-link', '#submit'])
      await viewer.locator(selector).click({ noWaitAfter: true });
    // The file keeps no svg geometry, so the svg link has no box to click: activate it as a click would.
    await viewer.locator('#svg-link').dispatchEvent('click');
    await viewer.waitForTimeout(500);
    expect(ran).toEqual([]);
    expect(failed.sort()).toEqual(requested.sort());
    expect(remote.hits).toEqual([]);
    expect(viewer.url()).toBe(fileUrl);
    expect(await viewer.evaluate(() => ({ title: document.title, messages: (window as unknown as { __messages: string[] }).__messages }))).toEqual({ title: '', messages: [] });
    expect(context.pages()).toEqual([viewer]);

    // Still readable in the browser: the text, and the refs on the elements.
    expect(await viewer.locator('h1').textContent()).toBe('Checkout \u202elecnaC');
    expect(await viewer.locator('#js-link').getAttribute('ref')).toMatch(/^s\d+$/);
    await context.close();
    await remote.close();
  });
});
