import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  prefix: string;
  /** Serves `html` at `path` (e.g. '/a.html') until the worker ends. */
  route(path: string, html: string): string;
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 for pages that need a real URL (navigations, frames). */
export async function startServer(host = '127.0.0.1'): Promise<TestServer> {
  const routes = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const body = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (body === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>(resolve => server.listen(0, host, resolve));
  const prefix = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    prefix,
    route(path, html) {
      routes.set(path, html);
      return prefix + path;
    },
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
