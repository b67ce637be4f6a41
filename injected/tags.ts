// Tag tables shared by the walker, the name computation and the DOM file.

import { toSet } from './builtins';

/**
 * Elements that are never rendered, whatever their style says: not in the accessibility tree, no
 * part of a name computed from content, and never in the DOM file. (The name computation reads a
 * <title> as if it were referenced; the walker counts an SVG <title> as rendered content.)
 */
export const kNeverRenderedTags = toSet(['head', 'script', 'style', 'noscript', 'template', 'meta', 'link', 'base', 'title']);
