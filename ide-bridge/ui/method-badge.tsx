// The method as the explorer shows it (spec §2.1): one colour per verb, gRPC in purple with its
// streaming kind as gRPC:U / S / C / B. Colours live in app.css under the `m-*` classes.

import { methodClass, methodLabel, methodTitle } from './method-label';
import type { EndpointSummary } from './tree-model';

export { methodClass, methodLabel } from './method-label';

export function MethodBadge({ endpoint }: { endpoint: Pick<EndpointSummary, 'method' | 'streaming'> }) {
  return (
    <span class={`method ${methodClass(endpoint.method)}`} title={methodTitle(endpoint)}>
      {methodLabel(endpoint)}
    </span>
  );
}
