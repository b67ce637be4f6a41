// `npx stagewright freeze` as a command (docs/agents.md, Freezing refs): reads what the last run
// recorded (every refs.json under the results folder: untrusted data, checked, never run), plans
// every edit of every spec, and writes them all or none. A spec is edited only inside the project
// folder, only while it has the bytes the run ran, and only where a ref call of the recorded ref
// stands at the recorded place; every recorded call left as it was counts, with why.

import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { refsFileProblem, type RefsFile, type StepRecord } from '../api/refsFile';
import { callsIn, planAssertions, planFreeze, SpecSyntaxError, type FreezeEdit, type RecordedCall, type RefCallSite } from './freeze';
import { editBytes, readSource, sha256, writeAll } from './sourceFiles';

const kSpecFile = /\.(?:spec|test)\.[cm]?[jt]sx?$/;
/** refs.json files are small; one larger than this is no file a test's end wrote. */
const kMaxRefsFileBytes = 16 * 1024 * 1024;
/** The most entries the results folder's walk looks at: a CI artifact may be anything. */
const kMaxWalkEntries = 200_000;

export interface FreezeOptions { paths: string[]; results: string; dryRun: boolean; assert: boolean }

/** A call site's key: the spec (absolute), line, column of the call, and the ref of a ref call. */
function siteKey(file: string, site: { line: number; column: number }, ref = ''): string {
  return `${path.resolve(file)}:${site.line}:${site.column}:${ref}`;
}

interface Recorded {
  /** Every run's ref calls, by `siteKey`. */
  calls: Map<string, RecordedCall[]>;
  /** Every run of a step that asserted nothing, by `siteKey`: passing tests only. */
  steps: Map<string, StepRecord[]>;
  /** The hashes each file had in the runs that made calls in it. */
  sources: Map<string, Set<string>>;
  /** refs.json files that were not read, and why. */
  unread: { file: string; why: string }[];
}

/** Every refs.json under `results`, found without following a link out of it. */
function refsFilesIn(results: string): string[] {
  const found: string[] = [];
  const folders = [results];
  let seen = 0;
  while (folders.length && seen < kMaxWalkEntries) {
    const folder = folders.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen++;
      if (entry.isDirectory())
        folders.push(path.join(folder, entry.name));
      else if (entry.isFile() && entry.name === 'refs.json')
        found.push(path.join(folder, entry.name));
    }
  }
  return found.sort();
}

/** What the last run recorded: each run of each test in each project, every one counted. */
function readRecorded(results: string): Recorded {
  const recorded: Recorded = { calls: new Map(), steps: new Map(), sources: new Map(), unread: [] };
  const add = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...map.get(key) ?? [], value]);
  for (const name of refsFilesIn(results)) {
    let file: RefsFile;
    try {
      if (fs.statSync(name).size > kMaxRefsFileBytes)
        throw new Error('it is too large to be one');
      const data: unknown = JSON.parse(fs.readFileSync(name, 'utf8'));
      const problem = refsFileProblem(data);
      if (problem)
        throw new Error(problem);
      file = data as RefsFile;
    } catch (error) {
      recorded.unread.push({ file: name, why: (error as Error).message.split('\n')[0] });
      continue;
    }
    for (const [source, hash] of Object.entries(file.sources))
      recorded.sources.set(path.resolve(source), new Set([...recorded.sources.get(path.resolve(source)) ?? [], hash]));
    for (const call of file.calls)
      add(recorded.calls, siteKey(call.file, call, call.ref), { ...call, file: path.resolve(call.file), project: file.project, retry: file.retry });
    for (const step of file.status === 'passed' ? file.steps ?? [] : [])
      add(recorded.steps, siteKey(step.file, step), { ...step, file: path.resolve(step.file) });
  }
  return recorded;
}

function specFiles(paths: string[], recorded: Recorded): string[] {
  if (!paths.length) {
    const named = [...[...recorded.calls.values()].flat(), ...[...recorded.steps.values()].flat()].map(call => call.file);
    return [...new Set(named)].sort();
  }
  const files: string[] = [];
  for (const given of paths) {
    if (fs.statSync(given, { throwIfNoEntry: false })?.isDirectory()) {
      for (const name of fs.readdirSync(given, { recursive: true }).map(String).sort()) {
        // Not in packages, nor in dot folders (the last passing runs are kept under spec-named folders).
        const skipped = name.split(path.sep).slice(0, -1).some(part => part === 'node_modules' || part.startsWith('.'));
        if (kSpecFile.test(name) && !skipped && fs.lstatSync(path.join(given, name)).isFile())
          files.push(path.join(given, name));
      }
    } else {
      files.push(given);
    }
  }
  return files;
}

/** Why freeze will not edit `file`, or undefined: it edits only regular files in the project folder, outside packages. */
function outsideProject(file: string, root: string): string | undefined {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat)
    return 'the file is gone';
  if (stat.isSymbolicLink())
    return 'it is a symbolic link: freeze edits the file itself, in the project';
  if (!stat.isFile())
    return 'it is not a file';
  const real = fs.realpathSync(file);
  if (!real.startsWith(root + path.sep) || real.split(path.sep).includes('node_modules'))
    return `it is outside the project folder (${root}), or in node_modules: freeze edits only the project's own files`;
  return undefined;
}

interface Problem { file: string; line: number; ref: string; why: string }

export function freezeCommand(options: FreezeOptions, out: (text: string) => void, cwd: string): number {
  const results = path.resolve(cwd, options.results);
  if (!fs.statSync(results, { throwIfNoEntry: false })?.isDirectory()) {
    out(`stagewright freeze: no results folder ${options.results}: run the specs first, or pass --results with Playwright's output folder\n`);
    return 2;
  }
  const recorded = readRecorded(results);
  for (const { file, why } of recorded.unread)
    out(`ignored ${path.relative(cwd, file)}: ${why}\n`);
  const files = specFiles(options.paths.map(p => path.resolve(cwd, p)), recorded);
  const missing = options.paths.length ? files.filter(file => !fs.existsSync(file)) : [];
  if (missing.length) {
    out(`stagewright freeze: no such file: ${missing.map(file => path.relative(cwd, file)).join(', ')}\n`);
    return 2;
  }
  const root = fs.realpathSync(cwd);
  const problems: Problem[] = [];
  const unreadable: string[] = [];
  const notes: string[] = [];
  const writes: { file: string; bytes: Buffer; before: string }[] = [];
  let frozen = 0;
  let asserted = 0;
  const verb = options.dryRun ? 'would freeze' : 'froze';
  for (const file of files) {
    const relative = path.relative(cwd, file);
    const recordedHere = [...recorded.calls.values()].flat().filter(call => call.file === file);
    const refuse = (why: string) => problems.push(...recordedHere.map(call => ({ file, line: call.line, ref: call.ref, why })));
    const outside = outsideProject(file, root);
    if (outside) {
      refuse(outside);
      continue;
    }
    const source = readSource(file);
    const hashes = recorded.sources.get(file);
    if (hashes && (hashes.size !== 1 || !hashes.has(sha256(source.bytes)))) {
      refuse('the spec changed since the run that recorded it: run it again, then freeze');
      notes.push(`${relative} changed since the last run: not edited\n`);
      continue;
    }
    let calls: ReturnType<typeof callsIn>;
    try {
      calls = callsIn(source.text, file);
    } catch (error) {
      if (!(error instanceof SpecSyntaxError))
        throw error;
      unreadable.push(`${relative}: ${error.message}`);
      continue;
    }
    const plan = planFreeze(calls.refs, site => recorded.calls.get(siteKey(file, site, site.ref)) ?? []);
    problems.push(...plan.problems.map(({ site, why }) => ({ file, line: site.line, ref: site.ref, why })));
    problems.push(...leftCalls(file, recordedHere, calls.refs, calls.others));
    const assertions = options.assert ? planAssertions(calls.steps, site => recorded.steps.get(siteKey(file, site)) ?? [], calls.expect) : { plans: [], edits: [] };
    for (const edit of plan.edits)
      notes.push(`${verb} ${relative}:${edit.site.line} ref('${edit.site.ref}') → ${edit.code}\n`);
    for (const { site, title, added, why } of assertions.plans) {
      asserted += added.length;
      notes.push(why
        ? `no assertion added: ${relative}:${site.line} step ${JSON.stringify(title)}: ${why}\n`
        : `${options.dryRun ? 'would add' : 'added'} ${added.length} assertion${added.length === 1 ? '' : 's'} to ${relative}:${site.line} step ${JSON.stringify(title)}\n`);
    }
    frozen += plan.edits.length;
    const edits: FreezeEdit[] = [...plan.edits, ...assertions.edits];
    if (edits.length)
      writes.push({ file, bytes: editBytes(source, edits), before: source.text });
  }
  // All or nothing: a spec that cannot be read stops freeze before its first write.
  if (unreadable.length) {
    out(`stagewright freeze: nothing written: ${unreadable.length === 1 ? 'a spec cannot be read' : 'specs cannot be read'}:\n${unreadable.map(line => `  ${line}\n`).join('')}`);
    return 2;
  }
  if (options.dryRun) {
    for (const { file, bytes, before } of writes)
      out(createTwoFilesPatch(path.relative(cwd, file), path.relative(cwd, file), before, bytes.toString('utf8')));
  } else {
    const failed = writeAll(writes);
    if (failed) {
      out(`stagewright freeze: nothing written: ${failed}\n`);
      return 2;
    }
  }
  for (const note of notes)
    out(note);
  for (const { file, line, ref, why } of problems)
    out(`not frozen: ${path.relative(cwd, file)}:${line} ref('${ref}'): ${why}\n`);
  out(`${frozen} ref call${frozen === 1 ? '' : 's'} ${options.dryRun ? 'to freeze' : 'frozen'}, ${problems.length} not${options.assert ? `; ${asserted} assertion${asserted === 1 ? '' : 's'} ${options.dryRun ? 'to add' : 'added'}` : ''}.\n`);
  return problems.length ? 1 : 0;
}

/**
 * The recorded calls of `file` that no ref call freeze rewrites stands at: an optional call, a
 * template literal, a computed ref, an alias. Each stays in the spec, and counts.
 */
function leftCalls(file: string, recordedHere: readonly RecordedCall[], sites: readonly RefCallSite[], others: readonly { line: number; column: number; why: string }[]): Problem[] {
  const rewritten = new Set(sites.map(site => siteKey(file, site, site.ref)));
  const problems = new Map<string, Problem>();
  for (const call of recordedHere) {
    const key = siteKey(file, call, call.ref);
    if (rewritten.has(key) || problems.has(key))
      continue;
    const other = others.find(site => site.line === call.line && site.column === call.column);
    problems.set(key, { file, line: call.line, ref: call.ref, why: other?.why ?? 'no `….ref(\'…\')` call stands where the run made it (an alias of `ref`, or a helper): freeze rewrites only a direct call' });
  }
  return [...problems.values()];
}
