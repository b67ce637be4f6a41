// The last passing run on disk (docs/failures.md, The last passing run): one small JSON file per
// test, named by its test id, in a folder kept between runs. Workers and shards never write the
// same file, so merging records is copying folders; a file is replaced whole, never half written.

import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { firstLine } from '../errors';
import { internalsOf } from '../api/stagewright';
import { buildRecord, type LastPassRecord } from './lastPass';
import type { Stagewright } from '../api/stagewright';
import type { ActionLog } from './actionLog';
import { configKey, kLastPassFolder, readRecordText, recordName, specFolder } from './lastPassNames';

/** The file of a test's record: `<dir>/<spec file, relative to the test folder>/<test id>.json`. */
export function recordFile(dir: string, testDir: string, testFile: string, testId: string): string {
  return path.join(dir, specFolder(path, testDir, testFile), recordName(testId));
}

/** Written whole or not at all: a reader (another worker's triage) never sees half a file. */
export function writeRecord(file: string, record: LastPassRecord): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(record, null, 1) + '\n');
  fs.renameSync(temporary, file);
}

/**
 * The record at `file`; undefined when there is none, or one of another version, or when the file
 * is not a record. The last is said once on stderr and never fails the test: it runs as with no
 * record, and a pass writes the file again.
 */
export function readRecord(file: string): LastPassRecord | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      reportUnread(file, firstLine(error));
    return undefined;
  }
  const reading = readRecordText(text);
  if (!reading.record && !reading.otherVersion)
    reportUnread(file, reading.problem);
  return reading.record;
}

const reportedUnread = new Set<string>();

/** Once per file and worker: retries and the tests of a worker read the same file again. */
function reportUnread(file: string, problem: string): void {
  if (reportedUnread.has(file))
    return;
  reportedUnread.add(file);
  process.stderr.write(`stagewright: ignored the last passing run in ${file}: ${problem}\n`);
}

/** What a test leaves for its record (and, with more, for its triage: onFailure.ts). */
export interface PassEvidence {
  testInfo: TestInfo;
  /** The fixture object of the test's page. */
  stagewright: Stagewright;
  /** The test's calls on elements, and what each reached. */
  actions: ActionLog;
  /** This test's last passing run as it stood when the test started; undefined when none is kept. */
  lastPass: LastPass | undefined;
}

/** The test's last passing run: where it is kept (by the `lastPassDir` option), and what it holds now; undefined when records are off. */
export interface LastPass { file: string; record: LastPassRecord | undefined }

/** Read once, as the test starts: the ref checks and the triage read the same record. */
export function lastPassOf(testInfo: TestInfo, option: string | false | undefined): LastPass | undefined {
  if (option === false)
    return undefined;
  const configDir = testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : testInfo.config.rootDir;
  const dir = option === undefined ? path.join(testInfo.project.snapshotDir, ...kLastPassFolder) : path.resolve(configDir, option);
  const file = recordFile(dir, testInfo.project.testDir, testInfo.file, testInfo.testId);
  return { file, record: readRecord(file) };
}

/**
 * Keeps what each call of a test that passed reached (lastPass.ts), for the triage of a later
 * failure. Report only, like the triage: a folder that cannot be written loses the record, never
 * the test.
 */
export async function keepLastPass(evidence: PassEvidence): Promise<void> {
  const { testInfo } = evidence;
  if (!evidence.lastPass || testInfo.status !== 'passed')
    return;
  const calls = await evidence.actions.calls();
  if (!calls)
    return;
  const internals = internalsOf(evidence.stagewright)!;
  try {
    const states = [evidence.stagewright, ...internals.children].map(sw => ({ page: sw.page, states: internalsOf(sw)!.recorder.recordedStates() }));
    const config = configKey(path, testInfo.project.testDir, testInfo.config.configFile);
    const record = buildRecord({ titlePath: testInfo.titlePath, project: testInfo.project.name, config, relative: file => testFileOf(testInfo, file) }, calls, states, new Date());
    const refs = internals.refCalls.filter(call => call.seen).map(call => ({ ...call.location, file: testFileOf(testInfo, call.location.file), ref: call.ref, ...call.seen! }));
    if (refs.length)
      record.refs = refs;
    // Names and locators quote the page: what a secret field withheld stays out of the folder too.
    writeRecord(evidence.lastPass.file, JSON.parse(internals.store.secrets.mask(JSON.stringify(record))));
  } catch (error) {
    // Once per worker: a folder that cannot be written fails every test's record the same way.
    if (!saidNotKept)
      process.stderr.write(`stagewright: the last passing run of "${testInfo.title}" was not kept (${firstLine(error)}); set lastPassDir to a writable folder, or to false\n`);
    saidNotKept = true;
  }
}

let saidNotKept = false;

/** A test file as the record names it: relative to the project's test folder, with `/`. */
export function testFileOf(testInfo: Pick<TestInfo, 'project'>, file: string): string {
  return path.relative(testInfo.project.testDir, file).split(path.sep).join('/');
}

/** What each ref call of the test named when it last passed, by the call's place in the spec (StagewrightInit.lastRef). */
export function lastRefsOf(testInfo: TestInfo, record: LastPassRecord | undefined): ((location: { file: string; line: number; column: number }, ref: string) => { role: string; name: string; passedAt: string } | undefined) | undefined {
  if (!record?.refs?.length)
    return undefined;
  const byCall = new Map(record.refs.map(call => [`${call.file}:${call.line}:${call.column}:${call.ref}`, { role: call.role, name: call.name, passedAt: record.passedAt }]));
  return (location, ref) => byCall.get(`${testFileOf(testInfo, location.file)}:${location.line}:${location.column}:${ref}`);
}
