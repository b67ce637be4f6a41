// Secrets by value (docs/concepts.md, Secrets by value). The page withholds the values of secret
// fields (passwords, one-time codes, card numbers, what `redact` matches) where it reads them. A
// component may copy such a value anywhere else: into its host's `value` attribute, a `title`, a
// "you typed …" text, another field. Whatever the page's shape, the values the page withheld in a
// capture are masked wherever else they occur, in every artifact of the test: snapshot entries, the
// text form, the DOM file, diffs, attachment names, the triage, matcher messages.
//
// Values shorter than kMinSecretLength (4) are not masked (the page does not even send them):
// masking every "a" or "12" would ruin the artifacts.

import { kMinSecretLength, type EntryChange, type Snapshot, type SnapshotDiff, type SnapshotEntry, type TextRun } from '../isomorphic/types';

/** What a masked occurrence reads as: the same mark as a redacted name. */
export const kSecretMask = '[redacted]';

/**
 * The secret values seen in a test, on all its pages and frames: added as captures find them,
 * kept until the test ends (a value copied elsewhere stays masked after its field is cleared).
 * Held in memory only, never written anywhere.
 */
export class SecretValues {
  /** Every form a value may take in an artifact, longest first (a longer one masks before its parts). */
  private _needles: string[] = [];
  private readonly _values = new Set<string>();

  get size(): number {
    return this._values.size;
  }

  /** Adds the values a page withheld; returns whether any was new. */
  add(values: readonly string[] | undefined): boolean {
    let added = false;
    for (const value of values ?? []) {
      if (typeof value !== 'string' || value.length < kMinSecretLength || this._values.has(value))
        continue;
      this._values.add(value);
      added = true;
    }
    if (added)
      this._needles = needlesOf(this._values);
    return added;
  }

  /** `text` with every occurrence of a secret value, in any of its forms, replaced by kSecretMask. */
  mask(text: string): string {
    if (!this._needles.length || !text)
      return text;
    for (const needle of this._needles) {
      if (text.includes(needle))
        text = text.split(needle).join(kSecretMask);
    }
    return text;
  }

  /** Whether `text` holds a secret value in any of its forms. */
  reveals(text: string): boolean {
    return this._needles.some(needle => text.includes(needle));
  }

  /** Masks a snapshot's text fields in place (entries, runs, title, URL). */
  maskSnapshot(snapshot: Pick<Snapshot, 'entries' | 'text'> & { meta?: Snapshot['meta'] }): void {
    if (!this._needles.length)
      return;
    for (const entry of snapshot.entries)
      this.maskEntry(entry);
    if (snapshot.text)
      snapshot.text = this._maskRuns(snapshot.text);
    if (snapshot.meta) {
      snapshot.meta.title = this.mask(snapshot.meta.title);
      snapshot.meta.url = this.mask(snapshot.meta.url);
    }
  }

  /** Masks one entry's text fields in place; its runs are replaced, never edited (they may be shared). */
  maskEntry(entry: SnapshotEntry): void {
    if (!this._needles.length)
      return;
    entry.name = this.mask(entry.name);
    if (entry.description !== undefined)
      entry.description = this.mask(entry.description);
    if (entry.text !== undefined)
      entry.text = this.mask(entry.text);
    if (entry.runs !== undefined)
      entry.runs = this._maskRuns(entry.runs);
    if (entry.value !== undefined)
      entry.value = this.mask(entry.value);
    if (entry.placeholder !== undefined)
      entry.placeholder = this.mask(entry.placeholder);
    if (entry.url !== undefined)
      entry.url = this.mask(entry.url);
    if (entry.frame)
      entry.frame = { ...entry.frame, src: this.mask(entry.frame.src) };
  }

  /**
   * A copy of `diff` with what its text prints masked, each string whole, before it is formatted:
   * a long value's change prints as an excerpt (src/snapshot/textChange.ts), and masking the text
   * afterwards would not find a secret that the excerpt cut in two. Masks the entries too, for
   * a text nothing masks afterwards. The diff itself is left as it is.
   */
  maskDiff(diff: SnapshotDiff): SnapshotDiff {
    if (!this._needles.length)
      return diff;
    return {
      ...diff,
      added: diff.added.map(entry => {
        const copy = { ...entry };
        this.maskEntry(copy);
        return copy;
      }),
      removed: diff.removed.map(entry => ({ ...entry, name: this.mask(entry.name) })),
      changed: diff.changed.map(change => this.maskChange(change)),
      // `?? []`: diffs stored before re-orders and moves were listed have none.
      reordered: (diff.reordered ?? []).map(reorder => ({
        ...reorder,
        name: this.mask(reorder.name),
        moves: (reorder.moves ?? []).map(move => ({ ...move, name: this.mask(move.name) })),
      })),
    };
  }

  /** A copy of `change` with its name and each side of each changed text field masked whole (`maskDiff`). */
  maskChange(change: EntryChange): EntryChange {
    if (!this._needles.length)
      return change;
    const changes: EntryChange['changes'] = {};
    for (const [field, { prev, curr }] of Object.entries(change.changes))
      changes[field] = { prev: typeof prev === 'string' ? this.mask(prev) : prev, curr: typeof curr === 'string' ? this.mask(curr) : curr };
    return { ...change, name: this.mask(change.name), changes };
  }

  private _maskRuns(runs: TextRun[]): TextRun[] {
    return runs.some(run => this.reveals(run.text)) ? runs.map(run => ({ at: run.at, text: this.mask(run.text) })) : runs;
  }
}

/**
 * The forms a value takes in the artifacts: as typed; whitespace-collapsed (names and text runs);
 * HTML-escaped (the DOM file); JSON- and YAML-escaped (the triage, quoted names). Forms shorter
 * than kMinSecretLength are dropped.
 */
function needlesOf(values: Iterable<string>): string[] {
  const needles = new Set<string>();
  const add = (form: string) => {
    if (form.length >= kMinSecretLength)
      needles.add(form);
  };
  for (const value of values) {
    for (const form of [value, collapseWhitespace(value)]) {
      add(form);
      add(escapeHtml(form));
      add(JSON.stringify(form).slice(1, -1));
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
