// Suggested assertions as a user pastes them: read from each step's `.diff` attachments (of every
// page the step changed), and pasted at the end of that step's body in a copy of the spec.
import type { Step, StepsResult } from './project';

/** The suggested assertions of each step, by test and step title, from the steps' `.diff` attachments. */
export function suggestionsByStep(results: StepsResult[]): Map<string, string[]> {
  const byStep = new Map<string, string[]>();
  const visit = (testTitle: string, steps: Step[]) => {
    for (const step of steps) {
      if (step.category === 'test.step' && !step.title.startsWith('stagewright:')) {
        // One `.diff` per page the step changed (the test's page, a popup).
        const lines = step.attachments.filter(a => a.name.endsWith('.diff')).flatMap(a => {
          const block = (a.body ?? '').split('# Suggested assertions')[1] ?? '';
          return [...block.matchAll(/^#   (.+)$/gm)].map(m => m[1]);
        });
        if (lines.length)
          byStep.set(`${testTitle} › ${step.title}`, lines);
      }
      visit(testTitle, step.steps);
    }
  };
  for (const result of results)
    visit(result.title, result.steps);
  return byStep;
}

/**
 * Pastes each step's suggestions before the closing brace of its body, and gives every test the
 * `page` fixture the suggestions use. Returns the new source and how many lines it pasted.
 */
export function pasteSuggestions(source: string, byStep: Map<string, string[]>): { source: string; pasted: number } {
  let out = '';
  let at = 0;
  let pasted = 0;
  let currentTest = '';
  const opener = /\btest(\.step)?\((['"])((?:\\.|(?!\2).)*)\2, async \(([^)]*)\) => \{/g;
  for (let match = opener.exec(source); match; match = opener.exec(source)) {
    const title = match[3].replace(/\\(.)/g, '$1');
    if (!match[1]) {
      currentTest = title;
      if (!/\bpage\b/.test(match[4])) {
        out += source.slice(at, match.index) + match[0].replace(/\(\{ /, '({ page, ');
        at = match.index + match[0].length;
      }
      continue;
    }
    const lines = byStep.get(`${currentTest} › ${title}`);
    if (!lines)
      continue;
    const close = matchingBrace(source, match.index + match[0].length - 1);
    const indent = /\n(\s*)[^\n]*$/.exec(source.slice(0, match.index))?.[1] ?? '';
    out += source.slice(at, close) + lines.map(line => `${indent}  ${line}\n`).join('') + indent;
    at = close;
    pasted += lines.length;
  }
  return { source: out + source.slice(at), pasted };
}

/** The index of the `}` that closes the `{` at `open`, skipping strings, templates and comments. */
function matchingBrace(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\'' || c === '"' || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) {
        if (source[i] === '\\')
          i++;
      }
    } else if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && --depth === 0) {
      return i;
    }
  }
  throw new Error(`no closing brace for the one at ${open}`);
}
