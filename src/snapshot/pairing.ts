// Ref pairing (DESIGN.md §4): a ref whose element was detached (a framework re-render) is carried
// over to a new element with the same fingerprint — but only when the match is unambiguous. A ref
// carried to an element a reader would call different is worse than a new ref: the agent clicks
// "delete" on the wrong row. So a fingerprint that several orphans, or several elements of the
// current walk, share pairs nothing: those elements get new refs and the old refs are gone.
//
// Bundled into the page: it must not call overridable builtins (see injected/builtins.ts).

export interface RefCandidate { ref: string; fingerprint: string }

/**
 * Pairs orphaned refs (their element is gone) with fresh elements (no ref yet). `current` is
 * every element of the walk, fresh or not (default: `fresh`): a fingerprint that appears more than
 * once there, or among the orphans, is ambiguous. Returns, for each fresh item, the ref it
 * inherits, or `undefined`.
 */
export function pairByFingerprint(orphans: readonly RefCandidate[], fresh: readonly { fingerprint: string }[], current: readonly { fingerprint: string }[] = fresh): (string | undefined)[] {
  // Plain literals keyed with a prefix: no prototype collisions and no builtin calls.
  const orphanOf: { [key: string]: string | null } = {};
  for (let i = 0; i < orphans.length; i++) {
    const key = '#' + orphans[i].fingerprint;
    orphanOf[key] = orphanOf[key] === undefined ? orphans[i].ref : null;
  }
  const seen: { [key: string]: number } = {};
  for (let i = 0; i < current.length; i++) {
    const key = '#' + current[i].fingerprint;
    seen[key] = (seen[key] || 0) + 1;
  }
  const result: (string | undefined)[] = [];
  for (let i = 0; i < fresh.length; i++) {
    const key = '#' + fresh[i].fingerprint;
    const ref = orphanOf[key];
    result[i] = ref && seen[key] === 1 ? ref : undefined;
  }
  return result;
}
