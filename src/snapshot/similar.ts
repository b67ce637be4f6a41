// "Similar refs": the entries an agent most likely meant, shown in errors and failure messages.

import { formatEntryHead } from './format';
import { normalizeWhitespace } from './query';
import { parseRef } from '../isomorphic/refs';
import type { SnapshotEntry } from '../isomorphic/types';

export interface SimilarTarget { role?: string; name?: string | RegExp; ref?: string }

/**
 * Ranks entries by closeness to what was asked for: same role first, then name similarity,
 * then (for a ref) numeric closeness; interactive entries win ties. Returns snapshot lines.
 */
export function similarEntries(entries: readonly SnapshotEntry[], target: SimilarTarget, limit = 5): SnapshotEntry[] {
  const wantedName = typeof target.name === 'string' ? normalizeWhitespace(target.name).toLowerCase() : undefined;
  const wantedNumber = target.ref !== undefined ? parseRef(target.ref)?.id : undefined;
  const scored = entries.map((entry, index) => {
    let score = 0;
    if (target.role !== undefined && entry.role === target.role)
      score += 100;
    if (wantedName !== undefined)
      score += 50 * nameSimilarity(wantedName, normalizeWhitespace(entry.name).toLowerCase());
    else if (target.name instanceof RegExp && target.name.source)
      score += 50 * nameSimilarity(target.name.source.toLowerCase(), entry.name.toLowerCase());
    if (wantedNumber !== undefined)
      score += 20 / (1 + Math.abs((parseRef(entry.ref)?.id ?? 0) - wantedNumber));
    if (entry.interactive)
      score += 5;
    return { entry, score, index };
  });
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
