// The exporters by channel (spec §4.5), apart from index.ts: the CLI's `export` loads these
// alone, without the search engine a selection needs.

import { exportApipost } from './apipost';
import { exportCurl } from './curl';
import { exportHoppscotch } from './hoppscotch';
import { exportHttpClient } from './http-client';
import { exportMarkdown } from './markdown';
import { exportOpenApi } from './openapi';
import { exportPostman } from './postman';
import type { Channel, Exporter } from './types';
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
