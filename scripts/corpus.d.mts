import type { CorpusApp } from '../bench/corpusServer.mjs';

export const kCorpusDir: string;
export const kAppsFile: string;
export const kCacheDir: string;
export function readApps(): CorpusApp[];
export function packageDir(app: CorpusApp): string;
/** Every app's package is extracted from a tarball whose integrity matches apps.json. */
export function corpusPresent(): boolean;
export function buildCorpus(options?: { update?: boolean; log?: (line: string) => void }): CorpusApp[];
