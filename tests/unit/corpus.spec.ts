// The real-app corpus of `npm run bench` (corpus/apps.json, issue 30): pinned, licensed, verifiable
// and self-contained. Reads files only: the corpus itself (corpus/.cache, built by
// scripts/corpus.mjs with npm pack) is not needed here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const corpusDir = path.join(__dirname, '..', '..', 'corpus');
type Pin = { package: string; version: string; license: string; licenseFile: string; integrity: string };
const { apps } = JSON.parse(fs.readFileSync(path.join(corpusDir, 'apps.json'), 'utf8')) as {
  apps: (Pin & { name: string; entry: string; notes: string; kind: string; extraPackages?: Pin[] })[];
};
/** Every package an app's page loads: its own, then its extraPackages. */
const pinsOf = (app: typeof apps[number]): Pin[] => [app, ...(app.extraPackages ?? [])];

describe('corpus/apps.json', () => {
  it('should list at least six apps, each pinned to an exact version with its licence and sha512', () => {
    expect(apps.length).toBeGreaterThanOrEqual(6);
    expect(new Set(apps.map(app => app.name)).size).toBe(apps.length);
    for (const app of apps) {
      expect(app.name, app.name).toMatch(/^[a-z0-9-]+$/);
      for (const pin of pinsOf(app)) {
        const what = `${app.name}: ${pin.package}`;
        expect(pin.package, what).toMatch(/^(@[a-z0-9-]+\/)?[a-z0-9.-]+$/);
        expect(pin.version, what).toMatch(/^\d+\.\d+\.\d+$/);
        expect(pin.license, what).toMatch(/\S/);
        expect(pin.licenseFile, what).toMatch(/\S/);
        expect(pin.integrity, what).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
      }
      expect(app.notes, app.name).toMatch(/\S/);
      expect(app.kind, app.name).toMatch(/\S/);
    }
  });

  it('should have a host page of ours for each app, loading only files from 127.0.0.1 and saying when it is ready', () => {
    for (const app of apps) {
      expect(app.entry, app.name).toBe(`/pages/${app.name}/index.html`);
      const html = fs.readFileSync(path.join(corpusDir, 'pages', app.name, 'index.html'), 'utf8');
      // The library's own files come from its packages, under /pkg/<package>/.
      for (const pin of pinsOf(app))
        expect(html, `${app.name}: ${pin.package}`).toContain(`/pkg/${pin.package}/`);
      // Nothing leaves the machine: a policy blocks what the app itself would fetch elsewhere.
      expect(html, app.name).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'self'`);
      for (const [, url] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g))
        expect(url, `${app.name}: ${url}`).not.toMatch(/^(https?:)?\/\//);
      expect(html, app.name).toContain('corpus.settle(');
    }
  });

  it('should pin distinct packages (one version and one integrity each, extraPackages included)', () => {
    const pins = new Map<string, Pin>();
    for (const app of apps) {
      for (const pin of pinsOf(app)) {
        const earlier = pins.get(pin.package) ?? pin;
        expect([pin.version, pin.integrity, pin.license], `${app.name}: ${pin.package}`).toEqual([earlier.version, earlier.integrity, earlier.license]);
        pins.set(pin.package, pin);
      }
      expect(new Set(pinsOf(app).map(pin => pin.package)).size, `${app.name}: a package listed twice`).toBe(pinsOf(app).length);
    }
  });
});

describe('the generated OpenAPI document', () => {
  it('should be deterministic: 12 tags of 8 operations, or the first N tags', async () => {
    const { openApiDocument } = await import('../../corpus/data/openapi.mjs');
    const count = (doc: any) => Object.values(doc.paths).reduce((sum: number, methods: any) => sum + Object.keys(methods).length, 0);
    expect(count(openApiDocument())).toBe(96);
    expect(count(openApiDocument(4))).toBe(32);
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(openApiDocument()));
  });
});
