// Dialogs (alert, confirm, prompt, beforeunload) block their page: until one is answered the page
// runs no script, so a page call waits as long as the dialog stays open. A test may leave one open
// on purpose (a handler that never answers). The store asks this watch first and gives its calls
// up the moment a dialog opens: a capture is skipped at once with a note, a snapshot fails with a
// coded error, and nothing waits for `captureTimeout`.
//
// Listening must not change what Playwright does: it dismisses a dialog that nobody listens to
// (accepts a `beforeunload` one), and a listener of ours would count as somebody. So when ours are
// the only listeners, the first of them does what Playwright would have done.

import type { Dialog, Page } from '@playwright/test';
import { StagewrightError } from '../errors';
import { answersWithin } from '../runtime/pageCalls';

/**
 * How long `race` waits for the probe of a page with an open dialog: a page that was answered
 * answers the probe within a round trip.
 */
const kProbeMs = 50;

/** Per page, our listening watches, in order: the first answers for Playwright when no one else listens. */
const watchesByPage = new WeakMap<Page, DialogWatch[]>();

export class DialogWatch {
  private readonly _open = new Set<Dialog>();
  private readonly _waiters = new Set<(error: StagewrightError) => void>();
  /** A probe sent when the last dialog opened: true once the page answered it. */
  private _answered: Promise<boolean> = Promise.resolve(true);

  constructor(private readonly _page: Page) {
    // Without a listener count, answering for Playwright could answer a dialog a test handles: no watch then.
    if (typeof (_page as { listenerCount?: unknown }).listenerCount !== 'function')
      return;
    const watches = watchesByPage.get(_page) ?? [];
    watches.push(this);
    watchesByPage.set(_page, watches);
    _page.on('dialog', this._onDialog);
    // Where Playwright emits it; answers through the Dialog object are seen in any version, and a
    // dialog answered where neither is seen is found closed by `race`'s probe.
    _page.on('dialogclosed' as 'dialog', this._onClosed);
    _page.on('framenavigated', this._onNavigated);
  }

  /** Whether a dialog is open on the page now. */
  get open(): boolean {
    return this._open.size > 0;
  }

  /** `call`, rejected with a coded error as soon as a dialog is open (at once when one is). */
  async race<T>(call: () => Promise<T>): Promise<T> {
    if (this._open.size) {
      // Answered where we could not see it (a listener that ran before ours): the page answers again.
      if (!await Promise.race([this._answered, sleep(kProbeMs).then(() => false)]))
        throw this._blockedError([...this._open][0]);
      this._open.clear();
    }
    let waiter: ((error: StagewrightError) => void) | undefined;
    const blocked = new Promise<never>((_, reject) => {
      waiter = reject;
      this._waiters.add(reject);
    });
    const running = call();
    running.catch(() => {});
    try {
      return await Promise.race([running, blocked]);
    } finally {
      this._waiters.delete(waiter!);
    }
  }

  dispose() {
    this._page.off('dialog', this._onDialog);
    this._page.off('dialogclosed' as 'dialog', this._onClosed);
    this._page.off('framenavigated', this._onNavigated);
    const watches = watchesByPage.get(this._page);
    if (watches?.includes(this))
      watches.splice(watches.indexOf(this), 1);
    this._open.clear();
  }

  private readonly _onDialog = (dialog: Dialog) => {
    this._open.add(dialog);
    // Settles when the page runs a script again: the dialog was answered, seen or not.
    this._answered = answersWithin(this._page.mainFrame(), Infinity);
    for (const answer of ['accept', 'dismiss'] as const) {
      const original = dialog[answer];
      // Seen on the Dialog object the test gets (Playwright's, not the page's): answered means closed.
      dialog[answer] = async (...args: Parameters<Dialog['accept']>) => {
        try {
          return await original.apply(dialog, args);
        } finally {
          this._open.delete(dialog);
        }
      };
    }
    const error = this._blockedError(dialog);
    for (const waiter of this._waiters)
      waiter(error);
    this._answerForPlaywright(dialog);
  };

  private _answerForPlaywright(dialog: Dialog) {
    const ours = watchesByPage.get(this._page) ?? [];
    if (ours[0] !== this)
      return;
    const others = listenerCount(this._page) - ours.length + listenerCount(this._page.context());
    if (others > 0)
      return;
    (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()).catch(() => {});
  }

  private readonly _onClosed = (dialog: Dialog) => {
    this._open.delete(dialog);
  };

  private readonly _onNavigated = (frame: { parentFrame(): unknown }) => {
    // A new document in the main frame: a dialog of the old one is gone with it.
    if (!frame.parentFrame())
      this._open.clear();
  };

  private _blockedError(dialog: Dialog): StagewrightError {
    const message = dialog.message();
    const shown = message.length > 80 ? message.slice(0, 79) + '…' : message;
    return new StagewrightError('SNAPSHOT_FAILED', `${/^[aeiou]/.test(dialog.type()) ? 'An' : 'A'} ${dialog.type()} dialog ${JSON.stringify(shown)} is open: the page cannot be read until it is answered.`, {
      hint: 'Answer the dialog (dialog.accept() or dialog.dismiss() in a page.on(\'dialog\') handler) before reading the page.',
      nextActions: ['Accept or dismiss the dialog, then snapshot again'],
    });
  }
}

/** How many `dialog` listeners Playwright's event emitter has (its own EventEmitter has `listenerCount`, untyped). */
function listenerCount(emitter: object): number {
  return (emitter as { listenerCount(event: string): number }).listenerCount('dialog');
}

function sleep(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms));
}
