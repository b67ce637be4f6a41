// The timeline page's data as the page reads it (src/report/timeline.ts, PackData): base64 of
// the gzipped JSON, which the browser inflates with its own DecompressionStream.

import { gzipSync } from 'node:zlib';

export function packTimelineData(json: string): string {
  return gzipSync(json).toString('base64');
}
