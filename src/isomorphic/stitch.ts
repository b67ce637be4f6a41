// Frame stitching (docs/concepts.md, Frames): each frame is walked on its own, and its entries and
// DOM markup are put into its parent's where its iframe is. This file owns the placeholder the page
// leaves inside an iframe's markup, in both directions: the page writes it (`framePlaceholder`),
// Node replaces it with the frame's markup (`stitchFrames`) or removes it when the frame was not
// walked (`removeFramePlaceholders`). Page text cannot forge one: the serializer escapes `<` in
// text and drops comments.
//
// Bundled into the page for `framePlaceholder`: page code must not call overridable builtins (see
// injected/builtins.ts). The stitching runs in Node only; its lines say so.

import type { SnapshotEntry, TextRun } from './types';

const kPlaceholderStart = '<!-- stagewright-frame ';
const kPlaceholderEnd = ' -->';

/** Where the page leaves room for a child frame's markup, inside its iframe, on a line of its own. */
export function framePlaceholder(ref: string): string {
  return kPlaceholderStart + ref + kPlaceholderEnd;
}

/** A walked child frame, its own child frames already stitched in; or one that could not be walked (`frame.unreachable`, no entries). */
export interface FrameWalk {
  /** The ref of the iframe entry in the parent's walk. */
  iframeRef: string;
  /** The frame's ref prefix, `f1`. */
  prefix: string;
  entries: readonly SnapshotEntry[];
  /** The frame's text with no entry above it: it becomes the iframe entry's text runs. */
  text?: readonly TextRun[];
  /** The frame's markup, when the DOM file was asked for. */
  markup?: string;
  /** What the iframe entry says of the frame's document. */
  frame: NonNullable<SnapshotEntry['frame']>;
}

/**
 * The parent's entries with each frame's entries right after its iframe entry (one level deeper,
 * their top-level entries parented to the iframe, their top-level text the iframe's runs), and the parent's markup with each frame's
 * markup between `BEGIN IFRAME` / `END IFRAME` comments where its placeholder was. A walk whose
 * iframe is not among the entries is left out. The inputs are not modified.
 */
export function stitchFrames(entries: readonly SnapshotEntry[], markup: string | undefined, walks: readonly FrameWalk[]): { entries: SnapshotEntry[]; markup?: string } {
  const walkByIframe = new Map(walks.map(walk => [walk.iframeRef, walk])); // Node side only
  const result: SnapshotEntry[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const walk = walkByIframe.get(entry.ref);
    if (!walk) {
      result[result.length] = entry;
      continue;
    }
    const iframe: SnapshotEntry = { ...entry, frame: walk.frame };
    if (walk.text && walk.text.length) {
      iframe.text = walk.text.map(run => run.text).join(' '); // Node side only
      iframe.runs = walk.text.slice(); // Node side only
    }
    result[result.length] = iframe;
    for (let j = 0; j < walk.entries.length; j++) {
      const child = walk.entries[j];
      result[result.length] = { ...child, depth: child.depth + entry.depth + 1, parent: child.parent ?? entry.ref };
    }
    if (markup !== undefined && walk.frame.unreachable) {
      const note = `<!-- IFRAME ${walk.prefix} ${walk.frame.unreachable} -->`;
      markup = markup.replace(framePlaceholder(entry.ref), () => note); // Node side only
    } else if (markup !== undefined && walk.markup !== undefined) {
      const replacement = `<!-- BEGIN IFRAME ${walk.prefix} -->\n${walk.markup}\n<!-- END IFRAME ${walk.prefix} -->`;
      markup = markup.replace(framePlaceholder(entry.ref), () => replacement); // Node side only
    }
  }
  return { entries: result, markup };
}

const kPlaceholderLine = new RegExp(`\\n?${kPlaceholderStart}(?:f\\d+)?s\\d+${kPlaceholderEnd}\\n?`, 'g');

/** The markup without the placeholders of frames that were not walked (hidden, detached, out of time). */
export function removeFramePlaceholders(markup: string): string {
  return markup.replace(kPlaceholderLine, ''); // Node side only
}
