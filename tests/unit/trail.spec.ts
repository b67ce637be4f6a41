import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Trail } from '../../src/capture/trail';
import type { StagewrightError } from '../../src/errors';

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
    trail.flush();
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

describe('Trail.record, off the test\'s path', () => {
  it('should write the diff at once, and the latest files once the event loop turns, formatting only the latest text', async () => {
    const trail = new Trail(tempDir());
    const formatted: string[] = [];
    const text = (label: string) => () => {
      formatted.push(label);
      return `- button "${label}" [ref=s1]`;
    };
    trail.record('first', text('first'), '<button>first</button>', '');
    const { files } = trail.record('second', text('second'), '<button>second</button>', '# diff');
    expect(fs.readFileSync(files.diff!, 'utf8')).toBe('# diff\n');
    expect(fs.existsSync(files.dom)).toBe(false);
    expect(formatted).toEqual([]);
    await new Promise(resolve => setImmediate(resolve));
    expect(fs.readFileSync(files.dom, 'utf8')).toBe('<button>second</button>\n');
    expect(fs.readFileSync(files.aria, 'utf8')).toBe('- button "second" [ref=s1]\n');
    // The first capture's text was never needed: a later one replaced its files before they were written.
    expect(formatted).toEqual(['second']);
    trail.flush();
    expect(formatted).toEqual(['second']);
  });
});

describe('Trail on a folder it cannot write', () => {
  it('should number and return the capture, keep bare names for the files it could not write, and report once', () => {
    const dir = tempDir();
    // A file where the folder goes: no write can succeed, as root too (a read-only folder would not stop root).
    fs.writeFileSync(path.join(dir, 'stagewright'), '');
    const problems: StagewrightError[] = [];
    const trail = new Trail(path.join(dir, 'stagewright'), problem => problems.push(problem));
    const first = trail.record('save', '- button "Save" [ref=s1]', '<button>Save</button>', '# diff');
    const second = trail.record('again', '- button "Save" [ref=s1]', '<button>Save</button>', '');
    expect(first).toEqual({ index: 1, files: { dom: 'dom.html', aria: 'accessibility-tree.yaml', diff: path.join('diffs', '001-save.diff') } });
    expect(second.index).toBe(2);
    expect(problems).toHaveLength(1);
    expect(problems[0].code).toBe('SNAPSHOT_FAILED');
    // No folder: no file of it is tried.
    expect(problems[0].message).toMatch(/^SNAPSHOT_FAILED: The files of "save" could not be written to .*stagewright: .*stagewright\/diffs \((EEXIST|ENOTDIR).*\)\. The capture itself is complete/);
    trail.flush();
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('Or turn the files off: test.use({ stagewrightOptions: { files: false } })');
    // Another kind of failure is news: it is reported too.
    expect(trail.write('triage.md', 'x')).toBeUndefined();
    expect(problems.map(p => p.message.split('\n')[0]).slice(1)).toEqual([expect.stringMatching(/^SNAPSHOT_FAILED: The files of "triage\.md" could not be written to .*: triage\.md \(/)]);
    expect(trail.write('triage.md', 'x')).toBeUndefined();
    expect(problems).toHaveLength(2);
  });

  it('should report a file it cannot write among files it can', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'dom.html')); // A folder where the file goes: EISDIR, as root too.
    const problems: StagewrightError[] = [];
    const trail = new Trail(dir, problem => problems.push(problem));
    const { files } = trail.record('x', 'aria', 'dom', '');
    expect(problems).toEqual([]);
    trail.flush();
    expect(fs.readFileSync(files.aria, 'utf8')).toBe('aria\n');
    expect(problems.map(p => p.message.split('\n')[0])).toEqual([expect.stringMatching(/^SNAPSHOT_FAILED: The files of "x" could not be written to .*: dom\.html \(EISDIR/)]);
  });
});
