// `npx stagewright prune [--config FILE] [--dry-run]` (docs/failures.md, The last passing run):
// deletes the records of tests that are gone. Playwright itself lists the suite (`playwright test
// --list`, with a reporter of ours that prints every test's id and where each project keeps its
// records); a record whose test id is not listed is deleted. Filters are refused: they would
// prune every test they leave out.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kLastPassFolder, recordName } from '../triage/lastPassNames';

const kMarker = 'STAGEWRIGHT_SUITE ';

// Public reporter API only: `onBegin` gets the whole suite, and `--list` runs nothing.
const kListReporter = `
const path = require('node:path');
module.exports = class {
  onBegin(config, suite) {
    const configDir = config.configFile ? path.dirname(config.configFile) : config.rootDir;
    const dirs = config.projects.map(project => {
      const option = project.use && project.use.stagewrightOptions && project.use.stagewrightOptions.lastPassDir;
      return option === false ? undefined : option ? path.resolve(configDir, option) : path.join(project.snapshotDir, ...${JSON.stringify(kLastPassFolder)});
    }).filter(Boolean);
    process.stdout.write(${JSON.stringify(kMarker)} + JSON.stringify({ ids: suite.allTests().map(test => test.id), dirs }) + '\\n');
  }
  printsToStdio() { return true; }
};
`;

export function prune(args: string[], out: (text: string) => void, cwd: string): number {
  let dryRun = false;
  const passed: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--dry-run') {
      dryRun = true;
    } else if ((args[i] === '--config' || args[i] === '-c') && args[i + 1]) {
      passed.push('--config', args[++i]);
    } else {
      out(`stagewright prune: ${args[i]} is not an option of prune (only --config and --dry-run: a filter would prune every test it leaves out)\n`);
      return 2;
    }
  }
  let suite: { ids: string[]; dirs: string[] };
  const reporter = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-prune-')), 'list-reporter.cjs');
  try {
    fs.writeFileSync(reporter, kListReporter);
    const cli = require.resolve('@playwright/test/cli', { paths: [cwd] });
    const stdout = execFileSync(process.execPath, [cli, 'test', '--list', `--reporter=${reporter}`, ...passed], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const line = stdout.split('\n').find(text => text.startsWith(kMarker));
    if (!line)
      throw new Error('Playwright listed no suite');
    suite = JSON.parse(line.slice(kMarker.length));
  } catch (error) {
    out(`stagewright prune: could not list the suite with Playwright: ${String((error as { stderr?: string }).stderr || (error as Error).message).split('\n')[0]}\n`);
    return 2;
  } finally {
    fs.rmSync(path.dirname(reporter), { recursive: true, force: true });
  }
  const names = new Set(suite.ids.map(recordName));
  let kept = 0;
  const gone: string[] = [];
  for (const dir of new Set(suite.dirs)) {
    if (!fs.existsSync(dir))
      continue;
    for (const name of fs.readdirSync(dir, { recursive: true }).map(String)) {
      const file = path.join(dir, name);
      if (!name.endsWith('.json') || !fs.statSync(file).isFile())
        continue;
      if (names.has(path.basename(name)))
        kept++;
      else
        gone.push(file);
    }
  }
  for (const file of gone) {
    out(`${dryRun ? 'would delete' : 'deleted'} ${path.relative(cwd, file)}\n`);
    if (!dryRun) {
      fs.rmSync(file);
      // Folders of specs that are gone go with their last record.
      for (let folder = path.dirname(file); !suite.dirs.includes(folder) && fs.existsSync(folder) && !fs.readdirSync(folder).length; folder = path.dirname(folder))
        fs.rmdirSync(folder);
    }
  }
  out(`${gone.length} record${gone.length === 1 ? '' : 's'} of tests that are gone ${dryRun ? 'to delete' : 'deleted'}, ${kept} kept.\n`);
  return 0;
}
