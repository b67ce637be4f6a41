import { gunzipSync } from 'node:zlib';
import type { TimelineData } from '../../../src/report/timelineModel';

const kPackedData = /<script type="application\/gzip;base64" id="timeline-data">([A-Za-z0-9+/=]*)<\/script>/;

/** The data of a timeline page as the page reads it: undefined when `html` holds none. */
export function timelineDataOf(html: string): TimelineData | undefined {
  const packed = kPackedData.exec(html)?.[1];
  return packed === undefined ? undefined : inflate(packed);
}

function inflate(packed: string): TimelineData {
  return JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8'));
}

/**
 * `text` with each timeline page's packed data replaced by `timeline-data:` and its JSON, so
 * that a search for a secret reads what the page shows.
 */
export function withTimelineData(text: string): string {
  return text.replace(new RegExp(kPackedData.source, 'g'), (_, packed: string) => 'timeline-data:' + JSON.stringify(inflate(packed)));
}
