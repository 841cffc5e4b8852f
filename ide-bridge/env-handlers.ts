// Environments and their Postman sync.
// PLACEHOLDER until its helper lands: every method answers "not implemented".

import { BridgeError } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';

type Methods = 'env/list' | 'env/save' | 'env/delete' | 'env/select' | 'env/remote' | 'env/push' | 'env/pull' | 'sync/token';

export function envHandlers(_kit: HandlerKit): Pick<Handlers, Methods> {
  const todo = (name: string) => () => {
    throw new BridgeError(-32601, `${name} is not implemented yet`);
  };
  return {
    'env/list': todo('env/list'),
    'env/save': todo('env/save'),
    'env/delete': todo('env/delete'),
    'env/select': todo('env/select'),
    'env/remote': todo('env/remote'),
    'env/push': todo('env/push'),
    'env/pull': todo('env/pull'),
    'sync/token': todo('sync/token'),
  };
}
