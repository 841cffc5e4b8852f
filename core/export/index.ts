// The exporters by channel (spec §4.5) and the one entry point front ends call: a selection of
// endpoints, a channel, options → files plus a summary.

import type { Endpoint } from '../model/endpoint';
import { exportApipost } from './apipost';
import { exportCurl } from './curl';
import { exportHoppscotch } from './hoppscotch';
import { exportHttpClient } from './http-client';
import { exportMarkdown } from './markdown';
import { exportOpenApi } from './openapi';
import { exportPostman } from './postman';
import { selectEndpoints, type Selection } from './select';
import type { Channel, ExportOptions, ExportResult, Exporter } from './types';
import { exportYapi } from './yapi';

export const EXPORTERS: Record<Channel, Exporter> = {
  markdown: exportMarkdown,
  yapi: exportYapi,
  postman: exportPostman,
  curl: exportCurl,
  'http-client': exportHttpClient,
  hoppscotch: exportHoppscotch,
  openapi: exportOpenApi,
  apipost: exportApipost,
};

/** Exports the selected endpoints to one channel. */
export function exportSelection(endpoints: readonly Endpoint[], selection: Selection, channel: Channel, options: ExportOptions = {}): ExportResult {
  return EXPORTERS[channel](selectEndpoints(endpoints, selection), options);
}

export { CHANNELS } from './types';
export type { Channel, CurlOptions, ExportFile, ExportOptions, ExportResult, ExportSummary, OpenApiOptions, SkippedEndpoint } from './types';
export type { Selection } from './select';
export { selectEndpoints } from './select';
export { copyApiUrls, copyAsCurl, copyPaths } from './copy';
