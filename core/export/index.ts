// The exporters by channel (spec §4.5) and the one entry point front ends call: a selection of
// endpoints, a channel, options → files plus a summary.

import type { Endpoint } from '../model/endpoint';
import { EXPORTERS } from './exporters';
import { selectEndpoints, type Selection } from './select';
import type { Channel, ExportOptions, ExportResult } from './types';

export { EXPORTERS };

/** Exports the selected endpoints to one channel. */
export function exportSelection(endpoints: readonly Endpoint[], selection: Selection, channel: Channel, options: ExportOptions = {}): ExportResult {
  return EXPORTERS[channel](selectEndpoints(endpoints, selection), options);
}

export { CHANNELS } from './types';
export type { Channel, CurlOptions, ExportFile, ExportOptions, ExportResult, ExportSummary, OpenApiOptions, SkippedEndpoint } from './types';
export type { Selection } from './select';
export { selectEndpoints } from './select';
export { copyApiUrls, copyAsCurl, copyPaths } from './copy';
