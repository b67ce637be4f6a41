// What bench/real-suites.mjs does to a suite's files and reads from its reports, apart from the
// running: the import swap (a suite's `test` and `expect` from stagewright, everything else still
// from @playwright/test) and the tests of a JSON report with the diffs each attached, by kind.

/** The names stagewright exports in @playwright/test's place. */
const kSwapped = new Set(['test', 'expect']);

/**
 * `source` with each import of `test` or `expect` from '@playwright/test' taken from 'stagewright'
 * instead; the other names of the same import (`devices`, `defineConfig`, types) stay where they
 * were, in a second import on the same line. `import type` is left alone, and so is every line
 * count: errors and `file:line` filters point to the same lines in both copies of a suite.
 * Handles `import { … } from` and `const { … } = require(…)`; returns the source and how many
 * statements it changed.
 */
export function swapTestImports(source) {
  let changed = 0;
  const swap = (statement, names, quote, write) => {
    const specifiers = names.split(',').map(name => name.trim()).filter(Boolean);
    const ours = specifiers.filter(specifier => kSwapped.has(importedName(specifier)));
    if (!ours.length)
      return statement;
    changed++;
    const theirs = specifiers.filter(specifier => !ours.includes(specifier));
    const newlines = '\n'.repeat(statement.split('\n').length - 1);
    return [write(ours, `${quote}stagewright${quote}`), ...(theirs.length ? [write(theirs, `${quote}@playwright/test${quote}`)] : [])].join(' ') + newlines;
  };
  const result = source
      .replace(/\bimport\s*\{([^}]*)\}\s*from\s*(['"])@playwright\/test\2\s*;?/g, (statement, names, quote) =>
        swap(statement, names, quote, (specifiers, from) => `import { ${specifiers.join(', ')} } from ${from};`))
      .replace(/\b(const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*(['"])@playwright\/test\3\s*\)\s*;?/g, (statement, keyword, names, quote) =>
        swap(statement, names, quote, (specifiers, from) => `${keyword} { ${specifiers.join(', ')} } = require(${from});`));
  return { source: result, changed };
}

/** `test` of `test`, `test as base`, `test: base` (a destructuring); undefined for `type X`. */
function importedName(specifier) {
  if (/^type\s/.test(specifier))
    return undefined;
  return specifier.split(/\s+as\s+|\s*:\s*/)[0].trim();
}

/** Our action hook's methods (src/playwright/internals.ts, kActionMethods): a capture's label starts with one. */
const kActionMethods = new Set(['check', 'uncheck', 'setChecked', 'click', 'dblclick', 'tap', 'fill', 'press', 'type', 'hover', 'focus',
  'selectOption', 'setInputFiles', 'dispatchEvent', 'pressSequentially', 'clear', 'blur', 'selectText', 'dragTo', 'dragAndDrop']);
const kNavigations = new Set(['goto', 'reload', 'goBack', 'goForward', 'setContent']);
/** The page's input devices (kDeviceMethods): their calls are titled `keyboard.press Enter`, `mouse.click 120, 45`. */
const kDevices = /^(keyboard|mouse|touchscreen)\.\w+$/;

/**
 * The kind of a `NNN <label> · dom.diff` attachment: `action`, `navigation` and `assertion` for
 * the captures after a call (src/capture/callSteps.ts, actionTitle), `end` for the test's end or
 * failure, `step` for a test.step's (its title, one of `stepTitles`); undefined for another name.
 */
export function diffKind(name, stepTitles = new Set()) {
  const match = /^\d{3,} (.*) · dom\.diff$/.exec(name);
  if (!match)
    return undefined;
  const label = match[1];
  // A page other than the test's first adds its label: `003 click … · page-2 · dom.diff`.
  if (stepTitles.has(label) || stepTitles.has(label.replace(/ · [^·]*$/, '')))
    return 'step';
  if (/^(end|failure)( · |$)/.test(label))
    return 'end';
  const method = label.split(' ')[0];
  if (method === 'expect')
    return 'assertion';
  if (kNavigations.has(method))
    return 'navigation';
  if (kActionMethods.has(method) || kDevices.test(method))
    return 'action';
  return 'step';
}

/**
 * The tests of a Playwright JSON report, keyed `file › describe › title` (one project), each with
 * its outcome (`expected`, `unexpected`, `flaky`, `skipped`), its last result's duration, error and
 * attachment names, and the dom.diff attachments of that result by kind.
 */
export function testsOfReport(report) {
  const tests = new Map();
  const visit = (suite, titles) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const result = test.results[test.results.length - 1];
        const stepTitles = new Set();
        const stepsOf = steps => {
          for (const step of steps ?? []) {
            stepTitles.add(step.title);
            stepsOf(step.steps);
          }
        };
        stepsOf(result?.steps);
        const diffs = { action: 0, navigation: 0, assertion: 0, step: 0, end: 0 };
        const attachments = (result?.attachments ?? []).map(attachment => attachment.name);
        for (const name of attachments) {
          const kind = diffKind(name, stepTitles);
          if (kind)
            diffs[kind]++;
        }
        tests.set([...path, spec.title].join(' › '), {
          file: spec.file,
          line: spec.line,
          status: test.status,
          duration: result?.duration ?? 0,
          error: result?.errors?.map(error => error.message ?? error.value ?? '').join('\n') ?? '',
          attachments,
          userSteps: [...stepTitles].filter(title => !/^stagewright[.:[ ]/.test(title)).length,
          skippedCaptures: attachments.filter(name => name.endsWith(' · capture skipped')).length,
          diffs,
        });
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, path);
  };
  for (const suite of report.suites ?? [])
    visit(suite, []);
  return tests;
}
