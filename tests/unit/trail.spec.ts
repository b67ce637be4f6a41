import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Trail } from '../../src/capture/trail';

const dirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagewright-trail-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0))
    fs.rmSync(dir, { recursive: true, force: true });
});

describe('Trail.record', () => {
  it('should leave exactly the latest capture in dom.html and accessibility-tree.yaml, however long the earlier one', () => {
    const trail = new Trail(tempDir());
    trail.record('long', '- button "Save" [ref=s1]\n- button "Cancel" [ref=s2]', '<main>\n  <p>a long paragraph</p>\n</main>', '');
    const { files } = trail.record('short', '- button "Save" [ref=s1]', '<main></main>', '# diff');
    expect(fs.readFileSync(files.dom, 'utf8')).toBe('<main></main>\n');
    expect(fs.readFileSync(files.aria, 'utf8')).toBe('- button "Save" [ref=s1]\n');
    expect(fs.readFileSync(files.diff!, 'utf8')).toBe('# diff\n');
    expect(path.basename(path.dirname(files.diff!))).toBe('diffs');
  });

  it('should write a file named beside the captures as given', () => {
    const trail = new Trail(tempDir());
    trail.write('triage.md', 'a longer first version\n');
    const file = trail.write('triage.md', 'short')!;
    expect(fs.readFileSync(file, 'utf8')).toBe('short\n');
  });
});
