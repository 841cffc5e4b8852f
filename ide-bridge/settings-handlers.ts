// Settings (spec §2.6) and gRPC Auto Detect.
// PLACEHOLDER until its helper lands: every method answers "not implemented".

import { BridgeError } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';

type Methods = 'settings/get' | 'settings/set' | 'grpc/detect';

export function settingsHandlers(_kit: HandlerKit): Pick<Handlers, Methods> {
  const todo = (name: string) => () => {
    throw new BridgeError(-32601, `${name} is not implemented yet`);
  };
  return {
    'settings/get': todo('settings/get'),
    'settings/set': todo('settings/set'),
    'grpc/detect': todo('grpc/detect'),
  };
}
