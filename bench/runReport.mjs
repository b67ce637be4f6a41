// What the step benchmarks read of a Playwright JSON report: each test's duration (by the key
// `keyOf(file, spec)` gives), how many user steps ran (our own `stagewright…` steps left out), and
// how many tests did not pass.

export function readRunReport(report, keyOf) {
  const durations = {};
  let steps = 0;
  let failed = 0;
  const visit = list => {
    for (const step of list ?? []) {
      if (!/^stagewright[.:[]/.test(step.title))
        steps++;
      visit(step.steps);
    }
  };
  for (const file of report.suites) {
    for (const spec of file.specs) {
      for (const result of spec.tests.flatMap(t => t.results)) {
        durations[keyOf(file, spec)] = result.duration;
        if (result.status !== 'passed')
          failed++;
        visit(result.steps);
      }
    }
  }
  return { durations, steps, failed };
}
