// Makes sure a Chromium exists before `npm run demo` and `npm test` (both run it after the build).
// Discovery is the library's own: findChromium from dist/browser/index.js (STAGEWRIGHT_CHROMIUM,
// else Playwright's own download, else Debian's /usr/bin/chromium). When it finds none:
//   1. Playwright's download (`playwright install chromium`), quiet and with a time limit;
//   2. as root where apt-get exists (Debian), Debian's chromium (`apt-get install -y chromium`);
//   3. else stop, printing findChromium's error, which names the three fixes.
// An explicit STAGEWRIGHT_CHROMIUM that points nowhere is never installed over: it is an error.
// Prints one line per decision; exits 0 when a Chromium is there, 1 when not.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

// Playwright's download: a real one takes well under this; an unreachable CDN fails in seconds,
// a black-holed one after 5 attempts of kConnectTimeoutMs each.
const kDownloadTimeoutMs = 120_000;
const kConnectTimeoutMs = 10_000;

const kSources = {
  STAGEWRIGHT_CHROMIUM: 'from STAGEWRIGHT_CHROMIUM',
  playwright: "Playwright's own download",
  system: "the system's, e.g. Debian's chromium package",
};

const say = line => console.log(`ensure-browser: ${line}`);

const distBrowser = path.join(root, 'dist', 'browser', 'index.js');
if (!fs.existsSync(distBrowser)) {
  say(`${path.relative(root, distBrowser)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const { findChromium } = require(distBrowser);

/** findChromium's answer, or its error. */
function find() {
  try {
    return { found: findChromium() };
  } catch (error) {
    return { error };
  }
}

function report(found, extra = '') {
  say(`using Chromium ${found.executablePath} (${kSources[found.source] ?? found.source})${extra}`);
}

function fail(error, why) {
  if (why)
    say(why);
  console.error(String(error?.message ?? error));
  process.exit(1);
}

/** Runs the repo's own Playwright CLI quietly; resolves to its exit code and output (killed on timeout). */
function playwright(args, timeoutMs) {
  const cli = require.resolve('@playwright/test/cli');
  return new Promise(resolve => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      detached: true, // its own process group, so a timeout also ends the download helper it forks
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: String(kConnectTimeoutMs), ...process.env },
    });
    let output = '';
    child.stdout.on('data', data => output += data);
    child.stderr.on('data', data => output += data);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    }, timeoutMs);
    child.on('close', code => {
      clearTimeout(timer);
      resolve({ code: timedOut ? 'timeout' : code, output });
    });
  });
}

/** `apt-get …` with its output captured; prints the output's tail when it fails. */
function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
    say(`\`apt-get ${args.join(' ')}\` failed (exit ${result.status}):\n${output.trim().split('\n').slice(-15).join('\n')}`);
  }
  return result.status === 0;
}

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some(dir => dir && fs.existsSync(path.join(dir, command)));
}

const first = find();
if (first.found) {
  report(first.found);
  process.exit(0);
}
if (process.env.STAGEWRIGHT_CHROMIUM)
  fail(first.error, 'STAGEWRIGHT_CHROMIUM is set, so nothing is installed in its place.');

const rootOnDebian = process.getuid?.() === 0 && onPath('apt-get');

say(`no Chromium found: trying Playwright's download (\`npx playwright install chromium\`, at most ${kDownloadTimeoutMs / 1000} s)`);
const download = await playwright(['install', 'chromium'], kDownloadTimeoutMs);
if (download.code === 0) {
  // Playwright's Chromium needs system libraries a fresh Debian lacks; root can install them.
  if (rootOnDebian) {
    say("installing the system libraries Playwright's Chromium needs (`npx playwright install-deps chromium`)");
    const deps = await playwright(['install-deps', 'chromium'], 15 * 60_000);
    if (deps.code !== 0)
      say(`\`npx playwright install-deps chromium\` failed (${deps.code}):\n${deps.output.trim().split('\n').slice(-15).join('\n')}`);
  }
  const after = find();
  if (after.found) {
    report(after.found, rootOnDebian ? '' : '; if it does not start, run `sudo npx playwright install-deps chromium`');
    process.exit(0);
  }
} else {
  const reason = download.code === 'timeout' ? `timed out after ${kDownloadTimeoutMs / 1000} s` :
    (download.output.match(/Error: [^\n]*/)?.[0] ?? `exit ${download.code}`);
  say(`Playwright's download failed: ${reason}`);
}

if (!rootOnDebian) {
  const why = process.getuid?.() === 0 ? 'apt-get is not here (not Debian)' : 'not running as root';
  fail(find().error ?? 'No Chromium found.', `${why}, so Debian's chromium is not installed. Install a Chromium one of these ways:`);
}

say("installing Debian's chromium (`apt-get update && apt-get install -y chromium`): no Chromium here and Playwright's download failed");
if (aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', 'chromium'])) {
  const after = find();
  if (after.found) {
    report(after.found);
    process.exit(0);
  }
}
fail(find().error ?? 'No Chromium found.', "Debian's chromium could not be installed. Install a Chromium one of these ways:");
