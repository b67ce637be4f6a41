import type { CorpusApp, CorpusPin } from '../bench/corpusServer.mjs';

export const kCorpusDir: string;
export const kAppsFile: string;
export const kCacheDir: string;
export function readApps(): CorpusApp[];
/** Where a pinned package (an app's own or one of its `extraPackages`) is extracted. */
export function packageDir(pin: CorpusPin): string;
/** The pinned packages an app's page loads: its own, then its `extraPackages`. */
export function pinsOf(app: CorpusApp): CorpusPin[];
/** Every app's packages are extracted from tarballs whose integrity matches apps.json. */
export function corpusPresent(): boolean;
export function buildCorpus(options?: { update?: boolean; log?: (line: string) => void }): CorpusApp[];
