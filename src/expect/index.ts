import { expect as base } from '@playwright/test';
import { toHaveChanged } from './toHaveChanged';
import { toHaveEntry } from './toHaveEntry';
import { toHaveEntryCount } from './toHaveEntryCount';
import { toHaveRef } from './toHaveRef';

/** Playwright's `expect` with the polling snapshot matchers, used on the `stagewright` fixture. */
export const expect = base.extend({ toHaveEntry, toHaveEntryCount, toHaveRef, toHaveChanged });
