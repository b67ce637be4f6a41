// Shrinking: a failing case is cut down, one edit at a time, while the same check still fails with
// the same signature (the check and the kind of finding: the role Playwright had and we lack, the
// artifact a secret reached). Edits, most aggressive first, repeated until none helps or the budget
// (SW_FUZZ_SHRINK_CANDIDATES, default 300; SW_FUZZ_SHRINK_SECONDS, default 600) is spent:
//   1. drop nodes from each child list (document, light DOM, shadow roots): the whole list, then
//      halves, quarters, … single nodes (delta debugging over each list, top-down);
//   2. replace an element or host by its children (unwrap);
//   3. drop each attribute, each component behavior, the registration of a closed root, make a
//      closed root open, drop each CSS rule, define the components after the body;
//   4. cut each text to its first word;
//   5. drop interactions (in halves, then one at a time).
//
// Every candidate runs as a Playwright test of its own, with a fresh `stagewright` fixture: the
// library remembers things for a test's whole life (the secret values it saw, across all of the
// test's pages), so candidates run in one test would leak into each other and shrink to pages
// that fail only after their predecessors. The seed's test writes a job (SW_FUZZ_RUN_DIR); the
// runner (run.mjs) then runs `fuzz shrink` in tests/e2e/fuzz.spec.ts for it: a serial list of
// candidate tests in one worker, each taking the next candidate from the shrinker (which lives
// in the worker's module state) and answering whether it still fails. The minimal case is
// written as a regression case (regressions.ts).

import fs from 'node:fs';
import path from 'node:path';
import type { Failure } from './checks';
import { generateCase, type Action } from './generate';
import type { RunnableCase } from './harness';
import { cloneModel, countElements, renderPage, type FuzzNode, type PageModel } from './model';
import { writeRegression } from './regressions';

interface State { model: PageModel; actions: Action[] }

export const kMaxCandidates = Number(process.env.SW_FUZZ_SHRINK_CANDIDATES ?? 300);
const kMaxSeconds = Number(process.env.SW_FUZZ_SHRINK_SECONDS ?? 600);

/** Every child list of the tree, in pre-order: a list comes before the lists of its nodes. */
function childLists(model: PageModel): FuzzNode[][] {
  const lists: FuzzNode[][] = [];
  const visit = (list: FuzzNode[]) => {
    lists.push(list);
    for (const node of list) {
      if (node.kind === 'text')
        continue;
      if (node.kind === 'host')
        visit(node.shadowChildren);
      visit(node.children);
    }
  };
  visit(model.body);
  return lists;
}

/** Every element and host, in pre-order, with the list that holds it. */
function allNodes(model: PageModel): { node: Exclude<FuzzNode, { kind: 'text' }>; list: FuzzNode[] }[] {
  const out: { node: Exclude<FuzzNode, { kind: 'text' }>; list: FuzzNode[] }[] = [];
  for (const list of childLists(model)) {
    for (const node of list) {
      if (node.kind !== 'text')
        out.push({ node, list });
    }
  }
  return out;
}

function allTexts(model: PageModel): { node: Extract<FuzzNode, { kind: 'text' }> }[] {
  return childLists(model).flatMap(list => list.filter((n): n is Extract<FuzzNode, { kind: 'text' }> => n.kind === 'text').map(node => ({ node })));
}

class Shrinker {
  private candidates = 0;
  private readonly deadline = Date.now() + kMaxSeconds * 1000;

  /** Set from outside: no more candidates (the session ran out of tests). */
  stopped = false;

  constructor(private readonly fails: (state: State) => Promise<boolean>) {}

  get exhausted(): boolean {
    return this.stopped || this.candidates >= kMaxCandidates || Date.now() > this.deadline;
  }

  /** Tries `edit` on a copy of `state`; keeps it when the failure stays. `edit` returns false when it does not apply. */
  async attempt(state: State, edit: (copy: State) => boolean): Promise<State | undefined> {
    if (this.exhausted)
      return undefined;
    const copy: State = { model: cloneModel(state.model), actions: cloneModel(state.actions) };
    if (!edit(copy))
      return undefined;
    this.candidates++;
    return await this.fails(copy) ? copy : undefined;
  }

  async run(start: State): Promise<{ state: State; candidates: number }> {
    let state = start;
    for (let changed = true; changed && !this.exhausted;) {
      changed = false;
      // 1. Child lists, delta debugging from the whole list down to single nodes.
      for (let k = 0; k < childLists(state.model).length && !this.exhausted; k++) {
        for (let size = childLists(state.model)[k].length; size >= 1 && !this.exhausted; size = size === 1 ? 0 : Math.ceil(size / 2)) {
          for (let i = 0; i < childLists(state.model)[k].length && !this.exhausted;) {
            const next = await this.attempt(state, copy => {
              const list = childLists(copy.model)[k];
              return i < list.length && !!list.splice(i, size).length;
            });
            if (next) {
              state = next;
              changed = true;
            } else {
              i += size;
            }
          }
        }
      }
      // 2. Unwrap elements and hosts (a host gives way to its light children, or to its shadow content).
      for (let k = 0; k < allNodes(state.model).length && !this.exhausted; k++) {
        for (const side of ['children', 'shadowChildren'] as const) {
          const next = await this.attempt(state, copy => {
            const entry = allNodes(copy.model)[k];
            if (!entry || (side === 'shadowChildren' && entry.node.kind !== 'host'))
              return false;
            const replacement = side === 'children' ? entry.node.children : (entry.node as Extract<FuzzNode, { kind: 'host' }>).shadowChildren;
            entry.list.splice(entry.list.indexOf(entry.node), 1, ...replacement);
            return true;
          });
          if (next) {
            state = next;
            changed = true;
            break;
          }
        }
      }
      // 3. Attributes, behaviors, roots, CSS.
      for (let k = 0; k < allNodes(state.model).length && !this.exhausted; k++) {
        for (let a = 0; a < (allNodes(state.model)[k]?.node.attrs.length ?? 0) && !this.exhausted;) {
          const next = await this.attempt(state, copy => !!allNodes(copy.model)[k].node.attrs.splice(a, 1).length);
          if (next) {
            state = next;
            changed = true;
          } else {
            a++;
          }
        }
        const node = allNodes(state.model)[k]?.node;
        if (node?.kind !== 'host')
          continue;
        for (let b = 0; b < (allNodes(state.model)[k].node as Extract<FuzzNode, { kind: 'host' }>).behaviors.length && !this.exhausted;) {
          const next = await this.attempt(state, copy => !!(allNodes(copy.model)[k].node as Extract<FuzzNode, { kind: 'host' }>).behaviors.splice(b, 1).length);
          if (next) {
            state = next;
            changed = true;
          } else {
            b++;
          }
        }
        for (const edit of [(h: Extract<FuzzNode, { kind: 'host' }>) => h.register && !(h.register = false), (h: Extract<FuzzNode, { kind: 'host' }>) => h.shadow === 'closed' && !!(h.shadow = 'open')]) {
          const next = await this.attempt(state, copy => edit(allNodes(copy.model)[k].node as Extract<FuzzNode, { kind: 'host' }>));
          if (next) {
            state = next;
            changed = true;
          }
        }
      }
      for (let r = 0; r < state.model.css.length && !this.exhausted;) {
        const next = await this.attempt(state, copy => !!copy.model.css.splice(r, 1).length);
        if (next) {
          state = next;
          changed = true;
        } else {
          r++;
        }
      }
      if (state.model.defineFirst) {
        const next = await this.attempt(state, copy => !(copy.model.defineFirst = false));
        if (next) {
          state = next;
          changed = true;
        }
      }
      // 4. Texts to their first word.
      for (let t = 0; t < allTexts(state.model).length && !this.exhausted; t++) {
        const next = await this.attempt(state, copy => {
          const node = allTexts(copy.model)[t].node;
          const first = /^\s*\S+/.exec(node.text)?.[0] ?? '';
          if (first === node.text)
            return false;
          node.text = first;
          return true;
        });
        if (next) {
          state = next;
          changed = true;
        }
      }
      // 5. Interactions.
      for (let size = Math.ceil(state.actions.length / 2); size >= 1 && !this.exhausted; size = size === 1 ? 0 : Math.ceil(size / 2)) {
        for (let i = 0; i < state.actions.length && !this.exhausted;) {
          const next = await this.attempt(state, copy => i < copy.actions.length && !!copy.actions.splice(i, size).length);
          if (next) {
            state = next;
            changed = true;
          } else {
            i += size;
          }
        }
      }
    }
    return { state, candidates: this.candidates };
  }
}

/**
 * Claims the right to shrink a signature in this run (SW_FUZZ_RUN_DIR), for at most
 * SW_FUZZ_SHRINK_PER_SIGNATURE seeds (default 2): the same bug found by fifty seeds is shrunk twice.
 */
function claim(dir: string, signature: string): boolean {
  const limit = Number(process.env.SW_FUZZ_SHRINK_PER_SIGNATURE ?? 2);
  for (let i = 1; i <= limit; i++) {
    try {
      fs.closeSync(fs.openSync(path.join(dir, `claim-${signature.replace(/[^\w.-]+/g, '_')}-${i}`), 'wx'));
      return true;
    } catch {
      // Taken by another seed: try the next slot.
    }
  }
  return false;
}

export interface ShrinkJob { seed: number; failure: Failure }
export interface ShrinkOutcome extends ShrinkJob {
  /** The case failed again in a test of its own (else nothing was shrunk). */
  reproduced: boolean;
  /** The minimal case did not fail twice more: not written. */
  flaky?: boolean;
  candidates: number;
  elements?: { generated: number; minimal: number };
  /** The regression case's name. */
  regression?: string;
}

/** Writes a shrink job for the first failure of each check of a seed (claimed signatures only); returns the job files. */
export function writeShrinkJobs(seed: number, failures: Failure[]): string[] {
  const dir = process.env.SW_FUZZ_RUN_DIR;
  if (!dir)
    return [];
  fs.mkdirSync(dir, { recursive: true });
  const jobs: string[] = [];
  for (const failure of failures.filter((f, i) => failures.findIndex(g => g.check === f.check) === i)) {
    if (!claim(dir, failure.signature))
      continue;
    const file = path.join(dir, `job-${failure.check}-${seed}.json`);
    fs.writeFileSync(file, JSON.stringify({ seed, failure } satisfies ShrinkJob));
    jobs.push(file);
  }
  return jobs;
}

interface Request { fuzzCase: RunnableCase; answer(fails: boolean, message?: string): void }

/**
 * The shrinker of one job, driven by tests: `next()` gives the candidate a test should run (undefined
 * once shrinking is over), and the test answers it. Module state of the worker: tests run one
 * after the other in it.
 */
export class ShrinkSession {
  private static instance: ShrinkSession | undefined;
  private readonly queue: Request[] = [];
  private waiter: ((request: Request | undefined) => void) | undefined;
  private finished = false;
  private readonly shrinker: Shrinker;
  readonly done: Promise<ShrinkOutcome>;
  readonly job: ShrinkJob;

  static forJob(file: string): ShrinkSession {
    ShrinkSession.instance ??= new ShrinkSession(file);
    return ShrinkSession.instance;
  }

  /** The message of the last candidate that failed the same way: the final minimal case's. */
  private lastMessage: string | undefined;

  private constructor(jobFile: string) {
    const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as ShrinkJob;
    this.job = job;
    const fails = (state: State) => new Promise<boolean>(resolve => this.push({
      fuzzCase: { seed: job.seed, html: renderPage(state.model), actions: state.actions },
      answer: (failed, message) => {
        if (failed)
          this.lastMessage = message;
        resolve(failed);
      },
    }));
    this.shrinker = new Shrinker(fails);
    this.done = this.run(jobFile, job, fails);
  }

  private async run(jobFile: string, job: ShrinkJob, fails: (state: State) => Promise<boolean>): Promise<ShrinkOutcome> {
    const generated = generateCase(job.seed);
    const start: State = { model: generated.model, actions: generated.actions };
    const outcome: ShrinkOutcome = { ...job, reproduced: false, candidates: 0 };
    if (await fails(start)) {
      outcome.reproduced = true;
      const { state, candidates } = await this.shrinker.run(start);
      outcome.candidates = candidates;
      outcome.elements = { generated: countElements(generated.model.body), minimal: countElements(state.model.body) };
      // Twice more, each in a test of its own: a candidate that failed once by chance (a flake of
      // the library or of the page) must not become a regression case.
      const message = this.lastMessage;
      outcome.flaky = !(await fails(state) && await fails(state));
      if (outcome.flaky)
        return this.finish(jobFile, outcome);
      outcome.regression = writeRegression({
        seed: job.seed, check: job.failure.check, phase: job.failure.phase, signature: job.failure.signature,
        message: message ?? job.failure.message, actions: state.actions, elements: outcome.elements,
      }, renderPage(state.model));
    }
    return this.finish(jobFile, outcome);
  }

  private finish(jobFile: string, outcome: ShrinkOutcome): ShrinkOutcome {
    this.finished = true;
    this.waiter?.(undefined);
    fs.writeFileSync(jobFile.replace(/\.json$/, '.outcome.json'), JSON.stringify(outcome));
    return outcome;
  }

  private push(request: Request) {
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter(request);
    } else {
      this.queue.push(request);
    }
  }

  /** The next candidate to run, or undefined when shrinking is over. */
  next(): Promise<Request | undefined> {
    if (this.queue.length)
      return Promise.resolve(this.queue.shift());
    if (this.finished)
      return Promise.resolve(undefined);
    return new Promise(resolve => this.waiter = resolve);
  }

  /** No more tests: the shrinker stops at its next candidate and writes what it has. */
  async stop(): Promise<ShrinkOutcome> {
    this.shrinker.stopped = true;
    for (const request of this.queue.splice(0))
      request.answer(false);
    return this.done;
  }
}
