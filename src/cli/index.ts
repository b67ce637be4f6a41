#!/usr/bin/env node
// The `stagewright` command:
//
//   npx stagewright freeze [spec files or folders] [--results DIR] [--dry-run] [--assert]
//
// rewrites each `….ref('s12')` call of the given specs (by default: every spec the last run's
// refs.json files name) into the durable locator the last run proved for its element
// (src/cli/freezeCommand.ts); with --assert, adds to each step that asserted nothing the
// assertions proven at its end. Exit code 0 when every recorded ref call was frozen, 1 when some
// stay (each listed with why), 2 for a usage error or when nothing could be written.
//
//   npx stagewright prune [--config FILE] [--dry-run]
//
// deletes the last passing runs of tests that are gone (src/cli/prune.ts).

import { freezeCommand, type FreezeOptions } from './freezeCommand';
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

function parseArgs(args: string[]): FreezeOptions | string {
  const options: FreezeOptions = { paths: [], results: 'test-results', dryRun: false, assert: false };
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

export function freeze(args: string[], out: (text: string) => void = text => process.stdout.write(text), cwd = process.cwd()): number {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    out(`stagewright freeze: ${options}\n\n${kUsage}\n`);
    return 2;
  }
  return freezeCommand(options, out, cwd);
}

export function main(argv: string[]): number {
  const [command, ...args] = argv;
  const out = (text: string) => process.stdout.write(text);
  if (command === 'freeze' || command === 'prune') {
    try {
      return command === 'freeze' ? freeze(args, out) : prune(args, out, process.cwd());
    } catch (error) {
      // A reader wants what went wrong, not our stack; STAGEWRIGHT_DEBUG=1 shows it.
      process.stderr.write(`stagewright ${command}: ${process.env.STAGEWRIGHT_DEBUG ? (error as Error).stack : (error as Error).message}\n`);
      return 2;
    }
  }
  process.stdout.write(`${command && command !== '--help' && command !== '-h' ? `stagewright: unknown command ${command}\n\n` : ''}${kUsage}\n`);
  return command && command !== '--help' && command !== '-h' ? 2 : 0;
}

if (require.main === module)
  process.exitCode = main(process.argv.slice(2));
