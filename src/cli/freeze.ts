// `npx stagewright freeze` (docs/agents.md, Freezing refs): each `….ref('s12')` call of a spec
// becomes the durable locator its element was reached by in the last run (refs.json, written at a
// test's end by src/api/refCalls.ts). The spec is parsed, and only the text of each frozen call
// changes: every other byte of the file stays as it was.

import { parse } from '@babel/parser';
import type { FrozenCall } from '../api/refsFile';

/** A `ref('…')` call in a spec's source. */
export interface RefCallSite {
  ref: string;
  /** Where the `ref` name is (what a stack frame of the call points at): 1-based line and column. */
  line: number;
  column: number;
  /** The call's range in the source, `<object>.ref('s12')`. */
  start: number;
  end: number;
  /** The code of the page the call's element is on: `page`, `popup` (of `forPage(popup)`), or `sw.page`. */
  pageCode: string;
}

export interface FreezeEdit { site: RefCallSite; code: string }
export interface FreezeProblem { site: RefCallSite; why: string }

// Babel's tree, as far as it is read here.
interface Node { type: string; start?: number | null; end?: number | null; loc?: { start: { line: number; column: number } } | null; [key: string]: unknown }

const kRefPattern = /^(?:f\d+)?s\d+$/;

/** The ref calls of a spec (TypeScript or JavaScript, ESM or CommonJS, JSX allowed). */
export function refCallsIn(source: string, fileName: string): RefCallSite[] {
  const typescript = /\.[cm]?tsx?$/.test(fileName);
  const ast = parse(source, {
    sourceType: 'unambiguous',
    sourceFilename: fileName,
    errorRecovery: true,
    plugins: typescript ? ['typescript', ...(fileName.endsWith('x') ? ['jsx' as const] : [])] : ['jsx'],
  }) as unknown as Node;
  const sites: RefCallSite[] = [];
  // Iterative, with the functions around each node: a page's name comes from the test's fixtures.
  const stack: { node: Node; functions: Node[] }[] = [{ node: ast, functions: [] }];
  while (stack.length) {
    const { node, functions } = stack.pop()!;
    const inner = /Function|ArrowFunction|ObjectMethod|ClassMethod/.test(node.type) ? [...functions, node] : functions;
    const site = node.type === 'CallExpression' ? refCallOf(node, inner, source) : undefined;
    if (site)
      sites.push(site);
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments' || key === 'extra')
        continue;
      const value = node[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string')
          stack.push({ node: child as Node, functions: inner });
      }
    }
  }
  return sites.sort((a, b) => a.start - b.start);
}

function refCallOf(call: Node, functions: Node[], source: string): RefCallSite | undefined {
  const callee = call.callee as Node;
  const args = call.arguments as Node[];
  if (callee.type !== 'MemberExpression' || callee.computed || (callee.property as Node).type !== 'Identifier' || (callee.property as Node).name !== 'ref')
    return undefined;
  const [arg] = args;
  if (args.length !== 1 || arg.type !== 'StringLiteral' || !kRefPattern.test(arg.value as string))
    return undefined;
  const property = callee.property as Node;
  const object = callee.object as Node;
  return {
    ref: arg.value as string,
    line: property.loc!.start.line,
    column: property.loc!.start.column + 1,
    start: call.start!,
    end: call.end!,
    pageCode: pageCodeOf(object, functions, source),
  };
}

/**
 * The page a ref call's object stands for: the argument of `forPage(…)`; else the test's `page`
 * fixture where a function around the call takes it (`async ({ page, stagewright: sw }) => …`);
 * else the object's own `page`.
 */
function pageCodeOf(object: Node, functions: Node[], source: string): string {
  if (object.type === 'CallExpression') {
    const callee = object.callee as Node;
    const args = object.arguments as Node[];
    if (callee.type === 'MemberExpression' && (callee.property as Node).name === 'forPage' && args.length === 1)
      return source.slice(args[0].start!, args[0].end!);
  }
  for (let i = functions.length - 1; i >= 0; i--) {
    for (const param of (functions[i].params as Node[] | undefined) ?? []) {
      if (param.type !== 'ObjectPattern')
        continue;
      for (const property of param.properties as Node[]) {
        if (property.type === 'ObjectProperty' && (property.key as Node).name === 'page' && (property.value as Node).type === 'Identifier')
          return (property.value as Node).name as string;
      }
    }
  }
  return `${source.slice(object.start!, object.end!)}.page`;
}

/**
 * What each call becomes, from what the last run recorded at its site: the locator when every
 * test that made the call passed and proved the same one; else why it stays.
 */
export function planFreeze(sites: readonly RefCallSite[], recorded: (site: RefCallSite) => FrozenCall[]): { edits: FreezeEdit[]; problems: FreezeProblem[] } {
  const edits: FreezeEdit[] = [];
  const problems: FreezeProblem[] = [];
  for (const site of sites) {
    const calls = recorded(site);
    const problem = calls.find(call => call.problem)?.problem;
    const codes = [...new Set(calls.map(call => call.code).filter((code): code is string => !!code))];
    if (!calls.length)
      problems.push({ site, why: 'not run: no test of the last run made this call (run the spec, and let it pass, first)' });
    else if (problem)
      problems.push({ site, why: problem });
    else if (codes.length !== 1)
      problems.push({ site, why: `its tests reached different elements here: ${codes.join(' / ')}` });
    else
      edits.push({ site, code: `${site.pageCode}.${codes[0]}` });
  }
  return { edits, problems };
}

/** The source with each edit's call replaced by its code, nothing else touched. */
export function applyEdits(source: string, edits: readonly FreezeEdit[]): string {
  let result = source;
  for (const edit of [...edits].sort((a, b) => b.site.start - a.site.start))
    result = result.slice(0, edit.site.start) + edit.code + result.slice(edit.site.end);
  return result;
}
