export { test } from './fixtures/index';
export type { StagewrightFixtures } from './fixtures/index';
export { expect } from './expect/index';
export type { Stagewright } from './api/stagewright';
export type { SnapshotOptions } from './api/stagewright';
export type { LocatorChoice } from './api/locatorChoice';
export type { StagewrightOptions, CaptureMode } from './api/options';
export type { Capture } from './capture/recorder';
export { StagewrightError, ErrorCode } from './errors';
export { diffSnapshots } from './snapshot/diff';
export { reconcileRefs } from './snapshot/reconcile';
export { formatSnapshot, formatDiff } from './snapshot/format';
export { findEntries } from './snapshot/query';
export { estimateTokens } from './snapshot/tokens';
export { applyBudget } from './snapshot/budget';
export type {
  Snapshot, SnapshotEntry, SnapshotMeta, SnapshotDiff, EntryState, EntryQuery, EntryIdentity, EntryChange, ChildReorder, BBox, WalkLimits,
} from './isomorphic/types';
