import type { BrowserContext, Locator, Page } from '@playwright/test';

export interface PageMeasure {
  name: string;
  elements: number;
  /** With `deep`: elements in the document, its open shadow roots and same-origin frames. */
  deepElements?: number;
  entries: number;
  truncated: boolean;
  ms: Record<'playwright' | 'snapshot' | 'capture' | 'step' | 'floor', number>;
  snapshotRatio: number;
  captureRatio: number;
  /** A step capture after one field changed, over Playwright's AI snapshot. */
  stepRatio: number;
  floorMultiple: number;
  msPer1kElements: number;
  tokens: { ours: number; playwright: number };
  tokenRatio: number;
  diffTokens: number;
  diffRatio: number;
  diffChanged: number;
}

export function measurePage(context: BrowserContext, spec: { name: string; load: (page: Page) => Promise<unknown>; reps?: number; deep?: boolean; field?: (page: Page) => Locator }): Promise<PageMeasure>;

export interface StepCosts {
  reorderCaptureMs: number;
  reorderPlaywrightMs: number;
  reorderRatio: number;
  bytesPerStep: number;
  finalCaptureBytes: number;
  /** A step capture's time after 1, 10, 100 and 1,000 fields changed at once (keys are the counts). */
  changedCaptureMs: Record<string, number>;
  /** Playwright's AI snapshot of the same page. */
  changedPlaywrightMs: number;
  changedRatios: Record<string, number>;
}

export function measureStepCosts(context: BrowserContext, spec: { tablePage: string; bigPage: string; reps?: number; steps?: number }): Promise<StepCosts>;
