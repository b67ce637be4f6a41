// Strings in the page: whitespace as HTML and the accessible-name spec read it, token lists.
// Indexing, comparisons and concatenation only: String.prototype methods are builtins a page may
// override (and this module has no dependency, so Node's unit tests import it as it is).

/** True for the ASCII whitespace of HTML (space, tab, LF, FF, CR): token lists, class names, markup text. */
export function isAsciiWhitespace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
}

/** Splits an HTML token list (`role`, `aria-labelledby`) on ASCII whitespace, dropping empties. */
export function splitTokens(value: string): string[] {
  const tokens: string[] = [];
  let token = '';
  for (let i = 0; i <= value.length; i++) {
    if (i < value.length && !isAsciiWhitespace(value[i])) {
      token += value[i];
    } else if (token) {
      tokens[tokens.length] = token;
      token = '';
    }
  }
  return tokens;
}

/** JavaScript's \s (one UTF-16 unit), minus U+200B/U+00AD which are dropped instead (they are invisible). */
export function isWhitespace(c: string): boolean {
  return c === ' ' || (c >= '\t' && c <= '\r') || c === '\u00a0' || c === '\u1680' ||
    (c >= '\u2000' && c <= '\u200a') || c === '\u2028' || c === '\u2029' || c === '\u202f' ||
    c === '\u205f' || c === '\u3000' || c === '\ufeff';
}

/** U+200B (zero-width space) and U+00AD (soft hyphen): invisible, dropped from the flat string. */
function isDropped(c: string): boolean {
  return c === '\u200b' || c === '\u00ad';
}

/**
 * Collapses every run of whitespace to one space and trims, dropping zero-width spaces and soft
 * hyphens: the "flat string" of https://w3c.github.io/accname/#terminology as snapshots show it.
 */
export function normalizeWhitespace(text: string): string {
  // Most text is flat already (a label, a name read before): it needs no copy, and building one
  // a character at a time is most of what a page's first walk allocates.
  if (isFlat(text))
    return text;
  let result = '';
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (isDropped(c))
      continue;
    if (isWhitespace(c)) {
      pendingSpace = true;
      continue;
    }
    if (pendingSpace && result.length)
      result += ' ';
    pendingSpace = false;
    result += c;
  }
  return result;
}

/** Whether `normalizeWhitespace(text)` is `text`: no whitespace but single spaces between other characters, nothing dropped. */
function isFlat(text: string): boolean {
  let afterSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ') {
      if (afterSpace)
        return false;
      afterSpace = true;
    } else if (isDropped(c) || isWhitespace(c)) {
      return false;
    } else {
      afterSpace = false;
    }
  }
  return !afterSpace || text.length === 0;
}

/** Whether `text` is only what `trim()` removes, told without building the trimmed copy. */
export function isAllWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (!isWhitespace(text[i]))
      return false;
  }
  return true;
}

/** True for null, '' and text that is only whitespace (as `normalizeWhitespace` reads it). */
export function isBlank(text: string | null): boolean {
  if (!text)
    return true;
  for (let i = 0; i < text.length; i++) {
    if (!isDropped(text[i]) && !isWhitespace(text[i]))
      return false;
  }
  return true;
}
