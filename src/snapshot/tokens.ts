/**
 * Estimates the tokens a model spends on `text`: about four characters a token for prose,
 * with punctuation-dense runs (refs, brackets, quotes) counted closer to one token each.
 * One estimator for everything, so ratios between our text and Playwright's are fair.
 */
export function estimateTokens(text: string): number {
  if (!text)
    return 0;
  let words = 0;
  let punctuation = 0;
  const matches = text.match(/[A-Za-z0-9\u00C0-\uFFFF]+|[^\sA-Za-z0-9\u00C0-\uFFFF]/g) ?? [];
  for (const piece of matches) {
    if (piece.length === 1 && !/[A-Za-z0-9]/.test(piece))
      punctuation++;
    else
      words += Math.ceil(piece.length / 4);
  }
  return words + Math.ceil(punctuation * 0.75);
}
