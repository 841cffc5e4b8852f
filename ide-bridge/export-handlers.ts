// Export to the eight channels and the copy actions.
// PLACEHOLDER until its helper lands: every method answers "not implemented".

import { BridgeError } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';

type Methods = 'export/run' | 'copy/text';

export function exportHandlers(_kit: HandlerKit): Pick<Handlers, Methods> {
  const todo = (name: string) => () => {
    throw new BridgeError(-32601, `${name} is not implemented yet`);
  };
  return {
    'export/run': todo('export/run'),
    'copy/text': todo('copy/text'),
  };
}
