// A user's action as a capture's label (captureActions): the method and the locator as
// Playwright prints it, a URL without its query, an assertion's matcher; never a typed value.
import { describe, expect, it } from 'vitest';
import { actionTitle, callerLocation } from '../../src/capture/callSteps';

// Stand-ins with what actionTitle reads: a Locator prints itself and has elementHandle; a Page or
// Frame makes a locator of a selector.
const locator = (printed: string) => ({ elementHandle: () => {}, toString: () => printed, locator: () => 'nested' });
const page = { locator: (selector: string) => `locator('${selector}')` };

describe('actionTitle', () => {
  it('should name a locator action by the method and the locator, without the value', () => {
    expect(actionTitle({ receiver: locator(`getByLabel('Password')`), method: 'fill', args: ['hunter2'] })).toBe(`fill getByLabel('Password')`);
    expect(actionTitle({ receiver: locator(`getByRole('button', { name: 'Save' })`), method: 'click', args: [{ timeout: 5 }] })).toBe(`click getByRole('button', { name: 'Save' })`);
  });

  it('should name a page action by its selector, and a navigation by its URL without query or fragment', () => {
    expect(actionTitle({ receiver: page, method: 'click', args: ['#save'] })).toBe(`click locator('#save')`);
    expect(actionTitle({ receiver: page, method: 'goto', args: ['https://example.com/reset?token=abc#top'] })).toBe('goto https://example.com/reset');
    expect(actionTitle({ receiver: page, method: 'reload', args: [] })).toBe('reload');
    expect(actionTitle({ receiver: page, method: 'setContent', args: ['<p>secret</p>'] })).toBe('setContent');
  });

  it('should name an assertion by its subject and matcher', () => {
    expect(actionTitle({ receiver: locator(`locator('#status')`), method: 'expect', args: [], assertion: { matcher: 'toHaveText' } })).toBe(`expect locator('#status') toHaveText`);
    expect(actionTitle({ receiver: locator(`getByRole('dialog')`), method: 'expect', args: [], assertion: { matcher: 'not.toBeVisible' } })).toBe(`expect getByRole('dialog') not.toBeVisible`);
    expect(actionTitle({ receiver: page, method: 'expect', args: [], assertion: { matcher: 'toHaveURL' } })).toBe('expect page toHaveURL');
    expect(actionTitle({ receiver: page, method: 'expect', args: [], assertion: { matcher: 'toBeChecked', selector: '#agree' } })).toBe(`expect locator('#agree') toBeChecked`);
  });
});

describe('callerLocation', () => {
  it('should give the first frame outside the library, put through the stack\'s formatter alone', () => {
    const formatted: number[] = [];
    const previous = Error.prepareStackTrace;
    // A formatter as the runner's source maps are: it moves each frame's line.
    Error.prepareStackTrace = (_error, sites) => {
      formatted.push(sites.length);
      return 'Error\n' + sites.map(site => `    at ${site.getFunctionName() ?? '<anonymous>'} (${site.getFileName()}:${(site.getLineNumber() ?? 0) + 1000}:${site.getColumnNumber()})`).join('\n');
    };
    let location: ReturnType<typeof callerLocation>;
    try {
      location = callerLocation();
      expect(Error.prepareStackTrace).not.toBe(previous);
    } finally {
      Error.prepareStackTrace = previous;
    }
    expect(location!.file).toBe(__filename);
    // Through the formatter: its line, not the raw one.
    expect(location!.line).toBeGreaterThan(1000);
    expect(formatted).toEqual([1]);
    expect(callerLocation({ skipPackages: true })!.file).toBe(__filename);
  });
});
