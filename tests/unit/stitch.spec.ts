import { describe, expect, it } from 'vitest';
import { framePlaceholder, removeFramePlaceholders, stitchFrames } from '../../src/isomorphic/stitch';
import { entry } from './fixtures';

// What the page writes inside an iframe (injected/dom.ts): the placeholder on a line of its own.
const iframeMarkup = (ref: string) => `<iframe ref="${ref}">\n${framePlaceholder(ref)}\n</iframe>`;

describe('stitchFrames', () => {
  const parent = [
    entry({ ref: 's1', role: 'main' }),
    entry({ ref: 's2', role: 'iframe', name: 'Pay', parent: 's1', depth: 1, frame: { src: 'about:blank' } }),
    entry({ ref: 's3', role: 'button', name: 'After', parent: 's1', depth: 1 }),
    entry({ ref: 's4', role: 'iframe', name: 'Ads', parent: 's1', depth: 1, frame: { src: 'about:blank' } }),
  ];
  const pay = [
    entry({ ref: 'f1s1', role: 'form' }),
    entry({ ref: 'f1s2', role: 'textbox', name: 'Card', parent: 'f1s1', depth: 1 }),
    entry({ ref: 'f1s3', role: 'button', name: 'Pay' }),
  ];
  const markup = `<main ref="s1">\n${iframeMarkup('s2')}\n<button ref="s3">After</button>\n${iframeMarkup('s4')}\n</main>`;

  it('should put a frame\'s entries right after its iframe, one level deeper, parented to it', () => {
    const frame = { src: 'https://pay.test/', crossOrigin: true };
    const result = stitchFrames(parent, undefined, [{ iframeRef: 's2', prefix: 'f1', entries: pay, frame }]);
    expect(result.entries.map(e => [e.ref, e.parent, e.depth])).toEqual([
      ['s1', null, 0], ['s2', 's1', 1], ['f1s1', 's2', 2], ['f1s2', 'f1s1', 3], ['f1s3', 's2', 2], ['s3', 's1', 1], ['s4', 's1', 1],
    ]);
    expect(result.entries[1].frame).toEqual(frame);
    expect(result.markup).toBeUndefined();
    // The inputs are left as they were.
    expect(pay.map(e => [e.parent, e.depth])).toEqual([[null, 0], ['f1s1', 1], [null, 0]]);
    expect(parent[1].frame).toEqual({ src: 'about:blank' });
  });

  it('should put each frame\'s markup where its own placeholder is, between markers, and leave the others', () => {
    const result = stitchFrames(parent, markup, [
      { iframeRef: 's4', prefix: 'f2', entries: [], markup: '<p ref="f2s1">ad</p>', frame: { src: 'https://ads.test/' } },
    ]);
    expect(result.markup).toBe([
      '<main ref="s1">', '<iframe ref="s2">', framePlaceholder('s2'), '</iframe>', '<button ref="s3">After</button>',
      '<iframe ref="s4">', '<!-- BEGIN IFRAME f2 -->', '<p ref="f2s1">ad</p>', '<!-- END IFRAME f2 -->', '</iframe>', '</main>',
    ].join('\n'));
    expect(removeFramePlaceholders(result.markup!)).toBe([
      '<main ref="s1">', '<iframe ref="s2"></iframe>', '<button ref="s3">After</button>',
      '<iframe ref="s4">', '<!-- BEGIN IFRAME f2 -->', '<p ref="f2s1">ad</p>', '<!-- END IFRAME f2 -->', '</iframe>', '</main>',
    ].join('\n'));
  });

  it('should stitch nested frames level by level and take the frame\'s markup literally', () => {
    // The grandchild is stitched into the child first, as the store walks them.
    const child = stitchFrames([entry({ ref: 'f1s1', role: 'iframe', frame: { src: '' } })], iframeMarkup('f1s1'), [
      { iframeRef: 'f1s1', prefix: 'f2', entries: [entry({ ref: 'f2s1', role: 'button', name: 'Deep' })], markup: '<b ref="f2s1">$& $1</b>', frame: { src: 'https://deep.test/' } },
    ]);
    const result = stitchFrames(parent, markup, [{ iframeRef: 's2', prefix: 'f1', entries: child.entries, markup: child.markup, frame: { src: 'https://mid.test/' } }]);
    expect(result.entries.map(e => [e.ref, e.parent, e.depth])).toEqual([
      ['s1', null, 0], ['s2', 's1', 1], ['f1s1', 's2', 2], ['f2s1', 'f1s1', 3], ['s3', 's1', 1], ['s4', 's1', 1],
    ]);
    // `$&` in a frame's text is not a replacement pattern.
    expect(result.markup).toContain('<!-- BEGIN IFRAME f1 -->\n<iframe ref="f1s1">\n<!-- BEGIN IFRAME f2 -->\n<b ref="f2s1">$& $1</b>\n<!-- END IFRAME f2 -->\n</iframe>\n<!-- END IFRAME f1 -->');
  });

  it('should leave out a walk whose iframe is not among the entries', () => {
    const result = stitchFrames(parent, markup, [{ iframeRef: 's99', prefix: 'f3', entries: pay, markup: '<p>lost</p>', frame: { src: '' } }]);
    expect(result.entries.map(e => e.ref)).toEqual(['s1', 's2', 's3', 's4']);
    expect(result.markup).toBe(markup);
  });
});

describe('removeFramePlaceholders', () => {
  it('should remove the placeholders of frames that were not walked, and only those', () => {
    expect(removeFramePlaceholders(`<div>\n${framePlaceholder('f12s340')}\n</div>`)).toBe('<div></div>');
    // Text that merely looks alike is page text, escaped by the serializer, and stays.
    const text = '<p>&lt;!-- stagewright-frame s1 --&gt;</p><!-- stagewright-frame x -->';
    expect(removeFramePlaceholders(text)).toBe(text);
  });
});
