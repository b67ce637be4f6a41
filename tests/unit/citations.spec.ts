// Every citation in the repository points at something in it: a comment or a document that gives
// its reason as "see that file, that heading" must name a file a clone has and a heading that file
// has (docs/contributing.md, Citations). Recognised forms:
//   - a repository path: `docs/design.md`, `src/snapshot/diff.ts`, `tests/fuzz/`, a root file such
//     as `README.md` or `CHANGELOG.md`;
//   - a heading by name: `(docs/design.md, The ref model)`, `docs/design.md → The ref model`,
//     `README → Start` (compared case-insensitively with the file's headings);
//   - a heading by anchor: `docs/api.md#options`, and in Markdown, links `[…](docs/api.md#options)`,
//     `[…](performance.md#the-cost-of-step-captures)` or `[…](#start)`, relative to the document
//     (compared with GitHub's slugs of the file's headings);
//   - and never a document the repository does not hold: a design or API file in capitals, a
//     numbered section sign, a folder outside the repository, a README section after a colon.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');

/** What the checks need to know of the repository. */
interface Repo {
  /** A tracked file, or a folder holding one; for a bare `NAME.md`, a tracked file of that name anywhere. */
  exists(repoPath: string): boolean;
  /** The headings of a tracked Markdown file, or undefined when it is none. */
  headings(repoPath: string): Headings | undefined;
}

interface Headings {
  /** Heading texts, lower-cased, inline Markdown removed. */
  texts: Set<string>;
  /** GitHub's anchors for them (`## The ref model` → `the-ref-model`, repeats `-1`, `-2`…). */
  slugs: Set<string>;
}

// Folders of the repository a path may start with, and root files cited by name.
const kTopFolders = ['docs', 'src', 'injected', 'tests', 'scripts', 'bench', 'examples', 'corpus', '.ci'];
const kPathPattern = new RegExp(
    String.raw`(?<![\w./:-])(?:(?:${kTopFolders.map(f => f.replace('.', '\\.')).join('|')})/[\w./-]*|[A-Z][A-Z_-]*\.md\b)`, 'g');
// Paths that name files outside this repository on purpose.
const kElsewhere = new Set([
  'tests/first.spec.ts', 'tests/tour.ts', // the README's quick start: files of the user's project
  'tests/library/role-utils.spec.ts', 'tests/assets/wpt/', // Playwright's repository
]);
// What a path without an extension may leave out.
const kModuleExtensions = ['.ts', '.mts', '.mjs', '.js', '.html', '.json'];
// A Markdown file of the repository (a path, or a root file such as README.md) or the README, then `→` and a heading.
const kArrowPattern = /(?<![\w./-])((?:[\w.-]+\/)+[\w.-]+\.md|[A-Z][\w-]*\.md|README)\s+(?:→|->)\s+([^)\]\n;:—`*]+)/g;
// `(docs/design.md, The ref model)`; `(triage.md, triage.json)` names files a run writes.
const kCommaPattern = /\(((?:[\w.-]+\/)+[\w.-]+\.md|[A-Z][\w-]*\.md),(?: ([^()\n]*)|\s*$)(\)?)/g;
// `docs/api.md#options` outside a link.
const kAnchorPattern = /(?<![\w./(-])((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g;
// `[text](target)` and `![alt](target)`.
const kLinkPattern = /\[[^\]\n]*\]\(([^)\s]+)\)/g;
// Documents that were never in the repository, and the forms that cited them. The design file's
// name is spelt in pieces: this file cites nothing.
const kGoneDesign = 'DESIGN' + '.md';
const kForbidden: { pattern: RegExp; why: string }[] = [
  { pattern: new RegExp('DESIGN' + '\\.md'), why: `${kGoneDesign} is not in the repository: cite (docs/design.md, Heading)` },
  { pattern: /(?<![\w/])API\.md/, why: 'API.md is not in the repository: cite (docs/api.md, Heading)' },
  { pattern: /\u00a7/, why: 'a section sign cites numbered sections: cite a file and a heading' },
  { pattern: /\.\.\/shared\b|\/work\/shared\b/, why: 'a folder outside the repository: a clone does not have it' },
  { pattern: /\bREADME: [A-Za-z]/, why: 'a README section is cited as (README.md, Heading), with a heading README.md has' },
];

/** GitHub's anchor for a heading text (before repeats get `-1`, `-2`…). */
export function githubSlug(heading: string): string {
  return plainHeading(heading).toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
}

/** A heading's text as a reader sees it: no backticks, emphasis or link targets. */
function plainHeading(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();
}

/** The headings of a Markdown text, code blocks aside. */
export function parseHeadings(markdown: string): Headings {
  const texts = new Set<string>();
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^\s*(```|~~~)/.exec(line);
    if (fenceMatch) {
      if (!fence)
        fence = fenceMatch[1];
      else if (fence === fenceMatch[1])
        fence = undefined;
      continue;
    }
    if (fence)
      continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading)
      continue;
    texts.add(plainHeading(heading[1]).toLowerCase());
    const slug = githubSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    slugs.add(count ? `${slug}-${count}` : slug);
  }
  return { texts, slugs };
}

/** Trailing punctuation that ends a sentence, not a path. */
function trimPath(token: string): string {
  return token.replace(/[.,:;]+$/, '');
}

/** The problems of one file's citations, as `file:line: what`. */
export function checkCitations(file: string, text: string, repo: Repo): string[] {
  // A page of the corpora is content, not prose: its paths and links are the page's (`src/index.js`
  // in a code editor, `/guide/api` in a docs site's sidebar).
  const pathsToo = !/^(corpus|tests)\/pages\//.test(file);
  const problems = new Set<string>();
  const isMarkdown = file.endsWith('.md') && pathsToo;
  const lines = text.split('\n');
  const report = (line: number, what: string) => problems.add(`${file}:${line + 1}: ${what}`);
  const checkHeading = (line: number, target: string, heading: string, cited: string) => {
    const headings = repo.headings(target);
    if (!headings)
      report(line, `${cited}: ${target} is not a Markdown file of the repository`);
    else if (!headings.texts.has(plainHeading(heading).toLowerCase()))
      report(line, `${cited}: ${target} has no heading "${heading}"`);
  };
  const checkAnchor = (line: number, target: string, anchor: string, cited: string) => {
    const headings = repo.headings(target);
    if (!headings)
      report(line, `${cited}: ${target} is not a Markdown file of the repository`);
    else if (!headings.slugs.has(anchor.toLowerCase()))
      report(line, `${cited}: ${target} has no heading whose anchor is #${anchor}`);
  };
  lines.forEach((content, line) => {
    for (const { pattern, why } of kForbidden) {
      if (pattern.test(content))
        report(line, why);
    }
    for (const match of pathsToo ? content.matchAll(kPathPattern) : []) {
      const cited = trimPath(match[0]);
      if (kElsewhere.has(cited) || /^(DESIGN|API)\.md$/.test(cited))
        continue;
      const bare = cited.replace(/\/+$/, '');
      // `injected/domUtils` names a module, `tests/fuzz/regressions/secrets-1105` a regression case.
      const found = repo.exists(bare) || (!/\.\w+$/.test(bare) && kModuleExtensions.some(ext => repo.exists(bare + ext)));
      if (!found)
        report(line, `${cited} is not in the repository`);
    }
    for (const match of content.matchAll(kArrowPattern)) {
      const target = match[1] === 'README' ? 'README.md' : match[1];
      const heading = match[2].replace(/\s*\*\/\s*$/, '').replace(/[.,]+\s*$/, '').trim();
      checkHeading(line, target, heading, match[0].trim());
    }
    for (const match of content.matchAll(kCommaPattern)) {
      const [cited, target, heading = '', close] = match;
      if (/\.md\b|\//.test(heading))
        continue; // a list of files, not a heading
      if (!close)
        report(line, `${cited}: a cited heading ends with ")" on the same line`);
      else
        checkHeading(line, target, heading.trim(), cited);
    }
    for (const match of content.matchAll(kAnchorPattern))
      checkAnchor(line, match[1], match[2], match[0]);
    if (!isMarkdown)
      return;
    for (const match of content.matchAll(kLinkPattern)) {
      const link = match[1];
      if (/^[a-z][a-z+.-]*:/i.test(link))
        continue; // https:, mailto:
      const hash = link.indexOf('#');
      const relative = hash === -1 ? link : link.slice(0, hash);
      const target = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)) : file;
      if (target.startsWith('..') || !repo.exists(target.replace(/\/+$/, '')))
        report(line, `link ${link}: ${target} is not in the repository`);
      else if (hash !== -1)
        checkAnchor(line, target, link.slice(hash + 1), `link ${link}`);
    }
  });
  return [...problems];
}

/** The tracked files worth reading: text, and not generated, vendored lock or regression data. */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return listed.filter(file => !/^(node_modules\/|tests\/fuzz\/regressions\/)|(^|\/)package-lock\.json$/.test(file) &&
      !/\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz|tgz|wasm)$/i.test(file));
}

/** Paths that exist only after a build or a run (.gitignore), which a citation may name. */
function ignoredPrefixes(): string[] {
  return fs.readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n').map(line => line.trim())
      .filter(line => line && !line.startsWith('#') && !line.includes('*')).map(line => line.replace(/\/+$/, ''));
}

function repositoryOf(files: string[], read: (file: string) => string): Repo {
  const tracked = new Set(files);
  const all = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const folders = new Set<string>();
  for (const file of all) {
    tracked.add(file);
    for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1))
      folders.add(file.slice(0, at));
  }
  const ignored = ignoredPrefixes();
  const headings = new Map<string, Headings | undefined>();
  const basenames = new Set([...tracked].map(file => path.posix.basename(file)));
  return {
    exists: repoPath => tracked.has(repoPath) || folders.has(repoPath) || (!repoPath.includes('/') && basenames.has(repoPath)) ||
        ignored.some(prefix => repoPath === prefix || repoPath.startsWith(prefix + '/')),
    headings: repoPath => {
      if (!headings.has(repoPath))
        headings.set(repoPath, repoPath.endsWith('.md') && tracked.has(repoPath) ? parseHeadings(read(repoPath)) : undefined);
      return headings.get(repoPath);
    },
  };
}

describe('citations', () => {
  // The examples are built from parts, so that this file cites nothing it does not mean to.
  const design = 'docs/' + 'design.md';
  const fake: Repo = {
    exists: repoPath => [design, 'docs', 'docs/api.md', 'docs/concepts.md', 'README.md', 'src/snapshot/diff.ts', 'src/snapshot'].includes(repoPath),
    headings: repoPath => repoPath === design ? parseHeadings('# Design\n\n## The ref model\n\n```\n## Not a heading\n```\n\n### `sw.ref()` and refs\n\n## The ref model\n') :
      repoPath === 'README.md' ? parseHeadings('# stagewright\n\n## Start\n') : undefined,
  };

  it('should slug headings as GitHub does', () => {
    expect(githubSlug('The ref model')).toBe('the-ref-model');
    expect(githubSlug('`sw.ref()` and refs')).toBe('swref-and-refs');
    expect(githubSlug('Fingerprints, pairing — and reuse?')).toBe('fingerprints-pairing--and-reuse');
    expect([...parseHeadings('## A\n## A\n```\n## B\n```\n').slugs]).toEqual(['a', 'a-1']);
  });

  it('should accept citations of files and headings that exist', () => {
    const good = [
      `// Pairing (${design}, The ref model): unique only.`,
      `// See ${design} → the ref model.`,
      `/** ${design} → \`sw.ref()\` and refs */`,
      '// README → Start; src/snapshot/diff.ts and src/snapshot/ do it.',
      `// ${design}#the-ref-model and ${design}#the-ref-model-1, (docs/api.md, docs/concepts.md) is a list.`,
      '// http://127.0.0.1/pages/_shared/corpus.js is a URL, not a path.',
    ].join('\n');
    expect(checkCitations('src/x.ts', good, fake)).toEqual([]);
    expect(checkCitations('docs/guide.md', '[Design](design.md#the-ref-model), [Start](../README.md#start), [API](api.md)', fake)).toEqual([]);
    expect(checkCitations('README.md', '[Start](#start), ![shot](docs/) and https://example.com/docs/x.md', fake)).toEqual([]);
  });

  it('should list every citation of a missing file or heading, by file and line', () => {
    const bad = [
      '// ok',
      `// (${design}, Ref model)`,
      `// ${design} → Pairing.`,
      `// ${design}#pairing`,
      '// see docs/' + 'missing.md and src/snapshot/' + 'gone.ts',
      `// (${design}, The ref`,
      `// split (${design},`,
      '// README → Install',
      '// ' + 'DESIGN' + '.md \u00a7' + '4, ' + 'API' + '.md, ../' + 'shared/x, (README' + ': Triage), STYLE' + '.md',
    ].join('\n');
    expect(checkCitations('src/x.ts', bad, fake)).toEqual([
      `src/x.ts:2: (${design}, Ref model): ${design} has no heading "Ref model"`,
      `src/x.ts:3: ${design} → Pairing.: ${design} has no heading "Pairing"`,
      `src/x.ts:4: ${design}#pairing: ${design} has no heading whose anchor is #pairing`,
      'src/x.ts:5: docs/' + 'missing.md is not in the repository',
      'src/x.ts:5: src/snapshot/' + 'gone.ts is not in the repository',
      `src/x.ts:6: (${design}, The ref: a cited heading ends with ")" on the same line`,
      `src/x.ts:7: (${design},: a cited heading ends with ")" on the same line`,
      'src/x.ts:8: README → Install: README.md has no heading "Install"',
      `src/x.ts:9: ${kGoneDesign} is not in the repository: cite (docs/design.md, Heading)`,
      'src/x.ts:9: API.md is not in the repository: cite (docs/api.md, Heading)',
      'src/x.ts:9: a section sign cites numbered sections: cite a file and a heading',
      'src/x.ts:9: a folder outside the repository: a clone does not have it',
      'src/x.ts:9: a README section is cited as (README.md, Heading), with a heading README.md has',
      'src/x.ts:9: ' + 'STYLE' + '.md is not in the repository',
    ]);
    expect(checkCitations('docs/guide.md', `See ${design}#pairing.`, fake)).toEqual([
      `docs/guide.md:1: ${design}#pairing: ${design} has no heading whose anchor is #pairing`,
    ]);
    expect(checkCitations('docs/guide.md', '[a](design.md#nope) [b](../LICENSE) ![c](gone.png) [d](../README.md#install)', fake)).toEqual([
      `docs/guide.md:1: link design.md#nope: ${design} has no heading whose anchor is #nope`,
      'docs/guide.md:1: link ../LICENSE: LICENSE is not in the repository',
      'docs/guide.md:1: link gone.png: docs/gone.png is not in the repository',
      'docs/guide.md:1: link ../README.md#install: README.md has no heading whose anchor is #install',
    ]);
    // A corpus app's own Markdown (a docs site's pages) links to the app's routes.
    expect(checkCitations('corpus/pages/docs-site/docs/_sidebar.md', '- [API](/guide/api) [Install](/#install) see src/app.ts', fake)).toEqual([]);
  });

  it('should find every citation in the repository where it points', () => {
    const files = trackedTextFiles();
    const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
    const repo = repositoryOf(files, read);
    const problems = files.flatMap(file => {
      // This file's examples cite wrongly on purpose (the tests above check what is found in them):
      // only its header is read.
      const text = file === 'tests/unit/citations.spec.ts' ? read(file).split('\nimport ')[0] : read(file);
      return text.includes('\0') ? [] : checkCitations(file, text, repo);
    });
    expect(problems).toEqual([]);
  });
});
