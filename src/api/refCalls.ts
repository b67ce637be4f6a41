// What `npx stagewright freeze` reads (docs/agents.md, Freezing refs): each `ref('…')` call of a
// test, by the line of the spec that made it, and — when the test passed — the durable locator of
// its element, as data (`chain`) and as code: proven on every capture of the test where the ref
// existed, by Playwright while the element was there (at the call, or on the live page at the
// test's end), and matching no other element once it is gone; with each run's project and retry
// and the hash of each spec it ran. Written as `refs.json` beside the captures.

import crypto from 'node:crypto';
import fs from 'node:fs';
import { withDeadline } from '../runtime/pageCalls';
import { firstLine } from '../errors';
import { internalsOf, type Stagewright } from './stagewright';
import { kAtTheCall, kLivePage } from './locatorChoice';
import type { UnassertedStep } from '../capture/steps';
import { kRefsFileVersion, type FrozenCall, type RefsFile, type StepRecord } from './refsFile';

/** How long proving one call's locator may take at the test's end. */
const kProofMs = 5_000;

/**
 * Proves a locator for each ref call of the test (within `timeLeft` ms) and writes refs.json, with
 * the steps of a passing test that ran no assertion; nothing when there is neither.
 */
export async function writeRefsFile(main: Stagewright, test: { titlePath: string[]; status: string; project: string; retry: number }, unasserted: readonly UnassertedStep[], timeLeft: () => number): Promise<void> {
  const internals = internalsOf(main)!;
  const steps: StepRecord[] = test.status === 'passed' ? unasserted.map(({ title, location, suggestions }) => ({ ...location, title, suggestions })) : [];
  if (!internals.refCalls.length && !steps.length)
    return;
  const calls: FrozenCall[] = [];
  // One proof per ref of a page, however many lines use it.
  const proofs = new Map<Stagewright, Map<string, ReturnType<typeof proven>>>();
  for (const call of internals.refCalls) {
    const site: FrozenCall = { ...call.location, ref: call.ref, ...(call.stagewright !== main ? { onOtherPage: true } : {}) };
    const ofPage = proofs.get(call.stagewright) ?? new Map<string, ReturnType<typeof proven>>();
    proofs.set(call.stagewright, ofPage);
    if (!ofPage.has(call.ref))
      ofPage.set(call.ref, proven(call.stagewright, call.ref, test.status, timeLeft()));
    calls.push({ ...site, ...await ofPage.get(call.ref)! });
  }
  const file: RefsFile = { version: kRefsFileVersion, test: test.titlePath, project: test.project, retry: test.retry, status: test.status, sources: sourcesOf([...calls, ...steps]), calls, ...(steps.length ? { steps } : {}) };
  internals.recorder.writeFile('refs.json', JSON.stringify(file, null, 1) + '\n');
}

/** The hash of each file the calls were made in, as it is now: freeze edits only a file that still has these bytes. */
function sourcesOf(places: readonly { file: string }[]): RefsFile['sources'] {
  const sources: RefsFile['sources'] = {};
  for (const { file } of places) {
    if (sources[file] !== undefined)
      continue;
    try {
      sources[file] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    } catch {
      // Gone or unreadable: freeze will refuse the calls made in it.
    }
  }
  return sources;
}

async function proven(sw: Stagewright, ref: string, status: string, timeLeft: number): Promise<Pick<FrozenCall, 'code' | 'chain' | 'checkedAgainst' | 'problem'>> {
  if (status !== 'passed')
    return { problem: `the test ${status === 'timedOut' ? 'timed out' : status}` };
  if (sw.page.isClosed())
    return { problem: 'its page closed before the test ended, so Playwright could not check a locator on it' };
  if (timeLeft <= 0)
    return { problem: 'the test\'s timeout left no time to prove a locator' };
  try {
    // Proven on every capture where the ref existed; by Playwright while its element was there (on
    // the live page now, or at a call of the test when the test removed or hid it since); and
    // matching no other element where it is gone (src/api/locatorChoice.ts, chooseDurable).
    const { choice, problem } = await withDeadline(internalsOf(sw)!.chooseForFreeze(ref), Math.min(kProofMs, timeLeft), 'a locator proof');
    if (!choice)
      return { problem };
    const byPlaywright = choice.checkedAgainst.filter(label => label === kLivePage || label.startsWith(kAtTheCall));
    if (!byPlaywright.length || byPlaywright.length === choice.checkedAgainst.length)
      return { problem: 'no capture of the test could check a locator for it (take its ref in a test.step: the step\'s start captures the page)' };
    // After the page's variable: freeze writes the spec's own.
    const code = choice.code.replace(/^[A-Za-z_$][\w$]*\./, '');
    // Proven, but not durable: an element added above it would shift it.
    if (choice.chain.some(steps => steps.some(step => step.kind === 'nth')))
      return { problem: `only its position tells it apart from elements like it (${code}): it is ambiguous without one` };
    return { code, chain: choice.chain, checkedAgainst: choice.checkedAgainst };
  } catch (error) {
    return { problem: firstLine(error) };
  }
}
