export { test } from './fixtures/index';
export type { StagewrightFixtures } from './fixtures/index';
export { expect } from './expect/index';
export { Stagewright } from './fixtures/stagewright';
export type { SnapshotOptions } from './fixtures/stagewright';
export type { StagewrightOptions, CaptureMode } from './fixtures/options';
export type { Capture } from './fixtures/capture';
export { StagewrightError, ErrorCode } from './expect/errors';
export { findChromium, chromiumLaunchOptions, kChromiumArgs } from './browser';
export { diffSnapshots } from './snapshot/diff';
export { reconcileRefs } from './snapshot/reconcile';
export { formatSnapshot, formatDiff } from './snapshot/format';
export { findEntries } from './snapshot/query';
export { estimateTokens } from './snapshot/tokens';
export { applyBudget } from './snapshot/budget';
export type {
  Snapshot, SnapshotEntry, SnapshotMeta, SnapshotDiff, EntryState, EntryQuery, EntryIdentity, EntryChange, ChildReorder, BBox, WalkLimits,
} from './snapshot/types';
