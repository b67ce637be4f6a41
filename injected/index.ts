// The in-page runtime's entry, bundled by esbuild into one IIFE (scripts/build.mjs): evaluating it
// installs the runtime (install.ts) unless the document has it already. What it installs is
// `StagewrightRuntime` (api.ts); the runtime answers requests (requests.ts), counts changes
// (changeCounter.ts) and resolves refs for the `sw-ref` selector engine (refEngine.ts).

import { install } from './install';

export type { StagewrightRuntime } from './api';

install();
