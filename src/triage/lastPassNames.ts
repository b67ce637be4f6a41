// Where the last passing runs are kept, named once: the fixtures write there (lastPassFiles.ts), and
// `npx stagewright prune` (src/cli/prune.ts) finds them there. No imports: the command's bundle
// carries this and nothing of the library.

/** The folder, under a project's `snapshotDir`, of its records by default. */
export const kLastPassFolder = ['.stagewright', 'last-pass'] as const;

/** A record's file name: its test's id. */
export function recordName(testId: string): string {
  return `${testId.replace(/[^\w-]/g, '_')}.json`;
}
