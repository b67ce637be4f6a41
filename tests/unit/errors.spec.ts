import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode, formatMessage, StagewrightError } from '../../src/errors';
import { formatFailure } from '../../src/expect/message';

const root = path.resolve(__dirname, '..', '..');

// Anything shaped like an error code: REF_*, *_FAILED, *_NOT_FOUND, *_STALE, *_UNREACHABLE, *_CLOSED, *_ARGUMENT.
const kCodeLike = /\b(?:REF_[A-Z_]+|[A-Z]+(?:_[A-Z]+)*_(?:FAILED|NOT_FOUND|STALE|UNREACHABLE|CLOSED|ARGUMENT))\b/g;

function codesIn(text: string): string[] {
  return [...new Set(text.match(kCodeLike) ?? [])];
}

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(file => file.endsWith('.ts') && !file.includes('generated'))
      .map(file => path.join(dir, file));
}

describe('the error registry', () => {
  it('should know every code the source uses', () => {
    const unknown: string[] = [];
    for (const file of [...sources('src'), ...sources('injected')]) {
      for (const code of codesIn(fs.readFileSync(path.join(root, file), 'utf8'))) {
        if (!(code in ErrorCode))
          unknown.push(`${file}: ${code}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('should catch a code that is not in the registry', () => {
    expect(codesIn(`throw new StagewrightError('REF_GONE', 'x'); // and SNAPSHOT_FAILED`).filter(code => !(code in ErrorCode))).toEqual(['REF_GONE']);
  });

  it('should be the closed list of the API', () => {
    expect(Object.keys(ErrorCode).sort()).toEqual(['EXPECTATION_FAILED', 'FRAME_UNREACHABLE', 'INCREMENTAL_MISMATCH', 'INVALID_ARGUMENT', 'PAGE_CLOSED', 'REF_NOT_FOUND', 'REF_STALE', 'SNAPSHOT_FAILED', 'UNSUPPORTED_PLAYWRIGHT']);
  });
});

describe('StagewrightError', () => {
  it('should start its message with the code and carry hint, retryable, next actions and similar refs', () => {
    const error = new StagewrightError('REF_NOT_FOUND', 'Ref s9 was never issued on this page.', { similarRefs: ['button "Save" [ref=s1]'] });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('StagewrightError');
    expect(error.code).toBe('REF_NOT_FOUND');
    expect(error.retryable).toBe(false);
    expect(error.hint).toBe('No element with this ref was issued on this page.');
    expect(error.nextActions.length).toBeGreaterThan(0);
    expect(error.message).toBe([
      'REF_NOT_FOUND: Ref s9 was never issued on this page.',
      'Hint: No element with this ref was issued on this page.',
      '',
      'Similar refs:',
      '  - button "Save" [ref=s1]',
      '',
      'Next steps:',
      '  - Take a fresh snapshot with sw.snapshot() and use a ref from it',
      '  - Use sw.find({ role, name }) to look the element up',
    ].join('\n'));
  });

  it('should let options override the defaults of the code', () => {
    const error = new StagewrightError('REF_STALE', 'old', { hint: 'custom', retryable: false, nextActions: [] });
    expect([error.hint, error.retryable, error.nextActions]).toEqual(['custom', false, []]);
    expect(error.message).toBe('REF_STALE: old\nHint: custom');
  });

  it('should share one message shape with the matchers\' failures', () => {
    const parts = { code: 'EXPECTATION_FAILED' as const, summary: 'no entry matches', hint: 'h', similarRefs: ['button "Save" [ref=s1]'], nextActions: ['Take a fresh snapshot'] };
    const error = new StagewrightError(parts.code, parts.summary, parts);
    const failure = formatFailure({ ...parts, matcherName: 'toHaveEntry', isNot: false, expected: 'button "Save"', received: 'nothing', timeout: 5000 });
    expect(failure).toBe([
      'expect(stagewright).toHaveEntry(expected) failed',
      '',
      'EXPECTATION_FAILED: no entry matches',
      'Hint: h',
      '',
      'Expected: button "Save"',
      'Received: nothing',
      'Timeout:  5000ms',
      '',
      'Similar refs:',
      '  - button "Save" [ref=s1]',
      '',
      'Next steps:',
      '  - Take a fresh snapshot',
    ].join('\n'));
    expect(formatMessage(parts)).toBe(error.message);
    // The matcher's message is the error's, with its header and values in between.
    const [head, ...rest] = error.message.split('\n\n');
    expect(failure).toContain(head);
    expect(failure.endsWith(rest.join('\n\n'))).toBe(true);
  });
});
