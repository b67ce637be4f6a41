// Unified diffs of the DOM file between captures.

import { createTwoFilesPatch } from 'diff';

/** A unified diff of two DOM files, or '' when they are the same. */
export function diffDom(previous: string, current: string): string {
  if (previous === current)
    return '';
  return createTwoFilesPatch('dom.html', 'dom.html', previous, current, undefined, undefined, { context: 3 });
}

/** `003-fill-the-form.diff`: numbered, label slugged to safe file-name characters. */
export function diffFileName(index: number, label: string): string {
  return `${String(index).padStart(3, '0')}-${slugify(label)}.diff`;
}

export function slugify(label: string): string {
  const slug = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, 60).replace(/-+$/, '') || 'capture';
}
