// Runs a case's interactions on a live page, the way a test would: Playwright locators (which
// pierce open shadow roots) for everything they can reach, real mouse and keyboard input through
// the page for elements in closed shadow roots. An action whose element is gone (the shrinker
// removed it) or cannot be acted on (hidden, disabled, covered) is skipped and says why: the
// interactions are part of the input, not of what is checked. A secret marker is typed only into
// a field the page says is secret (secrets.ts).
//
// This file is also loaded by the generated project of project.ts, through the package: it must
// not import the library's sources.

import type { Page } from '@playwright/test';
import { kSecretPrefix, secretMarker, type Action } from './generate';
import { kIsSecretField } from './secrets';

export interface ActionOutcome {
  action: Action;
  /** Undefined when the action ran; else why it was skipped. */
  skipped?: string;
}

const kActionTimeout = 1500;

/**
 * The marker in three pieces, none holding `SWSECRET` or the whole marker: Playwright records the
 * text of every keyboard call (step titles, the trace), and those records are the test's own, not
 * the library's. The checks look for the whole marker and for the prefix.
 */
export function markerPieces(seed: number, n: number): string[] {
  const marker = secretMarker(seed, n);
  const cut = kSecretPrefix.length - 3;
  return [marker.slice(0, cut), marker.slice(cut, kSecretPrefix.length + 2), marker.slice(kSecretPrefix.length + 2)];
}

/**
 * Finds an element by id in every tree of the page: the document, open shadow roots, and the
 * closed roots the page's components keep in `window.__fuzzClosedRoots`. Page-side.
 */
const kFindDeep = `(id) => {
  const closed = new Map((window.__fuzzClosedRoots || []).map(root => [root.host, root]));
  const stack = [document];
  while (stack.length) {
    const root = stack.pop();
    const found = root.getElementById ? root.getElementById(id) : null;
    if (found) return found;
    for (const element of root.querySelectorAll('*')) {
      const shadow = element.shadowRoot || closed.get(element);
      if (shadow) stack.push(shadow);
    }
  }
  return null;
}`;

/** The center of a closed-root element in the viewport, scrolled into view; undefined when it is not visible. */
async function closedTargetPoint(page: Page, id: string): Promise<{ x: number; y: number } | undefined> {
  return page.evaluate(`(() => {
    const element = (${kFindDeep})(${JSON.stringify(id)});
    if (!element || !element.checkVisibility({ visibilityProperty: true }) || element.matches(':disabled')) return undefined;
    element.scrollIntoView({ block: 'center' });
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) return undefined;
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  })()`) as Promise<{ x: number; y: number } | undefined>;
}

/** Whether the field with this id (in any tree) is secret now. */
async function isSecret(page: Page, id: string): Promise<boolean> {
  return await page.evaluate(`(() => {
    const element = (${kFindDeep})(${JSON.stringify(id)});
    return !!element && (${kIsSecretField})(element);
  })()`) as boolean;
}

async function runOne(page: Page, seed: number, action: Action, secretAtStart: Set<string>): Promise<string | undefined> {
  if (action.kind === 'secret' && !secretAtStart.has(action.target) && !await isSecret(page, action.target))
    return 'not a secret field';
  // Whatever is typed into a secret field is a secret: only markers go there.
  if ((action.kind === 'fill' || action.kind === 'edit') && await isSecret(page, action.target))
    return 'a secret field: only a marker is typed there';
  if (action.closed) {
    const point = await closedTargetPoint(page, action.target);
    if (!point)
      return 'not visible';
    await page.mouse.click(point.x, point.y);
    switch (action.kind) {
      case 'click':
      case 'check':
        return undefined;
      case 'select':
        return 'select in a closed root';
      case 'fill':
      case 'edit':
        await page.keyboard.press('End');
        await page.keyboard.insertText(' ' + action.text!);
        return undefined;
      case 'secret':
        for (const piece of markerPieces(seed, action.n!))
          await page.keyboard.type(piece);
        return undefined;
    }
  }
  const locator = page.locator(`#${action.target}`);
  if (await locator.count() !== 1)
    return 'gone';
  if (!await locator.isVisible())
    return 'not visible';
  const options = { timeout: kActionTimeout };
  switch (action.kind) {
    case 'click':
    case 'check':
      await locator.click(options);
      return undefined;
    case 'select':
      await locator.selectOption({ label: action.text! }, options);
      return undefined;
    case 'fill':
      await locator.fill(action.text!, options);
      return undefined;
    case 'edit':
      // Typed at the end of the editor: its token spans stay, as an editor's would.
      await locator.click(options);
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.insertText(' ' + action.text!);
      return undefined;
    case 'secret':
      if (await locator.evaluate(element => element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
        await locator.fill('', options);
      else
        await locator.click(options);
      for (const piece of markerPieces(seed, action.n!))
        await locator.pressSequentially(piece, options);
      return undefined;
  }
}

/** Runs every action in order; failures to act are outcomes, never errors. */
export async function runActions(page: Page, seed: number, actions: Action[]): Promise<ActionOutcome[]> {
  const secretAtStart = new Set<string>();
  for (const action of actions) {
    if (action.kind === 'secret' && await isSecret(page, action.target))
      secretAtStart.add(action.target);
  }
  const outcomes: ActionOutcome[] = [];
  for (const action of actions) {
    let skipped: string | undefined;
    try {
      skipped = await runOne(page, seed, action, secretAtStart);
    } catch (error) {
      // Not actionable (covered, disabled, detached mid-action): the next action still runs.
      skipped = `failed: ${String((error as Error).message).split('\n')[0].slice(0, 160)}`;
    }
    outcomes.push({ action, skipped });
  }
  return outcomes;
}
