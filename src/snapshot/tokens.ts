/**
 * Estimates the tokens a model spends on `text`: about four characters a token for prose,
 * with punctuation-dense runs (refs, brackets, quotes) counted closer to one token each.
 * One estimator for everything, so ratios between our text and Playwright's are fair.
 *
 * Words are runs of ASCII letters and digits and of anything from U+00C0 up (a lone character of
 * the latter counts as punctuation); every other non-space character is punctuation. Written as
 * one pass over the characters: it runs on every snapshot's text.
 */
export function estimateTokens(text: string): number {
  let words = 0;
  let punctuation = 0;
  let run = 0;
  let runIsAscii = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : -1;
    const ascii = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (ascii || code >= 0xc0) {
      if (run++ === 0)
        runIsAscii = ascii;
      continue;
    }
    if (run === 1 && !runIsAscii)
      punctuation++;
    else if (run)
      words += Math.ceil(run / 4);
    run = 0;
    if (code !== -1 && code !== 32 && !(code >= 9 && code <= 13) && code !== 0xa0)
      punctuation++;
  }
  return words + Math.ceil(punctuation * 0.75);
}
