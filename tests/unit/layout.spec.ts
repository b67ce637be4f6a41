// The layout is the architecture (docs/architecture.md): each folder is one kind of code, and the
// import graph between folders has no cycle.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(file => file.endsWith('.ts'))
      .map(file => path.join(dir, file));
}

function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map(m => m[1]);
}

/** A relative import as a repository path with its extension; a package import as it is. */
function resolveImport(file: string, spec: string): string {
  if (!spec.startsWith('.'))
    return spec;
  const target = path.normalize(path.join(path.dirname(file), spec));
  return fs.existsSync(path.join(root, target + '.ts')) ? target + '.ts' : path.join(target, 'index.ts');
}

/** The unit a file belongs to: `injected`, a folder under `src/`, or a file at the top of `src/`. */
function unitOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts[0] === 'injected')
    return 'injected';
  return parts.length > 2 ? `src/${parts[1]}` : file;
}

const kSourceFiles = [...sources('injected'), ...sources('src')].filter(file => !file.startsWith(path.join('src', 'generated')));

function unitGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of kSourceFiles) {
    const from = unitOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of imports(file)) {
      if (!spec.startsWith('.'))
        continue;
      const to = unitOf(resolveImport(file, spec));
      if (to !== from && !to.startsWith('src/generated'))
        edges.add(to);
    }
  }
  return graph;
}

/** Every file a page bundle contains: its entry (the page runtime's, injected/index.ts) and what it imports, transitively. */
function pageBundle(entry = path.join('injected', 'index.ts')): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file))
      continue;
    seen.add(file);
    for (const spec of imports(file)) {
      expect(spec.startsWith('.'), `${file} imports the package ${spec}: the page bundle has no dependencies`).toBe(true);
      queue.push(resolveImport(file, spec));
    }
  }
  return seen;
}

describe('layout', () => {
  it('should keep the import graph between folders free of cycles', () => {
    const graph = unitGraph();
    const cycles: string[] = [];
    const visit = (unit: string, trail: string[]) => {
      for (const next of graph.get(unit) ?? []) {
        if (trail.includes(next))
          cycles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
        else
          visit(next, [...trail, next]);
      }
    };
    for (const unit of graph.keys())
      visit(unit, [unit]);
    expect(cycles).toEqual([]);
    // The graph is what docs/architecture.md draws.
    expect([...graph.get('src/isomorphic')!]).toEqual([]);
    expect([...graph.get('injected')!]).toEqual(['src/isomorphic']);
    expect(graph.get('src/fixtures')!.has('src/expect')).toBe(false);
    // Step captures know nothing of the fixture object nor of the triage: the fixtures wire them.
    expect([...graph.get('src/capture')!].filter(unit => ['src/api', 'src/triage', 'src/fixtures'].includes(unit))).toEqual([]);
    // Only the door reaches Playwright's internals; it depends on nothing of ours but errors.
    expect([...graph.get('src/playwright')!]).toEqual(['src/errors.ts']);
  });

  it('should keep the triage\'s files free of import cycles, type imports included', () => {
    // Its rules decide on evidence (evidence.ts) that the live files gather and lastPass.ts keeps: one way.
    const triage = kSourceFiles.filter(file => file.startsWith(path.join('src', 'triage') + path.sep));
    const graph = new Map(triage.map(file => [file, imports(file).filter(spec => spec.startsWith('.')).map(spec => resolveImport(file, spec)).filter(to => triage.includes(to))]));
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      for (const next of graph.get(file) ?? []) {
        if (trail.includes(next))
          cycles.push([...trail.slice(trail.indexOf(next)), next].map(f => path.basename(f)).join(' → '));
        else
          visit(next, [...trail, next]);
      }
    };
    for (const file of triage)
      visit(file, [file]);
    expect([...new Set(cycles)]).toEqual([]);
  });

  it('should keep src/fixtures to declarations and their wiring', () => {
    expect(sources('src/fixtures')).toEqual([path.join('src', 'fixtures', 'index.ts')]);
  });

  it('should let Node code import the page runtime only as a type', () => {
    // Page code must not enter Node's build: Node sees injected/ through `StagewrightRuntime` only.
    const offenders: string[] = [];
    const importers: string[] = [];
    for (const file of sources('src')) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [statement, spec] of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)) {
        if (unitOf(resolveImport(file, spec)) !== 'injected')
          continue;
        importers.push(file);
        if (!/^\s*(?:import|export) type\b/.test(statement))
          offenders.push(`${file}: ${statement.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(importers).toEqual([path.join('src', 'runtime', 'pageCalls.ts')]);
  });

  it('should put exactly the page bundle\'s shared modules in src/isomorphic', () => {
    const bundled = [...pageBundle()].filter(file => !file.startsWith('injected')).sort();
    expect(bundled).toEqual(sources(path.join('src', 'isomorphic')).sort());
  });

  it('should keep the timeline page\'s code to its folder and the model it shares with Node', () => {
    // The page bundles src/report/page/ and timelineModel.ts alone; Node embeds the bundle as a
    // string (src/generated/timelinePageSource.ts) and never imports the page's code.
    const page = path.join('src', 'report', 'page');
    const model = path.join('src', 'report', 'timelineModel.ts');
    const bundled = [...pageBundle(path.join(page, 'index.ts'))];
    expect(bundled.filter(file => !file.startsWith(page + path.sep))).toEqual([model]);
    expect(imports(model)).toEqual([]);
    const importers = kSourceFiles.filter(file => !file.startsWith(page + path.sep) && imports(file).some(spec => spec.startsWith('.') && resolveImport(file, spec).startsWith(page + path.sep)));
    expect(importers).toEqual([]);
  });

  it('should keep pure folders free of Playwright and Node', () => {
    // The triage decides in pure code; three files gather its evidence from the test and the page, and keep the last passing run.
    const liveTriage = ['actionLog.ts', 'onFailure.ts', 'lastPassFiles.ts'].map(file => path.join('src', 'triage', file));
    const triage = sources('src/triage').filter(file => !liveTriage.includes(file));
    for (const file of [...sources('src/isomorphic'), ...sources('src/snapshot'), ...sources('src/dom'), ...sources('src/locators'), ...sources('src/report'), ...triage]) {
      for (const spec of imports(file)) {
        const target = resolveImport(file, spec);
        expect(target, `${file} imports ${spec}`).not.toMatch(/playwright|^node:|^src\/(fixtures|expect|session|runtime|capture|browser)/);
      }
    }
  });

  it('should describe every folder in docs/architecture.md', () => {
    const architecture = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
    const section = /^# Architecture\n[\s\S]*?```\n([\s\S]*?)\n```/.exec(architecture)?.[1] ?? '';
    const mapped = new Set([...section.matchAll(/^(src\/[\w]+\/|src\/[\w.]+\.ts|injected\/)/gm)].map(m => m[1].replace(/\/$/, '')));
    const actual = new Set(kSourceFiles.map(unitOf));
    expect([...mapped].sort()).toEqual([...actual].sort());
  });

  it('should import js-beautify only in the reference module, which nothing that ships imports', () => {
    // js-beautify is a dev dependency: the bundled entries keep packages external, so an import
    // of it from shipped code would fail in a user's install.
    const importers = (target: string) => kSourceFiles.filter(file => imports(file).some(spec => resolveImport(file, spec) === target)).sort();
    expect(importers('js-beautify')).toEqual([path.join('src', 'dom', 'beautifyReference.ts')]);
    expect(importers(path.join('src', 'dom', 'beautifyReference.ts'))).toEqual([path.join('src', 'internal.ts')]);
    expect(importers(path.join('src', 'internal.ts'))).toEqual([]);
  });

  it('should make in-page code call overridable builtins only through injected/builtins.ts', () => {
    // The page may override these; builtins.ts captured the real ones at install time.
    const forbidden = [
      /\.(map|forEach|filter|some|every|reduce|push|includes|find)\(/,
      /\bObject\.(keys|entries|values|assign|create|defineProperty)\(/,
      /\bJSON\.(stringify|parse)\(/,
      /\.getComputedStyle\(/,
      /\.(getAttribute|hasAttribute|getBoundingClientRect|querySelectorAll|querySelector|matches|closest)\(/,
      /\bfor\s*\([^;)]*\bof\b/,
      /\.(charCodeAt|codePointAt|toString|trim|slice|split|replace|indexOf|toLowerCase|toUpperCase|localName)\b/,
    ];
    // Every file of the page bundle, derived from its imports: shared pure modules run in the page too.
    const inPage = [...pageBundle()].filter(file => !file.endsWith('builtins.ts'));
    expect(inPage.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of inPage) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      // A bare getComputedStyle() is the captured one only when it is imported from builtins.
      if (/(?<![\w.])getComputedStyle\(/.test(text) && !/import[^;]*\bgetComputedStyle\b[^;]*from '\.\/builtins'/.test(text))
        offenders.push(`${file}: calls the global getComputedStyle`);
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        // Comments, and Node-side defaults marked as such, are not page code.
        if (/^\s*(\*|\/\*)/.test(line) || line.includes('// Node side only'))
          return;
        const code = line.replace(/\/\/.*$/, '');
        for (const pattern of forbidden) {
          if (pattern.test(code))
            offenders.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});
