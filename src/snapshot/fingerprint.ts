// Fingerprints say which elements are "the same" across snapshots (DESIGN.md §4): role, name,
// tag, the landmark/heading context and the index among same-fingerprint siblings. Never the
// box, state or value, which change while the element stays.
//
// This file is bundled into the page: it must not call overridable builtins (see injected/builtins.ts).

export interface FingerprintParts {
  role: string;
  name: string;
  tag: string;
  /** Nearest landmark ancestry and heading, e.g. `main|region:Cart#Your items`. */
  context: string;
}

/** The sibling-independent part of a fingerprint; siblings that share it are told apart by index. */
export function computeFingerprintBase(parts: FingerprintParts): string {
  return parts.role + '\u0001' + parts.name + '\u0001' + parts.tag + '\u0001' + parts.context;
}

export function computeFingerprint(base: string, siblingIndex: number): string {
  return hashString(base + '\u0001' + siblingIndex);
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable across runs and machines. */
export function hashString(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = (hash + (hash << 1) + (hash << 4) + (hash << 7) + (hash << 8) + (hash << 24)) >>> 0;
  }
  let hex = hash.toString(16);
  while (hex.length < 8)
    hex = '0' + hex;
  return hex;
}
