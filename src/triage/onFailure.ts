// The triage of a failed test, run at its teardown: it reads the test's errors, the evidence its
// steps and actions left, and the captures of its pages, and writes triage.md and triage.json
// (docs/failures.md). The rest of src/triage/ decides; this file gathers and writes.

import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { firstLine } from '../errors';
import { formatValue } from '../snapshot/format';
import { internalsOf, type Stagewright } from '../api/stagewright';
import { liveSuggestions, toLocator } from '../api/locatorChoice';
import type { CaptureTicket } from '../capture/recorder';
import { firstUserFrame } from '../capture/callSteps';
import { refOfElement, refsOfAll } from '../runtime/pageCalls';
import type { SecretValues } from '../snapshot/secretValues';
import { readCalls, toStep, type LocatorStep } from '../locators/parse';
import { analyzeFailure, type TriageReport } from './analyze';
import type { LiveEvidence, TargetIdentity } from './evidence';
import { findCall } from './lastPass';
import { testFileOf, type PassEvidence } from './lastPassFiles';
import { formatTriage, formatTriageSummary, kVerdicts } from './markdown';
import type { TimelineTriage } from '../report/timeline';
import { afterPage, errorText, isTestTimeout, locatorTarget, pickError, targetOf, type TestError, type TriageTarget } from './target';

/** What the test left for its triage, besides its captures. */
export interface FailureEvidence extends PassEvidence {
  /** The innermost step an error (its first line, as `errorText` reads it) came out of. */
  stepOfError(key: string): string | undefined;
  /** The step that was running when the test ended (a timeout): the innermost one not finished. */
  openStep: string | undefined;
}

/** How long the triage looks again for a target that matched nothing at the failure: a late page is not a changed one. */
const kLateLookMs = 2_000;
/**
 * How long one read of an element just counted on the live page may wait: it returns at once on
 * an idle machine, and only a page that drops the element meanwhile uses it all. 500 ms was too
 * short on a loaded CI machine, where a tab's name then went unread and the verdict changed.
 */
const kReadMs = 5_000;

/**
 * triage.md and triage.json for a failed test (docs/failures.md, Triage), from the captures of its page:
 * attached to the test, written beside the other files; returns its summary, masked, for the
 * timeline page. Report only: it runs after the test's
 * outcome is settled and, like a capture, may not fail it.
 *
 * Every error of the test is read, and the one a reader would fix first is triaged. A test that
 * timed out has, at this point, only Playwright's "Test timeout" error: the action it timed out
 * in (its error comes later, when the page closes) is the one still running, from the action log.
 */
export async function triageFailure(evidence: FailureEvidence, ticket: CaptureTicket): Promise<TimelineTriage> {
  const { testInfo, stagewright: main } = evidence;
  const internals = internalsOf(main)!;
  const errors: TestError[] = testInfo.errors.map(e => ({ message: e.message ?? e.value ?? '', location: firstUserFrame(e.stack, { skipPackages: true }) }));
  const pending = evidence.actions.pending();
  const timeout = errors.findIndex(e => isTestTimeout(e.message));
  let behindTimeout: TestError | undefined;
  if (pending && timeout !== -1) {
    behindTimeout = { message: `${pending.apiName}: ${errorText(errors[timeout].message).split('\n')[0]}\nCall log:\n  - waiting for ${pending.locator}`, location: pending.location };
    errors.splice(timeout + 1, 0, behindTimeout);
  }
  const picked = pickError(errors, internals.failedQuery);
  const error = picked?.error.message ?? '';
  const target = targetOf(error, internals.failedQuery);
  const step = picked?.error === behindTimeout ? pending?.step ?? evidence.openStep
    : evidence.stepOfError(errorText(firstLine(error))) ?? (picked && isTestTimeout(error) ? evidence.openStep : undefined);
  // The page the target is on: a popup when the failing line reaches it through another variable.
  const receiver = receiverOf(picked?.error.location, target);
  let sw: Stagewright = main;
  if (receiver && receiver !== 'page' && !receiver.startsWith('this'))
    sw = await otherPage(main, ticket) ?? sw;
  const swInternals = internalsOf(sw)!;
  const pageName = sw === main ? 'page' : receiver ?? 'popup';
  const frameRef = target.kind === 'locator' && target.frame ? await frameRefOf(sw, target.frame) : undefined;
  const record = evidence.lastPass?.record;
  const call = record && target.kind !== 'none' ? findCall(record, afterPage(target.source), picked?.error.location && { ...picked.error.location, file: testFileOf(testInfo, picked.error.location.file) }) : undefined;
  const lastPass = !evidence.lastPass ? undefined : record && call ? { passedAt: record.passedAt, call } : null;
  const serverError = sw === main ? evidence.actions.serverError() : undefined;
  const live: LiveEvidence = { pendingRequests: evidence.actions.pendingRequests(), ...serverError ? { serverError } : {}, ...await lookLive(sw, target, call?.target) };
  const report = analyzeFailure({
    error,
    step,
    target,
    states: swInternals.recorder.recordedStates(),
    actions: sw === main ? evidence.actions.actions() : undefined,
    frameRef,
    pageName,
    lastPass,
    live,
    secrets: swInternals.store.secrets,
  });
  const others = errors.filter((_, i) => i !== picked?.index).map(e => errorText(e.message).split('\n')[0]);
  if (others.length)
    report.otherErrors = others;
  // Only what Playwright resolves to the element on the live page is offered: where that cannot
  // be checked (the page closed, the check failed), no locator is.
  if (report.suggestedRef) {
    report.suggestions = sw.page.isClosed() ? [] : await liveSuggestions({ page: sw.page, pageName, refLocator: (ref: string) => sw.ref(ref) },
        report.suggestedRef, report.suggestions, swInternals.recorder.recordedStates()).catch(() => []);
  }
  ticket.check();
  // The errors and the user's own lines quoted in it may hold what a secret field withheld.
  const secrets = swInternals.store.secrets;
  const markdown = secrets.mask(formatTriage(report));
  const json = secrets.mask(JSON.stringify(report, null, 2));
  const file = swInternals.recorder.writeFile('triage.md', markdown);
  swInternals.recorder.writeFile('triage.json', json);
  if (sw !== main) {
    internals.recorder.writeFile('triage.md', markdown);
    internals.recorder.writeFile('triage.json', json);
  }
  showSummary(report, file, secrets);
  await testInfo.attach('stagewright · triage.md', { body: markdown, contentType: 'text/markdown' });
  const mask = (text: string) => secrets.mask(text);
  return {
    verdict: kVerdicts[report.verdict],
    reason: mask(report.reason),
    error: mask(report.error),
    ...(report.step ? { step: mask(report.step) } : {}),
    target: mask(report.target.source),
    now: mask(report.now),
    suggestions: report.suggestions.map(suggestion => mask(suggestion.code)),
  };
}

/**
 * The triage's summary, in the test's output: the terminal shows it as the test runs, and the
 * HTML report's "Copy prompt" carries a test's output (its "# Stdout" part) with Playwright's
 * own error context, which it leaves as it is.
 */
function showSummary(report: TriageReport, file: string | undefined, secrets: SecretValues) {
  process.stdout.write(secrets.mask(formatTriageSummary(report, file && path.relative(process.cwd(), file))) + '\n');
}

/**
 * The variable the failing line reaches the target's page through: `popup` in
 * `popup.getByRole(…)`. The only place the triage reads the user's source: the error says which
 * locator failed, not which page it was on.
 */
function receiverOf(location: TestError['location'], target: TriageTarget): string | undefined {
  if (!location || target.kind === 'none')
    return undefined;
  try {
    const line = fs.readFileSync(location.file, 'utf8').split('\n')[location.line - 1] ?? '';
    return /\b([A-Za-z_$][\w$]*)\s*\.\s*(?:getBy\w+|locator|frameLocator)\(/.exec(line)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * What Playwright sees on the live page after the failure, for a target that matches nothing
 * there: whether it appears within kLateLookMs (the page was late), and whether the element the
 * last passing run reached (else the target's role and name) is in the page but hidden, and
 * what a reader would open to reach it.
 */
async function lookLive(sw: Stagewright, target: TriageTarget, recorded: TargetIdentity | undefined): Promise<Omit<LiveEvidence, 'pendingRequests'>> {
  if (sw.page.isClosed() || target.kind !== 'locator' || target.frame)
    return {};
  const evidence: Omit<LiveEvidence, 'pendingRequests'> = {};
  try {
    const steps = target.parsed.kind === 'steps' ? target.parsed.steps : undefined;
    const locator = steps ? toLocator(sw.page, steps, ref => sw.ref(ref)) : selectorLocator(sw.page, target.source);
    if (locator) {
      // A CSS or XPath target is matched by Playwright alone: what it resolves to, by ref.
      if (!steps)
        evidence.matched = await refsOfAll(locator);
      // Matched nothing in the failure capture, and something now: it came late.
      if (await locator.filter({ visible: true }).count())
        return { ...evidence, appearedAfterMs: 0 };
      const started = Date.now();
      const appeared = await locator.first().waitFor({ state: 'visible', timeout: kLateLookMs }).then(() => true, () => false);
      if (appeared)
        return { ...evidence, appearedAfterMs: Date.now() - started };
    }
    // The element the last passing run reached, else the target's own role and name.
    const wanted = recorded && !recorded.inFrame ? recorded : steps && roleOf(steps);
    if (!wanted?.name)
      return evidence;
    const role = wanted.role as Parameters<Page['getByRole']>[0];
    const hiddenToo = sw.page.getByRole(role, { name: wanted.name, exact: true, includeHidden: true });
    if (!await hiddenToo.count() || await sw.page.getByRole(role, { name: wanted.name, exact: true }).count())
      return evidence;
    const opener = await openerOf(sw.page, hiddenToo);
    return opener ? { ...evidence, hidden: true, opener } : { ...evidence, hidden: !!recorded };
  } catch {
    return evidence;
  }
}

/**
 * A target given by selectors (`locator('#export')`, `locator('button').filter({ hasText: 'Go' })`,
 * an XPath), as a Playwright locator on `page`: read as data, call by call, never run as code.
 * Undefined for any call it does not know.
 */
function selectorLocator(page: Page, source: string): Locator | undefined {
  let calls;
  try {
    calls = readCalls(afterPage(source));
  } catch {
    return undefined;
  }
  let locator: Page | Locator = page;
  for (const { method, args } of calls) {
    if (method === 'locator' && typeof args[0] === 'string') {
      const options = args[1] && typeof args[1] === 'object' && !(args[1] instanceof RegExp) ? args[1] as { hasText?: unknown } : {};
      const hasText = typeof options.hasText === 'string' || options.hasText instanceof RegExp ? options.hasText : undefined;
      locator = locator.locator(args[0], hasText === undefined ? undefined : { hasText });
      continue;
    }
    const step = toStep(method, args);
    if (typeof step === 'string' || step.kind === 'ref' || (step.kind === 'nth' || step.kind === 'hasText') && locator === page)
      return undefined;
    locator = toLocator(locator, [step], () => page.locator(':not(*)'));
  }
  return locator === page ? undefined : locator as Locator;
}

/**
 * What a reader opens to reach a hidden element with one action: the summary of the closed
 * `<details>` it is in, or the tab or menu button whose `aria-controls` names its hidden tab panel
 * or menu. Read through Playwright's locators; nothing on the page changes.
 */
async function openerOf(page: Page, hidden: Locator): Promise<LiveEvidence['opener']> {
  const text = async (locator: Locator) => (await locator.textContent({ timeout: kReadMs }).catch(() => null))?.trim().replace(/\s+/g, ' ');
  const closed = page.locator('details:not([open])').filter({ has: hidden });
  if (await closed.count()) {
    const summary = await text(closed.first().locator('summary').first());
    return summary ? { name: summary, code: `locator('summary', { hasText: ${formatValue(summary)} })` } : undefined;
  }
  for (const holderRole of ['tabpanel', 'menu'] as const) {
    const holder = page.locator(`[role="${holderRole}"]`).filter({ has: hidden }).first();
    const id = await holder.count() ? await holder.getAttribute('id', { timeout: kReadMs }).catch(() => null) : null;
    if (!id)
      continue;
    const selector = `[aria-controls="${id.replace(/["\\]/g, '\\$&')}"]`;
    const control = page.locator(selector).first();
    const name = await control.count() ? await text(control) : undefined;
    if (!name)
      continue;
    // By its role where it says one (a tab, a menu button), else as the element that controls it.
    const role = await control.getAttribute('role', { timeout: kReadMs }).catch(() => null) ?? (await control.locator('xpath=self::button').count() ? 'button' : null);
    return { name, code: role && /^[a-z]+$/.test(role) ? `getByRole('${role}', { name: ${formatValue(name)} })` : `locator(${formatValue(selector)})` };
  }
  return undefined;
}

/** The role and name a target's one `getByRole` step looks for. */
function roleOf(steps: readonly LocatorStep[]): { role: string; name: string } | undefined {
  const [step] = steps;
  return steps.length === 1 && step.kind === 'role' && typeof step.name === 'string' ? { role: step.role, name: step.name } : undefined;
}

/** Another page of the test (a popup), captured now when stagewright had not seen it. */
async function otherPage(main: Stagewright, ticket: CaptureTicket): Promise<Stagewright | undefined> {
  const pages = main.page.context().pages().filter(p => p !== main.page && !p.isClosed());
  const page = pages[pages.length - 1];
  if (!page)
    return undefined;
  const sw = main.forPage(page);
  const recorder = internalsOf(sw)!.recorder;
  if (!recorder.history.length)
    await recorder.capture('failure', { ticket, asStep: false });
  return sw;
}

/** The ref of the <iframe> a frame locator's source (`locator('iframe[title="Pay"]')`) points at, live. */
async function frameRefOf(sw: Stagewright, frame: string): Promise<string | undefined> {
  const parsed = locatorTarget(frame);
  const css = /^locator\((['"])(.*)\1\)$/.exec(frame);
  let locator;
  if (parsed.kind === 'locator' && parsed.parsed.kind === 'steps')
    locator = toLocator(sw.page, parsed.parsed.steps, ref => sw.ref(ref));
  else if (css)
    locator = sw.page.locator(css[2].replace(/\\(.)/g, '$1'));
  if (!locator)
    return undefined;
  try {
    return await refOfElement(locator, 1_000) || undefined;
  } catch {
    return undefined;
  }
}
