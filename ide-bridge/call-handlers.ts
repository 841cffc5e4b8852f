// Request state, sending and cancelling calls (HTTP and gRPC), saving response bodies.
// PLACEHOLDER until its helper lands: every method answers "not implemented".

import { BridgeError } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';

type Methods = 'request/get' | 'request/save' | 'request/reset' | 'call/send' | 'call/cancel' | 'response/save';

export function callHandlers(_kit: HandlerKit): Pick<Handlers, Methods> {
  const todo = (name: string) => () => {
    throw new BridgeError(-32601, `${name} is not implemented yet`);
  };
  return {
    'request/get': todo('request/get'),
    'request/save': todo('request/save'),
    'request/reset': todo('request/reset'),
    'call/send': todo('call/send'),
    'call/cancel': todo('call/cancel'),
    'response/save': todo('response/save'),
  };
}
