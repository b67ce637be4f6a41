// The internal entry: what the benchmark drives directly (bench/), beside the public API. Not a
// package export, and not part of the published types' contract.

export { internalsOf, Stagewright } from './api/stagewright';
export { resolveOptions, kDefaultOptions } from './api/options';
export { PageStore } from './session/store';
export { prettyPrintDom } from './dom/pretty';
export { prettyPrintDomFully } from './dom/beautifyReference';
export { printMarkup } from './dom/printer';
export { diffDom } from './dom/diff';
