// Secrets fail closed (docs/design.md, Secrets fail closed), in one page at a time: a marker string
// goes into each secret place, and every artifact the fixture returns is grepped for it.
import type { Page } from '@playwright/test';
import type { Stagewright } from '../../src/index';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/fixtures';
import { projectConfig, runStepsProject, type Attachment, type Step } from './helpers/project';
import { withTimelineData } from './helpers/timelineData';

/**
 * What a reader gets after a change: the diff against the last snapshot, then a full snapshot
 * (JSON), its text, and the DOM file. The diff comes first: it is taken against the baseline.
 */
async function artifacts(sw: Stagewright): Promise<string> {
  const diff = await sw.text({ since: 'last' });
  const snapshot = JSON.stringify(await sw.snapshot());
  const text = await sw.text();
  const dom = await sw.dom();
  return [diff, snapshot, text, dom].join('\n');
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir))
    return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]);
}

/** An attachment of the steps reporter with its timeline data, if any, as the page reads it. */
function readable(attachment: Attachment): Attachment {
  return attachment.body ? { ...attachment, body: withTimelineData(attachment.body) } : attachment;
}

function expectAbsent(text: string, markers: string[]) {
  for (const marker of markers)
    expect(text, `${marker} leaked`).not.toContain(marker);
}

async function fill(page: Page, selector: string, value: string) {
  await page.locator(selector).fill(value);
}

test.describe('secrets', () => {
  test('should keep a password secret after a "show password" button switches it to text', async ({ page, stagewright: sw }) => {
    await page.setContent(`
      <label for="pw">Password</label><input id="pw" type="password">
      <button type="button" onclick="pw.type = 'text'">Show password</button>
      <label for="user">User</label><input id="user">`);
    await fill(page, '#pw', 'MARKER-SHOWPW');
    await fill(page, '#user', 'MARKER-VISIBLE');
    await sw.snapshot();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.locator('#pw')).toHaveAttribute('type', 'text');
    const seen = await artifacts(sw);
    // The artifacts are real: the ordinary field's value is in them.
    expect(seen).toContain('MARKER-VISIBLE');
    expectAbsent(seen, ['MARKER-SHOWPW']);
    // Only the value is secret: the field keeps its label's name.
    expect((await sw.find({ role: 'textbox', name: 'Password' })).length).toBe(1);
  });

  test('should keep a password secret when it was switched to text before the first snapshot', async ({ page, stagewright: sw }) => {
    await page.setContent(`<label for="early">Early</label><input id="early" type="password"><label for="user">User</label><input id="user">`);
    await fill(page, '#early', 'MARKER-EARLYPW');
    await fill(page, '#user', 'MARKER-VISIBLE');
    // No walk ever saw it as a password field: only the mutation observer did.
    await page.evaluate(() => { (document.getElementById('early') as HTMLInputElement).type = 'text'; });
    await sw.snapshot();
    const seen = await artifacts(sw);
    expect(seen).toContain('MARKER-VISIBLE');
    expectAbsent(seen, ['MARKER-EARLYPW']);
  });

  test('should keep a password typed in a shadow root no walk has entered secret after it is shown', async ({ page, stagewright: sw }) => {
    // setContent's document.open() drops the window's listeners; no mutation observer watches the
    // shadow root yet. Only the typing tells that the field held a password.
    await page.setContent(`<div id="host"></div><label for="user">User</label><input id="user">
      <script>
        const root = host.attachShadow({ mode: 'open' });
        root.innerHTML = '<label for="pw">Shadow password</label><input id="pw" type="password">';
      </script>`);
    await page.locator('#host #pw').fill('MARKER-SHADOWPW');
    await fill(page, '#user', 'MARKER-VISIBLE');
    await page.evaluate(() => { (document.getElementById('host')!.shadowRoot!.getElementById('pw') as HTMLInputElement).type = 'text'; });
    await sw.snapshot();
    const seen = await artifacts(sw);
    expect(seen).toContain('MARKER-VISIBLE');
    expect((await sw.find({ role: 'textbox', name: 'Shadow password' })).length).toBe(1);
    expectAbsent(seen, ['MARKER-SHADOWPW']);
  });

  test('should keep a password secret in shadow roots nested in subtrees inserted in one task, shown before any walk', async ({ page, stagewright: sw }) => {
    await page.setContent(`<main><label for="user">User</label><input id="user"></main>`);
    await sw.snapshot();
    // One batch of records naming nested subtrees (a section, then a div in it, then a host in
    // that), and one where the host's record comes before its ancestor's (the section is moved).
    await page.evaluate(() => {
      const host = (id: string) => {
        const element = document.createElement('x-login');
        element.attachShadow({ mode: 'open' }).innerHTML = `<label for="${id}">Shadow ${id}</label><input id="${id}" type="password">`;
        return element;
      };
      const section = document.querySelector('main')!.appendChild(document.createElement('section'));
      const div = section.appendChild(document.createElement('div'));
      div.appendChild(host('first'));
      const later = document.body.appendChild(document.createElement('article')).appendChild(document.createElement('div'));
      later.appendChild(host('second'));
      document.body.appendChild(later.parentElement!);
    });
    await page.evaluate(() => {
      for (const host of document.querySelectorAll('x-login')) {
        const field = host.shadowRoot!.querySelector('input')!;
        field.value = `MARKER-NESTED-${field.id}`;
        field.type = 'text';
      }
    });
    await fill(page, '#user', 'MARKER-VISIBLE');
    await sw.snapshot();
    const seen = await artifacts(sw);
    expect(seen).toContain('MARKER-VISIBLE');
    expect((await sw.find({ role: 'textbox', name: 'Shadow first' })).length).toBe(1);
    expect((await sw.find({ role: 'textbox', name: 'Shadow second' })).length).toBe(1);
    expectAbsent(seen, ['MARKER-NESTED-first', 'MARKER-NESTED-second']);
  });

  test('should keep the values of new-password and current-password fields secret', async ({ page, stagewright: sw }) => {
    // Masked by CSS rather than by type=password: only autocomplete says what they hold.
    await page.setContent(`
      <label for="np">New password</label><input id="np" autocomplete="new-password" style="-webkit-text-security: disc">
      <label for="cp">Current password</label><input id="cp" autocomplete="username current-password" style="-webkit-text-security: disc">
      <label for="user">User</label><input id="user" autocomplete="username">`);
    await fill(page, '#np', 'MARKER-NEWPW');
    await fill(page, '#cp', 'MARKER-CURPW');
    await fill(page, '#user', 'MARKER-VISIBLE');
    await sw.snapshot();
    const seen = await artifacts(sw);
    expect(seen).toContain('MARKER-VISIBLE');
    expectAbsent(seen, ['MARKER-NEWPW', 'MARKER-CURPW']);
    expect((await sw.find({ role: 'textbox', name: 'New password' })).length).toBe(1);
  });

  test.describe('a field whose text the page masks', () => {
    // Scalar's HTTP basic "Password": an <input type=text> masked by CSS, so a sighted user sees dots.
    const kMaskedFields = `
      <style>.masked { -webkit-text-security: disc; }</style>
      <label for="own">Password</label><input id="own" type="text" style="-webkit-text-security: disc">
      <div class="masked"><label for="inherited">API key</label><input id="inherited"><p>Kept in your browser</p></div>
      <div class="masked"><div id="note" contenteditable="true" role="textbox" aria-label="Secret note"></div></div>
      <label for="user">User</label><input id="user">
      <p id="echo"></p>`;

    test('should withhold the value of a field masked by -webkit-text-security, set on it or inherited, in every artifact', async ({ page, stagewright: sw }, testInfo) => {
      await page.setContent(kMaskedFields);
      const attachmentsAtStart = testInfo.attachments.length;
      await sw.snapshot();
      await test.step('sign in', async () => {
        await fill(page, '#own', 'MARKER-OWNMASK');
        await fill(page, '#inherited', 'MARKER-INHERITEDMASK');
        await fill(page, '#note', 'MARKER-NOTEMASK');
        await fill(page, '#user', 'MARKER-VISIBLE');
      });
      const seen = await artifacts(sw);
      // The artifacts are real: the ordinary field's value is in them.
      expect(seen).toContain('MARKER-VISIBLE');
      expectAbsent(seen, ['MARKER-OWNMASK', 'MARKER-INHERITEDMASK', 'MARKER-NOTEMASK']);
      // Only the values are secret: the fields keep their roles and names, the text around them stays.
      for (const name of ['Password', 'API key', 'Secret note']) {
        const [field] = await sw.find({ role: 'textbox', name });
        expect(field, name).toBeTruthy();
        expect(field.value, name).toBeUndefined();
      }
      const text = await sw.text();
      expect(text).toContain('textbox "Password"');
      expect(text).toContain('textbox "API key"');
      expect(text).toContain('Kept in your browser');
      // The step's capture: its diff, YAML and DOM file, attached and written.
      const step = testInfo.attachments.slice(attachmentsAtStart);
      expect(step.some(a => /sign in · dom\.diff$/.test(a.name))).toBe(true);
      const written = listFiles(testInfo.outputPath('stagewright'));
      expect(written.some(file => file.endsWith('dom.html'))).toBe(true);
      const files = [
        ...step.map(a => a.name + '\n' + withTimelineData((a.body?.toString('utf8') ?? '') + (a.path && fs.existsSync(a.path) ? fs.readFileSync(a.path, 'utf8') : ''))),
        ...written.map(file => withTimelineData(fs.readFileSync(file, 'utf8'))),
      ].join('\n');
      expect(files).toContain('MARKER-VISIBLE');
      expectAbsent(files, ['MARKER-OWNMASK', 'MARKER-INHERITEDMASK', 'MARKER-NOTEMASK']);
    });

    test('should mask a masked field\'s value wherever the page copies it', async ({ page, stagewright: sw }) => {
      await page.setContent(kMaskedFields);
      await sw.snapshot();
      await fill(page, '#own', 'MARKER-hunter33');
      await fill(page, '#inherited', 'MARKER-sk-live-42');
      await page.evaluate(() => { document.getElementById('echo')!.textContent = 'you typed MARKER-hunter33 and MARKER-sk-live-42'; });
      await fill(page, '#user', 'pasted MARKER-hunter33 here');
      const seen = await artifacts(sw);
      expectAbsent(seen, ['hunter33', 'sk-live-42']);
      const text = await sw.text();
      expect(text).toMatch(/paragraph \[ref=s\d+\]: you typed \[redacted\] and \[redacted\]/);
      expect(text).toMatch(/textbox "User" \[active\] \[ref=s\d+\]: pasted \[redacted\] here/);
    });

    test('should keep a masked field secret after a "show" button removes the mask, walked before or not', async ({ page, stagewright: sw }) => {
      await page.setContent(`
        <label for="seen">Seen password</label><input id="seen" style="-webkit-text-security: disc">
        <div id="wrap" style="-webkit-text-security: disc"></div>
        <button type="button" onclick="seen.style.webkitTextSecurity = 'none'; wrap.style.webkitTextSecurity = 'none'">Show</button>
        <label for="user">User</label><input id="user">`);
      await fill(page, '#seen', 'MARKER-SEENMASK');
      await sw.snapshot();
      // A field no walk has met: only the typing tells that it was masked.
      await page.evaluate(() => { document.getElementById('wrap')!.innerHTML = '<label for="typed">Typed password</label><input id="typed">'; });
      await fill(page, '#typed', 'MARKER-TYPEDMASK');
      await fill(page, '#user', 'MARKER-VISIBLE');
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page.locator('#typed')).toHaveCSS('-webkit-text-security', 'none');
      await expect(page.locator('#seen')).toHaveCSS('-webkit-text-security', 'none');
      const seen = await artifacts(sw);
      expect(seen).toContain('MARKER-VISIBLE');
      expectAbsent(seen, ['MARKER-SEENMASK', 'MARKER-TYPEDMASK']);
      expect((await sw.find({ role: 'textbox', name: 'Typed password' })).length).toBe(1);
    });

    test('should withhold a field\'s value under a mask its form sets, and keep the labels of the buttons and checkboxes there', async ({ page, stagewright: sw }) => {
      // The mask draws every text under it as dots, but only a field's value is what was typed.
      await page.setContent(`
        <form style="-webkit-text-security: disc">
          <label for="pw">Password</label><input id="pw">
          <label><input type="checkbox" value="remember-me" checked> Remember me</label>
          <input type="submit" value="Log in"><input type="hidden" name="csrf" value="MARKER-CSRF">
        </form>
        <p>Log in to continue</p>`);
      await sw.snapshot();
      await fill(page, '#pw', 'MARKER-FORMMASK');
      const seen = await artifacts(sw);
      expectAbsent(seen, ['MARKER-FORMMASK', 'MARKER-CSRF']);
      const text = await sw.text();
      expect(text).toContain('button "Log in"');
      expect(text).toContain('checkbox "Remember me" [checked]');
      // A button's label is no secret: it is not masked elsewhere.
      expect(text).toContain('Log in to continue');
    });
  });

  test('should keep a hidden input\'s value out of the DOM file', async ({ stagewright: sw, page }) => {
    await page.setContent(`<form><input type="hidden" name="csrf" value="MARKER-CSRF"><input name="q" value="MARKER-VISIBLE"></form>`);
    const dom = await sw.dom();
    expect(dom).toContain('MARKER-VISIBLE');
    expect(dom).toMatch(/<input name="csrf" type="hidden">/);
    expectAbsent(dom, ['MARKER-CSRF']);
  });

  test.describe('redact', () => {
    test.use({ stagewrightOptions: { redact: ['.private', '#ssn-label'] } });

    test('should keep a redacted label, aria-labelledby or aria-describedby target out of other names and descriptions', async ({ page, stagewright: sw }) => {
      await page.setContent(`
        <label id="ssn-label" for="ssn">SSN MARKER-LABEL</label><input id="ssn">
        <label>Card <span class="private">MARKER-WRAP</span><input id="card"></label>
        <span id="note" class="private">MARKER-NOTE</span>
        <div class="private"><span id="inner">MARKER-INNER</span></div>
        <button aria-labelledby="note" aria-describedby="note inner">Go</button>
        <button aria-labelledby="inner">Next</button>
        <button>Pay <span class="private">MARKER-CONTENT</span></button>
        <button aria-describedby="help">Help</button><p id="help">MARKER-VISIBLE</p>`);
      await sw.snapshot();
      const seen = await artifacts(sw);
      expect(seen).toContain('MARKER-VISIBLE');
      expectAbsent(seen, ['MARKER-LABEL', 'MARKER-WRAP', 'MARKER-NOTE', 'MARKER-INNER', 'MARKER-CONTENT']);
      // Whatever is not redacted still names: the rest of the label, the button's own content.
      const names = (await sw.snapshot() as { entries: { role: string; name: string; description?: string }[] }).entries
          .filter(e => e.role === 'button' || e.role === 'textbox').map(e => [e.role, e.name, e.description ?? '']);
      expect(names).toEqual([
        ['textbox', '', ''],
        ['textbox', 'Card', ''],
        ['button', 'Go', ''],
        ['button', 'Next', ''],
        ['button', 'Pay', ''],
        ['button', 'Help', 'MARKER-VISIBLE'],
      ]);
    });

    test('should drop a redacted element\'s own text-bearing attributes and name it [redacted]', async ({ page, stagewright: sw }) => {
      await page.setContent(`
        <input class="private" id="plain" title="MARKER-TITLE" placeholder="MARKER-PLACEHOLDER">
        <img class="private" alt="MARKER-ALT" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
        <a class="private" href="/p?x=MARKER-HREF" aria-label="MARKER-ARIA">link</a>
        <div class="private" role="slider" aria-valuenow="3" aria-valuetext="MARKER-VALUETEXT" aria-orientation="vertical" tabindex="0">slider</div>
        <label for="account">Account</label><input class="private" id="account" aria-description="MARKER-DESCRIPTION">
        <p>MARKER-VISIBLE</p>`);
      await sw.snapshot();
      const seen = await artifacts(sw);
      expect(seen).toContain('MARKER-VISIBLE');
      expectAbsent(seen, ['MARKER-TITLE', 'MARKER-PLACEHOLDER', 'MARKER-ALT', 'MARKER-HREF', 'MARKER-ARIA', 'MARKER-VALUETEXT', 'MARKER-DESCRIPTION']);
      const snapshot = await sw.snapshot() as { entries: { role: string; name: string }[] };
      // Each keeps its entry and role; a name that only its own text gave reads [redacted], one
      // from another (unredacted) element stays.
      expect(snapshot.entries.map(e => [e.role, e.name])).toEqual([
        ['textbox', '[redacted]'],
        ['img', '[redacted]'],
        ['link', '[redacted]'],
        ['slider', ''],  // aria-valuetext is its value, never its name: nothing was hidden.
        ['textbox', 'Account'],
        ['paragraph', ''],
      ]);
      expect(await sw.text()).toContain('textbox "[redacted]"');
      // The DOM file still shows what each element is.
      const dom = (await sw.dom()).replace(/\s+/g, ' ');
      expect(dom).toMatch(/<input id="plain" class="private" ref="s\d+" ?>/);
      expect(dom).toMatch(/<div class="private" role="slider" tabindex="0" aria-orientation="vertical" ref="s\d+" ?><\/div>/);
    });
  });

  test.describe('a secret withholds values, never a subtree', () => {
    // A design system's password component: it writes type="password" on its host again at each
    // render, in any case, and keeps the host's value attribute and title in sync with what was typed.
    const kPasswordComponent = `
      <script>
        customElements.define('x-password', class extends HTMLElement {
          connectedCallback() {
            const root = this.attachShadow({ mode: 'open' });
            root.innerHTML = '<label for="i">' + this.getAttribute('label') + '</label><input id="i" type="password">'
              + '<button type="button">Show password</button><div id="help">At least 8 characters</div>';
            const input = root.querySelector('input');
            input.addEventListener('input', () => {
              this.setAttribute('value', input.value);
              this.setAttribute('Type', 'password');
              this.setAttribute('title', 'typed ' + input.value);
            });
            root.querySelector('button').onclick = () => { input.type = input.type === 'password' ? 'text' : 'password'; this.setAttribute('TYPE', 'PassWord'); };
          }
        });
      </script>
      <x-password type="PASSWORD" label="Current password"></x-password>
      <p id="echo"></p>
      <label for="other">Other</label><input id="other">`;

    test('should keep a password component\'s label, buttons, help text and field, and withhold only the value', async ({ page, stagewright: sw }) => {
      await page.setContent(kPasswordComponent);
      await sw.snapshot();
      await page.getByLabel('Current password').fill('MARKER-hunter22');
      await page.getByRole('button', { name: 'Show password' }).click();
      await page.getByRole('button', { name: 'Show password' }).click();
      // Playwright finds the field, and so do we, with the same name and no value.
      await expect(page.getByRole('textbox', { name: 'Current password' })).toHaveCount(1);
      const [field] = await sw.find({ role: 'textbox', name: 'Current password' });
      expect(field).toBeTruthy();
      expect(field.value).toBeUndefined();
      expect(await sw.find({ role: 'button', name: 'Show password' })).toHaveLength(1);
      expect(await sw.text()).toContain('At least 8 characters');
      // The diff since the page was set up shows nothing lost: the field is where it was.
      const diff = await sw.snapshot({ since: 'last' });
      expect(diff.removed).toEqual([]);
      expectAbsent(await artifacts(sw), ['MARKER-hunter22']);
    });

    test('should mask a secret value wherever a component copies it: attributes, text, other fields', async ({ page, stagewright: sw }) => {
      await page.setContent(kPasswordComponent);
      await sw.snapshot();
      await page.getByLabel('Current password').fill('MARKER-hunter22');
      await page.evaluate(() => { document.getElementById('echo')!.textContent = 'you typed MARKER-hunter22'; });
      await page.getByLabel('Other').fill('pasted MARKER-hunter22 here');
      const seen = await artifacts(sw);
      expectAbsent(seen, ['MARKER-hunter22', 'hunter22']);
      // Masked, not dropped: a reader sees that something was there, and everything around it.
      const text = await sw.text();
      expect(text).toContain('paragraph [ref=s4]: you typed [redacted]');
      expect(text).toContain('textbox "Other" [active] [ref=s5]: pasted [redacted] here');
      expect(await sw.dom()).toContain('title="typed [redacted]"');
      // The host's value attribute is withheld whole.
      expect(await sw.dom()).not.toMatch(/<x-password[^>]*value=/);
    });

    test('should withhold the value attributes of a host that says it holds a secret, even around a closed shadow root', async ({ page, stagewright: sw }) => {
      // Found by the fuzzer (tests/fuzz/regressions/secrets-1105): no walk enters the closed root,
      // so the typed value is never collected; the host's own word says what its value is.
      await page.setContent(`
        <script>
          customElements.define('x-otp', class extends HTMLElement {
            connectedCallback() {
              const root = this.attachShadow({ mode: 'closed' });
              root.innerHTML = '<input aria-label="Code">';
              root.querySelector('input').addEventListener('input', e => this.setAttribute('value', e.target.value));
              window.otpInput = root.querySelector('input');
            }
          });
        </script>
        <x-otp autocomplete="one-time-code" aria-valuetext="x"></x-otp><p>MARKER-VISIBLE</p>`);
      await sw.snapshot();
      await page.evaluate(() => { const input = (window as any).otpInput; input.value = 'MARKER-OTP-123456'; input.dispatchEvent(new Event('input')); });
      await expect(page.locator('x-otp')).toHaveAttribute('value', 'MARKER-OTP-123456');
      const seen = await artifacts(sw);
      expect(seen).toContain('MARKER-VISIBLE');
      expectAbsent(seen, ['MARKER-OTP']);
    });

    test('should not mask a value shorter than four characters elsewhere, and withhold it in its field', async ({ page, stagewright: sw }) => {
      await page.setContent(`<label for="pin">PIN</label><input id="pin" type="password"><p>abc and more</p>`);
      await page.getByLabel('PIN').fill('abc');
      const [pin] = await sw.find({ role: 'textbox', name: 'PIN' });
      expect(pin.value).toBeUndefined();
      expect(await sw.dom()).not.toContain('value="abc"');
      expect(await sw.text()).toContain('paragraph [ref=s2]: abc and more');
    });

    test('should mask a secret in every artifact of a run: attachments, files, call titles, matcher messages, triage', async () => {
      // The marker never appears in the spec's source: Playwright quotes the failing line's code.
      const { dir, results } = await runStepsProject({
        'playwright.config.js': projectConfig(),
        'secret.spec.js': `
          const { test, expect } = require('stagewright');
          const marker = '22retnuh-NUR-REKRAM'.split('').reverse().join('');
          test('leaks nothing', async ({ page, stagewright: sw }) => {
            await page.setContent(${JSON.stringify(kPasswordComponent)});
            await test.step('sign in', async () => {
              await page.getByLabel('Current password').fill(marker);
              await page.evaluate(m => { document.getElementById('echo').textContent = 'you typed ' + m; }, marker);
            });
            await sw.checkpoint('after ' + marker);
            await expect(sw).toHaveEntry({ role: 'paragraph', name: marker }, { timeout: 500 });
          });
          // Passes, with refs and a step that asserts nothing: refs.json keeps what could be asserted.
          test('records nothing secret', async ({ page, stagewright: sw }) => {
            await page.setContent(${JSON.stringify(kPasswordComponent.replace('<p id="echo">', '<p id="echo" role="status">'))});
            const [other] = await sw.find({ role: 'textbox', name: 'Other' });
            await test.step('type', async () => {
              await page.getByLabel('Current password').fill(marker);
              await sw.ref(other.ref).fill(marker + ' and more');
              await page.evaluate(m => { document.getElementById('echo').textContent = 'you typed ' + m; }, marker);
              await page.getByRole('button', { name: 'Show password' }).click();
            });
          });`,
      }, ['--workers=1']);
      expect(results.map(result => result.status)).toEqual(['failed', 'passed']);
      const refsFile = listFiles(dir).find(file => file.endsWith('refs.json'))!;
      // An assertion on a masked value would be false: none is made.
      const [step] = JSON.parse(fs.readFileSync(refsFile, 'utf8')).steps;
      expect(step.title).toBe('type');
      expect(step.suggestions.join('\n')).not.toContain('redacted');
      // What is ours: the files, our attachments and call steps, the errors (Playwright's own step
      // titles and error context quote the page and the fill as Playwright saw them).
      const files = listFiles(dir).filter(file => file.includes(`${path.sep}stagewright${path.sep}`));
      expect(files.some(file => file.endsWith('triage.md'))).toBe(true);
      expect(files.some(file => file.endsWith('dom.html'))).toBe(true);
      const ours = (steps: Step[]): unknown[] => steps.flatMap(step => [
        ...(/^stagewright/.test(step.title) ? [step.title] : []),
        ...step.attachments.filter(a => !/error-context/.test(a.name)).map(readable),
        ...ours(step.steps),
      ]);
      const everything = [
        ...files.map(file => file + '\n' + withTimelineData(fs.readFileSync(file, 'utf8'))),
        JSON.stringify(results[0].errors), JSON.stringify(results[0].attachments.filter(a => !/error-context/.test(a.name)).map(readable)), JSON.stringify(ours(results[0].steps)),
      ].join('\n');
      // The run is real: the echo, the failed matcher and the checkpoint are in it, masked.
      expect(everything).toContain('you typed [redacted]');
      expect(everything).toContain("stagewright.checkpoint('after [redacted]')");
      expect(JSON.stringify(results[0].errors)).toContain('[redacted]');
      expect(everything).not.toContain('hunter22');
    });
  });
});
