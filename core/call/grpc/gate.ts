// The gate in front of every gRPC send (spec §3, §7): nothing leaves while "Enable gRPC call" is off,
// or while no source of descriptors knows the method. Either way the refusal is structured: its
// code, what is missing (one line per source that was asked), and the settings page to open.

import { CallRefused } from '../../errors';
import type { Settings } from '../../config/settings';
import type { Endpoint } from '../../model/endpoint';
import { resolveMethod } from './descriptors';
import type { DescriptorSources, MethodDescriptor } from './descriptors';

export type GrpcGateSettings = Pick<Settings, 'grpc.enabled' | 'grpc.runtime' | 'grpc.reflection'>;

export interface GateInput {
  settings: GrpcGateSettings;
  endpoint: Pick<Endpoint, 'address' | 'grpc'>;
  /** The project's protos: the scanner's index; absent, they are read from projectDir. */
  protos?: DescriptorSources['protos'];
  projectDir?: string;
  /** Called only when reflection is allowed and the local sources fell short. */
  reflection?: () => NonNullable<DescriptorSources['reflection']>;
}

/** The method's descriptors, or a CallRefused saying why nothing can be sent. */
export async function passGrpcGate(input: GateInput): Promise<MethodDescriptor> {
  const { settings, endpoint } = input;
  if (!settings['grpc.enabled']) {
    throw new CallRefused(`gRPC calls are disabled: turn on "Enable gRPC call" in the gRPC settings to send ${endpoint.address}`, 'grpc-disabled', ['setting "Enable gRPC call" (grpc.enabled) is off']);
  }
  if (!endpoint.grpc?.service || !endpoint.grpc.method) {
    throw new CallRefused(`${endpoint.address} has no gRPC service and method to call`, 'grpc-runtime-missing', ['the endpoint names no gRPC service and method']);
  }
  const local = await resolveMethod(endpoint.grpc, { protos: input.protos, projectDir: input.projectDir, runtime: settings['grpc.runtime'] ?? [] });
  if (local.ok) return local.descriptor;
  if (settings['grpc.reflection'] && input.reflection) {
    const remote = await resolveMethod(endpoint.grpc, { reflection: input.reflection() });
    if (remote.ok) return remote.descriptor;
    local.missing.splice(local.missing.length - 1, 1, ...remote.missing);
  }
  throw new CallRefused(
    `no descriptors for ${endpoint.grpc.service}/${endpoint.grpc.method}: add the missing protos, name a descriptor set or an include root under "gRPC Runtime" (Auto Detect lists what is missing), or allow server reflection`,
    'grpc-runtime-missing',
    local.missing,
  );
}
