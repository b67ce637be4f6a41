// A reporter for bench/real-suites.mjs, beside the JSON reporter (whose steps are test.steps
// only): for each test, the Playwright calls it made outside any test.step and outside fixtures,
// as Playwright's report names them, counted by kind. Written to `outputFile` as JSON, keyed
// `file › describe › title` as the bench keys the JSON report's tests.
const fs = require('node:fs');
const path = require('node:path');

/** Calls that act on the page; with a `locator` parameter, on an element (what stagewright's action hook follows). */
const kActionTitle = /^(Click|Double click|Tap|Fill|Press|Type|Check|Uncheck|Hover|Focus|Blur|Select option|Select text|Set input files|Dispatch|Drag and drop|Insert|Key down|Key up|Mouse move|Mouse down|Mouse up|Mouse wheel)\b/;
const kNavigationTitle = /^(Navigate|Reload|Go back|Go forward|Set content)\b/;

class RealSuitesCalls {
  constructor(options = {}) {
    this._outputFile = options.outputFile;
    this._tests = {};
  }

  onTestBegin(test) {
    // A retry or a repeat starts over: the last run of a test is the one reported.
    this._tests[keyOf(test)] = { element: 0, device: 0, navigations: 0, assertions: 0, failedCalls: 0 };
  }

  onStepEnd(test, result, step) {
    if (step.category !== 'pw:api' && step.category !== 'expect')
      return;
    for (let parent = step.parent; parent; parent = parent.parent) {
      if (parent.category !== 'hook')
        return; // inside a test.step, a fixture, or another call (an assertion's own calls)
    }
    const counts = this._tests[keyOf(test)];
    if (!counts)
      return;
    if (step.error) {
      counts.failedCalls++;
      return;
    }
    if (step.category === 'expect')
      counts.assertions++;
    else if (kNavigationTitle.test(step.title))
      counts.navigations++;
    else if (kActionTitle.test(step.title))
      counts[step.params && step.params.locator !== undefined ? 'element' : 'device']++;
  }

  onEnd() {
    if (!this._outputFile)
      return;
    fs.mkdirSync(path.dirname(this._outputFile), { recursive: true });
    fs.writeFileSync(this._outputFile, JSON.stringify(this._tests, null, 1));
  }

  printsToStdio() {
    return false;
  }
}

/** The test's titles from its file's (the project's and the root's left out), as the JSON report nests them. */
function keyOf(test) {
  return test.titlePath().slice(2).join(' › ');
}

module.exports = RealSuitesCalls;
