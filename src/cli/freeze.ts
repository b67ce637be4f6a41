// `npx stagewright freeze` (docs/agents.md, Freezing refs): each `….ref('s12')` call of a spec
// becomes the durable locator its element was reached by in the last run (refs.json, written at a
// test's end by src/api/refCalls.ts); with --assert, a step that asserted nothing gets the
// assertions proven at its end, after its last line. The spec is parsed, and only the text of each
// frozen call changes, and lines are only added: every other byte of the file stays as it was.

import { parse } from '@babel/parser';
import type { FrozenCall, StepRecord } from '../api/refsFile';

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

/**
 * A `….step(title, async () => { … })` call of a spec: where assertions go (`freeze --assert`).
 */
export interface StepCallSite {
  /** Where the `step` name is: 1-based line and column. */
  line: number;
  column: number;
  /** The call's range in the source. */
  start: number;
  end: number;
  /** Its body has an `expect` of its own (web-first or not): nothing is added to it. */
  asserts: boolean;
  /** Where the added lines go (after the body's last line), and their text, indented as that line is. */
  insertAt?: number;
  linesOf(codes: string[]): string;
  /** The code of the test's page where the step is: `page`, or `stagewright.page`. */
  pageCode?: string;
}

export interface FreezeEdit { start: number; end: number; code: string }
export interface FreezeProblem { site: RefCallSite; why: string }

// Babel's tree, as far as it is read here.
interface Node { type: string; start?: number | null; end?: number | null; loc?: { start: { line: number; column: number } } | null; [key: string]: unknown }

const kRefPattern = /^(?:f\d+)?s\d+$/;

/** Whether a spec has `expect` to assert with, or else where adding it to its import makes it so. */
export interface ExpectBinding { bound: boolean; add?: FreezeEdit }

/** The ref calls and the step calls of a spec (TypeScript or JavaScript, ESM or CommonJS, JSX allowed), and its `expect`. */
export function callsIn(source: string, fileName: string): { refs: RefCallSite[]; steps: StepCallSite[]; expect: ExpectBinding } {
  const typescript = /\.[cm]?tsx?$/.test(fileName);
  const ast = parse(source, {
    sourceType: 'unambiguous',
    sourceFilename: fileName,
    errorRecovery: true,
    plugins: typescript ? ['typescript', ...(fileName.endsWith('x') ? ['jsx' as const] : [])] : ['jsx'],
  }) as unknown as Node;
  const refs: RefCallSite[] = [];
  const steps: StepCallSite[] = [];
  // Iterative, with the functions around each node: a page's name comes from the test's fixtures.
  const stack: { node: Node; functions: Node[] }[] = [{ node: ast, functions: [] }];
  while (stack.length) {
    const { node, functions } = stack.pop()!;
    const inner = /Function|ArrowFunction|ObjectMethod|ClassMethod/.test(node.type) ? [...functions, node] : functions;
    if (node.type === 'CallExpression') {
      const ref = refCallOf(node, inner, source);
      if (ref)
        refs.push(ref);
      const step = stepCallOf(node, inner, source);
      if (step)
        steps.push(step);
    }
    for (const child of childrenOf(node))
      stack.push({ node: child, functions: inner });
  }
  return { refs: refs.sort((a, b) => a.start - b.start), steps, expect: expectOf((ast.program as Node).body as Node[]) };
}

const kTestModules = new Set(['stagewright', '@playwright/test']);

/**
 * `expect` among the spec's top-level imports and requires; where it is not, the edit that adds it
 * to the named import (or destructuring require) of stagewright or @playwright/test.
 */
function expectOf(statements: Node[]): ExpectBinding {
  let add: FreezeEdit | undefined;
  for (const statement of statements) {
    if (statement.type === 'ImportDeclaration') {
      const specifiers = statement.specifiers as Node[];
      if (specifiers.some(specifier => (specifier.local as Node).name === 'expect'))
        return { bound: true };
      const named = specifiers.filter(specifier => specifier.type === 'ImportSpecifier');
      if (!add && named.length && statement.importKind !== 'type' && kTestModules.has((statement.source as Node).value as string))
        add = { start: named.at(-1)!.end!, end: named.at(-1)!.end!, code: ', expect' };
    }
    for (const declaration of statement.type === 'VariableDeclaration' ? statement.declarations as Node[] : []) {
      const id = declaration.id as Node;
      if (id.type === 'Identifier' && id.name === 'expect')
        return { bound: true };
      if (id.type !== 'ObjectPattern')
        continue;
      const properties = id.properties as Node[];
      if (properties.some(property => property.type === 'ObjectProperty' && (property.value as Node).type === 'Identifier' && (property.value as Node).name === 'expect'))
        return { bound: true };
      const init = declaration.init as Node | null;
      const required = init?.type === 'CallExpression' && (init.callee as Node).type === 'Identifier' && (init.callee as Node).name === 'require' ? (init.arguments as Node[])[0] : undefined;
      const last = properties.at(-1);
      if (!add && last && last.type === 'ObjectProperty' && required?.type === 'StringLiteral' && kTestModules.has(required.value as string))
        add = { start: last.end!, end: last.end!, code: ', expect' };
    }
  }
  return { bound: false, add };
}

function childrenOf(node: Node): Node[] {
  const children: Node[] = [];
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments' || key === 'extra')
      continue;
    const value = node[key];
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string')
        children.push(child as Node);
    }
  }
  return children;
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
  return fixtureOf(functions, 'page') ?? `${source.slice(object.start!, object.end!)}.page`;
}

/** The variable a function around a call binds a test fixture to (`{ stagewright: sw }` → `sw`), innermost first. */
function fixtureOf(functions: Node[], fixture: string): string | undefined {
  for (let i = functions.length - 1; i >= 0; i--) {
    for (const param of (functions[i].params as Node[] | undefined) ?? []) {
      if (param.type !== 'ObjectPattern')
        continue;
      for (const property of param.properties as Node[]) {
        if (property.type === 'ObjectProperty' && (property.key as Node).name === fixture && (property.value as Node).type === 'Identifier')
          return (property.value as Node).name as string;
      }
    }
  }
  return undefined;
}

/** `<anything>.step(title, function)`: a step of any test object (`test`, a `mergeTests` of it, `base`). */
function stepCallOf(call: Node, functions: Node[], source: string): StepCallSite | undefined {
  const callee = call.callee as Node;
  const args = call.arguments as Node[];
  if (callee.type !== 'MemberExpression' || callee.computed || (callee.property as Node).name !== 'step' || args.length < 2)
    return undefined;
  const body = args[1];
  if (body.type !== 'ArrowFunctionExpression' && body.type !== 'FunctionExpression')
    return undefined;
  const property = callee.property as Node;
  const site: StepCallSite = {
    line: property.loc!.start.line,
    column: property.loc!.start.column + 1,
    start: call.start!,
    end: call.end!,
    asserts: hasExpect(body.body as Node),
    linesOf: codes => codes.join(' '),
  };
  const page = fixtureOf(functions, 'page');
  const stagewright = fixtureOf(functions, 'stagewright');
  site.pageCode = page ?? (stagewright && `${stagewright}.page`);
  const block = body.body as Node;
  if (block.type !== 'BlockStatement')
    return site; // An expression body: no statement can be added to it.
  const statements = block.body as Node[];
  const close = block.end! - 1;
  const last = statements.at(-1);
  const lineEnd = last ? source.indexOf('\n', last.end!) : -1;
  if (last && lineEnd !== -1 && lineEnd < close) {
    // After the last statement's line (its trailing comment stays on it), indented as it is.
    const crlf = source[lineEnd - 1] === '\r';
    site.insertAt = crlf ? lineEnd - 1 : lineEnd;
    const indent = indentOf(source, last.start!);
    const eol = crlf ? '\r\n' : '\n';
    site.linesOf = codes => codes.map(code => `${eol}${indent}${code}`).join('');
  } else if (last) {
    // `async () => { await a(); }`: on the same line.
    site.insertAt = last.end!;
    site.linesOf = codes => codes.map(code => ` ${code}`).join('');
  } else {
    site.insertAt = block.start! + 1;
    const indent = indentOf(source, call.start!);
    const closeOnNewLine = source.slice(block.start!, close).includes('\n');
    const eol = source[source.indexOf('\n', block.start!) - 1] === '\r' ? '\r\n' : '\n';
    site.linesOf = codes => codes.map(code => `${eol}${indent}  ${code}`).join('') + (closeOnNewLine ? '' : eol + indent);
  }
  return site;
}

function indentOf(source: string, at: number): string {
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(source.slice(lineStart, at))![0];
}

/** Whether a body calls `expect` (`expect(…)`, `expect.soft(…)`, `expect.poll(…)`), its own steps' bodies included. */
function hasExpect(body: Node): boolean {
  const stack = [body];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      if ((callee.type === 'Identifier' && callee.name === 'expect') ||
          (callee.type === 'MemberExpression' && (callee.object as Node).type === 'Identifier' && (callee.object as Node).name === 'expect'))
        return true;
    }
    stack.push(...childrenOf(node));
  }
  return false;
}

/**
 * What each call becomes, from what the last run recorded at its site: the locator when every
 * test that made the call passed and proved the same one; else why it stays.
 */
export function planFreeze(sites: readonly RefCallSite[], recorded: (site: RefCallSite) => FrozenCall[]): { edits: (FreezeEdit & { site: RefCallSite })[]; problems: FreezeProblem[] } {
  const edits: (FreezeEdit & { site: RefCallSite })[] = [];
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
      edits.push({ site, start: site.start, end: site.end, code: `${site.pageCode}.${codes[0]}` });
  }
  return { edits, problems };
}

export interface AssertionPlan { site: StepCallSite; title: string; added: string[]; why?: string }

/**
 * The assertions added to each step that asserted nothing in the last run: those proven at its
 * end every time it ran (in every test that ran it), in the order suggested. A step whose body
 * has an `expect` of its own is left as it is. `binding`: the spec's `expect`, added to its import
 * of the test module when missing.
 */
export function planAssertions(sites: readonly StepCallSite[], recorded: (site: StepCallSite) => StepRecord[], binding: ExpectBinding = { bound: true }): { plans: AssertionPlan[]; edits: FreezeEdit[] } {
  const plans: AssertionPlan[] = [];
  for (const site of sites) {
    const runs = recorded(site);
    if (!runs.length || site.asserts)
      continue;
    const title = runs[0].title;
    const held = runs[0].suggestions.filter(code => runs.every(run => run.suggestions.includes(code)));
    const nothing = (why: string) => plans.push({ site, title, added: [], why });
    if (site.insertAt === undefined)
      nothing('its body is an expression, not a block');
    else if (!site.pageCode)
      nothing('no `page` or `stagewright` fixture of the test is in reach of the step');
    else if (!held.length)
      nothing(runs[0].suggestions.length ? 'what held at its end differed from run to run' : 'nothing it changed on the test\'s page could be asserted');
    else if (!binding.bound && !binding.add)
      nothing('the spec has no `expect`, nor an import of stagewright or @playwright/test to add it to');
    else
      plans.push({ site, title, added: held.map(code => code.replace(/^await expect\(page(?=[.)])/, `await expect(${site.pageCode}`)) });
  }
  // A step around another that gets lines: the inner one says it, once.
  const adding = plans.filter(plan => plan.added.length);
  for (const plan of adding) {
    if (adding.some(other => other.site.start > plan.site.start && other.site.end < plan.site.end)) {
      plan.added = [];
      plan.why = 'a step inside it gets the assertions';
    }
  }
  const edits = plans.filter(plan => plan.added.length).map(({ site, added }) => ({ start: site.insertAt!, end: site.insertAt!, code: site.linesOf(added) }));
  if (edits.length && !binding.bound)
    edits.push(binding.add!);
  return { plans, edits };
}

/** The source with each edit made, nothing else touched. */
export function applyEdits(source: string, edits: readonly FreezeEdit[]): string {
  let result = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.code + result.slice(edit.end);
  return result;
}
