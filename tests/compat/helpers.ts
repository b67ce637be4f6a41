// Shared by the compatibility specs: what a step capture attaches, and errors of a call.
import { expect, test } from '@playwright/test';
import type { Stagewright } from 'stagewright';

export const kForm = `<label>Name <input id="name"></label><button onclick="this.textContent = 'Saved'">Save</button>`;

/** Playwright's colours off a matcher message. */
export const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs `action` and returns the error it throws. */
export async function errorOf(action: () => unknown): Promise<Error & { code?: string }> {
  try {
    await action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, got none');
}

/** The labels of a page's captures so far, start captures left out. */
export function captured(sw: Stagewright): string[] {
  return sw.history.map(capture => capture.label).filter(label => !label.endsWith(' (start)'));
}

/** The names of the test's attachments so far that belong to the capture of step `title`. */
export function attachmentsOf(title: string): string[] {
  return test.info().attachments.map(a => a.name).filter(name => name.includes(` ${title} · `));
}

/** The step `title` attached its aria YAML, DOM file and diff, each once (of `pageLabel`'s page: `page-2` for a popup). */
export function expectCaptured(title: string, pageLabel = '') {
  const escaped = (title + ' · ' + (pageLabel ? pageLabel + ' · ' : '')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(attachmentsOf(title).filter(name => !pageLabel || name.includes(` · ${pageLabel} · `))).toEqual([
    expect.stringMatching(new RegExp(`^\\d{3} ${escaped}accessibility-tree\\.yaml$`)),
    expect.stringMatching(new RegExp(`^\\d{3} ${escaped}dom\\.html$`)),
    expect.stringMatching(new RegExp(`^\\d{3} ${escaped}[\\w-]+\\.diff$`)),
  ]);
}
