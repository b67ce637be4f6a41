// `npx stagewright prune [--config FILE] [--dry-run]` (docs/failures.md, The last passing run):
// deletes the records of tests that are gone. Playwright lists the suite (`playwright test --list`,
// with a reporter of ours), and what its listing cannot vouch for is kept. Only what stagewright
// wrote is deleted (a record carries a mark), only inside a folder of records, and never through a
// link: a folder that is not one of records is refused whole, before anything is deleted.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LastPassRecord } from '../triage/lastPass';
import { configKey, kLastPassFolder, readRecordText, recordName, specFolder } from '../triage/lastPassNames';

/** What the listing says of the config and of each project. */
interface Suite {
  configFile?: string;
  rootDir: string;
  /** The config's own filters, as they read: any one leaves tests out of the listing. */
  filters: string[];
  projects: { name: string; testDir: string; root?: string; tests: [file: string, id: string][] }[];
}

// Public reporter API only: `onBegin` gets the config and the whole suite, and `--list` runs
// nothing (nor narrows to `.only`). A load error goes to `onError`: the listing is then partial.
const kListReporter = `
const fs = require('node:fs');
const path = require('node:path');
const list = value => value == null ? [] : [].concat(value);
const shown = value => list(value).map(String).join(', ');
// Projects inherit the config's greps: each is named once, where it is set.
function filtersOf(owner, where, parent) {
  const found = [];
  if (!list(owner.grep).some(grep => grep && grep.source === '.*') && (!parent || shown(owner.grep) !== shown(parent.grep)))
    found.push('grep ' + shown(owner.grep) + where);
  if (list(owner.grepInvert).length && (!parent || shown(owner.grepInvert) !== shown(parent.grepInvert)))
    found.push('grepInvert ' + shown(owner.grepInvert) + where);
  return found;
}
module.exports = class {
  onBegin(config, suite) {
    const configDir = config.configFile ? path.dirname(config.configFile) : config.rootDir;
    const filters = filtersOf(config, '');
    if (config.shard && config.shard.total > 1)
      filters.push('shard ' + config.shard.current + '/' + config.shard.total);
    for (const project of config.projects)
      filters.push(...filtersOf(project, ' in project "' + project.name + '"', config));
    const projects = suite.suites.map(projectSuite => {
      const project = projectSuite.project();
      const option = project.use && project.use.stagewrightOptions && project.use.stagewrightOptions.lastPassDir;
      const root = option === false ? undefined : typeof option === 'string' && option ? path.resolve(configDir, option) : path.join(project.snapshotDir, ...${JSON.stringify(kLastPassFolder)});
      return { name: project.name, testDir: project.testDir, root, tests: projectSuite.allTests().map(test => [test.location.file, test.id]) };
    });
    fs.writeFileSync(process.env.STAGEWRIGHT_PRUNE_LIST, JSON.stringify({ configFile: config.configFile, rootDir: config.rootDir, filters, projects }));
  }
  onError(error) {
    process.stderr.write(String(error.message || error.value) + '\\n');
  }
  printsToStdio() { return true; }
};
`;

/** What an interrupted `writeRecord` leaves: `<record>.json.<pid>.tmp`. Ours, but not a record: left alone. */
const kTemporary = /^[\w-]+\.json\.\d+\.tmp$/;
/** What a file browser or git puts in any folder: left alone, and no reason to refuse it. */
const kTolerated = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini', '.gitkeep', '.gitignore']);
/** Records are a few KB: a bigger file is not read, and is not one. */
const kMaxRecordBytes = 8 << 20;
/** How many of the files that are not records a refusal names. */
const kShownStrangers = 5;

export function prune(args: string[], out: (text: string) => void, cwd: string): number {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    out(`stagewright prune: ${options}\n`);
    return 2;
  }
  const suite = listSuite(options.config, cwd);
  if (typeof suite === 'string') {
    out(`stagewright prune: could not list the suite with Playwright: ${suite}\n`);
    return 2;
  }
  if (suite.filters.length) {
    out(`stagewright prune: refused: the config filters the suite (${suite.filters.join('; ')}), so Playwright would not list every test, and prune would delete the records of those it leaves out. Run it with a config, or an environment, that lists the whole suite.\n`);
    return 2;
  }
  const folders = recordFolders(suite);
  for (const folder of folders) {
    const refusal = refusalOf(folder, suite, cwd);
    if (refusal) {
      out(`stagewright prune: refused: the records folder ${shownPath(cwd, folder.root)} ${refusal}, and prune deletes only inside a folder of records of its own: set lastPassDir to one, such as '${kLastPassFolder.join('/')}'.\n`);
      return 2;
    }
  }
  const found = folders.map(folder => ({ folder, found: walk(folder.real, new Set(folders.map(other => other.real).filter(real => real !== folder.real))) }));
  const strangers = found.flatMap(({ folder, found }) => found.strangers.map(relative => shownPath(cwd, path.join(folder.root, relative))));
  if (strangers.length) {
    out(refusalOfStrangers(strangers));
    return 2;
  }
  return deleteGone(found, options.dryRun, out, cwd);
}

interface Options { config: string[]; dryRun: boolean }

function parseArgs(args: string[]): Options | string {
  const options: Options = { config: [], dryRun: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--dry-run')
      options.dryRun = true;
    else if ((args[i] === '--config' || args[i] === '-c') && args[i + 1])
      options.config = ['--config', args[++i]];
    else if (args[i].startsWith('--config='))
      options.config = [args[i]];
    else if (args[i] === '--config' || args[i] === '-c')
      return `${args[i]} needs the config file`;
    else
      return `${args[i]} is not an option of prune (only --config and --dry-run: a filter would prune every test it leaves out)`;
  }
  return options;
}

/** The suite as Playwright lists it, or the first line of why it could not. */
function listSuite(config: string[], cwd: string): Suite | string {
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-prune-'));
  const reporter = path.join(temporary, 'list-reporter.cjs');
  const listing = path.join(temporary, 'suite.json');
  try {
    fs.writeFileSync(reporter, kListReporter);
    const cli = require.resolve('@playwright/test/cli', { paths: [cwd] });
    execFileSync(process.execPath, [cli, 'test', '--list', `--reporter=${reporter}`, ...config], {
      cwd,
      env: { ...process.env, STAGEWRIGHT_PRUNE_LIST: listing },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 << 20,
    });
    return JSON.parse(fs.readFileSync(listing, 'utf8'));
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: unknown; stdout?: unknown; message: string };
    // Playwright colours its errors on a terminal.
    return [stderr, stdout, message].map(text => String(text ?? '').replace(/\x1b\[[\d;]*m/g, '').trim()).find(Boolean)!.split('\n')[0];
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/** A listed project as its records name it. */
interface Listed {
  name: string;
  testDir: string;
  /** `configKey`: the records it wrote carry it. */
  config: string;
  /** The record names of its listed tests, by spec folder. */
  specs: Map<string, Set<string>>;
}

interface RecordFolder {
  root: string;
  /** The root with its links resolved: what is walked, and checked against the project's folders. */
  real: string;
  projects: Listed[];
}

/** Each folder of records the listed projects keep: projects may share one. */
function recordFolders(suite: Suite): RecordFolder[] {
  const byRoot = new Map<string, RecordFolder>();
  for (const project of suite.projects) {
    if (!project.root)
      continue;
    const folder = byRoot.get(project.root) ?? { root: project.root, real: realPath(project.root), projects: [] };
    byRoot.set(project.root, folder);
    const specs = new Map<string, Set<string>>();
    for (const [file, id] of project.tests) {
      const spec = specFolder(path, project.testDir, file);
      specs.set(spec, (specs.get(spec) ?? new Set()).add(recordName(id)));
    }
    folder.projects.push({ name: project.name, testDir: project.testDir, config: configKey(path, project.testDir, suite.configFile), specs });
  }
  return [...byRoot.values()];
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

/** `inner` is `outer` or inside it. */
function within(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** Why a records folder must not be walked: it is, or holds, the project's own folders, or it is in node_modules. */
function refusalOf(folder: RecordFolder, suite: Suite, cwd: string): string | undefined {
  const stat = fs.statSync(folder.root, { throwIfNoEntry: false });
  if (!stat)
    return undefined;
  if (!stat.isDirectory())
    return 'is not a folder';
  const roots = [folder.root, folder.real];
  if (roots.some(root => root.split(path.sep).includes('node_modules')))
    return 'is in node_modules';
  const projectFolders: [string, string][] = [
    [suite.configFile ? path.dirname(suite.configFile) : suite.rootDir, 'the config file\'s folder'],
    [suite.rootDir, 'the config\'s rootDir'],
    [cwd, 'the current folder'],
    ...suite.projects.map((project): [string, string] => [project.testDir, `the test folder of project "${project.name}"`]),
  ];
  for (const [dir, what] of projectFolders) {
    const dirs = [path.resolve(dir), realPath(dir)];
    if (roots.some(root => dirs.includes(root)))
      return `is ${what}`;
    if (roots.some(root => dirs.some(inner => within(root, inner))))
      return `holds ${what}`;
  }
  return undefined;
}

/** What a records folder holds, each by its path relative to the folder. */
interface Found {
  records: { relative: string; record: LastPassRecord }[];
  /** Neither entered nor deleted. */
  links: string[];
  temporary: string[];
  /** Records of another version of stagewright: kept. */
  otherVersion: string[];
  /** Marked as ours, but not readable as a record: kept, and said. */
  unreadable: { relative: string; problem: string }[];
  /** Files stagewright did not write: the folder is refused. */
  strangers: string[];
}

/** Every file under `real`, by lstat: a link is noted, never followed, so the walk stays in the folder and ends. */
function walk(real: string, otherRoots: Set<string>): Found {
  const found: Found = { records: [], links: [], temporary: [], otherVersion: [], unreadable: [], strangers: [] };
  if (!fs.existsSync(real))
    return found;
  const folders = [''];
  while (folders.length) {
    const folder = folders.shift()!;
    let names: string[];
    try {
      names = fs.readdirSync(path.join(real, folder)).sort();
    } catch (error) {
      found.unreadable.push({ relative: folder, problem: firstLineOf(error) });
      continue;
    }
    for (const name of names) {
      const relative = path.join(folder, name);
      const file = path.join(real, relative);
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      if (!stat || kTolerated.has(name))
        continue;
      if (stat.isSymbolicLink())
        found.links.push(relative);
      // A records folder of another project, inside this one, is walked as its own.
      else if (stat.isDirectory() && !otherRoots.has(file))
        folders.push(relative);
      else if (stat.isDirectory())
        continue;
      else if (stat.isFile() && kTemporary.test(name))
        found.temporary.push(relative);
      else if (!stat.isFile() || !name.endsWith('.json') || stat.size > kMaxRecordBytes)
        found.strangers.push(relative);
      else
        readFound(file, relative, found);
    }
  }
  return found;
}

function readFound(file: string, relative: string, found: Found): void {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    found.unreadable.push({ relative, problem: firstLineOf(error) });
    return;
  }
  const reading = readRecordText(text);
  if (reading.record)
    found.records.push({ relative, record: reading.record });
  else if (!reading.marked)
    found.strangers.push(relative);
  else if (reading.otherVersion)
    found.otherVersion.push(relative);
  else
    found.unreadable.push({ relative, problem: reading.problem });
}

function refusalOfStrangers(strangers: string[]): string {
  const more = strangers.length > kShownStrangers ? `  and ${strangers.length - kShownStrangers} more\n` : '';
  const json = strangers.some(file => file.endsWith('.json'))
    ? ' Records written by stagewright 0.10 and before carry no mark ("format": "stagewright-last-pass"): delete those by hand; each test\'s next pass writes its record again.'
    : '';
  return `stagewright prune: refused: the records folder holds ${strangers.length} file${strangers.length === 1 ? '' : 's'} stagewright did not write, and prune deletes only its own records, in a folder of their own:\n`
    + strangers.slice(0, kShownStrangers).map(file => `  ${file}\n`).join('') + more
    + `Move them out, or set lastPassDir to a folder of its own.${json}\n`;
}

/** Why a record is kept, in the order the summary names them, or that its test is gone. */
const kKept = ['listed', 'not listed by this config', 'of another config', 'of another stagewright version'] as const;
type Fate = 'gone' | typeof kKept[number];

/**
 * Gone only when the listing vouches for it: its project was listed, and listed tests of its spec
 * file but not this one, or the spec file is no longer on disk. A config may leave a spec file or
 * a project out by its environment (`testIgnore`, `projects`), which prune cannot know.
 */
function fateOf(relative: string, record: LastPassRecord, projects: Listed[]): Fate {
  const ofConfig = projects.filter(project => project.config === record.config);
  if (!ofConfig.length)
    return 'of another config';
  const ofProject = ofConfig.filter(project => project.name === record.project);
  // Two projects of one name share record names: which one wrote it is unknown.
  if (ofProject.length !== 1)
    return 'not listed by this config';
  const spec = path.dirname(relative);
  const listed = ofProject[0].specs.get(spec);
  if (listed)
    return listed.has(path.basename(relative)) ? 'listed' : 'gone';
  return fs.lstatSync(path.join(ofProject[0].testDir, spec), { throwIfNoEntry: false }) ? 'not listed by this config' : 'gone';
}

function deleteGone(folders: { folder: RecordFolder; found: Found }[], dryRun: boolean, out: (text: string) => void, cwd: string): number {
  const kept = new Map<Fate, number>();
  const keep = (fate: Fate, count = 1) => kept.set(fate, (kept.get(fate) ?? 0) + count);
  let gone = 0;
  let failed = 0;
  let links = 0;
  let temporary = 0;
  let unreadable = 0;
  for (const { folder, found } of folders) {
    const shown = (relative: string) => shownPath(cwd, path.join(folder.root, relative));
    for (const relative of found.links)
      out(`skipped link ${shown(relative)} (prune follows no link)\n`);
    for (const { relative, problem } of found.unreadable)
      out(`ignored ${shown(relative)}: ${problem}\n`);
    links += found.links.length;
    temporary += found.temporary.length;
    unreadable += found.unreadable.length;
    keep('of another stagewright version', found.otherVersion.length);
    for (const { relative, record } of found.records) {
      const fate = fateOf(relative, record, folder.projects);
      if (fate !== 'gone') {
        keep(fate);
        continue;
      }
      gone++;
      out(`${dryRun ? 'would delete' : 'deleted'} ${shown(relative)}\n`);
      if (dryRun)
        continue;
      try {
        deleteRecord(folder.real, relative);
      } catch (error) {
        failed++;
        out(`could not delete ${shown(relative)}: ${firstLineOf(error)}\n`);
      }
    }
  }
  out(summary({ gone, dryRun, kept, links, temporary, unreadable }));
  return failed ? 1 : 0;
}

/** Deletes one record, and the spec folders it leaves empty, up to the records' root and never above. */
function deleteRecord(real: string, relative: string): void {
  const file = path.join(real, relative);
  // Replaced since the walk (by a link, say): left alone.
  if (!fs.lstatSync(file, { throwIfNoEntry: false })?.isFile())
    return;
  fs.unlinkSync(file);
  for (let folder = path.dirname(relative); folder !== '.'; folder = path.dirname(folder)) {
    try {
      fs.rmdirSync(path.join(real, folder));
    } catch {
      return;
    }
  }
}

function summary(counts: { gone: number; dryRun: boolean; kept: Map<Fate, number>; links: number; temporary: number; unreadable: number }): string {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const kept = [...counts.kept.values()].reduce((sum, n) => sum + n, 0);
  const why = kKept.filter(fate => fate !== 'listed' && counts.kept.get(fate)).map(fate => `${counts.kept.get(fate)} ${fate}`);
  const also = [
    counts.links && `${plural(counts.links, 'link')} skipped`,
    counts.temporary && `${plural(counts.temporary, 'temporary file')} of an interrupted write left`,
    counts.unreadable && `${plural(counts.unreadable, 'unreadable file')} ignored`,
  ].filter(Boolean);
  return `${plural(counts.gone, 'record')} of tests that are gone ${counts.dryRun ? 'to delete' : 'deleted'}, ${kept} kept${why.length ? ` (${why.join(', ')})` : ''}${also.map(text => `; ${text}`).join('')}.\n`;
}

function shownPath(cwd: string, file: string): string {
  return path.relative(cwd, file) || '.';
}

function firstLineOf(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0];
}
