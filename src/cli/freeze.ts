// `npx stagewright freeze` (docs/agents.md, Freezing refs): each `….ref('s12')` call of a spec
// becomes the durable locator its element was reached by in the last run (refs.json, written at a
// test's end by src/api/refCalls.ts); with --assert, a step that asserted nothing gets the
// assertions proven at its end, after its last line. The spec is parsed as Playwright's own
// TypeScript support parses it, and only the text of each frozen call changes, and lines are only
// added: every other byte of the file stays as it was (src/cli/sourceFiles.ts). What is written is
// built from recorded data (src/locators/code.ts), never code text read from disk.

import { parse, type ParserPlugin } from '@babel/parser';
import type { FrozenCall, StepRecord } from '../api/refsFile';
import { assertionCode, chainCode, isLocatorChain } from '../locators/code';

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
  /**
   * Whether the call's object is another page's (`forPage(…)`, or a variable set to one: true), the
   * test's fixture (false), or an object freeze cannot tell (undefined: its own `.page` is used).
   */
  onOtherPage?: boolean;
}

/** A call at a place a stack frame points at that looks like a ref call but is none freeze rewrites, and why. */
export interface OtherCallSite { line: number; column: number; why: string }

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

/** Why a spec cannot be read, naming where. */
export class SpecSyntaxError extends Error {}

/**
 * The parser plugins of Playwright's own TypeScript support (its Babel transform): TypeScript
 * with the 2023-05 decorators and their `accessor` fields, and JSX in .jsx/.tsx files.
 */
function pluginsFor(fileName: string): ParserPlugin[] {
  const jsx: ParserPlugin[] = /\.[cm]?[jt]sx$|\.[cm]?js$/.test(fileName) ? ['jsx'] : [];
  if (!/\.[cm]?tsx?$/.test(fileName))
    return [...jsx, 'explicitResourceManagement', 'importAttributes'];
  return ['typescript', ['decorators', { allowCallParenthesized: true }], 'decoratorAutoAccessors', 'explicitResourceManagement', 'importAttributes', ...jsx];
}

/** The ref calls and the step calls of a spec (TypeScript or JavaScript, ESM or CommonJS, JSX allowed), and its `expect`; throws SpecSyntaxError. */
export function callsIn(source: string, fileName: string): { refs: RefCallSite[]; others: OtherCallSite[]; steps: StepCallSite[]; expect: ExpectBinding } {
  let ast: Node;
  try {
    ast = parse(source, { sourceType: 'unambiguous', sourceFilename: fileName, plugins: pluginsFor(fileName) }) as unknown as Node;
  } catch (error) {
    throw new SpecSyntaxError(`it does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  const refs: RefCallSite[] = [];
  const others: OtherCallSite[] = [];
  const steps: StepCallSite[] = [];
  const pages = forPageVariables(ast, source);
  // Iterative, with the functions around each node: a page's name comes from the test's fixtures.
  const stack: { node: Node; functions: Node[] }[] = [{ node: ast, functions: [] }];
  while (stack.length) {
    const { node, functions } = stack.pop()!;
    const inner = /Function|ArrowFunction|ObjectMethod|ClassMethod/.test(node.type) ? [...functions, node] : functions;
    if (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') {
      const ref = refCallOf(node, inner, source, pages);
      if (ref && 'why' in ref)
        others.push(ref);
      else if (ref)
        refs.push(ref);
      const step = stepCallOf(node, inner, source);
      if (step)
        steps.push(step);
    }
    for (const child of childrenOf(node))
      stack.push({ node: child, functions: inner });
  }
  return { refs: refs.sort((a, b) => a.start - b.start), others, steps, expect: expectOf((ast.program as Node).body as Node[]) };
}

/** Where a call's stack frame points: the called property (`ref` of `sw.ref(…)`), or the callee itself. */
function calledAt(call: Node): { line: number; column: number } {
  const callee = call.callee as Node;
  const at = /MemberExpression/.test(callee.type) ? (callee.property as Node) : callee;
  return { line: at.loc!.start.line, column: at.loc!.start.column + 1 };
}

/**
 * Variables set to another page's object: `const onPopup = sw.forPage(popup)` → onPopup: `popup`.
 * A name set more than once to different pages is left out: which one a call meant is not known.
 */
function forPageVariables(ast: Node, source: string): Map<string, string | undefined> {
  const pages = new Map<string, string | undefined>();
  const stack = [ast];
  while (stack.length) {
    const node = stack.pop()!;
    for (const child of childrenOf(node))
      stack.push(child);
    if (node.type !== 'VariableDeclarator' && node.type !== 'AssignmentExpression')
      continue;
    const id = (node.id ?? node.left) as Node;
    let init = (node.init ?? node.right) as Node | null;
    if (init?.type === 'AwaitExpression')
      init = init.argument as Node;
    const page = init && forPageArgument(init, source);
    if (id?.type !== 'Identifier' || !page)
      continue;
    const name = id.name as string;
    pages.set(name, pages.has(name) && pages.get(name) !== page ? undefined : page);
  }
  return pages;
}

/** The page argument's code of `<object>.forPage(page)`. */
function forPageArgument(node: Node, source: string): string | undefined {
  if (node.type !== 'CallExpression')
    return undefined;
  const callee = node.callee as Node;
  const args = node.arguments as Node[];
  if (callee.type !== 'MemberExpression' || callee.computed || (callee.property as Node).name !== 'forPage' || args.length !== 1)
    return undefined;
  return source.slice(args[0].start!, args[0].end!);
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
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments' || key === 'comments' || key === 'extra')
      continue;
    const value = node[key];
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string')
        children.push(child as Node);
    }
  }
  return children;
}

function refCallOf(call: Node, functions: Node[], source: string, pages: Map<string, string | undefined>): RefCallSite | OtherCallSite | undefined {
  const callee = call.callee as Node;
  const args = call.arguments as Node[];
  if (!/MemberExpression/.test(callee.type) || callee.computed || (callee.property as Node).type !== 'Identifier' || (callee.property as Node).name !== 'ref' || args.length !== 1)
    return undefined;
  const [arg] = args;
  const at = calledAt(call);
  if (arg.type === 'StringLiteral' && !kRefPattern.test(arg.value as string))
    return undefined; // Another object's `ref` method.
  if (call.type === 'OptionalCallExpression' || callee.type === 'OptionalMemberExpression')
    return { ...at, why: 'it is an optional call (`?.`): freeze rewrites only `sw.ref(\'s12\')` (write the call without `?.`, then freeze)' };
  if (arg.type === 'TemplateLiteral')
    return { ...at, why: 'its ref is a template literal: freeze rewrites only a plain string, `ref(\'s12\')`' };
  if (arg.type !== 'StringLiteral')
    return { ...at, why: `its ref is computed (\`${source.slice(arg.start!, arg.end!)}\`): freeze rewrites only a plain string, \`ref('s12')\`` };
  return { ref: arg.value as string, ...at, start: call.start!, end: call.end!, ...pageOf(callee.object as Node, functions, source, pages) };
}

/**
 * The page a ref call's object stands for: the argument of `forPage(…)`, directly or through a
 * variable set to it; the test's `page` fixture for the test's `stagewright` fixture, where a
 * function around the call takes both; else the object's own `page` (right for any object).
 */
function pageOf(object: Node, functions: Node[], source: string, pages: Map<string, string | undefined>): Pick<RefCallSite, 'pageCode' | 'onOtherPage'> {
  const objectCode = source.slice(object.start!, object.end!);
  const other = forPageArgument(object, source) ?? (object.type === 'Identifier' ? pages.get(object.name as string) : undefined);
  if (other)
    return { pageCode: other, onOtherPage: true };
  if (object.type === 'Identifier' && object.name === fixtureOf(functions, 'stagewright'))
    return { pageCode: fixtureOf(functions, 'page') ?? `${objectCode}.page`, onOtherPage: false };
  return { pageCode: `${objectCode}.page` };
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
    for (const child of childrenOf(node))
      stack.push(child);
  }
  return false;
}

/** A ref call as one run of one test recorded it: which project, which run. */
export type RecordedCall = FrozenCall & { project: string; retry: number };

function runName(call: RecordedCall): string {
  return `${call.project ? `project "${call.project}"` : 'the project'}${call.retry ? `, retry ${call.retry}` : ''}`;
}

/**
 * What each call becomes, from what every run recorded at its site: the locator when every run
 * of every project that made the call passed and reached the same element; else why it stays.
 */
export function planFreeze(sites: readonly RefCallSite[], recorded: (site: RefCallSite) => RecordedCall[]): { edits: (FreezeEdit & { site: RefCallSite })[]; problems: FreezeProblem[] } {
  const edits: (FreezeEdit & { site: RefCallSite })[] = [];
  const problems: FreezeProblem[] = [];
  for (const site of sites) {
    const calls = recorded(site);
    const failed = calls.find(call => call.problem);
    const otherPage = calls.find(call => site.onOtherPage !== undefined && !!call.onOtherPage !== site.onOtherPage);
    const chains = new Map(calls.map(call => [JSON.stringify(call.chain), call]));
    if (!calls.length)
      problems.push({ site, why: 'not run: no test of the last run made this call (run the spec, and let it pass, first)' });
    else if (failed)
      problems.push({ site, why: calls.length > 1 ? `${failed.problem} (${runName(failed)})` : failed.problem! });
    else if (otherPage)
      problems.push({ site, why: `the run made it on ${otherPage.onOtherPage ? 'another page\'s object' : 'the test\'s page'}, and the spec's call is on ${site.onOtherPage ? 'another page\'s' : 'the test\'s'} (${site.pageCode})` });
    else if (calls.some(call => !isLocatorChain(call.chain)))
      problems.push({ site, why: 'its run recorded no locator freeze can write (run the spec again with this version of stagewright)' });
    else if (chains.size !== 1)
      problems.push({ site, why: `its runs reached different elements here: ${[...chains.values()].map(call => `${chainCode('page', call.chain!)} (${runName(call)})`).join(' / ')}` });
    else
      edits.push({ site, start: site.start, end: site.end, code: chainCode(site.pageCode, calls[0].chain!) });
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
    // Only what reads back as one of our assertions is written, anew, on the spec's page.
    const held = runs[0].suggestions.filter(code => runs.every(run => run.suggestions.includes(code)));
    const written = held.map(code => site.pageCode && assertionCode(site.pageCode, code)).filter((code): code is string => !!code);
    const nothing = (why: string) => plans.push({ site, title, added: [], why });
    if (site.insertAt === undefined)
      nothing('its body is an expression, not a block');
    else if (!site.pageCode)
      nothing('no `page` or `stagewright` fixture of the test is in reach of the step');
    else if (!held.length)
      nothing(runs[0].suggestions.length ? 'what held at its end differed from run to run' : 'nothing it changed on the test\'s page could be asserted');
    else if (!written.length)
      nothing('what its run recorded is no assertion freeze writes (run the spec again with this version of stagewright)');
    else if (!binding.bound && !binding.add)
      nothing('the spec has no `expect`, nor an import of stagewright or @playwright/test to add it to');
    else
      plans.push({ site, title, added: written });
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
