// The one way an HTTP framework turns "this method of this class serves VERB /path" into an
// Endpoint: source location, signature and media types are filled the same for all.

import { createEndpoint } from '../../model/endpoint';
import type { Endpoint, FrameworkId } from '../../model/endpoint';
import type { RequestModel, ResponseModel } from '../../model/request';
import type { MethodSite } from '../hierarchy';
import type { TypeDecl } from '../source-model';
import type { NameAndDescription } from './naming';

export interface HttpEndpointInit extends NameAndDescription {
  framework: FrameworkId;
  /** The concrete class serving the endpoint. */
  type: TypeDecl;
  /** The most specific declaration of the method: where the user navigates. */
  site: MethodSite;
  method: string;
  path: string;
  folder: string;
  consumes?: string[] | undefined;
  produces?: string[] | undefined;
  request?: RequestModel | undefined;
  response?: ResponseModel | undefined;
  deprecated?: boolean | undefined;
}

export function httpEndpoint(init: HttpEndpointInit): Endpoint {
  const { site, type } = init;
  const endpoint = createEndpoint({
    protocol: 'http',
    framework: init.framework,
    method: init.method,
    path: init.path,
    name: init.name,
    description: init.description,
    folder: init.folder,
    className: type.fqn,
    module: type.file.module,
    source: { file: site.owner.file.path, line: site.method.line, column: site.method.column, member: site.method.name },
    signature: site.method.params.map((p) => p.type.name + '[]'.repeat(p.type.dims)),
  });
  if (init.consumes?.length) endpoint.consumes = init.consumes;
  if (init.produces?.length) endpoint.produces = init.produces;
  if (init.request) endpoint.request = init.request;
  if (init.response) endpoint.response = init.response;
  if (init.deprecated) endpoint.deprecated = true;
  return endpoint;
}
