// triage.md: the triage report as a person or an agent reads it next to the test's files.

import type { TriageReport } from './analyze';

export const kVerdicts: { [verdict in TriageReport['verdict']]: string } = {
  'out of date': 'The test looks out of date',
  'app broken': 'The app looks broken',
  'cannot tell': 'Cannot tell',
};

export function formatTriage(report: TriageReport): string {
  const lines = [
    '# Triage',
    '',
    `**${kVerdicts[report.verdict]}**: ${report.reason}.`,
    '',
    `- Decided by: ${code(report.decidedBy)} (docs/failures.md lists the rules, in the order they are asked)`,
    `- Error: ${code(report.error)}`,
    `- Step: ${report.step ? code(report.step) : 'the test body, outside any step'}`,
    `- Target: ${report.target.source ? code(report.target.source) : 'none named in the error'}${report.target.traceable ? '' : ` — ${report.target.reason}`}`,
    `- Now: ${report.status} — ${report.now}`,
  ];
  if (report.lastPass)
    lines.push(`- Last pass: ${report.lastPass}`);
  if (report.otherErrors?.length)
    lines.push(`- Other errors of the test: ${report.otherErrors.map(code).join('; ')}`);
  if (report.history.length && report.target.traceable) {
    lines.push('', '## What the target matched, capture by capture', '');
    for (const { capture, matched } of report.history)
      lines.push(`- ${capture}: ${matched.length ? matched.map(code).join(', ') : 'nothing'}`);
  }
  if (report.evidence.length) {
    lines.push('', '## Evidence from the step diffs', '', '```diff', ...report.evidence, '```');
  }
  if (report.suggestions.length) {
    lines.push('', '## Suggested locators', '', 'Each matches exactly that element in every capture listed; paste one in place of the target.', '');
    for (const suggestion of report.suggestions) {
      lines.push(`- ${code(suggestion.code)} — checked against ${suggestion.checkedAgainst.length} capture${suggestion.checkedAgainst.length === 1 ? '' : 's'}`);
      for (const warning of suggestion.warnings)
        lines.push(`  - warning: ${warning}`);
    }
  } else if (report.target.traceable) {
    lines.push('', '## Suggested locators', '', report.status === 'removed by the test' ? 'None: the element is gone because of the test\'s own step; change the steps, not the locator.'
      : report.verdict === 'app broken' ? 'None: the app, not the test, needs fixing.' : 'None: no element on the page stands where the target\'s would.');
  }
  lines.push('', `## What changed (${report.lastChanges.capture || 'no captures'})`, '');
  if (report.lastChanges.lines.length)
    lines.push('```diff', ...report.lastChanges.lines, '```');
  else
    lines.push('Nothing in the accessibility tree.');
  return lines.join('\n') + '\n';
}

function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text}${fence}`;
}

const kMaxSummaryLine = 200;

/**
 * The triage in at most 6 lines, for the terminal and the report's "Copy prompt": the verdict and
 * its reason, the target and its step, what became of it, the first fix, where the rest is.
 */
export function formatTriageSummary(report: TriageReport, file?: string): string {
  const cut = (text: string) => text.length > kMaxSummaryLine ? text.slice(0, kMaxSummaryLine - 1) + '…' : text;
  const lines = [
    cut(`stagewright triage: ${kVerdicts[report.verdict]} — ${report.reason}.`),
    cut(`  Target: ${report.target.source || 'none named in the error'}${report.step ? ` (step "${report.step}")` : ''}`),
    cut(`  Now: ${report.status} — ${report.now}`),
  ];
  if (report.suggestions.length)
    lines.push(cut(`  Fix: ${report.suggestions[0].code}`));
  if (file)
    lines.push(cut(`  Details: ${file}`));
  return lines.join('\n');
}
