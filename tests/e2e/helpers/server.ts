// A tiny HTTP server on 127.0.0.1 for pages that need a real URL: navigations, frames, and the
// corpus and WPT folders (their /resources/… scripts 404 here and the pages render without them).

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  prefix: string;
  /** Serves `html` at `path` (e.g. '/a.html') until the server closes; returns its URL. */
  route(path: string, html: string): string;
  close(): Promise<void>;
}

const kContentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Routes first, then files under `root` when given. */
export async function startServer(options: { host?: string; root?: string } = {}): Promise<TestServer> {
  const host = options.host ?? '127.0.0.1';
  const routes = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const body = routes.get(pathname);
    if (body !== undefined) {
      response.writeHead(200, { 'content-type': kContentTypes['.html'] }).end(body);
      return;
    }
    const file = options.root ? path.join(options.root, path.normalize(pathname)) : '';
    if (!file || !file.startsWith(options.root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': kContentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>(resolve => server.listen(0, host, resolve));
  const prefix = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    prefix,
    route(routePath, html) {
      routes.set(routePath, html);
      return prefix + routePath;
    },
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
