// What one walk of the page sets up and tears down: the per-walk caches, the `redact`
// selectors, and the closed shadow roots the app registered. Shared by the snapshot walk and the
// DOM serializer so both see the page the same way.

import { beginAriaCaches, endAriaCaches } from './domUtils';
import { beginRedaction, endRedaction } from './secrets';
import { beginShadowRoots, endShadowRoots } from './shadow';

export function inWalkScope<T>(redact: string[], walk: () => T): T {
  beginAriaCaches();
  beginRedaction(redact);
  beginShadowRoots();
  try {
    return walk();
  } finally {
    endShadowRoots();
    endRedaction();
    endAriaCaches();
  }
}
