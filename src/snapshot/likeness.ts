// "Which element is most like this one?" — one answer, with its weights in one table: the
// matchers' and the store's similar refs rank with it, and so do the triage's near matches (which
// add where the target was). So a matcher message and triage.md rank the same elements the same way.

import { formatEntryHead } from './format';
import { normalizeWhitespace } from './query';
import { parseRef } from '../isomorphic/refs';
import type { SnapshotEntry } from '../isomorphic/types';

/** The weights. Scores add up; a score means only how it ranks. */
export const kLikeness = {
  /** × name similarity (0 to 1, `nameSimilarity`): a reader tells controls apart by what they say. */
  name: 1,
  /** Another role than the one looked for: still a candidate (a button that became a link), behind one of the role. */
  otherRole: -0.2,
  /** In a place where the target was: its own scope, the container it was in, where the test was working. */
  place: 0.3,
  /** At the position it had among the elements of its role beside it. */
  position: 0.1,
  /** × 1 / (1 + the distance between ref numbers): for a ref no element answers to, one issued beside it. */
  nearRef: 0.2,
  /** What a reader acts on: a control rather than text. */
  interactive: 0.05,
} as const;

export interface SimilarTarget { role?: string; name?: string | RegExp; ref?: string }

/** What a caller knows beyond the target: how an entry is named for it, and where the target was. */
export interface LikenessContext {
  /** The name an entry goes by for this target (its label, its placeholder…); its name by default. */
  nameOf?: (entry: SnapshotEntry) => string | undefined;
  inPlace?: boolean;
  samePosition?: boolean;
}

/** How like `target` an entry is, by kLikeness; and the name similarity it took. */
export function likeness(entry: SnapshotEntry, target: SimilarTarget, context: LikenessContext = {}): { score: number; name: number } {
  const entryName = context.nameOf ? context.nameOf(entry) : entry.name;
  let name = 0;
  if (typeof target.name === 'string' && entryName !== undefined)
    name = nameSimilarity(normalizeWhitespace(target.name).toLowerCase(), normalizeWhitespace(entryName).toLowerCase());
  else if (target.name instanceof RegExp && target.name.source && entryName !== undefined)
    name = nameSimilarity(target.name.source.toLowerCase(), entryName.toLowerCase());
  let score = kLikeness.name * name;
  if (target.role !== undefined && entry.role !== target.role)
    score += kLikeness.otherRole;
  if (context.inPlace)
    score += kLikeness.place;
  if (context.samePosition)
    score += kLikeness.position;
  const wantedNumber = target.ref !== undefined ? parseRef(target.ref)?.id : undefined;
  if (wantedNumber !== undefined)
    score += kLikeness.nearRef / (1 + Math.abs((parseRef(entry.ref)?.id ?? 0) - wantedNumber));
  if (entry.interactive)
    score += kLikeness.interactive;
  return { score, name };
}

/** The entries most like `target`, best first (document order breaks ties). */
export function similarEntries(entries: readonly SnapshotEntry[], target: SimilarTarget, limit = 5): SnapshotEntry[] {
  const scored = entries.map((entry, index) => ({ entry, score: likeness(entry, target).score, index }));
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, limit).map(s => s.entry);
}

export function similarRefLines(entries: readonly SnapshotEntry[], target: SimilarTarget, limit = 5): string[] {
  return similarEntries(entries, target, limit).map(formatEntryHead);
}

/** 1 for equal names, high when one contains the other, else the share of common bigrams (Dice). */
export function nameSimilarity(a: string, b: string): number {
  if (a === b)
    return 1;
  if (!a || !b)
    return 0;
  if (b.includes(a) || a.includes(b))
    return 0.9 * Math.min(a.length, b.length) / Math.max(a.length, b.length) + 0.05;
  const bigrams = (s: string) => {
    const result = new Map<string, number>();
    for (let i = 0; i < s.length - 1; i++)
      result.set(s.slice(i, i + 2), (result.get(s.slice(i, i + 2)) ?? 0) + 1);
    return result;
  };
  const aBigrams = bigrams(a);
  const bBigrams = bigrams(b);
  let common = 0;
  for (const [bigram, count] of aBigrams)
    common += Math.min(count, bBigrams.get(bigram) ?? 0);
  const total = Math.max(1, a.length - 1 + b.length - 1);
  return 0.85 * (2 * common) / total;
}
