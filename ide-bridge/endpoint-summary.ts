// An endpoint as the tree and search results carry it. Its own module: the project session
// needs it and loads before the protocol's schemas (model-schemas.ts) on a cold `apiscout ui`.

import type { Endpoint } from '../core/model/endpoint';
import type { EndpointSummary } from './model-schemas';

/** Strips request and response: the summary the tree and search results carry. */
export function summaryOf(e: Endpoint): EndpointSummary {
  const { request: _request, response: _response, responses: _responses, ...summary } = e;
  return summary;
}
