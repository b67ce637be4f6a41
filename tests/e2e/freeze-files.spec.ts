// `npx stagewright freeze` as a user's files see it: the real command, killed while it writes,
// leaves each spec whole, old or new, never half written (src/cli/sourceFiles.ts writeAll).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kRepoRoot } from './helpers/project';

const kCli = path.join(kRepoRoot, 'dist', 'cli', 'index.js');

/** A spec of `size` bytes with one ref call, and the refs.json of a passing run of it. */
function project(size: number): { dir: string; spec: string; before: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freeze-files-'));
  const spec = path.join(dir, 'big.spec.js');
  const head = `const { test } = require('stagewright');\ntest('big', async ({ stagewright: sw }) => {\n  await sw.ref('s4').click();\n});\n`;
  const before = Buffer.from(head + `// ${'x'.repeat(120)}\n`.repeat(Math.ceil(size / 124)));
  fs.writeFileSync(spec, before);
  const refs = {
    version: 2, test: ['big'], project: '', retry: 0, status: 'passed',
    sources: { [spec]: crypto.createHash('sha256').update(before).digest('hex') },
    calls: [{ file: spec, line: 3, column: 12, ref: 's4', chain: [[{ kind: 'role', role: 'button', name: 'Save', exact: false, states: {} }]] }],
  };
  fs.mkdirSync(path.join(dir, 'test-results', 'big'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'test-results', 'big', 'refs.json'), JSON.stringify(refs));
  return { dir, spec, before };
}

/** Runs the command in `dir`, killing it after `killAfter` ms; resolves to how it ended. */
async function runFreeze(dir: string, killAfter = Infinity): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [kCli, 'freeze'], { cwd: dir, stdio: 'ignore' });
  const exited = new Promise<{ code: number | null; signal: string | null }>(resolve => child.once('exit', (code, signal) => resolve({ code, signal })));
  if (killAfter !== Infinity) {
    await Promise.race([exited, new Promise(resolve => setTimeout(resolve, killAfter))]);
    child.kill('SIGKILL');
  }
  return { ...await exited, ms: Date.now() - started };
}

test('should leave a spec whole, old or new, when freeze is killed while it writes', async () => {
  const { dir, spec, before } = project(16 * 1024 * 1024);
  const after = Buffer.from(before.toString('utf8').replace(`sw.ref('s4')`, `sw.page.getByRole('button', { name: 'Save' })`));
  // Left alone, the command writes the new spec; how long it takes places the kills.
  const whole = await runFreeze(dir);
  expect(whole.code).toBe(0);
  expect(fs.readFileSync(spec).equals(after)).toBe(true);
  let interrupted = 0;
  for (let i = 0; i < 16; i++) {
    fs.writeFileSync(spec, before);
    const killed = await runFreeze(dir, whole.ms * (0.5 + i / 24));
    const now = fs.readFileSync(spec);
    expect(now.equals(before) || now.equals(after), `killed after ${Math.round(whole.ms * (0.5 + i / 24))} ms: ${now.length} bytes`).toBe(true);
    if (killed.signal === 'SIGKILL')
      interrupted++;
  }
  expect(interrupted).toBeGreaterThan(0);
});
