#!/usr/bin/env node
// The `stagewright` command:
//
//   npx stagewright freeze [spec files or folders] [--results DIR] [--dry-run] [--assert]
//
// rewrites each `….ref('s12')` call of the given specs (by default: every spec the last run's
// refs.json files name) into the durable locator the last run proved for its element
// (src/cli/freeze.ts); with --assert, adds to each step that asserted nothing the assertions
// proven at its end. Exit code 0 when every ref call was frozen, 1 when some stay (each listed
// with why), 2 for a usage error.
//
//   npx stagewright prune [--config FILE] [--dry-run]
//
// deletes the last passing runs of tests that are gone (src/cli/prune.ts).

import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { kRefsFileVersion, type FrozenCall, type RefsFile, type StepRecord } from '../api/refsFile';
import { applyEdits, callsIn, planAssertions, planFreeze, type FreezeEdit, type FreezeProblem } from './freeze';
import { prune } from './prune';

const kUsage = `Usage: npx stagewright freeze [spec files or folders] [--results DIR] [--dry-run] [--assert]
       npx stagewright prune [--config FILE] [--dry-run]

freeze: rewrites each ref call (sw.ref('s12'), stagewright.forPage(popup).ref('s3')) of the specs
into the durable locator the last run proved for its element. The specs must have run, and passed.

  --results DIR  Playwright's output folder of that run (default: test-results)
  --dry-run      print the changes as a unified diff; write nothing
  --assert       also add, at the end of each step that asserted nothing, the assertions
                 Playwright proved on the test's page at that step's end

prune: deletes the last passing runs (.stagewright/last-pass) of tests the suite no longer has,
as \`playwright test --list\` lists it.

  --config FILE  the Playwright config (default: Playwright's own lookup)
  --dry-run      print what would be deleted; delete nothing`;

const kSpecFile = /\.(?:spec|test)\.[cm]?[jt]sx?$/;

interface Options { paths: string[]; results: string; dryRun: boolean; assert: boolean }

function parseArgs(args: string[]): Options | string {
  const options: Options = { paths: [], results: 'test-results', dryRun: false, assert: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--dry-run')
      options.dryRun = true;
    else if (arg === '--assert')
      options.assert = true;
    else if (arg === '--results' && args[i + 1])
      options.results = args[++i];
    else if (arg.startsWith('--results='))
      options.results = arg.slice('--results='.length);
    else if (arg.startsWith('-'))
      return `unknown option ${arg}`;
    else
      options.paths.push(arg);
  }
  return options;
}

/** A call site's key in `Recorded`: the spec (absolute), line, column of the call, and the ref of a ref call. */
function siteKey(file: string, site: { line: number; column: number }, ref = ''): string {
  return `${path.resolve(file)}:${site.line}:${site.column}:${ref}`;
}

interface Recorded {
  /** Every ref call, by `siteKey`. */
  calls: Map<string, FrozenCall[]>;
  /** Every run of a step that asserted nothing, by `siteKey`: passing tests only. */
  steps: Map<string, StepRecord[]>;
}

/**
 * What the last run recorded. A test that ran more than once (its retries) counts once: by its
 * run that passed, if one did.
 */
function readRecorded(results: string): Recorded {
  const byTest = new Map<string, RefsFile>();
  if (fs.existsSync(results)) {
    for (const name of fs.readdirSync(results, { recursive: true }).map(String)) {
      if (path.basename(name) !== 'refs.json')
        continue;
      let file: RefsFile;
      try {
        file = JSON.parse(fs.readFileSync(path.join(results, name), 'utf8'));
      } catch {
        continue;
      }
      if (file?.version !== kRefsFileVersion || !Array.isArray(file.calls))
        continue;
      const test = JSON.stringify(file.test);
      if (!byTest.has(test) || file.status === 'passed')
        byTest.set(test, file);
    }
  }
  const recorded: Recorded = { calls: new Map(), steps: new Map() };
  const add = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...map.get(key) ?? [], value]);
  for (const file of byTest.values()) {
    for (const call of file.calls)
      add(recorded.calls, siteKey(call.file, call, call.ref), call);
    for (const step of file.status === 'passed' && Array.isArray(file.steps) ? file.steps : [])
      add(recorded.steps, siteKey(step.file, step), step);
  }
  return recorded;
}

function specFiles(paths: string[], recorded: Recorded): string[] {
  if (!paths.length) {
    const named = [...[...recorded.calls.values()].flat(), ...[...recorded.steps.values()].flat()].map(call => path.resolve(call.file));
    return [...new Set(named)].filter(file => fs.existsSync(file)).sort();
  }
  const files: string[] = [];
  for (const given of paths) {
    const resolved = path.resolve(given);
    if (fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory()) {
      for (const name of fs.readdirSync(resolved, { recursive: true }).map(String).sort()) {
        // Not in packages, nor in dot folders (the last passing runs are kept under spec-named folders).
        const skipped = name.split(path.sep).slice(0, -1).some(part => part === 'node_modules' || part.startsWith('.'));
        if (kSpecFile.test(name) && !skipped && fs.statSync(path.join(resolved, name)).isFile())
          files.push(path.join(resolved, name));
      }
    } else {
      files.push(resolved);
    }
  }
  return files;
}

export function freeze(args: string[], out: (text: string) => void = text => process.stdout.write(text), cwd = process.cwd()): number {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    out(`stagewright freeze: ${options}\n\n${kUsage}\n`);
    return 2;
  }
  const recorded = readRecorded(path.resolve(cwd, options.results));
  const files = specFiles(options.paths.map(p => path.resolve(cwd, p)), recorded);
  const missing = files.filter(file => !fs.existsSync(file));
  if (missing.length) {
    out(`stagewright freeze: no such file: ${missing.map(file => path.relative(cwd, file)).join(', ')}\n`);
    return 2;
  }
  const problems: (FreezeProblem & { file: string })[] = [];
  const notes: string[] = [];
  let frozen = 0;
  let asserted = 0;
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const calls = callsIn(source, file);
    const relative = path.relative(cwd, file);
    const plan = planFreeze(calls.refs, site => recorded.calls.get(siteKey(file, site, site.ref)) ?? []);
    problems.push(...plan.problems.map(problem => ({ ...problem, file })));
    const assertions = options.assert ? planAssertions(calls.steps, site => recorded.steps.get(siteKey(file, site)) ?? [], calls.expect) : { plans: [], edits: [] };
    const edits: FreezeEdit[] = [...plan.edits, ...assertions.edits];
    const verb = options.dryRun ? 'would freeze' : 'froze';
    for (const edit of plan.edits)
      notes.push(`${verb} ${relative}:${edit.site.line} ref('${edit.site.ref}') → ${edit.code}\n`);
    for (const { site, title, added, why } of assertions.plans) {
      asserted += added.length;
      notes.push(why
        ? `no assertion added: ${relative}:${site.line} step ${JSON.stringify(title)}: ${why}\n`
        : `${options.dryRun ? 'would add' : 'added'} ${added.length} assertion${added.length === 1 ? '' : 's'} to ${relative}:${site.line} step ${JSON.stringify(title)}\n`);
    }
    frozen += plan.edits.length;
    if (!edits.length)
      continue;
    const result = applyEdits(source, edits);
    if (options.dryRun)
      out(createTwoFilesPatch(relative, relative, source, result));
    else
      fs.writeFileSync(file, result);
  }
  for (const note of notes)
    out(note);
  for (const { file, site, why } of problems)
    out(`not frozen: ${path.relative(cwd, file)}:${site.line} ref('${site.ref}'): ${why}\n`);
  out(`${frozen} ref call${frozen === 1 ? '' : 's'} ${options.dryRun ? 'to freeze' : 'frozen'}, ${problems.length} not${options.assert ? `; ${asserted} assertion${asserted === 1 ? '' : 's'} ${options.dryRun ? 'to add' : 'added'}` : ''}.\n`);
  return problems.length ? 1 : 0;
}

export function main(argv: string[]): number {
  const [command, ...args] = argv;
  if (command === 'freeze')
    return freeze(args);
  if (command === 'prune')
    return prune(args, text => process.stdout.write(text), process.cwd());
  process.stdout.write(`${command && command !== '--help' && command !== '-h' ? `stagewright: unknown command ${command}\n\n` : ''}${kUsage}\n`);
  return command && command !== '--help' && command !== '-h' ? 2 : 0;
}

if (require.main === module)
  process.exitCode = main(process.argv.slice(2));
