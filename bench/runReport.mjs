// What the step benchmarks read of a Playwright JSON report: each test's duration (by the key
// `keyOf(file, spec)` gives), how many user steps ran (our own `stagewright…` steps left out), how
// many tests did not pass, and the bytes the passing ones attached (a body as the JSON reporter
// embeds it, base64, counted decoded; a file by its size) and how many full DOM files among them.
import fs from 'node:fs';

export function readRunReport(report, keyOf) {
  const durations = {};
  let steps = 0;
  let failed = 0;
  let passedAttachmentBytes = 0;
  let passedDomFiles = 0;
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
        else {
          passedAttachmentBytes += attachmentBytes(result.attachments);
          passedDomFiles += (result.attachments ?? []).filter(attachment => attachment.name.endsWith(' · dom.html')).length;
        }
        visit(result.steps);
      }
    }
  }
  return { durations, steps, failed, passedAttachmentBytes, passedDomFiles };
}

function attachmentBytes(attachments) {
  let bytes = 0;
  for (const attachment of attachments ?? []) {
    if (attachment.body !== undefined)
      bytes += Buffer.from(attachment.body, 'base64').length;
    else if (attachment.path && fs.existsSync(attachment.path))
      bytes += fs.statSync(attachment.path).size;
  }
  return bytes;
}
