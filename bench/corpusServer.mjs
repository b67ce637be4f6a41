// A static server on 127.0.0.1 for the real-app corpus (corpus/apps.json): our host pages at
// /pages/<app>/…, each app's package files (as extracted by scripts/corpus.mjs; its
// `extraPackages` too) at /pkg/<package>/…, the generated OpenAPI document at /data/openapi.json
// (?tags=N: its first N tags). Nothing else is served.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openApiDocument } from '../corpus/data/openapi.mjs';
import { buildCorpus, corpusPresent, kCorpusDir, packageDir, pinsOf, readApps } from '../scripts/corpus.mjs';

const kTypes = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** A build that holds the lock longer than this is taken as dead (its process was killed). */
const kStaleLockMs = 15 * 60_000;

/**
 * Builds the corpus first when it is missing (saying so on stderr). Safe to call from several
 * processes at once (the workers of a test run): one builds, under a lock folder, and the others
 * wait for it rather than extract the same files over the ones being served.
 */
export function ensureCorpus() {
  if (corpusPresent())
    return;
  const lock = path.join(kCorpusDir, '.cache', '.building');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST')
        throw error;
    }
    if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > kStaleLockMs)
      fs.rmSync(lock, { recursive: true, force: true });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    if (corpusPresent())
      return;
  }
  try {
    if (!corpusPresent()) {
      process.stderr.write('corpus: corpus/.cache is missing or stale: building it with scripts/corpus.mjs (npm pack)…\n');
      buildCorpus();
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** `file` under `dir`, or undefined when it escapes it or is not a file. */
function inside(dir, relative) {
  const file = path.join(dir, path.normalize('/' + relative));
  if (!file.startsWith(dir + path.sep))
    return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the server: `{ prefix, apps, urlOf(app), close() }`. */
export async function startCorpusServer({ host = '127.0.0.1', port = 0 } = {}) {
  const apps = readApps();
  const packages = new Map(apps.flatMap(pinsOf).map(pin => [pin.package, packageDir(pin)]));
  const pagesDir = path.join(kCorpusDir, 'pages');
  const openApiJson = new Map();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const pathname = decodeURIComponent(url.pathname);
    let file;
    if (pathname === '/data/openapi.json') {
      const tags = Number(url.searchParams.get('tags') ?? 12);
      if (!openApiJson.has(tags))
        openApiJson.set(tags, JSON.stringify(openApiDocument(tags)));
      response.writeHead(200, { 'content-type': kTypes['.json'], 'cache-control': 'no-store' }).end(openApiJson.get(tags));
      return;
    }
    if (pathname.startsWith('/pages/')) {
      file = inside(pagesDir, pathname.slice('/pages/'.length));
    } else if (pathname.startsWith('/pkg/')) {
      const rest = pathname.slice('/pkg/'.length);
      const name = rest.startsWith('@') ? rest.split('/').slice(0, 2).join('/') : rest.split('/')[0];
      const dir = packages.get(name);
      file = dir && inside(dir, rest.slice(name.length + 1));
    }
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': kTypes[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const prefix = `http://${host}:${server.address().port}`;
  return {
    prefix,
    apps,
    urlOf: app => prefix + app.entry,
    close: () => new Promise(resolve => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** Navigates to an app and waits for its page to say it rendered (`data-corpus-ready`). */
export async function loadApp(page, server, app, { timeout = 60_000 } = {}) {
  await page.goto(server.urlOf(app), { timeout });
  await page.waitForFunction(() => document.documentElement.dataset.corpusReady === '1', undefined, { timeout, polling: 100 });
}

// `node bench/corpusServer.mjs [port]`: serve the corpus to look at the apps in a browser.
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  ensureCorpus();
  const server = await startCorpusServer({ port: Number(process.argv[2] ?? 4180) });
  for (const app of server.apps)
    console.log(`${app.name.padEnd(20)} ${server.urlOf(app)}`);
}
