// Builds the real-app corpus (issue 30) that `npm run bench` measures: for each app of
// corpus/apps.json, `npm pack <package>@<version>` into corpus/.cache/tarballs/ (gitignored), the
// tarball's sha512 checked against the app's `integrity`, its licence against the package's
// package.json, then extracted to corpus/.cache/packages/<package>@<version>/. A package already
// extracted from a verified tarball is kept. Needs only the npm registry. An app whose page loads
// more than its own package (an ES-module library whose bare imports an import map sends to other
// packages under /pkg/, or a page of several component libraries) lists them in `extraPackages`,
// each pinned, licensed and verified the same way.
//
//   node scripts/corpus.mjs            build what is missing; exit 1 on any mismatch
//   node scripts/corpus.mjs --update   record the integrity of every tarball in apps.json (new pins)
//   node scripts/corpus.mjs --check    exit 1 if anything is missing, build nothing
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const kCorpusDir = path.join(root, 'corpus');
export const kAppsFile = path.join(kCorpusDir, 'apps.json');
export const kCacheDir = path.join(kCorpusDir, '.cache');
const kTarballs = path.join(kCacheDir, 'tarballs');
const kPackages = path.join(kCacheDir, 'packages');
/** Written next to an extracted package once its tarball was verified: the integrity it had. */
const kStamp = '.corpus-integrity';

export function readApps() {
  return JSON.parse(fs.readFileSync(kAppsFile, 'utf8')).apps;
}

/** Where a package (an app, or one of its `extraPackages`) is extracted (the tarball's `package/` folder). */
export function packageDir(pin) {
  return path.join(kPackages, `${pin.package.replace('/', '+')}@${pin.version}`);
}

/** The pinned packages an app's page loads: its own, then its `extraPackages`. */
export function pinsOf(app) {
  return [app, ...(app.extraPackages ?? [])];
}

function pinBuilt(pin) {
  const stamp = path.join(packageDir(pin), kStamp);
  return !!pin.integrity && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === pin.integrity;
}

const isBuilt = app => pinsOf(app).every(pinBuilt);

/** Every app's packages are extracted from tarballs whose integrity matches apps.json. */
export function corpusPresent() {
  return fs.existsSync(kAppsFile) && readApps().every(isBuilt);
}

const sha512 = file => 'sha512-' + crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64');

/** How often `npm pack` is tried before the build fails: the registry can drop a request. */
const kPackAttempts = 3;

function npmPack(spec) {
  fs.mkdirSync(kTarballs, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync(npm, ['pack', spec, '--json', '--pack-destination', kTarballs], { cwd: kTarballs, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
      const [info] = JSON.parse(out);
      return { file: path.join(kTarballs, info.filename), info };
    } catch (error) {
      if (attempt >= kPackAttempts)
        throw error;
      process.stderr.write(`corpus: npm pack ${spec} failed (${String(error.message ?? error).split('\n')[0]}); trying again\n`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_000 * attempt);
    }
  }
}

/**
 * Builds what is missing. `update`: record each tarball's integrity (and size) in apps.json
 * instead of failing on a difference. `log` says what happens, one line each.
 */
export function buildCorpus({ update = false, log = line => process.stderr.write(`corpus: ${line}\n`) } = {}) {
  const doc = JSON.parse(fs.readFileSync(kAppsFile, 'utf8'));
  const problems = [];
  /** package@version → the integrity found this run: a package two apps share is packed once. */
  const packed = new Map();
  for (const app of doc.apps) {
    for (const pin of pinsOf(app)) {
      const label = pin === app ? app.name : `${app.name} (${pin.package})`;
      if (!/^\d+\.\d+\.\d+$/.test(pin.version)) {
        problems.push(`${label}: version ${pin.version} is not exact`);
        continue;
      }
      const spec = `${pin.package}@${pin.version}`;
      if (packed.has(spec)) {
        const earlier = packed.get(spec);
        if (update)
          Object.assign(pin, earlier);
        else if (earlier.integrity !== pin.integrity)
          problems.push(`${label}: apps.json pins ${pin.integrity || '(nothing)'}, the tarball has ${earlier.integrity}`);
        continue;
      }
      if (pinBuilt(pin) && !update) {
        packed.set(spec, { integrity: pin.integrity });
        continue;
      }
      log(`${label}: npm pack ${spec}`);
      const { file, info } = npmPack(spec);
      const actual = sha512(file);
      if (actual !== info.integrity)
        problems.push(`${label}: ${path.basename(file)} has ${actual}, npm reported ${info.integrity}`);
      if (update) {
        pin.integrity = actual;
        pin.tarballBytes = info.size;
        pin.unpackedBytes = info.unpackedSize;
      } else if (actual !== pin.integrity) {
        problems.push(`${label}: ${path.basename(file)} has ${actual}, apps.json pins ${pin.integrity || '(nothing)'}`);
        continue;
      }
      packed.set(spec, { integrity: pin.integrity, tarballBytes: pin.tarballBytes, unpackedBytes: pin.unpackedBytes });
      const target = packageDir(pin);
      const temp = `${target}.tmp`;
      fs.rmSync(temp, { recursive: true, force: true });
      fs.mkdirSync(temp, { recursive: true });
      execFileSync('tar', ['xzf', file, '-C', temp]);
      const manifest = JSON.parse(fs.readFileSync(path.join(temp, 'package', 'package.json'), 'utf8'));
      if (manifest.name !== pin.package || manifest.version !== pin.version)
        problems.push(`${label}: the tarball holds ${manifest.name}@${manifest.version}`);
      if (pin.licenseFile && !fs.existsSync(path.join(temp, 'package', pin.licenseFile)))
        problems.push(`${label}: no ${pin.licenseFile} in the package`);
      if (manifest.license !== pin.license)
        problems.push(`${label}: package.json says licence ${JSON.stringify(manifest.license)}, apps.json ${JSON.stringify(pin.license)}`);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(path.join(temp, 'package'), target);
      fs.rmSync(temp, { recursive: true, force: true });
      fs.writeFileSync(path.join(target, kStamp), pin.integrity + '\n');
      log(`${label}: ${Math.round(info.size / 1024)} KiB tarball, verified, extracted to ${path.relative(root, target)}`);
    }
  }
  if (update)
    fs.writeFileSync(kAppsFile, JSON.stringify(doc, null, 2) + '\n');
  if (problems.length)
    throw new Error(`corpus: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  return doc.apps;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--check')) {
      const missing = readApps().filter(app => !isBuilt(app)).map(app => app.name);
      console.log(missing.length ? `corpus: missing ${missing.join(', ')}` : 'corpus: complete');
      process.exit(missing.length ? 1 : 0);
    }
    const apps = buildCorpus({ update: process.argv.includes('--update') });
    console.log(`corpus: ${apps.length} apps ready in ${path.relative(process.cwd(), kPackages) || kPackages}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
