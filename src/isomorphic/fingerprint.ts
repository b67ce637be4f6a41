// Fingerprints say which elements are "the same" across snapshots (docs/design.md, Fingerprints):
// role, name, tag and the landmark/heading context; and, for entries whose name does not identify
// them, their own text and the fingerprint of their anchor (the nearest ancestor with a name or
// text). Never the box, state, value or position, which change while the element stays the same
// thing.
//
// This file is bundled into the page: it must not call overridable builtins (see injected/builtins.ts).

export interface FingerprintParts {
  role: string;
  name: string;
  tag: string;
  /** Nearest landmark ancestry and heading, e.g. `main|region:Cart#Your items`. */
  context: string;
}

/** The part of a fingerprint that every entry has. */
export function computeFingerprintBase(parts: FingerprintParts): string {
  return parts.role + '\u0001' + parts.name + '\u0001' + parts.tag + '\u0001' + parts.context;
}

/** What tells apart entries whose name does not identify them. */
export interface FingerprintContent {
  /** The entry's own text ('' when none). */
  text: string;
  /** The fingerprint of the nearest ancestor with a name or text ('' when none). */
  anchor: string;
}

export type CharCodeAt = (text: string, index: number) => number;

const defaultCharCodeAt: CharCodeAt = (text, index) => text.charCodeAt(index); // Node side only

/** `charCodeAt`: the page passes the one it captured at install, since a page may override String.prototype. */
export function computeFingerprint(base: string, content: FingerprintContent | undefined, charCodeAt: CharCodeAt = defaultCharCodeAt): string {
  const key = content ? base + '\u0002' + content.text + '\u0002' + content.anchor : base;
  return hashString(key, charCodeAt);
}

const kHexDigits = '0123456789abcdef';

/** FNV-1a, 32 bits, as 8 hex digits: short, stable across runs and machines. */
export function hashString(text: string, charCodeAt: CharCodeAt = defaultCharCodeAt): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= charCodeAt(text, i);
    hash = (hash + (hash << 1) + (hash << 4) + (hash << 7) + (hash << 8) + (hash << 24)) >>> 0;
  }
  // Hex digits by hand: Number.prototype.toString is the page's to override.
  let hex = '';
  for (let shift = 28; shift >= 0; shift -= 4)
    hex += kHexDigits[(hash >>> shift) & 15];
  return hex;
}
