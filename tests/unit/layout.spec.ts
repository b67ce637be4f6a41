// The layout is the architecture (DESIGN.md §2): injected/ → src/snapshot (pure) → src/fixtures.
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

function resolveImport(file: string, spec: string): string {
  return spec.startsWith('.') ? path.normalize(path.join(path.dirname(file), spec)) : spec;
}

describe('layout', () => {
  it('should keep src/snapshot and src/dom free of Playwright and Node-side modules', () => {
    for (const file of [...sources('src/snapshot'), ...(fs.existsSync(path.join(root, 'src/dom')) ? sources('src/dom') : [])]) {
      for (const spec of imports(file)) {
        const target = resolveImport(file, spec);
        expect(target, `${file} imports ${spec}`).not.toMatch(/playwright|^src\/(fixtures|expect)|^node:/);
      }
    }
  });

  it('should let injected/ import only injected/ and src/snapshot', () => {
    for (const file of sources('injected')) {
      for (const spec of imports(file)) {
        const target = resolveImport(file, spec);
        expect(target.startsWith('injected/') || target.startsWith('src/snapshot/'), `${file} imports ${spec}`).toBe(true);
      }
    }
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
    // Pure modules that the bundle includes run in the page too.
    const inPage = [...sources('injected'), 'src/snapshot/fingerprint.ts', 'src/snapshot/pairing.ts', 'src/snapshot/roles.ts', 'src/snapshot/markup.ts', 'src/snapshot/protocol.ts', 'src/snapshot/stitch.ts'].filter(file => !file.endsWith('builtins.ts'));
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
