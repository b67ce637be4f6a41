import type { Page } from '@playwright/test';

/** A package pinned in corpus/apps.json: an app's own, or one of its `extraPackages`. */
export interface CorpusPin {
  package: string;
  version: string;
  license: string;
  licenseFile: string;
  integrity: string;
}

export interface CorpusApp extends CorpusPin {
  name: string;
  entry: string;
  kind: string;
  notes: string;
  /** The other packages its page loads, served under /pkg/ too. */
  extraPackages?: CorpusPin[];
}

export interface CorpusServer {
  /** `http://127.0.0.1:<port>` */
  prefix: string;
  apps: CorpusApp[];
  urlOf(app: CorpusApp): string;
  close(): Promise<void>;
}

/** Builds the corpus (scripts/corpus.mjs) when it is missing, saying so on stderr. */
export function ensureCorpus(): void;
export function startCorpusServer(options?: { host?: string; port?: number }): Promise<CorpusServer>;
/** Navigates to an app and waits until its page says it rendered. */
export function loadApp(page: Page, server: CorpusServer, app: CorpusApp, options?: { timeout?: number }): Promise<void>;
