// One fuzz case on a live page: load it, check it as loaded (cheaply), run its interactions in a
// test.step (so the step captures happen), then check everything. Check c lives here: it needs
// the test's attachments and output folder.
//
// c. secrets: no secret marker typed into a secret field (secrets.ts; nor the `SWSECRET` every
//    marker starts with) in any artifact of the case: the bodies and files of the test's
//    attachments added during the case, every file
//    written under testInfo.outputPath('stagewright') during the case, sw.text(), sw.dom(),
//    JSON.stringify(sw.snapshot()), the diff text, sw.find({}), locatorFor() of the textboxes,
//    the capture history, and the messages of failing matchers and of a ref lookup that fails.
//    (Step titles, the triage and the report: project.ts runs cases in a generated project.)

import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type Stagewright } from '../../src/index';
import { entriesCheck, mutationCheck, pageFingerprint, parityCheck, wordsCheck, type CheckId, type Failure, type OurEntry } from './checks';
import { playwrightView } from './playwright';
import { kSecretPrefix, secretMarker, type Action } from './generate';
import { runActions, type ActionOutcome } from './interact';

export interface RunnableCase {
  seed: number;
  html: string;
  actions: Action[];
}

export interface CaseResult {
  failures: Failure[];
  outcomes: ActionOutcome[];
  /** How many checks ran (a check per phase counts once). */
  checks: number;
}

export interface CaseOptions {
  /** Run only this check (the shrinker's question), and only the phases it needs. */
  only?: { check: CheckId; phase: Failure['phase'] };
}

interface Env { page: Page; sw: Stagewright; testInfo: TestInfo }

function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(dir))
    return files;
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile())
      files.set(file, fs.readFileSync(file, 'utf8'));
  }
  return files;
}

async function errorMessage(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
    return '';
  } catch (error) {
    return String((error as Error).message ?? error);
  }
}

/** Where the first secret marker (or the prefix of one) sits in `text`, with a little context. */
function findSecret(text: string, markers: string[]): string | undefined {
  // The prefix too (a marker cut short is still a secret), when a secret was typed at all.
  for (const marker of markers.length ? [...markers, kSecretPrefix] : []) {
    const at = text.indexOf(marker);
    if (at >= 0)
      return `${JSON.stringify(text.slice(Math.max(0, at - 80), at + marker.length + 20))}`;
  }
  return undefined;
}

/** The kind of an artifact, for the failure's signature: `dom.html`, `dom.diff`, `file:diffs`, `text`, … */
function artifactKind(label: string): string {
  const attachment = /· ([\w.-]+)$/.exec(label);
  if (attachment)
    return attachment[1];
  const file = /^file (.+)$/.exec(label);
  if (file)
    return 'file:' + (file[1].split(path.sep).includes('diffs') ? 'diffs' : path.basename(file[1]));
  return label;
}

export async function runCase(env: Env, fuzzCase: RunnableCase, options: CaseOptions = {}): Promise<CaseResult> {
  const { page, sw, testInfo } = env;
  const wants = (check: CheckId, phase: Failure['phase']) => !options.only || (options.only.check === check && options.only.phase === phase);
  const failures: Failure[] = [];
  let checks = 0;
  const attachmentsAtStart = testInfo.attachments.length;
  const outputDir = testInfo.outputPath('stagewright');
  const filesAtStart = readTree(outputDir);

  await page.setContent(fuzzCase.html);

  /** Checks a, b, d (and e) on the page as it is; Playwright reads it first, then stagewright. */
  const compare = async (phase: Failure['phase']) => {
    const needsView = wants('parity', phase) || wants('words', phase) || wants('entries', phase);
    const view = needsView ? await playwrightView(page) : undefined;
    const before = await pageFingerprint(page);
    const snapshot = await sw.snapshot();
    const text = await sw.text();
    const after = await pageFingerprint(page);
    const entries = snapshot.entries as unknown as OurEntry[];
    if (wants('mutation', phase)) {
      checks++;
      failures.push(...mutationCheck(before, after, phase, 'sw.snapshot() and sw.text()'));
    }
    if (view && wants('parity', phase)) {
      checks++;
      failures.push(...parityCheck(view, entries, phase));
    }
    if (view && wants('words', phase)) {
      checks++;
      failures.push(...wordsCheck(view, text, phase));
    }
    if (view && wants('entries', phase)) {
      checks++;
      failures.push(...entriesCheck(view, text, phase));
    }
  };

  await compare('before');
  if (options.only?.phase === 'before')
    return { failures, outcomes: [], checks };

  const outcomes = await test.step('fuzz: interact', () => runActions(page, fuzzCase.seed, fuzzCase.actions));
  // The secrets: markers typed into fields the page holds secret (the others were not typed).
  const markers = outcomes.filter(o => o.action.kind === 'secret' && !o.skipped).map(o => secretMarker(fuzzCase.seed, o.action.n!));
  await compare('after');

  if (wants('secrets', 'after') || wants('mutation', 'after')) {
    // Every way the library hands out what it read, in a step of its own (captured too).
    const seen: [label: string, text: string][] = [];
    const before = await pageFingerprint(page);
    await test.step('fuzz: read everything', async () => {
      seen.push(['diff text', await sw.text({ since: 'last' })]);
      seen.push(['snapshot', JSON.stringify(await sw.snapshot())]);
      seen.push(['text', await sw.text()]);
      seen.push(['dom', await sw.dom()]);
      const textboxes = await sw.find({ role: 'textbox' });
      seen.push(['find', JSON.stringify(await sw.find({}))]);
      for (const entry of textboxes.slice(0, 3))
        seen.push(['locatorFor', JSON.stringify(await sw.locatorFor(entry.ref).then(choice => ({ code: choice.code, warnings: choice.warnings }), error => String(error)))]);
      seen.push(['matcher toHaveEntry', await errorMessage(() => expect(sw).toHaveEntry({ role: 'button', name: 'Nothing fuzzed has this name' }, { timeout: 1 }))]);
      seen.push(['matcher toHaveEntryCount', await errorMessage(() => expect(sw).toHaveEntryCount({ role: 'textbox' }, 999, { timeout: 1 }))]);
      seen.push(['ref error', await errorMessage(async () => sw.ref('s999999'))]);
      await sw.checkpoint('fuzz checkpoint');
      seen.push(['history', JSON.stringify(sw.history)]);
    });
    const after = await pageFingerprint(page);
    if (wants('mutation', 'after')) {
      checks++;
      failures.push(...mutationCheck(before, after, 'after', 'the read step (snapshot, text, dom, find, locatorFor, matchers, checkpoint)'));
    }
    if (wants('secrets', 'after')) {
      checks++;
      for (const attachment of testInfo.attachments.slice(attachmentsAtStart)) {
        if (attachment.body)
          seen.push([`attachment ${attachment.name}`, attachment.body.toString('utf8')]);
        if (attachment.path && fs.existsSync(attachment.path))
          seen.push([`attachment file ${attachment.name}`, fs.readFileSync(attachment.path, 'utf8')]);
        seen.push([`attachment name ${attachment.name}`, attachment.name]);
      }
      for (const [file, content] of readTree(outputDir)) {
        if (filesAtStart.get(file) !== content)
          seen.push([`file ${path.relative(outputDir, file)}`, content]);
      }
      const leaks = new Map<string, string>();
      for (const [label, text] of seen) {
        const where = findSecret(text, markers);
        if (where && !leaks.has(artifactKind(label)))
          leaks.set(artifactKind(label), `${label}: ${where}`);
      }
      for (const [kind, detail] of leaks)
        failures.push({ check: 'secrets', phase: 'after', signature: `secrets:${kind}`, message: `a secret marker reached ${detail}` });
    }
  }
  return { failures, outcomes, checks };
}

/** One line per failure, for a test's error message and the summary. */
export function formatFailures(seed: number, failures: Failure[]): string {
  return failures.map(f => `[${f.check}/${f.phase}] seed ${seed}: ${f.message}`).join('\n');
}
