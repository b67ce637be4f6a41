// A user's source file as `freeze` edits it: read as bytes, parsed as text, written back as bytes.
// Every byte outside an edit stays as it was, whatever the file holds (a Latin-1 comment, a BOM,
// a lone surrogate's bytes), and a file is replaced whole or not at all.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A file's bytes, its text as Node reads UTF-8, and where each character of the text starts in the bytes. */
export interface SourceFile {
  bytes: Buffer;
  text: string;
  /** The offset in `bytes` of the text's UTF-16 index `i` (and of its end, at `text.length`). */
  byteAt(i: number): number;
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(bytes: Buffer, i: number): number {
  const b = bytes[i];
  if (b < 0x80)
    return 1;
  const continuation = (at: number, low = 0x80, high = 0xbf) => at < bytes.length && bytes[at] >= low && bytes[at] <= high;
  if (b >= 0xc2 && b <= 0xdf)
    return continuation(i + 1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const [low, high] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const [low, high] = b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

/**
 * `bytes` decoded as UTF-8, with the map back to bytes. A byte that starts no valid sequence (a
 * Latin-1 comment) reads as U+FFFD, and maps back to itself alone, so it is written back as it was.
 */
export function decodeSource(bytes: Buffer): SourceFile {
  const text = bytes.toString('utf8');
  if (text.length === bytes.length)
    return { bytes, text, byteAt: i => i }; // ASCII: one byte a character.
  if (Buffer.from(text, 'utf8').equals(bytes))
    return { bytes, text, byteAt: offsetsOf(text) };
  return decodeInvalid(bytes);
}

/** Where each UTF-16 index of valid UTF-8 text starts in its bytes. */
function offsetsOf(text: string): (i: number) => number {
  const offsets = new Uint32Array(text.length + 1);
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    offsets[i] = at;
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      offsets[++i] = at; // A pair: four bytes for both halves.
      at += 4;
    } else {
      at += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    }
  }
  offsets[text.length] = at;
  return i => offsets[i];
}

function decodeInvalid(bytes: Buffer): SourceFile {
  let text = '';
  const byteAt: number[] = [];
  for (let i = 0; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    const chars = length ? bytes.toString('utf8', i, i + length) : '\ufffd';
    for (let k = 0; k < chars.length; k++)
      byteAt.push(i);
    text += chars;
    i += length || 1;
  }
  byteAt.push(bytes.length);
  const offsets = Uint32Array.from(byteAt);
  return { bytes, text, byteAt: i => offsets[i] };
}

export function readSource(file: string): SourceFile {
  return decodeSource(fs.readFileSync(file));
}

export function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export interface TextEdit { start: number; end: number; code: string }

/** The file's bytes with each edit made (text ranges, new text as UTF-8); every other byte as it was. */
export function editBytes(source: SourceFile, edits: readonly TextEdit[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const start = source.byteAt(edit.start);
    if (start < at)
      throw new Error(`two edits overlap at offset ${edit.start}`);
    parts.push(source.bytes.subarray(at, start), Buffer.from(edit.code, 'utf8'));
    at = source.byteAt(edit.end);
  }
  parts.push(source.bytes.subarray(at));
  return Buffer.concat(parts);
}

/** A temporary file beside `file`, named for what wrote it. */
function temporaryOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.stagewright-${process.pid}.tmp`);
}

/**
 * Writes every file or none: each new content goes to a temporary file beside its file first
 * (with the file's mode), and only when all are written are they renamed over, one rename each
 * (atomic on one filesystem: a reader, or a kill, sees the old file or the new one). Returns why
 * nothing was written, naming the file, or undefined when all were.
 */
export function writeAll(files: readonly { file: string; bytes: Buffer }[]): string | undefined {
  const written: string[] = [];
  try {
    for (const { file, bytes } of files) {
      const temporary = temporaryOf(file);
      const mode = fs.statSync(file).mode & 0o7777;
      fs.writeFileSync(temporary, bytes, { mode, flag: 'wx' });
      written.push(temporary);
      fs.chmodSync(temporary, mode);
    }
  } catch (error) {
    for (const temporary of written)
      fs.rmSync(temporary, { force: true });
    return `could not write ${files[written.length].file}: ${(error as Error).message.split('\n')[0]}`;
  }
  files.forEach(({ file }, i) => fs.renameSync(written[i], file));
  return undefined;
}
